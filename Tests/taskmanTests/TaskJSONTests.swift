import Foundation
import TaskManager
import Testing

@testable import TaskmanCLI

@Suite("The --json shapes")
struct TaskJSONTests {
  /// Ids 00000000-0000-0000-0000-00000000000<n>, in document order.
  static func outline() -> Outline {
    var next = 0
    return TaskPaperParser.parse(
      """
      Errands:
      \t- Buy milk @shopping @due(2026-12-01)
      \t\tOat, not soy
      - Call Bob @done(2026-11-30)

      """,
      makeID: {
        next += 1
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
      }
    )
  }

  static func short(_ id: UUID) -> String { "s\(id.uuidString.suffix(1))" }

  @Test func listHasOneFlatEntryPerItemWithItsProjectAndParent() throws {
    let entries = Self.outline().entries().filter { $0.item.kind == .task }
    let json = TaskJSON.list(entries, shortIDs: entries.map { Self.short($0.item.id) }).text
    #expect(
      json == """
        {
          "items": [
            {
              "depth": 1,
              "done": false,
              "id": "00000000-0000-0000-0000-000000000002",
              "kind": "task",
              "parentId": "00000000-0000-0000-0000-000000000001",
              "project": "Errands",
              "shortId": "s2",
              "tags": [
                {
                  "name": "shopping",
                  "value": null
                },
                {
                  "name": "due",
                  "value": "2026-12-01"
                }
              ],
              "title": "Buy milk"
            },
            {
              "depth": 0,
              "done": true,
              "id": "00000000-0000-0000-0000-000000000004",
              "kind": "task",
              "parentId": null,
              "project": null,
              "shortId": "s4",
              "tags": [
                {
                  "name": "done",
                  "value": "2026-11-30"
                }
              ],
              "title": "Call Bob"
            }
          ]
        }

        """
    )
    // And it is JSON that Foundation reads back.
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect((decoded?["items"] as? [Any])?.count == 2)
  }

  /// `list --json` is written as it is made (a 54 MB file took 3.3 GB as one value and one
  /// string): the same bytes as the whole document, for no entries, a few, and many with
  /// escapes, unicode, deep nesting and more than one piece's worth.
  @Test func listWrittenAsItIsMadeIsTheSameBytes() throws {
    var text = "Errands:\n\t- Buy \"milk\" \\ crème 🍮 @shopping @due(2026-12-01)\n\t\tOat\n- Call Bob @done(2026-11-30)\n"
    for level in 0..<40 { text += String(repeating: "\t", count: level) + "- deep \(level) @t(\(level))\n" }
    for number in 0..<2_000 { text += "Project \(number):\n\t- Task \(number) @home\n" }
    var generator = SystemRandomNumberGenerator()
    let outline = TaskPaperParser.parse(text, makeID: { UUID(uuid: withUnsafeBytes(of: (generator.next(), generator.next())) { $0.load(as: uuid_t.self) }) })
    let everything = outline.entries()
    for entries in [[], Array(everything.prefix(3)), everything] {
      let shortIDs = entries.map { TaskJSON.id($0.item.id).prefix(5).description }
      let output = TextOutput()
      TaskJSON.writeList(entries, shortIDs: shortIDs, to: output)
      #expect(output.text == TaskJSON.list(entries, shortIDs: shortIDs).text)
    }
  }

  @Test func idsAreLowercaseAndDashed() {
    for _ in 0..<100 {
      let id = UUID()
      #expect(TaskJSON.id(id) == id.uuidString.lowercased())
    }
  }

  @Test func showAddsTheChildrenAndTheTaskPaperText() throws {
    let entry = try #require(Self.outline().entries().first { $0.item.title == "Buy milk" })
    let json = try JSONSerialization.jsonObject(with: Data(TaskJSON.show(entry, shortID: Self.short).text.utf8))
    let item = try #require((json as? [String: Any])?["item"] as? [String: Any])
    #expect(item["text"] as? String == "- Buy milk @shopping @due(2026-12-01)\n\tOat, not soy\n")
    #expect(item["project"] as? String == "Errands")
    let children = try #require(item["children"] as? [[String: Any]])
    #expect(children.map { $0["title"] as? String } == ["Oat, not soy"])
    #expect(children.map { $0["kind"] as? String } == ["note"])
    #expect(children.map { $0["shortId"] as? String } == ["s3"])
  }

  @Test func tagsAreSortedByName() {
    #expect(
      TaskJSON.tags([(name: "today", count: 2), (name: "due", count: 5)]).text == """
        {
          "tags": [
            {
              "count": 5,
              "name": "due"
            },
            {
              "count": 2,
              "name": "today"
            }
          ]
        }

        """
    )
  }

  @Test func exportIsTheWholeTreeWithoutShortIds() throws {
    let json = try JSONSerialization.jsonObject(with: Data(TaskJSON.export(Self.outline()).text.utf8))
    let items = try #require((json as? [String: Any])?["items"] as? [[String: Any]])
    #expect(items.map { $0["title"] as? String } == ["Errands", "Call Bob"])
    #expect(items.allSatisfy { $0["shortId"] == nil })
    let errands = try #require(items.first?["children"] as? [[String: Any]])
    let milk = try #require(errands.first)
    #expect(milk["title"] as? String == "Buy milk")
    #expect((milk["children"] as? [[String: Any]])?.first?["title"] as? String == "Oat, not soy")
  }
}
