import Foundation
import Storage
import TaskManager

/// The TaskPaper files one command works on: `--file` given more than once, else the config
/// file's `files` setting; the first is the primary, where `add`, `project` and `import` go
/// unless `--to` names another.
///
/// ```sh
/// taskman --file ~/home.taskpaper --file ~/work.taskpaper list
/// ```
///
/// Each file keeps its own ``AppStore`` (ids, journal, lock and backup); the set adds only what
/// spans the files: short ids unique across all their items (``shortIDs(over:)``), the label
/// that names each file beside its items (``label(of:)``), and the rule that one change acts
/// on one file (``itemInAnotherFile(_:_:notIn:)``). ``CommandContext/run(_:)`` sends each
/// command to the files it concerns.
struct TaskFileSet {
  /// The files, each once, the primary first.
  var files: [TaskFileLocation]

  /// What another file of the set held when it was read, for short ids and messages.
  struct OtherFile {
    /// The file's path, as ``TaskFileLocation/path``.
    var path: String
    /// Its items (the top level, with everything under them).
    var items: [Item]
  }

  /// The name that marks `file`'s items in output: its last path component, or the whole path
  /// when another file of the set has the same name.
  func label(of file: TaskFileLocation) -> String {
    let name = POSIX.lastComponent(of: file.path)
    let shared = files.contains { $0.path != file.path && POSIX.lastComponent(of: $0.path) == name }
    return TextStyle.printable(shared ? file.path : name)
  }

  /// Short ids over the items of several files at any depth. An id two files share (an
  /// unchanged line both files hold, whose id taskman derives from its text) counts once, so
  /// the short ids stay short; naming it is refused as ambiguous (see
  /// ``CommandContext/run(_:)``).
  static func shortIDs(over files: [[Item]]) -> ShortIDIndex {
    var ids = Set<UUID>()
    for items in files {
      var walk = OutlineWalk(items)
      while walk.next() { ids.insert(walk.item.id) }
    }
    return ShortIDIndex(ids)
  }

  /// The item with `id` in one of `files`, at any depth, with that file's path.
  static func item(withID id: UUID, in files: [OtherFile]) -> (item: Item, path: String)? {
    for file in files {
      var walk = OutlineWalk(file.items)
      while walk.next() {
        if walk.item.id == id { return (walk.item, file.path) }
      }
    }
    return nil
  }

  /// The error for a typed id that names an item of another file than the one a change is
  /// made in: one change acts on one file (`move` does not take items from file to file).
  static func itemInAnotherFile(_ text: String, _ other: (item: Item, path: String), notIn file: TaskFileLocation) -> TaskmanError {
    .usage(
      "'\(TextStyle.printable(text))' names “\(TextStyle.printable(other.item.title))” in \(TextStyle.printable(other.path)), and this change is made in \(TextStyle.printable(file.path)): one change acts on the items of one file",
      hint: "Moving items from one file to another is not supported: add the item to the other file (taskman add --to <file>) and delete it here."
    )
  }
}

extension CommandContext {
  /// The files this command works on: `--file`'s (each given), else `TASKMAN_FILE`, else the
  /// `files` setting (a relative path taken from the config file's directory, or from the
  /// current directory when `TASKMAN_FILES` sets it; `~/` from the home directory), else the
  /// data directory's `tasks.taskpaper`. A file named twice (by
  /// two paths to it) counts once.
  var taskFiles: [TaskFileLocation] {
    let paths: [String]
    let directory: String
    if !globals.files.isEmpty {
      paths = globals.files
      directory = session.currentDirectory
    } else if session.environment["TASKMAN_FILE"]?.isEmpty == false || settings.files.paths.isEmpty {
      return [TaskFileLocation(option: nil, environment: session.environment, dataDirectory: dataDirectory, currentDirectory: session.currentDirectory)]
    } else {
      let home = session.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? session.home
      paths = settings.files.paths.map { $0 == "~" ? home : $0.hasPrefix("~/") ? POSIX.joined(home, String($0.dropFirst(2))) : $0 }
      // The config file's paths do not depend on where taskman is run; `TASKMAN_FILES`'s, as
      // typed in a shell, are taken from the current directory.
      if case .environment? = session.settings?.origin(of: .files) {
        directory = session.currentDirectory
      } else {
        directory = configDirectory
      }
    }
    let dataDirectory = dataDirectory
    var files: [TaskFileLocation] = []
    for path in paths {
      let file = TaskFileLocation(option: path, environment: [:], dataDirectory: dataDirectory, currentDirectory: directory)
      if !files.contains(where: { $0.realPath == file.realPath }) { files.append(file) }
    }
    return files
  }

  /// This context narrowed to `file` alone, as a command that works on one file sees it.
  func narrowed(to file: TaskFileLocation) -> CommandContext {
    var globals = globals
    globals.files = [file.path]
    return CommandContext(session: session, globals: globals)
  }
}
