import Foundation

/// Where the library sends problems it finds at run time: misuse of an API, an unimplemented
/// test dependency, an action for a child that is not there.
///
/// Live code prints them to standard error as runtime warnings. `ComposableTesting` installs a
/// reporter that turns them into failures of whichever test framework runs the test (XCTest or
/// Swift Testing). A reporter travels with ``DependencyValues`` (``DependencyValues/issueReporter``),
/// so it follows a store's reducers and effects into every task they start.
///
/// ```swift
/// let reported = LockIsolated<[String]>([])
/// withDependencies {
///   $0.issueReporter = IssueReporter { message, _ in reported.withValue { $0.append(message) } }
/// } operation: { … }
/// ```
public struct IssueReporter: Sendable {
  private let body: @Sendable (_ message: String, _ location: SourceLocation) -> Void

  /// Creates a reporter from a closure that receives each message and the source location it
  /// is attributed to.
  public init(_ report: @escaping @Sendable (_ message: String, _ location: SourceLocation) -> Void) {
    self.body = report
  }

  /// Reports one issue.
  public func callAsFunction(_ message: String, at location: SourceLocation) {
    body(message, location)
  }

  /// Prints `[Composable] warning: <message> (at File.swift:12)` to standard error.
  public static let standardError = IssueReporter { message, location in
    let text = "[Composable] warning: \(message)\n  at \(location)\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}

private enum IssueReporterKey: DependencyKey {
  static let liveValue = IssueReporter.standardError
  static let testValue = IssueReporter.standardError
}

extension DependencyValues {
  /// The reporter that receives runtime warnings and test failures raised by the library.
  public var issueReporter: IssueReporter {
    get { self[IssueReporterKey.self] }
    set { self[IssueReporterKey.self] = newValue }
  }
}

/// Reports an issue through the current ``DependencyValues/issueReporter``.
///
/// Libraries built on `Dependencies` call this for misuse that should fail a test but must not
/// crash an app.
public func reportIssue(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  DependencyValues.current.issueReporter(message(), at: location)
}
