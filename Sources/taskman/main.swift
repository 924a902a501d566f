// The command-line shell is being built (issue 7); until then, say so plainly.
import Foundation

let usage = """
  taskman: a task manager for TaskPaper task lists.

  The commands (add, list, show, edit, done, tag, delete, tags, import, export, undo, shell) are
  not available yet in this build.

  """
let arguments = CommandLine.arguments.dropFirst()
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("help") {
  print(usage, terminator: "")
  exit(0)
}
FileHandle.standardError.write(Data("taskman: commands are not available yet in this build.\n".utf8))
exit(2)
