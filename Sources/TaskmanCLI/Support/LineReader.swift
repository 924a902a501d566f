#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads standard input line by line for `taskman shell` and confirmation prompts, which share
/// one reader so an answer is the line after the command that asked.
///
/// A line ends with `\n` (a `\r` before it is dropped) or with the end of input. A line longer
/// than the limit is skipped up to its end and reported, without holding it in memory.
final class LineReader {
  enum Line: Equatable {
    case text([UInt8])
    /// A line over the limit, skipped; carries how many bytes it had.
    case tooLong(Int)
  }

  private let fileDescriptor: Int32?
  private var buffer: [UInt8]
  private var position = 0
  private var atEnd = false
  let maximumLineBytes: Int

  /// Reads from `fileDescriptor` (0 for standard input).
  init(fileDescriptor: Int32, maximumLineBytes: Int = InputText.maximumLineBytes) {
    self.fileDescriptor = fileDescriptor
    self.buffer = []
    self.maximumLineBytes = maximumLineBytes
  }

  /// Reads `bytes`, for tests.
  init(bytes: [UInt8], maximumLineBytes: Int = InputText.maximumLineBytes) {
    self.fileDescriptor = nil
    self.buffer = bytes
    self.atEnd = true
    self.maximumLineBytes = maximumLineBytes
  }

  convenience init(_ text: String) { self.init(bytes: Array(text.utf8)) }

  /// The next line without its line break, or nil at the end of input.
  func readLine() -> Line? {
    var skipped = 0
    while true {
      if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = take(upTo: newline, dropping: 1)
        if skipped > 0 || line.count > maximumLineBytes { return .tooLong(skipped + line.count) }
        return .text(line)
      }
      if buffer.count - position > maximumLineBytes {
        skipped += buffer.count - position
        buffer.removeAll(keepingCapacity: true)
        position = 0
      }
      if atEnd || !fill() {
        atEnd = true
        guard position < buffer.count || skipped > 0 else { return nil }
        let line = take(upTo: buffer.count, dropping: 0)
        if skipped > 0 || line.count > maximumLineBytes { return .tooLong(skipped + line.count) }
        return .text(line)
      }
    }
  }

  private func take(upTo end: Int, dropping separator: Int) -> [UInt8] {
    var line = Array(buffer[position..<end])
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    position = end + separator
    if position > 64 * 1024 && position * 2 > buffer.count {
      buffer.removeFirst(position)
      position = 0
    }
    return line
  }

  /// Reads more input; false at the end of input or on an error.
  private func fill() -> Bool {
    guard let fileDescriptor else { return false }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.append(contentsOf: chunk[..<count])
        return true
      }
      if count < 0 && errno == EINTR { continue }
      return false
    }
  }
}
