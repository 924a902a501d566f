#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Runs `body` with a new empty directory, removed afterwards with everything in it.
///
/// With `inMemory`, the directory is on a RAM file system (`/dev/shm`) where there is one: for
/// tests that save hundreds of times, since each save's `fsync`s can take over 10 ms on a disk
/// busy with other builds. Locks, links and renames work there as on disk.
func withTemporaryDirectory<R>(inMemory: Bool = false, _ body: (URL) throws -> R) throws -> R {
  var base = FileManager.default.temporaryDirectory.path
  if inMemory && access("/dev/shm", W_OK) == 0 { base = "/dev/shm" }
  var template = Array((base + "/StorageTests.XXXXXX").utf8CString)
  guard let created = mkdtemp(&template) else {
    throw TestFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
  }
  let url = URL(fileURLWithPath: String(cString: created), isDirectory: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}

/// Runs the async `body` with a new empty directory, removed afterwards with everything in it.
func withTemporaryDirectory<R>(_ body: (URL) async throws -> R) async throws -> R {
  var template = Array((FileManager.default.temporaryDirectory.path + "/StorageTests.XXXXXX").utf8CString)
  guard let created = mkdtemp(&template) else {
    throw TestFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
  }
  let url = URL(fileURLWithPath: String(cString: created), isDirectory: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try await body(url)
}

/// The names in `directory`, sorted.
func fileNames(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// A test failure with a message of our own, for `throw`.
struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
