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
/// than the limit is reported as soon as it passes the limit, without reading the rest of it
/// (which may never end: `cat /dev/zero`); the next read skips what is left of it.
final class LineReader {
  enum Line: Equatable {
    case text([UInt8])
    /// A line over the limit; carries how many bytes of it were read (more than the limit).
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

  /// Whether the last line returned was too long and its end has not been read yet.
  private var skippingRestOfLine = false

  /// How many lines ``readLine()`` has returned, whoever read them (the shell or a prompt's
  /// answer): the number of the last line read.
  private(set) var linesRead = 0

  /// The next line without its line break, or nil at the end of input.
  func readLine() -> Line? {
    let line = nextLine()
    if line != nil { linesRead += 1 }
    return line
  }

  private func nextLine() -> Line? {
    if skippingRestOfLine {
      skippingRestOfLine = false
      while true {
        if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
          position = newline + 1
          break
        }
        buffer.removeAll(keepingCapacity: true)
        position = 0
        if atEnd || !fill() {
          atEnd = true
          return nil
        }
      }
    }
    while true {
      if let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = take(upTo: newline, dropping: 1)
        if line.count > maximumLineBytes { return .tooLong(line.count) }
        return .text(line)
      }
      if buffer.count - position > maximumLineBytes {
        let count = buffer.count - position
        buffer.removeAll(keepingCapacity: true)
        position = 0
        skippingRestOfLine = true
        return .tooLong(count)
      }
      if atEnd || !fill() {
        atEnd = true
        guard position < buffer.count else { return nil }
        let line = take(upTo: buffer.count, dropping: 0)
        if line.count > maximumLineBytes { return .tooLong(line.count) }
        return .text(line)
      }
    }
  }

  /// Everything left to read, or nil as soon as it is over `maximumBytes` (the rest is not
  /// read).
  func readToEnd(maximumBytes: Int) -> [UInt8]? {
    var result = Array(buffer[position...])
    buffer.removeAll()
    position = 0
    while !atEnd {
      if result.count > maximumBytes { return nil }
      if fill() {
        result += buffer
        buffer.removeAll(keepingCapacity: true)
      } else {
        atEnd = true
      }
    }
    return result.count > maximumBytes ? nil : result
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
