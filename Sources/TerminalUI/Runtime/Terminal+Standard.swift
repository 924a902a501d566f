#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// The process's own terminal: keys from standard input (read on a thread of its own), the
  /// screen on standard output, the size from `TIOCGWINSZ`, and resizes from `SIGWINCH`.
  ///
  /// Taking it over puts standard input in raw mode after saving its modes, and installs
  /// signal handlers that give the terminal back (the restore bytes, the saved modes) before
  /// the process ends on SIGTERM, SIGHUP or SIGINT, or crashes (SIGILL, SIGTRAP, SIGABRT,
  /// SIGSEGV, SIGBUS: then with a line on standard error saying so), and then let the signal
  /// end the process as it would have. The handlers are installed even when standard input is
  /// not a terminal (only raw mode needs one), and a signal the process ignores (`nohup`,
  /// `trap '' TERM`) stays ignored.
  public static func standard(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Terminal {
    let reader = InputReader(input: input)
    return Terminal(
      events: { reader.events() },
      write: { bytes in writeAll(bytes, to: output) },
      size: {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
          return Size(columns: 80, rows: 24)
        }
        return Size(columns: Int(size.ws_col), rows: Int(size.ws_row))
      },
      isTerminal: isatty(output) == 1,
      takeOver: { restoreBytes in
        TerminalRestorer.takeOver(
          input: input, output: output, restoreBytes: restoreBytes, resizeDescriptor: reader.wake.write)
      },
      giveBack: {
        reader.stop()
        TerminalRestorer.giveBack()
      }
    )
  }
}
