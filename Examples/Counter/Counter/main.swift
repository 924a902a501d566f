// `swift run Counter`: the Counter feature on the terminal. Type a command per line; the store
// renders the counter after every action, including the ones its effects send later.
//
//   printf '+\n+\n-\nlater\n' | swift run Counter
//
// At the end of the input the program waits for the delayed increments still pending, so piped
// input shows them land; `quit` leaves at once. Set `EXAMPLES_CLOCK=immediate` to skip the delay
// (the tests do).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Composable
import CounterExample
import Dependencies
import Foundation

let help = "Commands: + (increment), - (decrement), reset, later (increment in 1 s), help, quit."

func action(for command: String) -> Counter.Action? {
  switch command {
  case "+", "increment": .incrementButtonTapped
  case "-", "decrement": .decrementButtonTapped
  case "reset": .resetButtonTapped
  case "later": .delayedIncrementButtonTapped
  default: nil
  }
}

func render(_ state: Counter.State) -> String {
  switch state.pendingIncrements {
  case 0: "count: \(state.count)"
  case 1: "count: \(state.count)  (1 delayed increment pending)"
  case let pending: "count: \(state.count)  (\(pending) delayed increments pending)"
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

let store = Store(initialState: Counter.State()) {
  Counter()
} withDependencies: {
  if ProcessInfo.processInfo.environment["EXAMPLES_CLOCK"] == "immediate" {
    $0.clock = ImmediateClock()
  }
}
// Piped commands are echoed, so that the output reads as a transcript.
let echoesCommands = isatty(STDIN_FILENO) == 0

print(help)
print(render(store.state))
let subscription = store.observe { state in print(render(state)) }

var pending: [StoreTask] = []
var quit = false
for await line in standardInputLines() {
  let command = line.trimmingCharacters(in: .whitespaces).lowercased()
  if command.isEmpty { continue }
  if echoesCommands { print("> \(command)") }
  if command == "quit" {
    quit = true
    break
  }
  if command == "help" {
    print(help)
    continue
  }
  guard let action = action(for: command) else {
    print("Unknown command \"\(command)\". \(help)")
    continue
  }
  pending.append(store.send(action))
}

if !quit {
  for task in pending { await task.finish() }
}
subscription.cancel()
