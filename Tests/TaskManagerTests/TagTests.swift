import Foundation
import Testing
import TaskManager

@Suite("Tags")
struct TagTests {
  @Test func emptyValueIsNoValue() {
    #expect(Tag(name: "a", value: "") == Tag(name: "a"))
    #expect(Tag(name: "a", value: "").value == nil)
  }

  @Test func descriptionIsCanonicalText() {
    #expect(Tag(name: "done").description == "@done")
    #expect(Tag(name: "due", value: "2024-10-31 10:00").description == "@due(2024-10-31 10:00)")
    #expect(Tag(name: "n", value: "a (b) \\ c").description == "@n(a \\(b\\) \\ c)")
    #expect(Tag(name: "n", value: "two\nlines").description == "@n(two lines)")
  }

  @Test func descriptionParsesBack() throws {
    for value in ["a (b)", "((", "))", "\\(", "a\\)b", "@x y", "ü 🎉", "\\\\("] {
      let tag = Tag(name: "v", value: value)
      #expect(try TaskPaperParser.parseTag(tag.description) == tag)
    }
  }

  @Test func validNames() {
    for name in ["a", "due", "a_b-c.d", "2024", "café", "日本", "e\u{301}"] {
      #expect(Tag.isValidName(name), "\(name)")
    }
    for name in ["", "a b", "a(b", "@a", "a:b", "🎉", "a,b"] {
      #expect(!Tag.isValidName(name), "\(name)")
    }
  }

  // MARK: Lookup

  @Test func lookupByName() {
    let item = parseLine("- Pay rent @due(2024-10-31) @home @due(2024-11-30)")
    #expect(item.tag(named: "due") == tag("due", "2024-10-31"))
    #expect(item.tags(named: "due") == [tag("due", "2024-10-31"), tag("due", "2024-11-30")])
    #expect(item.hasTag(named: "home"))
    #expect(!item.hasTag(named: "done"))
    #expect(item.tag(named: "done") == nil)
    #expect(!item.isDone)
  }

  @Test func doneMeansADoneTag() {
    #expect(parseLine("- Pay rent @done").isDone)
    #expect(parseLine("- Pay rent @done(2024-10-31)").isDone)
    #expect(parseLine("- Pay @done rent").isDone)
    #expect(!parseLine("- Pay rent @undone").isDone)
    #expect(!parseLine("- Pay rent me@done").isDone)
  }

  @Test func namesAreLookedUpIgnoringCase() {
    let item = parseLine("- Renew passport @DUE(2026-11-01) @Weekend @Done")
    #expect(item.tag(named: "due") == tag("DUE", "2026-11-01"), "the user's spelling is kept")
    #expect(item.hasTag(named: "weekend"))
    #expect(item.tags(named: "WEEKEND") == [tag("Weekend")])
    #expect(item.isDone)
    #expect(Tag(name: "Café").hasName("CAFÉ"))
    #expect(!Tag(name: "home").hasName("homes"))
    #expect(!Tag(name: "home").hasName("hom"))
    #expect(Tag.namesMatch("DUE", "due") && Tag.namesMatch("due", "due") && !Tag.namesMatch("due", "done"))
    #expect(Tag.namesMatch("\u{212A}itchen", "kitchen"), "the Kelvin sign lowercases to k")
    #expect(Tag.namesMatch("ÉTÉ", "été") && !Tag.namesMatch("été", "ete") && !Tag.namesMatch("été", "étés"))
  }

  @Test func editsFindTagsIgnoringCaseAndKeepTheirSpelling() {
    var item = parseLine("- Renew passport @DUE(2026-11-01) @Done(2026-11-02)")
    item.setTag(Tag(name: "due", value: "2026-12-01"))
    #expect(TaskPaperPrinter.line(for: item) == "- Renew passport @DUE(2026-12-01) @Done(2026-11-02)")
    item.removeTags(named: "done")
    #expect(TaskPaperPrinter.line(for: item) == "- Renew passport @DUE(2026-12-01)")
    var inline = parseLine("- Call @Bob about it")
    inline.removeTags(named: "bob")
    #expect(inline.title == "Call about it")
  }

  // MARK: Editing

  @Test func setTagAppendsOrReplaces() {
    var item = parseLine("- Pay rent @due(2024-10-31)")
    item.setTag(Tag(name: "done", value: "2024-10-30"))
    #expect(TaskPaperPrinter.line(for: item) == "- Pay rent @due(2024-10-31) @done(2024-10-30)")
    item.setTag(Tag(name: "due", value: "2024-11-30"))
    #expect(TaskPaperPrinter.line(for: item) == "- Pay rent @due(2024-11-30) @done(2024-10-30)")
    #expect(parseLine(TaskPaperPrinter.line(for: item)).tags == item.tags)
  }

  @Test func setTagRewritesATagInsideTheTitle() {
    var item = parseLine("- Call @bob(home) about it @due(2024-10-31)")
    item.setTag(Tag(name: "bob", value: "work (desk)"))
    #expect(item.title == "Call @bob(work \\(desk\\)) about it")
    #expect(item.tags == [tag("bob", "work (desk)"), tag("due", "2024-10-31")])
    let printed = TaskPaperPrinter.line(for: item)
    #expect(printed == "- Call @bob(work \\(desk\\)) about it @due(2024-10-31)")
    #expect(parseLine(printed).tags == item.tags)
  }

  @Test func removeTagsRemovesTrailingAndInlineOccurrences() {
    var item = parseLine("- Call @bob about @bob(x) it @due(2024-10-31) @bob")
    item.removeTags(named: "bob")
    #expect(item.title == "Call about it")
    #expect(item.tags == [tag("due", "2024-10-31")])
    #expect(TaskPaperPrinter.line(for: item) == "- Call about it @due(2024-10-31)")

    var done = parseLine("- Pay rent @done(2024-10-30)")
    done.removeTags(named: "done")
    #expect(!done.isDone)
    #expect(TaskPaperPrinter.line(for: done) == "- Pay rent")
  }

  @Test func removeTagsAtTheEdgesOfTheTitle() {
    var leading = Item(id: testID(1), kind: .task, title: "@x  first", tags: [tag("x")])
    leading.removeTags(named: "x")
    #expect(leading.title == "first")

    // In a project's title the last `@x` is followed by the colon (`Home @x @x:`): text.
    var trailing = Item(id: testID(1), kind: .project, title: "Home @x @x", tags: [tag("x"), tag("x")])
    trailing.removeTags(named: "x")
    #expect(trailing.title == "Home @x")
    #expect(trailing.tags.isEmpty)

    // `@x,` is text, not a tag: it stays.
    var glued = Item(id: testID(1), kind: .note, title: "see @x, then", tags: [tag("x")])
    glued.removeTags(named: "x")
    #expect(glued.title == "see @x, then")
    #expect(glued.tags.isEmpty)

    var untouched = parseLine("- mail me@x.com @y")
    untouched.removeTags(named: "x")
    #expect(untouched.title == "mail me@x.com")
  }
}
