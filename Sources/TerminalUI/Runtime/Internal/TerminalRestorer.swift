#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Raw mode for a terminal, and the signal handlers that give the terminal back when a signal
/// ends the process: SIGTERM, SIGHUP and SIGINT, and a crash (SIGILL, SIGTRAP, SIGABRT,
/// SIGSEGV, SIGBUS, as a failed `precondition` or a force-unwrapped nil in a key handler or a
/// reducer raises).
///
/// A signal handler runs in the middle of anything, so it may only make async-signal-safe
/// calls and cannot be handed a context: what it needs (the saved modes, the restore bytes,
/// the message) is prepared before the handlers are installed, in memory that only this type
/// allocates and frees, reached through the one global a handler can read. That global is the
/// exception to the library's rule against global state: a C signal handler has no other way
/// to its data.
enum TerminalRestorer {
  /// What the handlers read; written only while no handler is installed.
  struct Saved {
    var input: Int32
    var output: Int32
    var modes: termios
    var restore: UnsafeMutableBufferPointer<UInt8>
    /// Each handled signal and the action that was there before, in memory a handler can
    /// read without the runtime (no dictionary, no reference counting).
    var previous: UnsafeMutableBufferPointer<(signal: Int32, action: sigaction)>
    /// The wake-up descriptor of the input reader, written to on SIGWINCH (or -1).
    var resizeDescriptor: Int32
  }

  static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
  static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS]

  /// Saves `input`'s modes, puts it in raw mode, and installs the handlers. Returns false
  /// (and changes nothing) when `input` is not a terminal.
  @discardableResult
  static func takeOver(input: Int32, output: Int32, restoreBytes: [UInt8], resizeDescriptor: Int32) -> Bool {
    var modes = termios()
    guard tcgetattr(input, &modes) == 0 else { return false }
    let restore = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: restoreBytes.count)
    _ = restore.initialize(from: restoreBytes)
    let handled = endingSignals + crashSignals + [SIGWINCH]
    let previous = UnsafeMutableBufferPointer<(signal: Int32, action: sigaction)>.allocate(capacity: handled.count)
    for (index, signal) in handled.enumerated() {
      var old = sigaction()
      sigaction(signal, nil, &old)
      previous[index] = (signal, old)
    }
    let saved = Saved(
      input: input, output: output, modes: modes, restore: restore, previous: previous,
      resizeDescriptor: resizeDescriptor)

    var raw = modes
    // As cfmakeraw, but output processing stays on, so a stray line printed by some library
    // still starts at the left.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }

    current = UnsafeMutablePointer<Saved>.allocate(capacity: 1)
    current!.initialize(to: saved)

    for signal in endingSignals + crashSignals {
      install(signal, flags: Int32(bitPattern: UInt32(SA_RESETHAND))) { signal in
        TerminalRestorer.restoreFromHandler(signal)
      }
    }
    install(SIGWINCH, flags: Int32(SA_RESTART)) { _ in
      guard let saved = TerminalRestorer.current, saved.pointee.resizeDescriptor >= 0 else { return }
      let saveErrno = errno
      var byte: UInt8 = 0x57  // "W"
      _ = write(saved.pointee.resizeDescriptor, &byte, 1)
      errno = saveErrno
    }
    // Raw mode last, once every handler that undoes it is in place.
    tcsetattr(input, TCSAFLUSH, &raw)
    return true
  }

  /// Removes the handlers and sets the saved modes again (the caller has written the restore
  /// bytes).
  static func giveBack() {
    guard let saved = current else { return }
    for entry in saved.pointee.previous {
      var action = entry.action
      sigaction(entry.signal, &action, nil)
    }
    var modes = saved.pointee.modes
    tcsetattr(saved.pointee.input, TCSAFLUSH, &modes)
    current = nil
    saved.pointee.restore.deallocate()
    saved.pointee.previous.deallocate()
    saved.deinitialize(count: 1)
    saved.deallocate()
  }

  nonisolated(unsafe) private static var current: UnsafeMutablePointer<Saved>?

  private static func install(_ signal: Int32, flags: Int32, handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    sigaction(signal, &action, nil)
  }

  /// In a signal handler: writes the restore bytes, sets the saved modes, says what happened
  /// on a crash, puts back the handler that was there before (the Swift runtime's backtracer,
  /// or the default) and raises the signal again, so the process ends as it would have: the
  /// same status, a core dump where there would have been one.
  private static func restoreFromHandler(_ signal: Int32) {
    if let saved = current {
      let bytes = saved.pointee.restore
      _ = write(saved.pointee.output, bytes.baseAddress, bytes.count)
      var modes = saved.pointee.modes
      tcsetattr(saved.pointee.input, TCSANOW, &modes)
      let isCrash = signal == SIGILL || signal == SIGTRAP || signal == SIGABRT || signal == SIGSEGV || signal == SIGBUS
      if isCrash { writeCrashMessage(signal) }
      for index in 0..<saved.pointee.previous.count where saved.pointee.previous[index].signal == signal {
        sigaction(signal, &saved.pointee.previous[index].action, nil)
      }
    }
    // Blocked while this handler runs: delivered when it returns. A crash that returns from
    // its handler faults again anyway, now with the previous handler in place.
    raise(signal)
  }

  /// "The program crashed (signal 4); the terminal was restored.", made without allocating.
  private static func writeCrashMessage(_ signal: Int32) {
    var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { bytes in
      var count = 0
      for byte in "\nThe program crashed (signal ".utf8 {
        bytes[count] = byte
        count += 1
      }
      if signal >= 10 {
        bytes[count] = UInt8(ascii: "0") + UInt8(signal / 10 % 10)
        count += 1
      }
      bytes[count] = UInt8(ascii: "0") + UInt8(signal % 10)
      count += 1
      for byte in "); the terminal was restored.\n".utf8 {
        bytes[count] = byte
        count += 1
      }
      _ = write(STDERR_FILENO, bytes.baseAddress, count)
    }
  }
}
