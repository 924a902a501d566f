// `swift run Search`: the Search feature on the terminal. Each line you type replaces the query
// (an empty line clears it); the store renders the search after every action. Commands start
// with "/": /help, /quit.
//
//   printf 'al\nalien\n' | swift run Search
//
// Piped lines arrive faster than the 300 ms debounce, so only the last query of a burst is
// searched. At the end of the input the program waits for that search; /quit leaves at once.
// Set `EXAMPLES_CLOCK=immediate` to skip the debounce and the fake network delay (the tests do).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Composable
import Dependencies
import Foundation
import SearchExample

let help = """
  Type a film title, or part of one (try "star", or "error" to see the service fail). \
  Commands: /help, /quit.
  """

func render(_ state: Search.State) -> String {
  switch state.status {
  case .idle:
    return "(no query)"
  case .loading:
    return "Searching for \"\(state.query)\"…"
  case let .results(movies):
    let heading = "\(movies.count) result\(movies.count == 1 ? "" : "s") for \"\(state.query)\":"
    return ([heading] + movies.map { "  \($0.title) (\($0.year))" }).joined(separator: "\n")
  case .noResults:
    return "No results for \"\(state.query)\"."
  case let .failed(reason):
    return "Search for \"\(state.query)\" failed: \(reason)"
  }
}

/// The lines of standard input, read on a thread of their own: the main actor stays free to run
/// the store while the program waits for the next line.
func standardInputLines() -> AsyncStream<String> {
  AsyncStream { continuation in
    Thread {
      while let line = readLine() { continuation.yield(line) }
      continuation.finish()
    }
    .start()
  }
}

let store = Store(initialState: Search.State()) {
  Search()
} withDependencies: {
  if ProcessInfo.processInfo.environment["EXAMPLES_CLOCK"] == "immediate" {
    $0.clock = ImmediateClock()
  }
}
// Piped queries are echoed, so that the output reads as a transcript.
let echoesCommands = isatty(STDIN_FILENO) == 0

print(help)
print(render(store.state))
let subscription = store.observe { state in print(render(state)) }

var pending: [StoreTask] = []
var quit = false
for await line in standardInputLines() {
  let query = line.trimmingCharacters(in: .whitespaces)
  if echoesCommands { print("> \(query)") }
  if query == "/quit" {
    quit = true
    break
  }
  if query == "/help" {
    print(help)
    continue
  }
  pending.append(store.send(.queryChanged(query)))
}

if !quit {
  for task in pending { await task.finish() }
}
subscription.cancel()
