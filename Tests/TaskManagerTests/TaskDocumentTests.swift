import Foundation
import Testing
import TaskManager

@Suite("Task document")
struct TaskDocumentTests {
  // MARK: Golden

  static let golden = """
    taskman tasks v1
    Project: @id(00000000-0000-0000-0000-000000000001)
    \tNotes on a project. @id(00000000-0000-0000-0000-000000000002)
    \t- Item for that project. @id(00000000-0000-0000-0000-000000000003)
    \t\t- Child item with a note. @id(00000000-0000-0000-0000-000000000004)
    \t\t\tNote about that item. @id(00000000-0000-0000-0000-000000000005)
    \t- Tagged Item @tag @id(00000000-0000-0000-0000-000000000006)
    \t- Tagged Item where the tag has a payload @tag(payload) @id(00000000-0000-0000-0000-000000000007)
    \t- An appointment @test @due(2024-11-24 10:00-10:30) @id(00000000-0000-0000-0000-000000000008)
    \t- A spanning appointment @test @due(2024-11-23 11:00 thru 2024-11-24 10:00) @id(00000000-0000-0000-0000-000000000009)
    @id(00000000-0000-0000-0000-00000000000A)
    Other Project: @id(00000000-0000-0000-0000-00000000000B)
    \t- Item for the other project @id(00000000-0000-0000-0000-00000000000C)

    """

  @Test func specExampleEncodesAsTheGoldenDocument() {
    let data = TaskDocument.encode(parseOutline(TaskPaperPrinterTests.example))
    #expect(String(decoding: data, as: UTF8.self) == Self.golden)
  }

  @Test func goldenDocumentDecodesAsTheSpecExample() throws {
    #expect(try TaskDocument.decode(Data(Self.golden.utf8)) == parseOutline(TaskPaperPrinterTests.example))
  }

  @Test func linesWithoutTheirIdsAreTheCanonicalTaskPaper() {
    let lines = Self.golden.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
    let taskPaper = lines.map { line in
      var text = line[..<(line.range(of: "@id(", options: .backwards)?.lowerBound ?? line.endIndex)]
      if text.hasSuffix(" ") { text = text.dropLast() }
      return String(text)
    }
    #expect(taskPaper.joined(separator: "\n") == TaskPaperPrinterTests.example)
  }

  @Test func documentsStartWithTheHeader() {
    #expect(TaskDocument.header == "taskman tasks v1")
    #expect(TaskDocument.version == 1)
    #expect(TaskDocument.defaultName == "tasks.taskman")
  }

  // MARK: The empty document

  @Test func emptyOutlineIsJustTheHeader() throws {
    let data = TaskDocument.encode(Outline())
    #expect(String(decoding: data, as: UTF8.self) == "taskman tasks v1\n")
    #expect(try TaskDocument.decode(data) == Outline())
    #expect(try TaskDocument.decode(Data("taskman tasks v1".utf8)) == Outline())
  }

  @Test func zeroBytesAreNotAnEmptyList() {
    expectError(
      "",
      "line 1: the document is empty; a task document starts with the line \"taskman tasks v1\""
    )
  }

  // MARK: Lossless

  /// Hand-built items whose TaskPaper line would not read back as they are.
  static let unusualItems: Outline = {
    var empty = Tag(name: "empty")
    empty.value = ""
    return Outline(items: [
      Item(id: testID(1), kind: .note, title: "two\nlines @x \"quoted\" (paren) back\\slash\ttab\r"),
      Item(id: testID(2), kind: .task, title: "  leading spaces", tags: [empty, Tag(name: "bad name", value: "v")]),
      Item(id: testID(3), kind: .project, title: "", level: -1),
      Item(id: testID(4), kind: .note, title: "- looks like a task"),
      Item(id: testID(5), kind: .task, title: "ends with a tag @a", tags: [], level: 7),
      // Control characters and decomposed accents need no escape: the line holds them as they are.
      Item(id: testID(6), kind: .note, title: "\u{0}\u{7F}\u{1B}[0m e\u{301} 🎉"),
    ])
  }()

  @Test func fieldsTheTaskPaperLineCannotHoldAreKeptInTheIdData() throws {
    let text = String(decoding: TaskDocument.encode(Self.unusualItems), as: UTF8.self)
    #expect(
      text == """
        taskman tasks v1
        two lines @x "quoted" (paren) back\\slash\ttab @id(00000000-0000-0000-0000-000000000001 kind=note title="two\\nlines \\u{40}x \\"quoted\\" \\(paren\\) back\\\\slash\\ttab\\r")
        - leading spaces @empty @bad name(v) @id(00000000-0000-0000-0000-000000000002 kind=task title="  leading spaces" tag="empty" value="" tag="bad name" value="v")
        : @id(00000000-0000-0000-0000-000000000003 level=-1 kind=project)
        - looks like a task @id(00000000-0000-0000-0000-000000000004 kind=note title="- looks like a task")
        - ends with a tag @a @id(00000000-0000-0000-0000-000000000005 level=7 kind=task title="ends with a tag \\u{40}a")
        \u{0}\u{7F}\u{1B}[0m e\u{301} 🎉 @id(00000000-0000-0000-0000-000000000006)

        """
    )
    expectExactRoundTrip(Self.unusualItems)
  }

  @Test func titlesAndTagsThatLookLikeIdsStayText() throws {
    let lookalike = "@id(00000000-0000-0000-0000-000000000009)"
    let outline = parseOutline(
      """
      - Task \(lookalike)
      - \(lookalike) in the middle
      Project: @id(not an id)
      - Tab\tinside @v(a\tb)
      \(lookalike)
      - Unclosed @x(value

      """
    )
    let data = TaskDocument.encode(outline)
    let decoded = try TaskDocument.decode(data)
    #expect(decoded == outline)
    #expect(decoded.items.map(\.id) == (1...6).map { testID(UInt64($0)) })
    #expect(decoded.items[0].tags == [Tag(name: "id", value: "00000000-0000-0000-0000-000000000009")])
    #expect(decoded.items[5].title == "Unclosed @x(value")
  }

  @Test func anEmptyLineInsideAProjectRecordsItsLevel() {
    let outline = parseOutline("Errands:\n\t- Buy milk\n\n\t- Post letter\n")
    #expect(
      String(decoding: TaskDocument.encode(outline), as: UTF8.self) == """
        taskman tasks v1
        Errands: @id(00000000-0000-0000-0000-000000000001)
        \t- Buy milk @id(00000000-0000-0000-0000-000000000002)
        \t@id(00000000-0000-0000-0000-000000000003 level=0)
        \t- Post letter @id(00000000-0000-0000-0000-000000000004)

        """
    )
  }

  @Test func levelsThatDifferFromTheNestingAreKept() throws {
    // Spaces as indentation, non-contiguous levels, and blank lines keep their parsed levels.
    let outline = parseOutline("  Project:\n\n      - Deep task\n \t \n\t\t\tNote\nTop\n")
    #expect(try TaskDocument.decode(TaskDocument.encode(outline)) == outline)
    #expect(shape(try TaskDocument.decode(TaskDocument.encode(outline))) == shape(outline))
  }

  @Test func crlfLineBreaksAreAccepted() throws {
    let crlf = Self.golden.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try TaskDocument.decode(Data(crlf.utf8)) == parseOutline(TaskPaperPrinterTests.example))
  }

  @Test func generatedOutlinesRoundTripExactly() {
    var random = SplitMix64(seed: 0x7A5C_D0C5_0001)
    for _ in 0..<2000 {
      var nextID: UInt64 = 0
      let outline = Outline(items: TaskPaperPropertyTests.items(depth: 0, using: &random, nextID: &nextID))
      guard expectExactRoundTrip(outline) else { return }
    }
  }

  @Test func parsedDocumentsRoundTripExactly() {
    var random = SplitMix64(seed: 0x7A5C_D0C5_0002)
    for _ in 0..<2000 {
      guard expectExactRoundTrip(parseOutline(TaskPaperPropertyTests.document(using: &random))) else { return }
    }
  }

  @Test func randomUUIDsRoundTrip() throws {
    var random = SplitMix64(seed: 0x7A5C_D0C5_0003)
    let items = (0..<500).map { _ in
      let bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let id = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
      return Item(id: id, kind: .task, title: id.uuidString.lowercased())
    }
    #expect(Set(items.map(\.id)).count == 500)
    #expect(try TaskDocument.decode(TaskDocument.encode(Outline(items: items))) == Outline(items: items))
  }

  @Test func lowercaseIdsAreRead() throws {
    let text = "taskman tasks v1\n- Task @id(0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0)\n"
    let outline = try TaskDocument.decode(Data(text.utf8))
    #expect(outline.items[0].id == UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"))
  }

  // MARK: Damage

  @Test(arguments: [
    // The header.
    ("hello\n", #"line 1: not a task document: expected the header "taskman tasks v1", found "hello""#),
    (
      "Project:\n\t- Task\n",
      #"line 1: not a task document: expected the header "taskman tasks v1", found "Project:""#
    ),
    ("taskman tasks v0\n", #"line 1: not a task document: expected the header "taskman tasks v1", found "taskman tasks v0""#),
    (
      "taskman tasks v2\n- Task @id(00000000-0000-0000-0000-000000000001)\n",
      "line 1: the document is in format taskman tasks v2, but this taskman reads only up to v1; a newer taskman may be needed"
    ),
    (
      "taskman tasks v123456789012345678901234567890 compressed\n",
      "line 1: the document is in format taskman tasks v123456789012345678901234567890, but this taskman reads only up to v1; a newer taskman may be needed"
    ),
    // Ids.
    (
      "taskman tasks v1\nA: @id(00000000-0000-0000-0000-000000000001)\n\t- B @id(00000000-0000-0000-0000-000000000002)\n\t- C @id(00000000-0000-0000-0000-000000000003)\n\t- D @id(00000000-0000-0000-0000-000000000004)\n\t- E @id(00000000-0000-0000-0000-000000000005)\n\t- F @id(xyz)\n",
      #"line 7: invalid id "xyz""#
    ),
    ("taskman tasks v1\n- Task\n", "line 2: missing id: every item line must end with @id(<UUID>)"),
    ("taskman tasks v1\n- Task @due(2024-10-31)\n", "line 2: missing id: every item line must end with @id(<UUID>)"),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001)\n\n- B @id(00000000-0000-0000-0000-000000000002)\n",
      "line 3: missing id: every item line must end with @id(<UUID>)"
    ),
    ("taskman tasks v1\n- Task @id()\n", #"line 2: invalid id """#),
    ("taskman tasks v1\n- Task @id(00000000-0000-0000-0000-00000000000G)\n", #"line 2: invalid id "00000000-0000-0000-0000-00000000000G""#),
    ("taskman tasks v1\n- Task @id(00000000-0000-0000-0000-0000000", #"line 2: invalid id "00000000-0000-0000-0000-0000000""#),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001)\n\t- B @id(00000000-0000-0000-0000-000000000002)\n- C @id(00000000-0000-0000-0000-000000000001)\n",
      "line 4: duplicate id 00000000-0000-0000-0000-000000000001, already used on line 2"
    ),
    // Indentation.
    (
      "taskman tasks v1\n\t- A @id(00000000-0000-0000-0000-000000000001)\n",
      "line 2: bad indentation: 1 tab, but an item may be at most one level deeper than the item before it (at most 0 tabs here)"
    ),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001)\n\t\t\t- B @id(00000000-0000-0000-0000-000000000002)\n",
      "line 3: bad indentation: 3 tabs, but an item may be at most one level deeper than the item before it (at most 1 tab here)"
    ),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001)\n  - B @id(00000000-0000-0000-0000-000000000002)\n",
      "line 3: bad indentation: a space before the item; indent with tabs only"
    ),
    // The data inside @id(…).
    ("taskman tasks v1\n- A@id(00000000-0000-0000-0000-000000000001)\n", "line 2: malformed item: no space between the item's text and its @id(…)"),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001\n", "line 2: malformed item: the @id(…) is not closed by \")\" at the end of the line"),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001) trailing\n", "line 2: malformed item: the @id(…) is not closed by \")\" at the end of the line"),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 color=red)\n",
      #"line 2: unknown attribute "color" in @id(…); a newer taskman may have written it"#
    ),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 level=two)\n", "line 2: malformed item: level=two is not a whole number"),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 level)\n", "line 2: malformed item: level has no value: write level=…"),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 level=1 level=2)\n", "line 2: malformed item: level= is given twice"),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001  level=1)\n", #"line 2: unknown attribute "" in @id(…); a newer taskman may have written it"#),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=chore)\n", "line 2: malformed item: kind=chore is not task, project or note"),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 title=\"A\")\n", "line 2: malformed item: title= must come after kind="),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=task value=\"1\")\n", "line 2: malformed item: value= must follow a tag= that has no value yet"),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=task tag=\"a\" value=\"1\" value=\"2\")\n",
      "line 2: malformed item: value= must follow a tag= that has no value yet"
    ),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=task title=A)\n", "line 2: malformed item: title= must be followed by a quoted string"),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=task title=\"A)\n", "line 2: malformed item: the string of title= is not closed by \""),
    ("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=task title=\"A\"x)\n", "line 2: malformed item: expected a space after the string of title="),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=task title=\"\\q\")\n",
      #"line 2: malformed item: invalid escape in the string of title=; use \\ \" \( \) \n \r \t or \u{HEX}"#
    ),
    (
      "taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001 kind=task title=\"\\u{D800}\")\n",
      #"line 2: malformed item: invalid escape in the string of title=; use \\ \" \( \) \n \r \t or \u{HEX}"#
    ),
  ])
  func damagedDocumentsNameTheLineAndTheProblem(document: String, message: String) {
    expectError(document, message)
  }

  @Test func aRepeatedIdInALongDocumentIsNamedBeforeALaterDamagedLine() {
    // Enough ids that they are checked in bulk; the repeat shares its first digits with others.
    var lines = ["taskman tasks v1", "Project: @id(10000000-0000-0000-0000-000000000000)"]
    lines += (1...200).map { String(format: "\t- Task %d @id(10000000-0000-0000-0000-%012X)", $0, $0) }
    let repeated = lines + ["- Again @id(10000000-0000-0000-0000-000000000064)"]
    expectError(
      repeated.joined(separator: "\n") + "\n",
      "line 203: duplicate id 10000000-0000-0000-0000-000000000064, already used on line 102"
    )
    expectError(
      (repeated + ["- Broken @id(xyz)"]).joined(separator: "\n") + "\n",
      "line 203: duplicate id 10000000-0000-0000-0000-000000000064, already used on line 102"
    )
    #expect(throws: Never.self) { try TaskDocument.decode(Data((lines.joined(separator: "\n") + "\n").utf8)) }
  }

  @Test func invalidUTF8NamesTheLineAndColumn() {
    var bytes = Array("taskman tasks v1\n- A @id(00000000-0000-0000-0000-000000000001)\n- Bé".utf8)
    bytes += [0xFF]
    bytes += Array(" @id(00000000-0000-0000-0000-000000000002)\n".utf8)
    expectError(Data(bytes), "line 3: invalid UTF-8: byte 0xFF at column 6")
    // Overlong forms, surrogates and truncated sequences are not UTF-8 either.
    for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
      let line = Array("- A".utf8) + bad + Array(" @id(00000000-0000-0000-0000-000000000002)\n".utf8)
      expectError(
        Data(Array("taskman tasks v1\n".utf8) + line),
        "line 2: invalid UTF-8: byte 0x\(String(bad[0], radix: 16, uppercase: true)) at column 4"
      )
    }
  }

  @Test(arguments: [Data(golden.utf8), TaskDocument.encode(unusualItems)])
  func everyTruncationFailsOrEndsWithAWholeLine(data: Data) throws {
    // A document cut anywhere either fails on the cut line, or (cut at the end of a line) is
    // exactly the whole items before the cut.
    for length in 0..<data.count {
      let prefix = data.prefix(length)
      let text = String(decoding: prefix, as: UTF8.self)
      do {
        let outline = try TaskDocument.decode(prefix)
        let lines = text.split(separator: "\n").count - 1
        #expect(outline.itemCount == lines, "\(text.debugDescription)")
        #expect(text.hasSuffix(")") || text.hasSuffix("\n") || text == "taskman tasks v1")
      } catch {
        #expect(error.line == text.split(separator: "\n", omittingEmptySubsequences: false).count)
      }
    }
  }

  // MARK: Helpers

  func expectError(_ document: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectError(Data(document.utf8), message, sourceLocation: sourceLocation)
  }

  func expectError(_ data: Data, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      let outline = try TaskDocument.decode(data)
      Issue.record("decoded \(outline.itemCount) items instead of failing with: \(message)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == message, sourceLocation: sourceLocation)
      #expect(error.localizedDescription == message, sourceLocation: sourceLocation)
    }
  }

  /// decode(encode(o)) == o, and encoding again gives the same bytes (so no title or value was
  /// replaced by a canonically equivalent but different string).
  @discardableResult
  func expectExactRoundTrip(_ outline: Outline, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let data = TaskDocument.encode(outline)
    do {
      let decoded = try TaskDocument.decode(data)
      guard decoded == outline, TaskDocument.encode(decoded) == data else {
        Issue.record(
          "round trip changed the outline:\n\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
        return false
      }
      return true
    } catch {
      Issue.record("\(error)\n\(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
      return false
    }
  }
}
