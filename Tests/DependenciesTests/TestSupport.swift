#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation

/// Collects what the library reports through an ``IssueReporter``, from any thread.
final class IssueCapture: Sendable {
  struct Reported: Sendable {
    var message: String
    var location: SourceLocation
  }

  private let reported = Lock<[Reported]>([])

  /// A reporter that appends to this capture.
  var reporter: IssueReporter {
    IssueReporter { message, location in
      self.reported.withLock { $0.append(Reported(message: message, location: location)) }
    }
  }

  var all: [Reported] { reported.withLock { $0 } }
  var messages: [String] { all.map(\.message) }
}

/// A test failure with a message of our own, for `throw`.
struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
