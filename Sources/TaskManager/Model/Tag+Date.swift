import Foundation

extension Tag {
  /// The date in the tag's value: `nil` without a value or when the value is not shaped like a date.
  ///
  /// ```swift
  /// try Tag(name: "due", value: "2024-10-31 10:00").date()?.start.time  // 10:00
  /// ```
  ///
  /// - Throws: ``TaskDateError`` for a date-shaped value that is not a valid date.
  public func date() throws(TaskDateError) -> TaskDate? {
    guard let value else { return nil }
    return try TaskDate.parse(value)
  }

  /// A tag whose value is `date` in canonical form, e.g. `@done(2024-10-31)`.
  public init(name: String, date: TaskDate) {
    self.init(name: name, value: date.description)
  }
}
