import Dependencies
import Testing
import XCTest

/// Reports a failure to whichever framework runs the current test: Swift Testing when a
/// `@Test` is running, XCTest otherwise.
///
/// ```swift
/// reportTestFailure("Expected a saved document.", at: SourceLocation())
/// ```
public func reportTestFailure(_ message: String, at location: Dependencies.SourceLocation) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: Testing.SourceLocation(
        fileID: location.fileID.description,
        filePath: location.filePath.description,
        line: Int(location.line),
        column: Int(location.column)
      )
    )
  } else {
    XCTFail(message, file: location.filePath, line: location.line)
  }
}

extension IssueReporter {
  /// Turns runtime warnings and unimplemented dependencies into failures of the running test.
  public static let testFailure = IssueReporter { message, location in
    reportTestFailure(message, at: location)
  }
}
