/// How a cell's text looks: its colours and attributes.
///
/// ```swift
/// let selected = Style(reverse: true)
/// let tag = Style(foreground: .cyan)
/// let doneTag = tag.with(\.dim, true)
/// ```
///
/// A frame keeps styles whatever the terminal can show; whether colours are written at all
/// (`NO_COLOR`, output not a terminal) is the runtime's business, so that a view never asks.
public struct Style: Hashable, Sendable {
  /// The text's colour.
  public var foreground: Color
  /// The cell's background.
  public var background: Color
  /// Bold (or bright) text.
  public var bold: Bool
  /// Faint text.
  public var dim: Bool
  /// Italic text, where the terminal has it.
  public var italic: Bool
  /// Underlined text.
  public var underline: Bool
  /// Foreground and background swapped: how a selection shows without colour.
  public var reverse: Bool

  /// The terminal's default look.
  public static let plain = Style()

  /// A style; every attribute off and both colours the terminal's unless given.
  public init(
    foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false,
    italic: Bool = false, underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.reverse = reverse
  }

  /// The same style with one attribute changed.
  public func with<Value>(_ attribute: WritableKeyPath<Style, Value>, _ value: Value) -> Style {
    var style = self
    style[keyPath: attribute] = value
    return style
  }

  /// The style without its colours: what is left of it with colour off. Reverse, bold,
  /// underline and the rest stay, so that a selection and headings still show.
  public var withoutColors: Style {
    var style = self
    style.foreground = .default
    style.background = .default
    return style
  }
}
