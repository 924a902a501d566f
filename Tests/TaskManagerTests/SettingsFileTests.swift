import Foundation
import TaskManager
import Testing

private func file(_ text: String) -> SettingsFile { SettingsFile(data: Data(text.utf8)) }
private func text(_ file: SettingsFile) -> String { String(decoding: file.data, as: UTF8.self) }

@Suite struct SettingsFileTests {
  // MARK: Reading

  @Test func readsKeysWithCommentsBlankLinesAndSpacesAroundTheEqualsSign() {
    let settings = file(
      """
      # My settings.
        # an indented comment

      color=never
      \tlist.show-done   =\ttrue\t
      list.sort = due  
      list.filter = --not-tag someday --project 'Home Office'
      done.date-format = datetime
      """
    )
    #expect(settings.problems == [])
    #expect(
      settings.settings
        == Settings(
          color: .never, listShowDone: true, listSort: .due,
          listFilter: try! ListFilterSetting(settingText: "--not-tag someday --project 'Home Office'"),
          doneDateFormat: .datetime
        )
    )
    #expect(settings.settings.listFilter.words == ["--not-tag", "someday", "--project", "Home Office"])
    #expect(settings.entry(for: .listSort)?.line == 6)
    #expect(settings.entry(for: .listSort)?.value == "due")
  }

  @Test func anEmptyFileIsEveryDefault() {
    #expect(SettingsFile.empty.settings == Settings())
    #expect(SettingsFile.empty.problems == [])
    #expect(file("\n\n# nothing\n").settings == Settings())
  }

  @Test func anUnknownKeyThatCouldBeASettingIsKeptAndReported() {
    let settings = file("future.key = x\ncolor = always\n")
    #expect(settings.problems == [])
    #expect(settings.unknownEntries.map(\.name) == ["future.key"])
    #expect(settings.settings.color == .always)
  }

  @Test func everyLineThatCannotBeReadIsAProblemWithItsLineAndAFix() {
    let settings = file(
      """
      color = sometimes
      list.sort due
      Bad Key = 1
      list.show-done = yes
      list.filter = --flat
      done.date-format = date
      done.date-format = datetime
      = nothing
      """
    )
    #expect(settings.problems.map(\.line) == [1, 2, 3, 4, 5, 7, 8])
    #expect(
      settings.problems[0].description
        == "line 1: invalid value 'sometimes' for color: expected auto, always or never. Write one of auto, always or never, like color = auto, or remove the line for the default."
    )
    #expect(
      settings.problems[1].description
        == "line 2: 'list.sort due' has no '='. Write it as key = value, like color = never, or start it with # to make it a comment."
    )
    #expect(settings.problems[2].message == "'Bad Key' is not a setting's name")
    #expect(settings.problems[3].message == "invalid value 'yes' for list.show-done: expected true or false")
    #expect(settings.problems[4].message.hasPrefix("invalid value '--flat' for list.filter: --flat is not one of list's filter options"))
    #expect(settings.problems[5].description == "line 7: done.date-format is set already, on line 6. Remove one of the two lines.")
    // The lines that could be read still apply.
    #expect(settings.settings == Settings(doneDateFormat: .date))
  }

  @Test func invalidUTF8IsAProblemOfItsLine() {
    let settings = SettingsFile(bytes: Array("color = never\n".utf8) + [0x6C, 0xFF, 0x0A] + Array("list.sort = text".utf8))
    #expect(settings.problems.map(\.line) == [2])
    #expect(settings.problems[0].message == "it is not UTF-8 text")
    #expect(settings.settings == Settings(color: .never, listSort: .text))
  }

  // MARK: Writing

  @Test func settingAKeyReplacesOnlyItsValue() throws {
    var settings = file("# Mine.\n  color =   auto   \nfuture.key = x\n\n# end\n")
    try settings.set(.color, to: "never")
    #expect(text(settings) == "# Mine.\n  color =   never   \nfuture.key = x\n\n# end\n")
    #expect(settings.settings.color == .never)
  }

  @Test func settingAMissingKeyAppendsALineWithTheFilesLineEnding() throws {
    var unix = file("# Mine.\n")
    try unix.set(.listSort, to: "due")
    #expect(text(unix) == "# Mine.\nlist.sort = due\n")

    var windows = file("# Mine.\r\ncolor = never\r\n")
    try windows.set(.listSort, to: "due")
    #expect(text(windows) == "# Mine.\r\ncolor = never\r\nlist.sort = due\r\n")

    // No line break at the end before: none after.
    var unfinished = file("color = never")
    try unfinished.set(.listSort, to: "due")
    #expect(text(unfinished) == "color = never\nlist.sort = due")

    var empty = SettingsFile.empty
    try empty.set(.listShowDone, to: "true")
    #expect(text(empty) == "list.show-done = true\n")
  }

  @Test func anEmptyValueGetsASpaceAfterTheEqualsSign() throws {
    var settings = file("list.filter =\n")
    try settings.set(.listFilter, to: "--tag work")
    #expect(text(settings) == "list.filter = --tag work\n")
    try settings.set(.listFilter, to: "")
    #expect(text(settings) == "list.filter = \n")
    #expect(settings.settings.listFilter.words == [])
  }

  @Test func aBadValueIsRefusedAndChangesNothing() throws {
    var settings = file("color = auto\n")
    #expect(throws: SettingsFailure.invalidValue(key: "color", value: "blue", reason: "expected auto, always or never")) {
      try settings.set(.color, to: "blue")
    }
    #expect(throws: SettingsFailure.self) { try settings.set(.listFilter, to: "--tag a\n--all") }
    #expect(text(settings) == "color = auto\n")
  }

  @Test func aFileWithAProblemIsNeverWritten() throws {
    var settings = file("color = auto\noops\n")
    #expect(throws: SettingsFailure.fileHasProblems(settings.problems)) {
      try settings.set(.listSort, to: "due")
    }
    #expect(text(settings) == "color = auto\noops\n")
    #expect(
      SettingsFailure.fileHasProblems(settings.problems).description
        == "the config file has a line taskman cannot read, so it was not changed: line 2: 'oops' has no '='. Write it as key = value, like color = never, or start it with # to make it a comment."
    )
  }

  // MARK: Only the changed line changes

  /// Random files of comments, blank lines, unknown keys and known keys (each at most once),
  /// with `\n` or `\r\n`, unicode, odd spacing and with or without a final line break; each
  /// change of a random key must leave every other line's bytes as they were.
  @Test func aChangeLeavesEveryOtherByteOfRandomFilesAsItWas() throws {
    var random = SplitMix64(seed: 42)
    let spaces = ["", " ", "  ", "\t", " \t "]
    let comments = ["# ünïcödé ✓ comment", "   # indented", "#", "# key = value in a comment", "## color = never"]
    let unknown = ["future.key", "x.y-z", "a_b", "colour"]
    for _ in 0..<500 {
      let ending = Bool.random(using: &random) ? "\n" : "\r\n"
      var lines: [String] = []
      var keys = SettingsKey.all.shuffled(using: &random).prefix(Int.random(in: 0...SettingsKey.all.count, using: &random))
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: lines.append(comments.randomElement(using: &random)!)
        case 1: lines.append(spaces.randomElement(using: &random)!)
        case 2: lines.append("\(unknown.randomElement(using: &random)!) = \("日本語 ✓ value")")
        default:
          guard let key = keys.popFirst() else { continue }
          let value = key.allowedValues.randomElement(using: &random) ?? "--tag été"
          let s = { spaces.randomElement(using: &random)! }
          lines.append("\(s())\(key.name)\(s())=\(s())\(value)\(s())")
        }
      }
      let finalBreak = Bool.random(using: &random)
      let original = lines.joined(separator: ending) + (finalBreak && !lines.isEmpty ? ending : "")
      var settings = file(original)
      try #require(settings.problems == [], "\(original.debugDescription)")

      let key = SettingsKey.all.randomElement(using: &random)!
      let value = key.allowedValues.randomElement(using: &random) ?? "--project 'Café ☕'"
      let hadLine = settings.entry(for: key)?.line
      try settings.set(key, to: value)
      let changed = text(settings)

      #expect(settings.problems == [])
      #expect(settings.entry(for: key)?.value == value)
      #expect(key.value(in: settings.settings) == value)
      let before = original.components(separatedBy: ending)
      let after = changed.components(separatedBy: ending)
      if let hadLine {
        #expect(after.count == before.count, "\(original.debugDescription) → \(changed.debugDescription)")
        for index in before.indices where index != hadLine - 1 {
          #expect(after[index] == before[index], "\(original.debugDescription) → \(changed.debugDescription)")
        }
      } else if original.isEmpty {
        #expect(changed == "\(key.name) = \(value)\n")
      } else {
        // Appended: the old text is a prefix, and whether it ends with a line break is kept.
        #expect(changed.hasPrefix(original), "\(original.debugDescription) → \(changed.debugDescription)")
        #expect(changed.hasSuffix(ending) == original.hasSuffix(ending))
        #expect(changed.contains("\(key.name) = \(value)"))
      }
      // The other keys read the same.
      for other in SettingsKey.all where other != key {
        #expect(other.value(in: settings.settings) == other.value(in: file(original).settings))
      }
    }
  }
}
