import Foundation
import TaskManager
import Testing

@Suite("TaskPaper searches: evaluation")
struct TaskPaperSearchTests {
  static let outline = parseOutline(
    """
    Inbox:
    \t- Buy milk @errand @due(2026-11-24)
    \t- Call Bob @due(2026-11-25 10:00) @priority(2)
    \t\tNumber is on the fridge
    \t- Pay rent @done(2026-11-20) @priority(10)
    Work:
    \t- Report @flag @due(2026-11-28) @tags(a, b, c)
    \tMeetings:
    \t\t- Standup @today @priority(1)
    \t\t- Review Inbox items @due(2026-12-02)
    \tA note about work
    - Loose task @Errand
    Archive:
    \t- Old @done

    """
  )

  /// Wednesday 2026-11-25.
  static let today = TaskDate.Day(year: 2026, month: 11, day: 25)!

  func titles(_ search: String) throws -> [String] {
    let parsed = try TaskPaperSearch(parsing: search)
    let ids = parsed.matches(in: Self.outline, today: Self.today)
    let byID = Dictionary(uniqueKeysWithValues: Self.outline.entries().map { ($0.item.id, $0.item.title) })
    return ids.map { byID[$0]! }
  }

  @Test func aBareWordIsTextContainsIgnoringCase() throws {
    #expect(try titles("milk") == ["Buy milk"])
    #expect(try titles("inbox") == ["Inbox", "Review Inbox items"])
    #expect(try titles("@text contains Inbox") == titles("Inbox"))
    #expect(try titles("contains Inbox") == titles("Inbox"))
    #expect(try titles("@text Inbox") == titles("Inbox"))
    // @text is the whole line: its marker and tags too.
    #expect(try titles("@text beginswith \"- call\"") == ["Call Bob"])
    #expect(try titles("\"errand @due\"") == ["Buy milk"])
  }

  @Test func anAttributeAloneTestsThatTheItemHasIt() throws {
    #expect(try titles("@done") == ["Pay rent", "Old"])
    #expect(try titles("@errand") == ["Buy milk", "Loose task"])
    #expect(try titles("not @done and @priority") == ["Call Bob", "Standup"])
  }

  @Test func relations() throws {
    #expect(try titles("@priority = 2") == ["Call Bob"])
    #expect(try titles("@priority != 2") == ["Inbox", "Buy milk", "Number is on the fridge", "Pay rent", "Work", "Report", "Meetings", "Standup", "Review Inbox items", "A note about work", "Loose task", "Archive", "Old"])
    #expect(try titles("@due < 2026-11-25") == ["Buy milk"])
    #expect(try titles("@due <= 2026-11-25") == ["Buy milk"])
    #expect(try titles("@due > 2026-11-28") == ["Review Inbox items"])
    #expect(try titles("@due >= 2026-11-28") == ["Report", "Review Inbox items"])
    #expect(try titles("@text beginswith work") == ["Work"])
    #expect(try titles("@text endswith \"items @due(2026-12-02)\"") == ["Review Inbox items"])
    #expect(try titles("@text matches \"^- (buy|call) \"") == ["Buy milk", "Call Bob"])
    // A regular expression that does not compile matches nothing.
    #expect(try titles("@text matches \"(\"") == [])
  }

  @Test func modifiers() throws {
    #expect(try titles("@text contains [s]inbox") == [])
    #expect(try titles("@text contains [s]Inbox") == ["Inbox", "Review Inbox items"])
    #expect(try titles("Errand") == ["Buy milk", "Loose task"])
    #expect(try titles("[s]Errand") == ["Loose task"])
    // As text "10" < "2"; as numbers it is not.
    #expect(try titles("@priority < 2") == ["Pay rent", "Standup"])
    #expect(try titles("@priority < [n]2") == ["Standup"])
    #expect(try titles("@priority >= [n]2") == ["Call Bob", "Pay rent"])
    #expect(try titles("@tags contains [l]c, a") == ["Report"])
    #expect(try titles("@tags = [l]a,b,c") == ["Report"])
    #expect(try titles("@tags beginswith [l]b") == [])
  }

  @Test func datesRelativeToToday() throws {
    #expect(try titles("@due < [d]today") == ["Buy milk"])
    #expect(try titles("@due = [d]today") == [])
    #expect(try titles("@due >= [d]today and @due < [d]tomorrow") == ["Call Bob"])
    #expect(try titles("@due <= [d]+3 days") == ["Buy milk", "Call Bob", "Report"])
    #expect(try titles("@due < [d]next week") == ["Buy milk", "Call Bob", "Report"])
    #expect(try titles("@due > [d]friday") == ["Report", "Review Inbox items"])
    #expect(try titles("@due < [d]2026-11-25 11:00") == ["Buy milk", "Call Bob"])
    #expect(try titles("@done > [d]-1 week") == ["Pay rent"])
  }

  @Test func specialAttributes() throws {
    #expect(try titles("@type = project") == ["Inbox", "Work", "Meetings", "Archive"])
    #expect(try titles("@type = note") == ["Number is on the fridge", "A note about work"])
    #expect(try titles("@id endswith 3") == ["Call Bob"])
    #expect(try titles("@id = 00000000000000000000000000000001") == ["Inbox"])
    #expect(try titles("@priority = @priority and @due") == ["Call Bob", "Standup"].filter { $0 == "Call Bob" })
  }

  @Test func precedenceOfNotAndOr() throws {
    // not binds tightest, then and, then or.
    #expect(try titles("@flag or @today and @due") == ["Report"])
    #expect(try titles("(@flag or @today) and @priority") == ["Standup"])
    #expect(try titles("not @due and @priority") == ["Pay rent", "Standup"])
    #expect(try titles("not not @flag") == ["Report"])
    #expect(try titles("not (@due or @done) and task") == ["Standup", "Loose task"])
  }

  @Test func typeShortcuts() throws {
    #expect(try titles("project") == ["Inbox", "Work", "Meetings", "Archive"])
    #expect(try titles("task @due") == ["Buy milk", "Call Bob", "Report", "Review Inbox items"])
    #expect(try titles("note") == ["Number is on the fridge", "A note about work"])
    #expect(try titles("project Inbox") == ["Inbox"])
    #expect(try titles("*").count == 14)
  }

  @Test func pathsAndAxes() throws {
    #expect(try titles("/project") == ["Inbox", "Work", "Archive"])
    #expect(try titles("//project") == ["Inbox", "Work", "Meetings", "Archive"])
    #expect(try titles("project Work//not @done") == ["Report", "Meetings", "Standup", "Review Inbox items", "A note about work"])
    #expect(try titles("project Work/task") == ["Report"])
    #expect(try titles("project Work///project") == ["Work", "Meetings"])
    #expect(try titles("/Inbox/*/*") == ["Number is on the fridge"])
    #expect(try titles("//Standup/..*") == ["Meetings"])
    #expect(try titles("//Standup/ancestor::*") == ["Work", "Meetings"])
    #expect(try titles("//Standup/ancestor-or-self::*") == ["Work", "Meetings", "Standup"])
    #expect(try titles("//Report/following-sibling::*") == ["Meetings", "A note about work"])
    #expect(try titles("//Meetings/preceding-sibling::*") == ["Report"])
    #expect(try titles("//Review/following::*") == ["A note about work", "Loose task", "Archive", "Old"])
    #expect(try titles("//Pay rent/preceding::*") == ["Inbox", "Buy milk", "Call Bob", "Number is on the fridge"])
    #expect(try titles("//Meetings/descendant::task") == ["Standup", "Review Inbox items"])
    #expect(try titles("//Meetings/descendant-or-self::*") == ["Meetings", "Standup", "Review Inbox items"])
    #expect(try titles("//Meetings/self::project") == ["Meetings"])
    #expect(try titles("//Meetings/child::*") == ["Standup", "Review Inbox items"])
    #expect(try titles("//Meetings/parent::*") == ["Work"])
    #expect(try titles("/Work/.task") == ["Report"])
    // The first step of a relative path looks anywhere.
    #expect(try titles("Meetings/task") == ["Standup", "Review Inbox items"])
  }

  @Test func setOperations() throws {
    #expect(try titles("//@flag union //@today") == ["Report", "Standup"])
    #expect(try titles("//task intersect //@due") == ["Buy milk", "Call Bob", "Report", "Review Inbox items"])
    #expect(try titles("//@due except //Inbox//*") == ["Report", "Review Inbox items"])
    // union binds loosest, then except, then intersect.
    #expect(try titles("@flag union @due except @priority") == ["Buy milk", "Report", "Review Inbox items"])
    #expect(try titles("(@flag union @due) except @priority") == ["Buy milk", "Report", "Review Inbox items"])
    #expect(try titles("@due except @flag intersect @due") == ["Buy milk", "Call Bob", "Review Inbox items"])
  }

  @Test func slices() throws {
    #expect(try titles("(//task)[0]") == ["Buy milk"])
    #expect(try titles("(//task)[-1]") == ["Old"])
    #expect(try titles("(//task)[1:3]") == ["Call Bob", "Pay rent"])
    #expect(try titles("(//task)[5:]") == ["Review Inbox items", "Loose task", "Old"])
    #expect(try titles("(//task)[:2]") == ["Buy milk", "Call Bob"])
    #expect(try titles("(//task)[-2:]") == ["Loose task", "Old"])
    // Out of range: clamped to the first or last item.
    #expect(try titles("(//task)[99]") == ["Old"])
    #expect(try titles("(//task)[-99]") == ["Buy milk"])
    #expect(try titles("(//task)[50:60]") == [])
    // After a step, per context item: the first task of each project.
    #expect(try titles("//project/task[0]") == ["Buy milk", "Report", "Standup", "Old"])
  }

  @Test func counts() throws {
    #expect(try titles("project and count(*) = 0") == [])
    #expect(try titles("task and count(*) > 0") == ["Call Bob"])
    #expect(try titles("project and count(task) >= [n]3") == ["Inbox", "Work"])
  }

  @Test func aMissingAttributeSatisfiesOnlyNotEqual() throws {
    #expect(try titles("task and @missing != x") == titles("task"))
    #expect(try titles("@missing = x or @missing < x or @missing >= x") == [])
  }
}
