import Foundation
import Testing
import TaskManager

@Suite("TaskPaper printer")
struct TaskPaperPrinterTests {
  static let example = """
    Project:
    \tNotes on a project.
    \t- Item for that project.
    \t\t- Child item with a note.
    \t\t\tNote about that item.
    \t- Tagged Item @tag
    \t- Tagged Item where the tag has a payload @tag(payload)
    \t- An appointment @test @due(2024-11-24 10:00-10:30)
    \t- A spanning appointment @test @due(2024-11-23 11:00 thru 2024-11-24 10:00)

    Other Project:
    \t- Item for the other project

    """

  @Test func exampleDocumentPrintsBackByteForByte() {
    let outline = parseOutline(Self.example)
    #expect(Array(TaskPaperPrinter.print(outline).utf8) == Array(Self.example.utf8))
    #expect(outline.taskPaperText == Self.example)
  }

  @Test func exampleDocumentModel() {
    let outline = parseOutline(Self.example)
    #expect(
      shape(outline) == [
        "0|project|0|Project|",
        "1|note|1|Notes on a project.|",
        "1|task|1|Item for that project.|",
        "2|task|2|Child item with a note.|",
        "3|note|3|Note about that item.|",
        "1|task|1|Tagged Item|@tag",
        "1|task|1|Tagged Item where the tag has a payload|@tag(payload)",
        "1|task|1|An appointment|@test @due(2024-11-24 10:00-10:30)",
        "1|task|1|A spanning appointment|@test @due(2024-11-23 11:00 thru 2024-11-24 10:00)",
        "0|note|0||",
        "0|project|0|Other Project|",
        "1|task|1|Item for the other project|",
      ]
    )
  }

  @Test(arguments: [
    // Indentation becomes tabs, one per level.
    ("  Project:", "\t\tProject:\n"),
    ("\t - Task", "\t\t- Task\n"),
    ("     Text", "\t\t\t\t\tText\n"),
    (" \t \t ", "\t\t\t\t\t\n"),
    // Markers, colons and tag spacing become canonical.
    ("-Task", "- Task\n"),
    ("-\t\tTask  ", "- Task\n"),
    ("Project:   @a\t@b(1)", "Project: @a @b(1)\n"),
    // Whitespace ending a line that ends with `:` once its tags are set aside makes a note, which
    // keeps a space there.
    ("Garden:   ", "Garden: \n"),
    ("Garden:\t\r\n", "Garden: \n"),
    ("Project:   @a\t@b(1)  ", "Project: @a @b(1) \n"),
    ("Project @p :", "Project @p :\n"),
    ("Note \t@a", "Note @a\n"),
    // Edge items keep their kind.
    ("-", "-\n"),
    ("- ", "- \n"),
    ("-   ", "- \n"),
    ("- @a", "- @a\n"),
    ("-@a", "-@a\n"),
    (":", ":\n"),
    (": @a", ": @a\n"),
    ("@a @b", "@a @b\n"),
    ("- Task:", "- Task:\n"),
    ("--", "--\n"),
    ("-:", "-:\n"),
    ("-5 degrees @cold", "-5 degrees @cold\n"),
    // Tags: `()` is dropped, parentheses in values are escaped, inline tags are not repeated.
    ("- a @empty()", "- a @empty\n"),
    // A value holds no unescaped parenthesis: `@v(x (y)` is text, printed as it is.
    ("- a @v(x (y)", "- a @v(x (y)\n"),
    ("- a @v(x (y) @w(1)", "- a @v(x (y) @w(1)\n"),
    ("- a @v(x \\(y\\))", "- a @v(x \\(y\\))\n"),
    ("- Call @bob about it @due(2024-10-31)", "- Call @bob about it @due(2024-10-31)\n"),
    ("- Read @book(Dune)!", "- Read @book(Dune)!\n"),
    ("- Call @bob(home about it", "- Call @bob(home about it\n"),
    ("Mail foo@bar.com", "Mail foo@bar.com\n"),
    // Line endings.
    ("A:\r\n\t- b\r\n", "A:\n\t- b\n"),
    ("A:\n\t- b", "A:\n\t- b\n"),
    ("", ""),
    ("\n\n", "\n\n"),
  ])
  func canonicalForm(input: String, expected: String) {
    #expect(reprint(input) == expected)
    #expect(reprint(expected) == expected)
  }

  @Test func nonContiguousLevelsPrintAtTheirOwnLevel() {
    let text = "A:\n\t\t\t- deep\n\t- shallow\n\t\t\t\t\t- deeper\n\t\tnote\n\t\t\t\n"
    #expect(reprint(text) == text)
  }

  @Test func canonicalDocumentsRoundTrip() {
    let texts = [
      "Inbox:\n\t- Buy milk @today\n\t- Call @bob about @work stuff @due(2024-10-31)\n\n",
      "A: @x(1)\n\tnote @n\n\t\t- t @v(a \\(b\\) @c)\n\t\n\t- u\n- top\n",
      "\t\t- starts indented\n\t- less\n- least\n",
      "Unicode ☃︎:\n\t- café @日本(値) @e\u{301}t\n\t- 🎉 party\n",
    ]
    for text in texts {
      #expect(reprint(text) == text)
      #expect(parseOutline(reprint(text)) == parseOutline(text))
    }
  }

  @Test func idempotentOnMessyInput() {
    let inputs = [
      "  A:  \r\n   -x @a( b )c @d\r\n\t \n:\n-\n- \n x:  @y\n@@a @-b @.c(\\) d\\\\(e) \\",
      "a\rb\r\n\r\r\n\t\r\n- \r\n",
      "@a(\\) @b( @c)\n(x) @y(z\\)\n",
      // A value opened in a project's title and closed right before its colon is no tag; the
      // tags inside it are (found by fuzzing: the printer used to add them again each time).
      "a @tag(x b @test @due(2024-11-24 10:00-10): @test\n",
    ]
    for input in inputs {
      let once = reprint(input)
      #expect(reprint(once) == once)
      #expect(parseOutline(once) == parseOutline(input))
    }
  }

  @Test func lineAndSingleItemPrinting() {
    let outline = parseOutline("Work: @w\n\t- Call Bob @due(2024-10-31)\n\t\tnote\n")
    let project = outline.items[0]
    #expect(TaskPaperPrinter.line(for: project) == "Work: @w")
    #expect(TaskPaperPrinter.line(for: project.children[0]) == "- Call Bob @due(2024-10-31)")
    #expect(TaskPaperPrinter.print(project.children[0]) == "\t- Call Bob @due(2024-10-31)\n\t\tnote\n")
  }

  // MARK: Hand-built items

  @Test func handBuiltItemsPrintCanonically() {
    func line(_ kind: Item.Kind, _ title: String, _ tags: [Tag] = []) -> String {
      TaskPaperPrinter.line(for: Item(id: testID(1), kind: kind, title: title, tags: tags))
    }
    #expect(line(.task, "") == "- ")
    #expect(line(.task, "", [tag("a")]) == "- @a")
    #expect(line(.task, "  padded  ") == "- padded")
    #expect(line(.task, "two\nlines") == "- two lines")
    #expect(line(.project, "") == ":")
    #expect(line(.project, "P", [tag("due", "x (y)")]) == "P: @due(x \\(y\\))")
    #expect(line(.note, "-") == "-")
    #expect(line(.note, "-", [tag("a")]) == "- @a")
    #expect(line(.note, "- looks like a task") == "- looks like a task")
    #expect(line(.note, "-dash") == "- dash")
    #expect(line(.project, "-dash") == "- dash:")
    // A `-` before a digit or punctuation opens a note, which prints as it reads.
    #expect(line(.note, "-5 degrees", [tag("cold")]) == "-5 degrees @cold")
    #expect(line(.note, "---") == "---")
    #expect(line(.project, "-- Ben") == "-- Ben:")
    #expect(line(.note, "", [tag("a")]) == "@a")
    // A note stays a note: a line ending with `:` would read as a project.
    #expect(line(.note, "Garden:") == "Garden: ")
    #expect(line(.note, "Plan:", [tag("later")]) == "Plan: @later ")
    #expect(line(.note, "Plan: @later") == "Plan: @later ")
    #expect(line(.note, ":") == ":")
    #expect(line(.task, "t", [tag("v", "ends with \\")]) == "- t @v(ends with \\ )")
    // A tag already written in the title is not repeated; one that is not, is appended.
    #expect(line(.task, "Call @bob", [tag("bob"), tag("done")]) == "- Call @bob @done")
    #expect(line(.task, "Call @bob", [tag("done")]) == "- Call @bob @done")
    #expect(line(.task, "Call @bob", [tag("bob"), tag("bob")]) == "- Call @bob @bob")
  }

  @Test func childLevelsThatWouldChangeTheTreeAreAdjusted() {
    let outline = Outline(items: [
      Item(
        id: testID(1), kind: .project, title: "P", level: 0,
        children: [
          Item(id: testID(2), kind: .task, title: "a", level: 0),  // not deeper than its parent
          Item(id: testID(3), kind: .task, title: "b", level: 4),  // deeper than an earlier sibling
          Item(id: testID(4), kind: .task, title: "c", level: 2, children: [
            Item(id: testID(5), kind: .note, title: "n", level: 1)
          ]),
        ]
      ),
      Item(id: testID(6), kind: .task, title: "top", level: 3),
    ])
    let text = TaskPaperPrinter.print(outline)
    #expect(text == "P:\n\t- a\n\t- b\n\t- c\n\t\tn\n- top\n")
    #expect(shape(parseOutline(text)).map { $0.split(separator: "|")[0] } == ["0", "1", "1", "1", "2", "0"])
  }
}
