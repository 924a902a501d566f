#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing
import TerminalUI

/// The signal handlers ``Terminal/standard(input:output:)`` installs to give the terminal back,
/// checked by the process's signal dispositions (a signal would end the test process).
@Suite(.serialized)
struct TerminalRestorerTests {
  /// The handler bits of `signal`'s current disposition.
  private func disposition(_ signal: Int32) -> Int {
    var action = sigaction()
    sigaction(signal, nil, &action)
    #if canImport(Darwin)
      return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #else
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #endif
  }

  private func withPipe(_ body: (_ read: Int32, _ write: Int32) -> Void) {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    body(ends[0], ends[1])
    close(ends[0])
    close(ends[1])
  }

  @Test func handlersAreInstalledWhenInputIsNotATerminal() {
    // The alternate screen is entered on the output whatever the input is, so a signal must
    // still undo it: `taskman ui < file` on a terminal.
    withPipe { read, write in
      let before = disposition(SIGTERM)
      let terminal = Terminal.standard(input: read, output: write)
      terminal.takeOver([0x1B, 0x63])
      #expect(disposition(SIGTERM) != before)
      // A crash is handled by the same restoring handler.
      #expect(disposition(SIGSEGV) == disposition(SIGTERM))
      terminal.giveBack()
      #expect(disposition(SIGTERM) == before)
    }
  }

  @Test func ignoredSignalsStayIgnored() {
    // nohup and `trap '' HUP` ask for the process to survive the signal.
    withPipe { read, write in
      var ignore = sigaction()
      #if canImport(Darwin)
        ignore.__sigaction_u.__sa_handler = SIG_IGN
      #else
        ignore.__sigaction_handler.sa_handler = SIG_IGN
      #endif
      var old = sigaction()
      sigaction(SIGHUP, &ignore, &old)
      defer { sigaction(SIGHUP, &old, nil) }
      let ignored = disposition(SIGHUP)
      let handledBefore = disposition(SIGTERM)

      let terminal = Terminal.standard(input: read, output: write)
      terminal.takeOver([0x1B, 0x63])
      #expect(disposition(SIGHUP) == ignored)
      #expect(disposition(SIGTERM) != handledBefore)
      terminal.giveBack()
      #expect(disposition(SIGHUP) == ignored)
    }
  }
}
