import Foundation

// What makes a task file unreadable: text that is not UTF-8, and lines ending in lone carriage
// returns. Both are refused before anything is parsed, and nothing is written over them.
extension TaskFile {
  /// Whether the lines of `bytes` end with carriage returns alone: no line feed, and a `\r`
  /// before the last byte (a file of one line may end with a stray `\r`, which stays its own).
  static func hasClassicLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count > 1, let base = bytes.baseAddress,
      memchr(base, Int32(ASCII.carriageReturn), bytes.count - 1) != nil
    else { return false }
    return memchr(base, Int32(ASCII.lineFeed), bytes.count) == nil
  }

  /// The first line of `bytes` that is not valid UTF-8, as an error.
  static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> TaskDocumentError? {
    guard !UTF8Validation.isValid(bytes) else { return nil }
    var line = 1
    var lineStart = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == ASCII.lineFeed {
        line += 1
        lineStart = index + 1
        index += 1
        continue
      }
      guard let length = UTF8Validation.sequenceLength(bytes, at: index) else {
        return TaskDocumentError(line: line, problem: .invalidUTF8(byte: byte, column: index - lineStart + 1))
      }
      index += length
    }
    return TaskDocumentError(line: line, problem: .invalidUTF8(byte: 0, column: index - lineStart + 1))
  }
}
