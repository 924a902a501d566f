#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes text: standard output or error (buffered, flushed when the command
/// ends or before reading an answer), or memory for tests.
final class TextOutput {
  private let fileDescriptor: Int32?
  private var buffer: [UInt8] = []
  /// Everything written so far, for a memory output.
  private(set) var written: [UInt8] = []
  /// The `errno` of the first write that failed (a full disk, say), after which nothing more
  /// is sent; nil while every write succeeded. A reader that went away is not a failure.
  private(set) var failure: Int32?
  /// How many bytes were written so far, sent on or not: whether a command said anything yet.
  private(set) var byteCount = 0

  /// Writes to `fileDescriptor` (1 or 2).
  init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  /// Keeps what is written in ``text``.
  init() {
    self.fileDescriptor = nil
  }

  /// What a memory output received.
  var text: String { String(decoding: written, as: UTF8.self) }

  func write(_ text: String) {
    byteCount += text.utf8.count
    guard fileDescriptor != nil else { return written.append(contentsOf: text.utf8) }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 64 * 1024 { flush() }
  }

  /// Writes text that is UTF-8 already, without a string made of it first: a long listing is
  /// sent on as it is rather than copied into the buffer.
  func write(utf8 bytes: [UInt8]) {
    byteCount += bytes.count
    guard let fileDescriptor else { return written.append(contentsOf: bytes) }
    guard bytes.count >= 64 * 1024 else {
      buffer.append(contentsOf: bytes)
      if buffer.count >= 64 * 1024 { flush() }
      return
    }
    flush()
    bytes.withUnsafeBytes { send($0, to: fileDescriptor) }
  }

  /// Sends buffered text on. A reader that went away (`taskman list | head`) ends the process
  /// through SIGPIPE, as with any Unix tool (or, with SIGPIPE ignored, drops the text); any
  /// other write error is kept in ``failure``, for the process to report and exit with.
  func flush() {
    guard let fileDescriptor, !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { send($0, to: fileDescriptor) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func send(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) {
    guard failure == nil else { return }
    var offset = 0
    while offset < bytes.count {
      let count = systemWrite(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        if count < 0, errno != EPIPE { failure = errno }
        break
      }
    }
  }

  deinit { flush() }
}

/// `write(2)`; a free function because inside ``TextOutput`` the name means its own method.
private func systemWrite(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fileDescriptor, bytes, count)
}
