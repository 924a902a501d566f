/// A colour of a cell's text or background: the terminal's default, one of the sixteen
/// colours every terminal has (which follow the user's theme), or one of the 256 of xterm's
/// palette.
///
/// ```swift
/// Style(foreground: .cyan)
/// Style(foreground: .palette(208))  // orange
/// ```
public enum Color: Hashable, Sendable {
  /// The terminal's own colour: what a cell has when nothing styles it.
  case `default`
  case black, red, green, yellow, blue, magenta, cyan, white
  case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
  /// A colour of xterm's 256-colour palette.
  case palette(UInt8)
}
