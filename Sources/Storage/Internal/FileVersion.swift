#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

extension FileStorage {
  /// Which version of a file is on disk: its identity and last change, or its absence.
  enum FileVersion: Equatable {
    case absent
    case present(device: UInt64, inode: UInt64, size: Int64, modified: timespec, changed: timespec)

    init(_ info: stat) {
      #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
      #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
      #endif
      self = .present(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
        modified: modified, changed: changed
      )
    }

    /// Whether both are the same file with the same contents, whatever happened to its status
    /// (a link made to it changes its ctime).
    func isSameFile(as other: Self) -> Bool {
      switch (self, other) {
      case (.absent, .absent): return true
      case let (.present(d1, i1, s1, m1, _), .present(d2, i2, s2, m2, _)):
        return d1 == d2 && i1 == i2 && s1 == s2 && m1.tv_sec == m2.tv_sec && m1.tv_nsec == m2.tv_nsec
      default: return false
      }
    }

    /// The version at `path` now (links followed).
    static func current(at path: String) -> FileVersion? {
      var info = stat()
      if stat(path, &info) == 0 { return FileVersion(info) }
      return errno == ENOENT ? .absent : nil
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.absent, .absent): return true
      case let (.present(d1, i1, s1, m1, c1), .present(d2, i2, s2, m2, c2)):
        return d1 == d2 && i1 == i2 && s1 == s2 && m1.tv_sec == m2.tv_sec && m1.tv_nsec == m2.tv_nsec
          && c1.tv_sec == c2.tv_sec && c1.tv_nsec == c2.tv_nsec
      default: return false
      }
    }
  }
}
