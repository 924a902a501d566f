import Foundation
import Testing

@Suite("taskman query, list --where, searches, list --saved")
struct QueryCommandTests {
  /// Due dates far in the past and future, so nothing depends on today.
  static let document = """
    Inbox:
    \t- Buy milk @errand @due(2000-01-01)
    \t- Call Bob @flag
    \t\tThe number is on the fridge
    Work:
    \t- Report @done(2024-05-01)
    \t- Plan @today @due(2999-01-01)
    Searches:
    \t- Overdue @search(@due < [d]today and not @done)
    \t- Flagged @search(//@flag union //@today)
    \t- Broken @search(@due <)

    """

  private func importedDocument() throws -> TaskmanDataDirectory {
    let data = try TaskmanDataDirectory()
    let file = try data.write(Self.document, to: "query.taskpaper")
    let result = try data.run(["import", file])
    try #require(result.status == 0, "\(result.errors)")
    return data
  }

  @Test func queryPrintsTheMatchesInDocumentOrderAsFlatRows() throws {
    let data = try importedDocument()
    let result = try data.run(["query", "//@flag union //@today union //@done"])
    #expect(result.status == 0)
    #expect(linesWithoutIDs(result.output) == ["Call Bob @flag  (Inbox)", "Report @done(2024-05-01)  (Work)", "Plan @today @due(2999-01-01)  (Work)"])
    let overdue = try data.run(["query", "@due < [d]today and not @done"])
    #expect(linesWithoutIDs(overdue.output) == ["Buy milk @errand @due(2000-01-01)  (Inbox)"])
    let paths = try data.run(["query", "project Inbox//not task"])
    #expect(linesWithoutIDs(paths.output) == ["The number is on the fridge  (Inbox)"])
  }

  @Test func queryExitsWithOneWhenNothingMatches() throws {
    let data = try importedDocument()
    let result = try data.run(["query", "@nothing"])
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
  }

  @Test func queryJSONIsListsJSON() throws {
    let data = try importedDocument()
    let query = try data.run(["query", "//@errand", "--json"])
    #expect(query.status == 0)
    let list = try data.run(["list", "--tag", "errand", "--json"])
    #expect(query.output == list.output)
  }

  @Test func aSearchThatDoesNotParseIsAUsageErrorWithACaret() throws {
    let data = try importedDocument()
    let result = try data.run(["query", "@due < "])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("taskman: the search does not parse: expected a value after '<' at column 8\n  @due < \n         ^\n"))
    let list = try data.run(["list", "--where", "(@a or @b"])
    #expect(list.status == 2)
    #expect(list.errors.hasPrefix("taskman: the --where search does not parse: expected ')' at column 10\n  (@a or @b\n           ^\n"))
  }

  @Test func listWhereShowsTheMatchesUnderTheirParents() throws {
    let data = try importedDocument()
    let result = try data.run(["list", "--where", "@flag or @done"])
    #expect(result.status == 0)
    #expect(linesWithoutIDs(result.output) == ["Inbox:", "  - Call Bob @flag", "Work:", "  - Report @done(2024-05-01)"])
    let notes = try data.run(["list", "--where", "note"])
    #expect(linesWithoutIDs(notes.output) == ["Inbox:", "  - Call Bob @flag", "    The number is on the fridge"])
    // --done narrows a search to done items, as it narrows the other filters.
    let done = try data.run(["list", "--where", "//task", "--done", "--flat"])
    #expect(linesWithoutIDs(done.output) == ["Report @done(2024-05-01)  (Work)"])
  }

  @Test func searchesListsTheSavedSearches() throws {
    let data = try importedDocument()
    let result = try data.run(["searches"])
    #expect(result.status == 0)
    #expect(result.output == "Overdue  @due < [d]today and not @done\nFlagged  //@flag union //@today\nBroken   @due <\n")
    let empty = try TaskmanDataDirectory()
    #expect(try empty.run(["searches"]).status == 1)

    let document = try data.json(["searches", "--json"])
    let searches = try #require(document["searches"] as? [[String: Any]])
    #expect(searches.map { $0["name"] as? String } == ["Overdue", "Flagged", "Broken"])
    #expect(searches.map { $0["search"] as? String } == ["@due < [d]today and not @done", "//@flag union //@today", "@due <"])
    // Each with its item's ids, which show takes.
    let shortID = try #require(searches.first?["shortId"] as? String)
    #expect((searches.first?["id"] as? String)?.replacingOccurrences(of: "-", with: "").hasPrefix(shortID) == true)
    #expect(try data.run(["show", shortID]).output.contains("Overdue"))
    #expect(searches.first?["file"] == nil)
  }

  @Test func listSavedRunsOneByName() throws {
    let data = try importedDocument()
    let result = try data.run(["list", "--saved", "flagged"])
    #expect(result.status == 0)
    #expect(linesWithoutIDs(result.output) == ["Inbox:", "  - Call Bob @flag", "Work:", "  - Plan @today @due(2999-01-01)"])
    let unknown = try data.run(["list", "--saved", "nope"])
    #expect(unknown.status == 1)
    #expect(unknown.errors.hasPrefix("taskman: no saved search is named 'nope'; the saved searches are 'Overdue', 'Flagged' and 'Broken'\n"))
    let broken = try data.run(["list", "--saved", "broken"])
    #expect(broken.status == 2)
    #expect(broken.errors.hasPrefix("taskman: the saved search 'Broken' does not parse: expected a value after '<' at column 7\n"))
  }
}
