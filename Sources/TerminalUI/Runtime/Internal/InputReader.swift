#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Reads a terminal's input on a thread of its own, so that the main actor stays free to run
/// the store, and turns SIGWINCH into resize events. The thread waits on the input and on a
/// pipe: the signal handler writes "W" to the pipe, and ``stop()`` writes "Q", so that after a
/// run no thread is left reading keys meant for the shell.
package final class InputReader: Sendable {
  let input: Int32
  /// The pipe's read and write ends.
  let wake: (read: Int32, write: Int32)

  package init(input: Int32) {
    self.input = input
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    }
    wake = (ends[0], ends[1])
  }

  /// Starts the thread; the stream ends at the end of input, on a read error, or after
  /// ``stop()``.
  package func events() -> AsyncStream<Terminal.Event> {
    AsyncStream { continuation in
      let thread = Thread { [self] in
        run(continuation)
        continuation.finish()
      }
      thread.name = "TerminalUI input"
      thread.start()
    }
  }

  /// Ends the thread (and the stream) without reading anything more.
  func stop() {
    var byte: UInt8 = 0x51  // "Q"
    _ = write(wake.write, &byte, 1)
  }

  private func run(_ continuation: AsyncStream<Terminal.Event>.Continuation) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var descriptors = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if descriptors[1].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(wake.read, $0.baseAddress, $0.count) }
        if count <= 0 || buffer[0..<count].contains(0x51) { return }
        continuation.yield(.resized)
      }
      if descriptors[0].revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        if count <= 0 { return }
        var bytes = Array(buffer[0..<count])
        // A read that filled the buffer was cut by its size, not by the end of what the terminal
        // sent (a paste, keys typed faster than read): what is ready already is read too before
        // decoding, so that a sequence cut at the buffer's end is not taken for a lone Escape.
        var filled = count == buffer.count
        while filled {
          var more = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
          guard poll(&more, 1, 0) > 0 else { break }
          let extra = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
          guard extra > 0 else { break }
          bytes += buffer[0..<extra]
          filled = extra == buffer.count
        }
        continuation.yield(.input(bytes))
      }
    }
  }

  deinit {
    close(wake.read)
    close(wake.write)
  }
}

/// Writes all of `bytes` to `output` (in one call unless the terminal takes them in parts).
func writeAll(_ bytes: [UInt8], to output: Int32) {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(output, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }
}
