/// One cell of a ``Frame``: a character and its style.
///
/// A character two columns wide (CJK, most emoji) fills its cell and the next, which is then a
/// continuation: it holds no character of its own and is never written on its own.
public struct Cell: Hashable, Sendable {
  /// The character shown, or a space for an empty cell and a continuation.
  public var character: Character
  /// How it looks.
  public var style: Style
  /// Whether the cell is the right half of a wide character in the cell before it.
  public var isContinuation: Bool

  /// A cell showing `character` (one column wide, or two: then the next cell of the frame must
  /// be its continuation; ``Canvas`` takes care of it).
  public init(_ character: Character, style: Style = .plain) {
    self.character = character
    self.style = style
    self.isContinuation = false
  }

  /// An empty cell: a space in the terminal's default look.
  public static let blank = Cell(" ")

  /// The right half of a wide character of the given style.
  public static func continuation(of style: Style) -> Cell {
    var cell = Cell(" ", style: style)
    cell.isContinuation = true
    return cell
  }
}
