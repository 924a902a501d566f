#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// Raw mode for a terminal, and the signal handlers that give the terminal back when a signal
/// ends the process: SIGTERM, SIGHUP and SIGINT, and a crash (SIGILL, SIGTRAP, SIGABRT,
/// SIGSEGV, SIGBUS, as a failed `precondition` or a force-unwrapped nil in a key handler or a
/// reducer raises).
///
/// A signal handler runs in the middle of anything, so it may only make async-signal-safe
/// calls and cannot be handed a context: what it needs (the saved modes, the restore bytes,
/// the message) is prepared before the handlers are installed, in memory that is never freed
/// (a handler on another thread may still be reading it after ``giveBack()``: a few hundred
/// bytes per run), reached through the one atomic a handler can read. That atomic is the
/// exception to the library's rule against global state: a C signal handler has no other way
/// to its data.
///
/// `package` so that `taskman shell`'s line editor takes the terminal in raw mode the same way
/// while it reads a line, and gives it back before each command runs.
package enum TerminalRestorer {
  /// What the handlers read; never changed once published.
  struct Saved {
    var input: Int32
    var output: Int32
    /// The input's modes, when it is a terminal (and was put in raw mode).
    var modes: termios?
    var restore: UnsafeMutableBufferPointer<UInt8>
    /// Each signal a handler was installed for and the action that was there before, in
    /// memory a handler can read without the runtime (no dictionary, no reference counting).
    var previous: UnsafeMutableBufferPointer<(signal: Int32, action: sigaction)>
    /// The wake-up descriptor of the input reader, written to on SIGWINCH (or -1).
    var resizeDescriptor: Int32
    /// Standard error as it was (or -1 when it is not captured), and the file that takes its
    /// output while the app runs: see ``captureStandardError()``.
    var standardError: Int32
    var capturedErrors: Int32
  }

  static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
  static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS]

  /// Installs the handlers, then saves `input`'s modes and puts it in raw mode. The handlers
  /// are installed even when `input` is not a terminal (output may still be one, and the
  /// restore bytes undo the alternate screen); only raw mode needs a terminal. Returns whether
  /// `input` is one.
  ///
  /// A full-screen app discards the keys typed before it started (`flushingInput`); a line
  /// editor keeps them, as they are the start of the line typed ahead while a command ran.
  /// A line editor draws on standard error, so it does not capture it either
  /// (`capturingStandardError`, see ``captureStandardError()``).
  @discardableResult
  package static func takeOver(
    input: Int32, output: Int32, restoreBytes: [UInt8], resizeDescriptor: Int32, flushingInput: Bool = true,
    capturingStandardError: Bool = true
  ) -> Bool {
    var modes = termios()
    let isTerminal = tcgetattr(input, &modes) == 0
    let restore = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: restoreBytes.count)
    _ = restore.initialize(from: restoreBytes)

    // A signal the process was told to ignore (nohup, `trap '' TERM`) stays ignored: the user
    // asked for it to survive that signal. Resizes are always wanted.
    var handled: [(signal: Int32, action: sigaction)] = []
    for signal in endingSignals + crashSignals + [SIGWINCH] {
      var old = sigaction()
      sigaction(signal, nil, &old)
      if signal != SIGWINCH, isIgnored(old) { continue }
      handled.append((signal, old))
    }
    let previous = UnsafeMutableBufferPointer<(signal: Int32, action: sigaction)>.allocate(capacity: handled.count)
    _ = previous.initialize(from: handled)

    let (standardError, capturedErrors) = capturingStandardError ? captureStandardError() : (-1, -1)
    let saved = UnsafeMutablePointer<Saved>.allocate(capacity: 1)
    saved.initialize(
      to: Saved(
        input: input, output: output, modes: isTerminal ? modes : nil, restore: restore, previous: previous,
        resizeDescriptor: resizeDescriptor, standardError: standardError, capturedErrors: capturedErrors))
    address.store(UInt(bitPattern: saved), ordering: .sequentiallyConsistent)

    giveThreadASignalStack()

    // While one handler runs, the others wait: a SIGTERM in the middle of a crash's restore
    // does not restore a second time or end the process halfway.
    var mask = sigset_t()
    sigemptyset(&mask)
    for entry in handled { sigaddset(&mask, entry.signal) }
    for entry in handled where entry.signal != SIGWINCH {
      install(entry.signal, mask: mask, flags: Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_ONSTACK))) { signal in
        TerminalRestorer.restoreFromHandler(signal)
      }
    }
    install(SIGWINCH, mask: mask, flags: Int32(SA_RESTART)) { _ in
      guard let saved = TerminalRestorer.current(),
        saved.pointee.resizeDescriptor >= 0
      else { return }
      let saveErrno = errno
      var byte: UInt8 = 0x57  // "W"
      _ = write(saved.pointee.resizeDescriptor, &byte, 1)
      errno = saveErrno
    }
    // Raw mode last, once every handler that undoes it is in place.
    if isTerminal {
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
      tcsetattr(input, flushingInput ? TCSAFLUSH : TCSADRAIN, &raw)
    }
    return isTerminal
  }

  /// Puts back the handlers that were there before and sets the saved modes again (the caller
  /// has written the restore bytes). The saved state is not freed: see the type's comment.
  /// `flushingInput` as for ``takeOver(input:output:restoreBytes:resizeDescriptor:flushingInput:capturingStandardError:)``:
  /// a line editor keeps the keys typed after Enter for the command's question or the next line.
  package static func giveBack(flushingInput: Bool = true) {
    guard let saved = UnsafeMutablePointer<Saved>(bitPattern: address.exchange(0, ordering: .sequentiallyConsistent))
    else { return }
    for entry in saved.pointee.previous {
      var action = entry.action
      sigaction(entry.signal, &action, nil)
    }
    if var modes = saved.pointee.modes {
      tcsetattr(saved.pointee.input, flushingInput ? TCSAFLUSH : TCSADRAIN, &modes)
    }
    replayStandardError(saved)
    if saved.pointee.standardError >= 0 {
      close(saved.pointee.standardError)
      close(saved.pointee.capturedErrors)
    }
  }

  /// While the app has the terminal, what the program writes on standard error (a library's
  /// warning, the Swift runtime's `Fatal error: …` line before a crash) goes to a file in
  /// memory rather than onto the alternate screen, where the next frame would paint over it and
  /// leaving the screen would take it away; it is written on standard error once the terminal is
  /// given back, crash or not. Only when standard error is a terminal (a file or a pipe gets its
  /// lines as they come). The capture is an unnamed temporary file (`tmpfile`): nothing is left
  /// behind, even after a crash. Returns the saved standard error and the capture, or -1 and -1.
  private static func captureStandardError() -> (standardError: Int32, capture: Int32) {
    guard isatty(STDERR_FILENO) == 1, let file = tmpfile() else { return (-1, -1) }
    // The stream is never closed: its descriptor is the capture, closed by `giveBack()`.
    let capture = fileno(file)
    _ = fcntl(capture, F_SETFD, FD_CLOEXEC)
    let copy = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
    guard copy >= 0, dup2(capture, STDERR_FILENO) >= 0 else {
      fclose(file)
      if copy >= 0 { close(copy) }
      return (-1, -1)
    }
    return (copy, capture)
  }

  /// Puts standard error back and writes on it what was captured: async-signal-safe (a stack
  /// buffer, `read` and `write`).
  private static func replayStandardError(_ saved: UnsafeMutablePointer<Saved>) {
    let copy = saved.pointee.standardError
    let capture = saved.pointee.capturedErrors
    guard copy >= 0, dup2(copy, STDERR_FILENO) >= 0 else { return }
    guard lseek(capture, 0, SEEK_SET) == 0 else { return }
    var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { bytes in
      guard let base = bytes.baseAddress else { return }
      while true {
        let count = read(capture, base, bytes.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return }
        writeFully(STDERR_FILENO, base, count)
      }
    }
  }

  /// A stack overflow's SIGSEGV comes with no stack left to run a handler on: the calling
  /// thread gets a stack of its own for signals unless it has one. Per thread, so the runtime
  /// calls it before each key and frame, wherever the main actor's jobs run now (on Linux, after
  /// `dispatch_main` the main thread is no longer theirs); a system call when the thread has
  /// one. Never freed: a handler may run on it until the process ends (64 KiB a thread that
  /// ever handled a key). Only while the handlers are installed.
  static func giveThreadASignalStack() {
    guard current() != nil else { return }
    var existing = stack_t()
    guard sigaltstack(nil, &existing) == 0, existing.ss_flags & Int32(SS_DISABLE) != 0 else { return }
    var stack = stack_t()
    let size = 64 * 1024
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    stack.ss_size = size
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
  }

  /// The address of the state the handlers read, or 0 when no run has the terminal: an
  /// integer, as an atomic pointer would not be `Sendable`; lock-free either way.
  private static let address = Atomic<UInt>(0)

  private static func current() -> UnsafeMutablePointer<Saved>? {
    UnsafeMutablePointer(bitPattern: address.load(ordering: .sequentiallyConsistent))
  }

  /// Whether `action` is SIG_IGN (the same bits whether or not SA_SIGINFO is set).
  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
      let handler = action.__sigaction_u.__sa_handler
    #else
      let handler = action.__sigaction_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private static func install(
    _ signal: Int32, mask: sigset_t, flags: Int32, handler: @convention(c) (Int32) -> Void
  ) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    action.sa_mask = mask
    action.sa_flags = flags
    sigaction(signal, &action, nil)
  }

  /// In a signal handler: writes the restore bytes, sets the saved modes, says what happened
  /// on a crash, puts back the handler that was there before (the Swift runtime's backtracer,
  /// or the default) and raises the signal again, so the process ends as it would have: the
  /// same status, a core dump where there would have been one.
  private static func restoreFromHandler(_ signal: Int32) {
    if let saved = current() {
      let bytes = saved.pointee.restore
      if let base = bytes.baseAddress { writeFully(saved.pointee.output, base, bytes.count) }
      if var modes = saved.pointee.modes {
        tcsetattr(saved.pointee.input, TCSANOW, &modes)
      }
      replayStandardError(saved)
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

  /// Writes all `count` bytes, in parts if the terminal takes them so, through interruptions:
  /// async-signal-safe. A descriptor that stays full is given up on rather than spun on.
  private static func writeFully(_ output: Int32, _ start: UnsafeRawPointer, _ count: Int) {
    var offset = 0
    var retries = 0
    while offset < count {
      let written = write(output, start + offset, count - offset)
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR || errno == EAGAIN, retries < 1000 {
        retries += 1
      } else {
        return
      }
    }
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
      if let base = bytes.baseAddress { writeFully(STDERR_FILENO, base, count) }
    }
  }
}
