// `swift run Todos`: the Todos feature on the terminal. Type a command per line; the store
// renders the list after every action. Todos are numbered as shown, so `toggle 2` ticks the
// second todo on screen.
//
//   printf 'add Buy milk\nadd Walk the dog\ntoggle 1\nfilter active\n' | swift run Todos
//
// The list is saved in todos.json in $TODOS_DIRECTORY if set, otherwise in the platform's data
// directory for "composable-todos" (~/.local/share/composable-todos on Linux). A todos.json that
// cannot be read stops the program with exit status 1 and is left untouched.

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
import Storage
import TodosExample

let help = """
  Commands: add <title>, toggle <n>, edit <n> <title>, delete <n>, \
  filter all|active|completed, clear (removes completed todos), help, quit.
  """

/// The action for a command, or why there is none.
func action(for command: String, in state: Todos.State) -> Result<Todos.Action, CommandError> {
  let words = command.split(separator: " ", maxSplits: 1).map(String.init)
  let verb = words.first?.lowercased() ?? ""
  let argument = words.count > 1 ? words[1] : ""

  // `toggle 2`, `edit 2 New title`, `delete 2`: the todo numbered 2 on screen.
  func todo(_ text: Substring) -> Result<UUID, CommandError> {
    let visible = state.visibleTodos
    guard let number = Int(text), visible.indices.contains(number - 1) else {
      return .failure(CommandError("There is no todo numbered \"\(text)\" on screen."))
    }
    return .success(visible[number - 1].id)
  }

  switch verb {
  case "add":
    return .success(.addTodo(title: argument))
  case "toggle":
    return todo(Substring(argument)).map { .todos(.element(id: $0, action: .toggleCompleted)) }
  case "edit":
    let parts = argument.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return .failure(CommandError("Usage: edit <n> <new title>")) }
    return todo(parts[0]).map { .todos(.element(id: $0, action: .titleChanged(String(parts[1])))) }
  case "delete":
    return todo(Substring(argument)).map { .deleteTodo(id: $0) }
  case "filter":
    guard let filter = Todos.Filter(rawValue: argument.lowercased()) else {
      return .failure(CommandError("Usage: filter all|active|completed"))
    }
    return .success(.filterChanged(filter))
  case "clear":
    return .success(.clearCompletedButtonTapped)
  default:
    return .failure(CommandError("Unknown command \"\(verb)\". \(help)"))
  }
}

struct CommandError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

func render(_ state: Todos.State) -> String {
  let left = state.todos.filter { !$0.isComplete }.count
  var lines = ["Todos (\(state.filter.rawValue)): \(left) of \(state.todos.count) left"]
  if state.visibleTodos.isEmpty { lines.append("  (none)") }
  for (offset, todo) in state.visibleTodos.enumerated() {
    lines.append("  \(offset + 1). [\(todo.isComplete ? "x" : " ")] \(todo.title)")
  }
  if let saveError = state.saveError { lines.append("Could not save: \(saveError)") }
  return lines.joined(separator: "\n")
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

let directory =
  ProcessInfo.processInfo.environment["TODOS_DIRECTORY"].map { URL(fileURLWithPath: $0, isDirectory: true) }
  ?? StorageClient.defaultDirectory(applicationName: "composable-todos")

let store = Store(initialState: Todos.State()) {
  Todos()
} withDependencies: {
  $0.storage = .fileSystem(directory: directory)
}

await store.send(.load).finish()
if case let .unreadable(reason) = store.document {
  let file = directory.appendingPathComponent(TodosDocument.name).path
  FileHandle.standardError.write(Data("error: \(reason)\n  (\(file))\n".utf8))
  exit(1)
}

// Piped commands are echoed, so that the output reads as a transcript.
let echoesCommands = isatty(STDIN_FILENO) == 0

print("Saving to \(directory.appendingPathComponent(TodosDocument.name).path)")
print(help)
print(render(store.state))
let subscription = store.observe { state in print(render(state)) }

var pending: [StoreTask] = []
for await line in standardInputLines() {
  let command = line.trimmingCharacters(in: .whitespaces)
  if command.isEmpty { continue }
  if echoesCommands { print("> \(command)") }
  if command == "quit" { break }
  if command == "help" {
    print(help)
    continue
  }
  switch action(for: command, in: store.state) {
  case let .success(action): pending.append(store.send(action))
  case let .failure(error): print(error.message)
  }
}

// Let the last save finish before exiting.
for task in pending { await task.finish() }
subscription.cancel()
