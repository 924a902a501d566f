#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file the way `cat` does: any file that can be opened and read (a pipe, a
/// device, `/dev/stdin`), not only regular files, with errors as the system gave them.
struct FileReader {
  enum Failure: Error, Equatable {
    /// More than the limit; the rest was not read.
    case tooLarge
    /// The path names a directory.
    case isDirectory
    /// The system's error (`errno`) while opening or reading.
    case system(Int32)
  }

  let path: String

  func read(maximumBytes: Int) -> Result<[UInt8], Failure> {
    var fd: Int32
    repeat {
      fd = open(path, O_RDONLY | O_CLOEXEC)
    } while fd < 0 && errno == EINTR
    guard fd >= 0 else { return .failure(errno == EISDIR ? .isDirectory : .system(errno)) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.isDirectory) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        result += chunk[..<count]
        if result.count > maximumBytes { return .failure(.tooLarge) }
      } else if count == 0 {
        return .success(result)
      } else if errno != EINTR {
        return .failure(errno == EISDIR ? .isDirectory : .system(errno))
      }
    }
  }
}

/// The C `read`, which ``FileReader/read(maximumBytes:)`` shadows.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
