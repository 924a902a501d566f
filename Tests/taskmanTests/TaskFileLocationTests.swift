import Foundation
import Testing

@testable import TaskmanCLI

@Suite struct TaskFileLocationTests {
  /// The file's path and directory come out as Foundation's URLs give them, from path strings
  /// alone (a command works them out before anything else).
  @Test func pathsAreThoseFoundationGives() {
    let cases: [(file: String?, current: String)] = [
      ("notes/todo.taskpaper", "/home/me"), ("../x.taskpaper", "/home/me"), ("/a//b/./c/../t.taskpaper", "/"),
      ("/t.taskpaper", "/x"), ("caf\u{E9} list.taskpaper", "/w"), (nil, "/anywhere"),
    ]
    for (file, current) in cases {
      let location = TaskFileLocation(option: file, environment: [:], dataDirectory: "/data/taskman", currentDirectory: current)
      let expected =
        file.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path }
        ?? "/data/taskman/tasks.taskpaper"
      #expect(location.path == expected, "\(String(describing: file)) from \(current)")
      #expect(location.directory == (expected as NSString).deletingLastPathComponent)
      #expect(location.isDefault == (file == nil))
      #expect(location.dataDirectory == "/data/taskman")
    }
  }

  /// The state directory is named after the file and a hash of its real path, under the data
  /// directory's `state`.
  @Test func theStateDirectoryIsNamedAfterTheFile() throws {
    let location = TaskFileLocation(option: "/nowhere/x/todo.taskpaper", environment: [:], dataDirectory: "/", currentDirectory: "/")
    let state = location.stateDirectory
    #expect(state.hasPrefix("/state/todo.taskpaper-"))
    #expect(state.count == "/state/todo.taskpaper-".count + 16)
    #expect(TaskFileLocation(option: "/nowhere/x/../x/todo.taskpaper", environment: [:], dataDirectory: "/", currentDirectory: "/").stateDirectory == state)
    #expect(TaskFileLocation(option: "/nowhere/y/todo.taskpaper", environment: [:], dataDirectory: "/", currentDirectory: "/").stateDirectory != state)
  }
}
