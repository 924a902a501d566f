import Foundation

extension TaskDate {
  /// Reads a tag value: `nil` when it is not shaped like a date, the date when it is a valid one.
  ///
  /// ```swift
  /// try TaskDate.parse("2024-10-31")  // 2024-10-31
  /// try TaskDate.parse("next week")  // nil
  /// try TaskDate.parse("2024-10-31 12:70")  // throws: Invalid time 12:70
  /// ```
  ///
  /// - Throws: ``TaskDateError`` when the value has a date's shape but names an impossible day or
  ///   time, or a range that does not end after it starts.
  public static func parse(_ value: String) throws(TaskDateError) -> TaskDate? {
    let outcome = value.withUTF8Bytes { bytes in
      var scanner = DateScanner(bytes: bytes)
      return scanner.scan()
    }
    switch outcome {
    case .notADate: return nil
    case .date(let date): return date
    case .invalid(let error): throw error
    }
  }
}

/// A hand-written scanner over the value's UTF-8 bytes: values are parsed for every task of a
/// large document, so no formatter, regex or intermediate strings.
private struct DateScanner {
  enum Outcome {
    case notADate
    case date(TaskDate)
    case invalid(TaskDateError)
  }

  struct RawDay {
    var year: Int
    var month: Int
    var day: Int
    var text: Range<Int>
  }

  struct RawTime {
    var hour: Int
    var minute: Int
    var text: Range<Int>
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func scan() -> Outcome {
    // First match the whole shape, then validate: a value like `2024-02-30 soon` is "not a
    // date" rather than an invalid one.
    skipBlanks()
    guard let startDay = readDay() else { return .notADate }
    let startTime = readTimeAfterBlanks()
    skipBlanks()
    var endDay: RawDay?
    var endTime: RawTime?
    if index < bytes.count {
      guard readSeparator() else { return .notADate }
      skipBlanks()
      if let day = readDay() {
        endDay = day
        endTime = readTimeAfterBlanks()
      } else if let time = readTime(), startTime != nil {
        endTime = time
      } else {
        return .notADate
      }
      skipBlanks()
      guard index == bytes.count else { return .notADate }
    }

    do {
      let start = TaskDate.Point(day: try validate(startDay), time: try startTime.map(validate))
      var end: TaskDate.Point?
      if let endDay {
        end = TaskDate.Point(day: try validate(endDay), time: try endTime.map(validate))
      } else if let endTime {
        end = TaskDate.Point(day: start.day, time: try validate(endTime))
      }
      return .date(try TaskDate(start: start, end: end))
    } catch {
      return .invalid(error)
    }
  }

  private func validate(_ raw: RawDay) throws(TaskDateError) -> TaskDate.Day {
    guard let day = TaskDate.Day(year: raw.year, month: raw.month, day: raw.day) else {
      throw .invalidDate(text(raw.text))
    }
    return day
  }

  private func validate(_ raw: RawTime) throws(TaskDateError) -> TaskDate.Time {
    guard let time = TaskDate.Time(hour: raw.hour, minute: raw.minute) else {
      throw .invalidTime(text(raw.text))
    }
    return time
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private mutating func skipBlanks() {
    while index < bytes.count, ASCII.isBlank(bytes[index]) { index += 1 }
  }

  /// `YYYY-MM-DD`, exactly four, two and two digits.
  private mutating func readDay() -> RawDay? {
    let start = index
    guard start + 10 <= bytes.count,
      let year = number(start, 4), bytes[start + 4] == ASCII.hyphen,
      let month = number(start + 5, 2), bytes[start + 7] == ASCII.hyphen,
      let day = number(start + 8, 2)
    else { return nil }
    index = start + 10
    return RawDay(year: year, month: month, day: day, text: start..<index)
  }

  /// `H:MM` or `HH:MM`, not followed by another digit.
  private mutating func readTime() -> RawTime? {
    let start = index
    var hourEnd = start
    while hourEnd < bytes.count, hourEnd - start < 3, isDigit(bytes[hourEnd]) { hourEnd += 1 }
    let hourDigits = hourEnd - start
    guard (1...2).contains(hourDigits), let hour = number(start, hourDigits),
      hourEnd + 3 <= bytes.count, bytes[hourEnd] == ASCII.colon,
      let minute = number(hourEnd + 1, 2),
      hourEnd + 3 == bytes.count || !isDigit(bytes[hourEnd + 3])
    else { return nil }
    index = hourEnd + 3
    return RawTime(hour: hour, minute: minute, text: start..<index)
  }

  /// A time separated from the preceding day by at least one blank; leaves `index` alone if none.
  private mutating func readTimeAfterBlanks() -> RawTime? {
    let saved = index
    skipBlanks()
    if index > saved, let time = readTime() { return time }
    index = saved
    return nil
  }

  /// `-`, `thru` or `through`, any case.
  private mutating func readSeparator() -> Bool {
    if index < bytes.count, bytes[index] == ASCII.hyphen {
      index += 1
      return true
    }
    let words: [StaticString] = ["through", "thru"]
    for word in words where matchesWord(word) {
      index += word.utf8CodeUnitCount
      return true
    }
    return false
  }

  private func matchesWord(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let pointer = word.utf8Start
    for offset in 0..<count where bytes[index + offset] | 0x20 != pointer[offset] {
      return false
    }
    return true
  }

  private func number(_ start: Int, _ count: Int) -> Int? {
    var value = 0
    for offset in 0..<count {
      let byte = bytes[start + offset]
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
