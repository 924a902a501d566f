/// The escape sequences that take a terminal over for a full-screen app and give it back.
enum TerminalSequences {
  /// The alternate screen (the shell's screen is kept and comes back after), the cursor
  /// hidden, bracketed paste on, and autowrap off, so that writing the last cell of the last
  /// row never scrolls the screen.
  static let enter = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?7l".utf8)

  /// Everything `enter` changed, undone. It starts with CAN, which ends an escape sequence a
  /// signal may have interrupted halfway through a frame, and resets the style.
  static let restore = Array("\u{18}\u{1B}[0m\u{1B}[?2004l\u{1B}[?7h\u{1B}[?1049l\u{1B}[?25h".utf8)
}
