import Foundation
import Testing

/// `import`, and `export` back.
@Suite("taskman import and export")
struct ImportCommandTests {
  /// Everything TaskPaper has: projects at two levels, notes, nested tasks, tags with and
  /// without values (escaped parentheses too), done items, a blank line and text in several
  /// scripts.
  static let rich = """
    Errands: @area(home)
    \t- Buy milk @shopping @due(2026-12-01)
    \t\tOat, not soy.
    \t\t- Check the date @today
    \t- Pay rent @due(2026-11-01 09:00) @done(2026-10-30)
    \tSub-project:
    \t\t- Deeply nested @waiting(reply \\) from Bob)

    Work:
    \tA note about work, with: a colon
    \t- Ship it @priority(1)
    - Crème brûlée 🍮 @où(là-bas)
    - 日本語のタスク @タグ
    Just a note at the top

    """

  @Test func exportThenImportIntoAnEmptyStoreRoundTrips() throws {
    let first = try TaskmanDataDirectory()
    let file = try first.write(Self.rich, to: "rich.taskpaper")
    let imported = try first.run(["import", file])
    #expect(imported.status == 0)
    #expect(imported.output == "Imported 13 items.\n")
    let exported = try first.export()
    #expect(exported == Self.rich)

    let second = try TaskmanDataDirectory()
    let copy = try second.write(exported, to: "copy.taskpaper")
    #expect(try second.run(["import", copy]).status == 0)
    #expect(try second.export() == exported)
    let firstJSON = try first.json(["export", "--json"])
    let secondJSON = try second.json(["export", "--json"])
    // The same items, tags and notes; only the ids are new.
    let firstItems = try JSONSerialization.data(withJSONObject: Self.withoutIDs(firstJSON), options: .sortedKeys)
    let secondItems = try JSONSerialization.data(withJSONObject: Self.withoutIDs(secondJSON), options: .sortedKeys)
    #expect(String(decoding: firstItems, as: UTF8.self) == String(decoding: secondItems, as: UTF8.self))
    #expect(String(decoding: firstItems, as: UTF8.self).contains(#""title":"Deeply nested""#))
  }

  @Test func linesWithALoneCarriageReturnOrANulByteComeBackAsTheyWere() throws {
    // The task file reads them as text, and `export` writes them; `import` used to refuse them.
    let first = try TaskmanDataDirectory()
    let text = "Home:\n\t- a\rb @t(x\u{0}y)\n\t\tn\u{0}ul \u{0C}\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: first.dataFile))
    let second = try TaskmanDataDirectory()
    let copy = try second.write(try first.export(), to: "copy.taskpaper")
    let imported = try second.run(["import", copy])
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(imported.output == "Imported 3 items.\n")
    #expect(second.dataFileText == text)
  }

  @Test func exportJSONIsTheWholeTree() throws {
    let data = try TaskmanDataDirectory()
    let file = try data.write("Errands:\n\t- Buy milk @due(2026-12-01)\n", to: "in.taskpaper")
    #expect(try data.run(["import", file]).status == 0)
    let document = try data.json(["export", "--json"])
    let items = try #require(document["items"] as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["project"])
    let child = try #require((items.first?["children"] as? [[String: Any]])?.first)
    #expect(child["title"] as? String == "Buy milk")
    #expect((child["tags"] as? [[String: Any]])?.first?["value"] as? String == "2026-12-01")
  }

  @Test func importAppendsAndReadsStandardInput() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Existing")
    let result = try data.run(["import", "-"], input: "- From stdin\r\n- Second\r\n")
    #expect(result.status == 0)
    #expect(result.output == "Imported 2 items.\n")
    #expect(try data.listedTitles() == ["Existing", "From stdin", "Second"])
  }

  @Test func badFilesAreUsageErrorsAndImportNothing() throws {
    let data = try TaskmanDataDirectory()
    _ = try data.add("Existing")
    let before = data.dataFileBytes

    let missing = try data.run(["import", data.path + "/nope.taskpaper"])
    #expect(missing.status == 2)
    #expect(missing.errors.hasPrefix("taskman: cannot import \(data.path)/nope.taskpaper: there is no such file\n"))

    let invalid = data.path + "/latin1.taskpaper"
    try Data("- ok\n- caf".utf8 + [0xE9] + "\n".utf8).write(to: URL(fileURLWithPath: invalid))
    let notUTF8 = try data.run(["import", invalid])
    #expect(notUTF8.status == 2)
    #expect(notUTF8.errors.hasPrefix(#"taskman: \#(invalid), line 2, is not valid UTF-8: "- caf\xE9""#))

    // Classic Mac OS line breaks: read as TaskPaper, the whole file would be one line.
    let classic = try data.write("- one\r- two\r", to: "classic.taskpaper")
    let carriageReturns = try data.run(["import", classic])
    #expect(carriageReturns.status == 2)
    #expect(carriageReturns.errors.hasPrefix("taskman: \(classic) ends its lines with carriage returns alone (classic Mac OS line breaks), which TaskPaper reads as one line\n"))

    // A binary file is named as not UTF-8, whatever carriage returns it has.
    let binary = data.path + "/binary.taskpaper"
    try Data([0x7F, 0x45, 0x4C, 0x46, 0x0D, 0x01, 0xD0, 0x0D, 0x00]).write(to: URL(fileURLWithPath: binary))
    let notText = try data.run(["import", binary])
    #expect(notText.status == 2)
    #expect(notText.errors.hasPrefix("taskman: \(binary), line 1, is not valid UTF-8"), "\(notText.errors)")

    let directory = try data.run(["import", data.path])
    #expect(directory.status == 2)

    #expect(data.dataFileBytes == before)
  }

  private static func withoutIDs(_ value: Any) -> Any {
    if let object = value as? [String: Any] {
      return object.filter { $0.key != "id" }.mapValues(withoutIDs)
    }
    if let array = value as? [Any] { return array.map(withoutIDs) }
    return value
  }
}
