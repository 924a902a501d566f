import Foundation
import Testing
import TaskManager

@Suite("TaskPaper parser")
struct TaskPaperParserTests {
  // MARK: Indentation

  @Test(arguments: [
    ("  Project:", 2, Item.Kind.project, "Project"),
    ("\t - Task", 2, .task, "Task"),
    ("     Text", 5, .note, "Text"),
    (" \t \t ", 5, .note, ""),
    ("\t\t\t- Deep", 3, .task, "Deep"),
    ("No indentation", 0, .note, "No indentation"),
  ])
  func indentationCountsEveryLeadingTabOrSpace(line: String, level: Int, kind: Item.Kind, title: String) {
    let item = parseLine(line)
    #expect(item.level == level)
    #expect(item.kind == kind)
    #expect(item.title == title)
  }

  @Test func whitespaceOnlyLineIsBlankNoteKeepingItsLevel() {
    let item = parseLine(" \t \t ")
    #expect(item.isBlank)
    #expect(item.level == 5)
    #expect(parseLine("").level == 0)
  }

  // MARK: Kinds

  @Test(arguments: [
    ("- Task", Item.Kind.task, "Task"),
    ("-Task", .task, "Task"),
    ("-\tTask", .task, "Task"),
    ("- Task:", .task, "Task:"),
    ("- Project like:", .task, "Project like:"),
    // As the TaskPaper app reads them: a `-` opens a task only before whitespace or a letter.
    ("--x", .note, "--x"),
    ("-5 degrees at night", .note, "-5 degrees at night"),
    ("---", .note, "---"),
    ("-- Ben", .note, "-- Ben"),
    ("-(aside)", .note, "-(aside)"),
    ("-@tag", .note, "-@tag"),
    ("-Éclair", .task, "Éclair"),
    ("-日本", .task, "日本"),
    ("-½ cup", .note, "-½ cup"),
    ("- ", .task, ""),
    ("-", .note, "-"),
    ("Project:", .project, "Project"),
    ("Project For Work:", .project, "Project For Work"),
    ("Project::", .project, "Project:"),
    ("Spaced :", .project, "Spaced "),
    // Whitespace after the colon or the last tag makes a note, as in the TaskPaper app.
    ("Garden:   ", .note, "Garden:"),
    ("Project:\t", .note, "Project:"),
    ("Project: @tag ", .note, "Project:"),
    ("Project:\r", .project, "Project"),
    (":", .note, ":"),
    ("Just a note", .note, "Just a note"),
    ("Ratio 1:2 here", .note, "Ratio 1:2 here"),
    ("Note: with text after", .note, "Note: with text after"),
    ("", .note, ""),
    ("   ", .note, ""),
  ])
  func kindAndTitle(line: String, kind: Item.Kind, title: String) {
    let item = parseLine(line)
    #expect(item.kind == kind)
    #expect(item.title == title)
  }

  @Test func projectWithTrailingTags() {
    let item = parseLine("Project: @tag")
    #expect(item.kind == .project)
    #expect(item.title == "Project")
    #expect(item.tags == [tag("tag")])

    let valued = parseLine("Errands: @due(2024-10-31) @where(town \\(centre\\))")
    #expect(valued.kind == .project)
    #expect(valued.title == "Errands")
    #expect(valued.tags == [tag("due", "2024-10-31"), tag("where", "town (centre)")])
  }

  @Test func projectColonBeforeTagInsideTitle() {
    // `@house:` is text: a tag ends at whitespace or the end of the line.
    let item = parseLine("Home @house: @weekly")
    #expect(item.kind == .project)
    #expect(item.title == "Home @house")
    #expect(item.tags == [tag("weekly")])
  }

  @Test func aStrayCarriageReturnEndingTheDocumentLeavesAProject() {
    // The app breaks lines at a lone `\r` too: it is no whitespace after the colon.
    let outline = parseOutline("Project: @tag\r\r")
    #expect(outline.items.map(\.kind) == [.project])
    #expect(outline.items.first?.tags == [tag("tag")])
  }

  @Test func colonAloneWithTagsIsANote() {
    let item = parseLine(": @tag")
    #expect(item.kind == .note)
    #expect(item.title == ":")
    #expect(item.tags == [tag("tag")])
  }

  @Test func noteWithTags() {
    let item = parseLine("Remember the milk @home @soon")
    #expect(item.kind == .note)
    #expect(item.title == "Remember the milk")
    #expect(item.tags == [tag("home"), tag("soon")])

    let onlyTags = parseLine("@home @soon")
    #expect(onlyTags.kind == .note)
    #expect(onlyTags.title == "")
    #expect(onlyTags.tags == [tag("home"), tag("soon")])
    #expect(!onlyTags.isBlank)
  }

  // MARK: Tags

  @Test func titleWithoutTrailingTags() {
    let item = parseLine("- Task with space @tag @test(pay load)")
    #expect(item.kind == .task)
    #expect(item.title == "Task with space")
    #expect(item.tags == [tag("tag"), tag("test", "pay load")])
  }

  @Test func tagOnlyAtStartOrAfterWhitespace() {
    #expect(parseLine("Mail foo@bar.com today").tags.isEmpty)
    #expect(parseLine("(@paren) and x@y").tags.isEmpty)
    #expect(parseLine("@start of line").tags == [tag("start")])
    #expect(parseLine("\t@start after indentation").tags == [tag("start")])
    #expect(parseLine("tab\t@separated").tags == [tag("separated")])
    // A `-` glued to a tag is no task marker (punctuation follows it), and so no tag either.
    let glued = parseLine("-@tag")
    #expect(glued.kind == .note)
    #expect(glued.title == "-@tag")
    #expect(glued.tags.isEmpty)
    #expect(parseLine("- @tag").tags == [tag("tag")])
  }

  @Test func tagNameCharacters() {
    #expect(parseLine("@a_b-c.d9").tags == [tag("a_b-c.d9")])
    #expect(parseLine("@café @日本 @e\u{301}t").tags == [tag("café"), tag("日本"), tag("e\u{301}t")])
    // A tag ends at whitespace or the end of the line, as the TaskPaper app reads it: glued
    // to other text, it is text.
    let glued = parseLine("Ask @bob, then @alice! Pay 25% @25% to a@b.com @due(2020 @t(v).")
    #expect(glued.tags.isEmpty)
    #expect(glued.title == "Ask @bob, then @alice! Pay 25% @25% to a@b.com @due(2020 @t(v).")
    let item = parseLine("Ask @bob then @alice")
    #expect(item.tags == [tag("bob"), tag("alice")])
    #expect(item.title == "Ask @bob then")
    #expect(parseLine("@ alone and @(x)").tags.isEmpty)
  }

  @Test func tagValues() {
    let item = parseLine("x @v(a @b c) @e(\\(esc\\)) @empty()")
    #expect(item.tags == [tag("v", "a @b c"), tag("e", "(esc)"), tag("empty")])
    #expect(item.title == "x")
    #expect(item.tags[2].value == nil)
  }

  @Test func aValueHoldsNoUnescapedParenthesis() {
    // As the TaskPaper app reads it: `@due(2020` is never closed before the next `(`, so it is
    // text, and the `@done(…)` after it is a tag of its own.
    let item = parseLine("- Renew passport @due(2020 @done(2026-11-28)")
    #expect(item.title == "Renew passport @due(2020")
    #expect(item.tags == [tag("done", "2026-11-28")])
    let nested = parseLine("x @u(un(closed) @w(1)")
    #expect(nested.title == "x @u(un(closed)")
    #expect(nested.tags == [tag("w", "1")])
  }

  @Test func unterminatedValueLeavesTheParenthesisInTheText() {
    // `@bob(home` is glued to its parenthesis, so it is text; `@it` is a tag.
    let item = parseLine("- Call @bob(home about @it")
    #expect(item.title == "Call @bob(home about")
    #expect(item.tags == [tag("it")])
  }

  @Test func allTagsKeptInOrder() {
    let item = parseLine("- Call @bob about @work stuff @due(2024-10-31) @p1")
    #expect(item.title == "Call @bob about @work stuff")
    #expect(item.tags == [tag("bob"), tag("work"), tag("due", "2024-10-31"), tag("p1")])
  }

  @Test func repeatedTagsAreAllKept() {
    #expect(parseLine("- a @x @x(1) @x").tags == [tag("x"), tag("x", "1"), tag("x")])
  }

  @Test func tagGluedToTextIsText() {
    let item = parseLine("- Read @book(Dune)!")
    #expect(item.title == "Read @book(Dune)!")
    #expect(item.tags.isEmpty)
  }

  // MARK: Nesting

  @Test func nestingByLevel() {
    let outline = parseOutline(
      """
      A:
      \t- one
      \t\t- child
      \t- two
      B:
      """
    )
    #expect(
      shape(outline) == [
        "0|project|0|A|",
        "1|task|1|one|",
        "2|task|2|child|",
        "1|task|1|two|",
        "0|project|0|B|",
      ]
    )
  }

  @Test func nonContiguousLevels() {
    let outline = parseOutline("A:\n\t\t\t- deep\n\t- shallow\n\t\t\t\t\t- deeper\n  two spaces\n")
    #expect(
      shape(outline) == [
        "0|project|0|A|",
        "1|task|3|deep|",
        "1|task|1|shallow|",
        "2|task|5|deeper|",
        "2|note|2|two spaces|",
      ]
    )
  }

  @Test func firstLinesMayBeIndented() {
    let outline = parseOutline("\t\t- a\n\t- b\n- c\n")
    #expect(shape(outline) == ["0|task|2|a|", "0|task|1|b|", "0|task|0|c|"])
  }

  @Test func blankLinesNeverTakeChildren() {
    let outline = parseOutline("A:\n\t\n\t\t- x\n")
    // The whitespace-only line (level 1) is not a parent, so `x` belongs to `A`.
    #expect(shape(outline) == ["0|project|0|A|", "1|note|1||", "1|task|2|x|"])
  }

  @Test func emptyLineInsideAProjectStaysInDocumentOrder() {
    let outline = parseOutline("A:\n\t- one\n\n\t- two\n\nB:\n")
    #expect(
      shape(outline) == [
        "0|project|0|A|",
        "1|task|1|one|",
        "1|note|0||",
        "1|task|1|two|",
        "0|note|0||",
        "0|project|0|B|",
      ]
    )
  }

  @Test func whitespaceOnlyLineNestsByItsLevel() {
    let outline = parseOutline("A:\n\t- one\n\t\t\t\n- top\n")
    #expect(
      shape(outline) == [
        "0|project|0|A|",
        "1|task|1|one|",
        "2|note|3||",
        "0|task|0|top|",
      ]
    )
  }

  @Test func blankLinesNeverNestDeeperThanABlankBeforeThem() {
    // Without this rule the level-3 blank would move before the level-1 blank.
    let outline = parseOutline("P:\n\tA:\n\t\t- x\n\t\n\t\t\t\n\t\t- y\n")
    #expect(
      shape(outline) == [
        "0|project|0|P|",
        "1|project|1|A|",
        "2|task|2|x|",
        "2|note|1||",
        "2|note|3||",
        "2|task|2|y|",
      ]
    )
    #expect(reprint("P:\n\tA:\n\t\t- x\n\t\n\t\t\t\n\t\t- y\n") == "P:\n\tA:\n\t\t- x\n\t\n\t\t\t\n\t\t- y\n")
  }

  @Test func idsAreDrawnInDocumentOrder() {
    let outline = parseOutline("A:\n\t- one\n\n- two\n")
    #expect(outline.entries().map(\.item.id) == (1...4).map { testID(UInt64($0)) })
  }

  // MARK: Lines with the same tags

  @Test func everyLineOfADocumentReadsAsThatLineAlone() throws {
    // Lines whose tags are written alike, which the parse lets share one list, among near
    // misses: another value of the same length, escapes, a tag glued to text, a value left open
    // before the tags, tags inside the title, and more combinations than it keeps at once.
    var lines = [
      "- a @work", "- b @work", "- c @work(1)", "- d @work", "- e @work(1)", "- f @work(1)x", "- g x@work",
      "- h @note(a \\(b\\))", "- i @note(a \\(b\\))", "- j @note(a (b))", "- k @x( @work", "- l @x(1) @work", "- k2 @x( @w(1)", "- l2 @w(1)",
      "Project: @work", "Proj @work:", "- m @work @home", "- n @work  @home", "- o @work @home ",
      "- p @due(2026-01-01) @done", "- q @due(2026-01-01) @done", "- r @due(2026-01-02) @done",
      "- s @work\r", "- t text @work more @home", "- u other @work more @home", "- v @wörk", "- w @wörk",
    ]
    for number in 0..<600 { lines.append("- task \(number) @n\(number % 300) @work") }
    let document = parseOutline(lines.joined(separator: "\n") + "\n").items
    let alone = lines.map(parseLine)
    try #require(document.count == alone.count)
    let misread = lines.indices.filter {
      (document[$0].kind, document[$0].title, document[$0].tags) != (alone[$0].kind, alone[$0].title, alone[$0].tags)
    }
    #expect(misread.map { lines[$0] } == [])
  }

  // MARK: Line endings

  @Test func crlfReadsAsLF() {
    let crlf = parseOutline("A:\r\n\t- one @x(1)\r\n\r\n- two\r\n")
    let lf = parseOutline("A:\n\t- one @x(1)\n\n- two\n")
    #expect(crlf == lf)
    #expect(TaskPaperPrinter.print(crlf) == "A:\n\t- one @x(1)\n\n- two\n")
  }

  @Test func lastLineWithoutLineBreak() {
    #expect(shape(parseOutline("A:\n\t- one")) == ["0|project|0|A|", "1|task|1|one|"])
    #expect(parseOutline("").items.isEmpty)
    #expect(shape(parseOutline("\n")) == ["0|note|0||"])
  }

  @Test func strayCarriageReturnIsTrailingWhitespace() {
    #expect(parseLine("- Task\r\r").title == "Task")
    #expect(parseLine("a\rb").title == "a\rb")
  }
}

@Suite("Single tag and task parsing")
struct SingleItemParsingTests {
  @Test(arguments: [
    ("@x", tag("x")),
    ("  @x\t", tag("x")),
    ("@due(2024-10-31 10:00)", tag("due", "2024-10-31 10:00")),
    ("@note(a \\(b\\) @c)", tag("note", "a (b) @c")),
    ("@empty()", tag("empty")),
    ("\n@x\r\n", tag("x")),
  ])
  func parsesOneTag(text: String, expected: Tag) throws {
    #expect(try TaskPaperParser.parseTag(text) == expected)
  }

  @Test(arguments: ["", "   ", "x", "@", "@a @b", "@a b", "a @b", "@a(b", "@a(b)c", "@a(x\ny)", "foo@bar"])
  func rejectsAnythingButOneTag(text: String) {
    #expect(throws: TaskPaperError.invalidTag(text)) { try TaskPaperParser.parseTag(text) }
  }

  @Test func tagErrorDescription() {
    let error = TaskPaperError.invalidTag("@a @b")
    #expect(error.description == "Unable to convert @a @b into a tag.")
    #expect(error.localizedDescription == "Unable to convert @a @b into a tag.")
    #expect(error.text == "@a @b")
  }

  @Test func parsesOneTask() throws {
    let plain = try TaskPaperParser.parseTask("Buy milk @today") { testID(7) }
    #expect(plain == Item(id: testID(7), kind: .task, title: "Buy milk", tags: [tag("today")]))

    let marked = try TaskPaperParser.parseTask("- Plan trip: @due(2024-11-01)") { testID(1) }
    #expect(marked.kind == .task)
    #expect(marked.title == "Plan trip:")
    #expect(marked.tags == [tag("due", "2024-11-01")])

    let indented = try TaskPaperParser.parseTask("\t- Nested") { testID(1) }
    #expect(indented.level == 1)
    #expect(indented.title == "Nested")

    let inline = try TaskPaperParser.parseTask("Call @bob now") { testID(1) }
    #expect(inline.title == "Call @bob now")
    #expect(inline.tags == [tag("bob")])

    let project = try TaskPaperParser.parseTask("Looks like a project:") { testID(1) }
    #expect(project.kind == .task)
    #expect(project.title == "Looks like a project:")
  }

  @Test(arguments: ["", "   ", "\t", "a\nb", "a\r\nb", "task\n", "\r"])
  func rejectsEmptyOrMultilineTask(text: String) {
    #expect(throws: TaskPaperError.invalidTask(text)) {
      try TaskPaperParser.parseTask(text) { testID(1) }
    }
  }

  @Test func taskErrorDescription() {
    let error = TaskPaperError.invalidTask("")
    #expect(error.description == "Unable to convert  into a task.")
    #expect(TaskPaperError.invalidTask("a\nb").description == "Unable to convert a\nb into a task.")
  }
}
