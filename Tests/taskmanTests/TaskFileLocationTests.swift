#if canImport(Glibc)
  import Glibc
#endif
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

  /// A data or state directory left by a taskman run as another user (with sudo) is named, with
  /// its owner, for the error that says how to give it back; the superuser is never told so.
  @Test func aDirectoryOfAnotherUserIsFoundWithItsOwner() throws {
    let data = try TaskmanDataDirectory()
    let location = TaskFileLocation(option: nil, environment: [:], dataDirectory: data.path, currentDirectory: "/")
    let me = geteuid()
    let someoneElse = me == 0 ? 1 : me + 1
    try FileManager.default.createDirectory(atPath: location.stateDirectory, withIntermediateDirectories: true)
    #expect(location.stateDirectoryOwned(notBy: me)?.path == nil, "all of it is the user's own")
    let found = try #require(location.stateDirectoryOwned(notBy: someoneElse))
    #expect(found.path == data.path)
    let myName = try #require(getpwuid(me).map { String(cString: $0.pointee.pw_name) })
    #expect(found.owner == myName)
    #expect(location.stateDirectoryOwned(notBy: 0) == nil)

    let nowhere = TaskFileLocation(option: nil, environment: [:], dataDirectory: data.path + "/not-there", currentDirectory: "/")
    #expect(nowhere.stateDirectoryOwned(notBy: someoneElse)?.path == nil, "nothing there is anybody's")
  }

  @Test func aPathInTheHintIsOneShellWord() {
    #expect(AppStore.shellQuoted("/home/me/.local/share/taskman/state") == "/home/me/.local/share/taskman/state")
    #expect(AppStore.shellQuoted("/home/me/My Tasks") == "'/home/me/My Tasks'")
    #expect(AppStore.shellQuoted("/tmp/it's") == #"'/tmp/it'\''s'"#)
    #expect(AppStore.shellQuoted("/tmp/caf\u{E9}") == "'/tmp/caf\u{E9}'")
  }
}
