/// A place in the source code, used to attribute a reported issue to the line that caused it.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file as `Module/File.swift`, from `#fileID`.
  public var fileID: StaticString
  /// The full path of the file, from `#filePath`; test frameworks use it to place the failure.
  public var filePath: StaticString
  /// The line, from `#line`.
  public var line: UInt
  /// The column, from `#column`.
  public var column: UInt

  /// Creates a location; the defaults capture the caller's position.
  public init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12`.
  public var description: String { "\(fileID):\(line)" }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fileID.description == rhs.fileID.description
      && lhs.filePath.description == rhs.filePath.description
      && lhs.line == rhs.line && lhs.column == rhs.column
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(filePath.description)
    hasher.combine(line)
    hasher.combine(column)
  }
}
