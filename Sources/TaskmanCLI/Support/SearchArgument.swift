import TaskManager
import TerminalUI

/// Reading a search given on the command line (`query`, `list --where`) or kept in the file
/// (`list --saved`): one that does not parse is a usage error that names the position and what
/// was expected, with the search echoed and a caret under the position.
///
/// ```
/// taskman: the search does not parse: expected a value after '<' at column 8
///   @due < 
///          ^
/// ```
enum SearchArgument {
  /// `text` parsed; `origin` says where it came from, for the message ("--where", "the saved
  /// search 'Overdue'").
  static func parse(_ text: String, origin: String? = nil) throws(TaskmanError) -> TaskPaperSearch {
    do {
      return try TaskPaperSearch(parsing: text)
    } catch {
      throw .usage(message(for: error, origin: origin), hint: "See 'taskman help query' or Documentation/Searches.md for the search language.")
    }
  }

  /// The error's message: what was expected where, then the search and a caret under the place.
  static func message(for error: TaskPaperSearchError, origin: String?) -> String {
    let search = TextStyle.printable(error.search)
    let before = TextStyle.printable(String(error.search.prefix(error.offset)))
    let caret = String(repeating: " ", count: DisplayWidth.of(before)) + "^"
    let subject = origin.map { "\($0) does not parse" } ?? "the search does not parse"
    return "\(subject): \(error.description)\n  \(search)\n  \(caret)"
  }
}
