#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import TerminalUI

extension LineEditor.Console {
  /// The process's terminal: keys from standard input, output on standard error; nil unless
  /// both are terminals and `TERM` is not `dumb` (then the shell reads lines as it always did).
  ///
  /// While a line is read, the terminal is in raw mode through TerminalUI's
  /// `TerminalRestorer`, whose handlers give the modes back before SIGTERM, SIGHUP, SIGINT or a
  /// crash ends the process; between lines (while a command runs) its modes and the signal
  /// handlers are the usual ones. Keys typed ahead are kept (no flush either way).
  static func standard(environment: [String: String]) -> LineEditor.Console? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1, environment["TERM"] != "dumb" else { return nil }
    let wake = ResizePipe()
    return LineEditor.Console(
      begin: {
        wake.drain()
        TerminalRestorer.takeOver(
          input: STDIN_FILENO, output: STDERR_FILENO, restoreBytes: [], resizeDescriptor: wake.writeEnd, flushingInput: false,
          capturingStandardError: false)
      },
      end: { TerminalRestorer.giveBack(flushingInput: false) },
      read: { readEvent(wake: wake) },
      write: { bytes in
        bytes.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count {
            let written = systemWrite(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            guard written > 0 else { return }
            offset += written
          }
        }
      },
      columns: {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
      }
    )
  }

  /// Waits for input or a resize. Input is read a byte at a time for as long as more is
  /// waiting, and no further than an Enter (CR or LF): what follows is left to whoever reads
  /// next, a confirmation in cooked mode or the next line. The bytes of one key arrive
  /// together, so a chunk never ends inside an escape sequence.
  private static func readEvent(wake: ResizePipe) -> Event? {
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if descriptors[1].revents != 0 {
        wake.drain()
        return .resized
      }
      guard descriptors[0].revents != 0 else { continue }
      var bytes: [UInt8] = []
      while true {
        var byte: UInt8 = 0
        let count = systemRead(STDIN_FILENO, &byte, 1)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return bytes.isEmpty ? nil : .input(bytes) }
        bytes.append(byte)
        if byte == 0x0D || byte == 0x0A { break }
        var waiting: Int32 = 0
        guard ioctl(STDIN_FILENO, UInt(FIONREAD), &waiting) == 0, waiting > 0 else { break }
      }
      return .input(bytes)
    }
  }
}

/// The pipe the SIGWINCH handler writes to, which wakes the read that waits for keys.
private final class ResizePipe {
  let readEnd: Int32
  let writeEnd: Int32

  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      }
    }
    (readEnd, writeEnd) = (ends[0], ends[1])
  }

  /// Empties the pipe (resizes while no line was read are seen when the next line starts).
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ systemRead(readEnd, $0.baseAddress, $0.count) }) > 0 {}
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
