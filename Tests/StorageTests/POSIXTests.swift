#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation
import Storage
import Testing

/// The paths, links and directories of the POSIX layer, which taskman's own probes use too.
@Suite struct POSIXTests {
  @Test func partsOfAPath() {
    #expect(POSIX.parent(of: "/a/b") == "/a")
    #expect(POSIX.parent(of: "/a") == "/")
    #expect(POSIX.parent(of: "/") == "/")
    #expect(POSIX.lastComponent(of: "/a/b") == "b")
    #expect(POSIX.lastComponent(of: "/") == "/")
    #expect(POSIX.joined("/", "a") == "/a")
    #expect(POSIX.joined("/a", "b") == "/a/b")
    #expect(POSIX.standardized("b/../c/./d//e", from: "/a") == "/a/c/d/e")
    #expect(POSIX.standardized("..", from: "/") == "/")
  }

  @Test func aWriteThroughLinksLandsWhereTheRealPathSays() throws {
    try withTemporaryDirectory { root throws in
      let base = try #require(realpath(root.path, nil).map { path in
        defer { free(path) }
        return String(cString: path)
      })
      let manager = FileManager.default
      try manager.createDirectory(atPath: base + "/synced", withIntermediateDirectories: false)
      try manager.createSymbolicLink(atPath: base + "/alias", withDestinationPath: "synced")
      // A relative link, through a directory that is itself a link, to a file not made yet.
      try manager.createSymbolicLink(atPath: base + "/todo", withDestinationPath: "alias/./todo.taskpaper")
      let resolved = try POSIX.resolveLinks(base + "/todo")
      #expect(resolved == base + "/alias/./todo.taskpaper")
      #expect(POSIX.realPath(of: base + "/todo") == base + "/synced/todo.taskpaper")
      try Data("x".utf8).write(to: URL(fileURLWithPath: resolved))
      #expect(manager.fileExists(atPath: base + "/synced/todo.taskpaper"))
      #expect(POSIX.realPath(of: base + "/todo") == base + "/synced/todo.taskpaper")
      #expect(POSIX.isSymbolicLink(base + "/todo") && !POSIX.isSymbolicLink(resolved))
      #expect(POSIX.linkTarget(of: base + "/todo") == "alias/./todo.taskpaper")
    }
  }

  @Test func aLoopOfLinksIsAnErrorToWriteAndAPathToName() throws {
    try withTemporaryDirectory { root throws in
      let (a, b) = (root.path + "/a", root.path + "/b")
      try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
      try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
      #expect(throws: StorageError.fileSystem(operation: .read, path: a, code: ELOOP)) { try POSIX.resolveLinks(a) }
      #expect(POSIX.realPath(of: a).hasSuffix("/a") || POSIX.realPath(of: a).hasSuffix("/b"))
      #expect(POSIX.fileType(at: a) == .loopOfLinks)
    }
  }

  @Test func makingDirectoriesNamesTheFileInTheWay() throws {
    try withTemporaryDirectory { root throws in
      try POSIX.makeDirectories(root.path + "/a/b/c")
      #expect(POSIX.fileType(at: root.path + "/a/b/c") == .directory)
      try POSIX.makeDirectories(root.path + "/a/b/c", synchronizingParents: false)  // there already
      try Data().write(to: root.appendingPathComponent("file"))
      #expect(throws: StorageError.fileSystem(operation: .createDirectory, path: root.path + "/file/below", code: ENOTDIR)) {
        try POSIX.makeDirectories(root.path + "/file/below/deeper")
      }
      #expect(throws: StorageError.fileSystem(operation: .createDirectory, path: root.path + "/file", code: ENOTDIR)) {
        try POSIX.makeDirectories(root.path + "/file")
      }
      #expect(POSIX.firstNonDirectory(along: root.path + "/file/below/deeper") == root.path + "/file")
      #expect(POSIX.firstNonDirectory(along: root.path + "/a/b/c/d") == nil)
      #expect(POSIX.fileType(at: root.path + "/file") == .regularFile)
      #expect(POSIX.fileType(at: root.path + "/nothing") == .missing)
    }
  }
}
