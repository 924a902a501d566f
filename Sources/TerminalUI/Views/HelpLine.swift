/// The line at the foot of a screen that names its keys, made from the same ``KeyMap`` that
/// sends their actions, so that it cannot drift from what the keys do.
///
/// ```swift
/// HelpLine(view.keyMap(for: state)).render(in: &canvas, region: helpRow)
/// // ↑/↓ move  Enter open  d delete  q quit
/// ```
///
/// Each entry is its keys in bold and what they do, two spaces apart. An entry that does not
/// fit is dropped whole, with the ones after it: the key map's order is the order of
/// importance, so put the keys a person needs most first.
public struct HelpLine: Hashable, Sendable {
  /// One key binding on the line: its keys as named (`↑/k`) and what they do.
  public struct Entry: Hashable, Sendable {
    /// The keys, as ``Key/description`` names them.
    public var keys: String
    /// What they do.
    public var help: String

    /// An entry.
    public init(keys: String, help: String) {
      self.keys = keys
      self.help = help
    }

    /// How many columns the entry takes: its keys, a space, and its help.
    public var width: Int { DisplayWidth.of(keys) + 1 + DisplayWidth.of(help) }
  }

  /// Every entry, in order, whether it fits or not.
  public var entries: [Entry]

  /// A help line of `entries`.
  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// The help line of a key map: its bindings that have help, in order.
  public init<Action>(_ keyMap: KeyMap<Action>) {
    self.init(entries: keyMap.helpEntries.map { Entry(keys: $0.keys, help: $0.help) })
  }

  /// The entries that fit in `width` columns: the first ones, up to the first that does not.
  public func fitted(toWidth width: Int) -> [Entry] {
    var used = 0
    var fitted: [Entry] = []
    for entry in entries {
      let needed = (fitted.isEmpty ? 0 : Self.gap) + entry.width
      guard used + needed <= width else { break }
      used += needed
      fitted.append(entry)
    }
    return fitted
  }

  /// Draws the entries that fit on the canvas's first row, keys in `keyStyle` and help in
  /// `helpStyle`.
  public func render(in canvas: inout Canvas, keyStyle: Style = Style(bold: true), helpStyle: Style = .plain) {
    var column = 0
    for entry in fitted(toWidth: canvas.width) {
      if column > 0 { column += Self.gap }
      column += canvas.draw(entry.keys, column: column, row: 0, style: keyStyle)
      column += 1
      column += canvas.draw(entry.help, column: column, row: 0, style: helpStyle)
    }
  }

  /// Draws the line in the part `rect` of `canvas`.
  public func render(
    in canvas: inout Canvas, region rect: Rect, keyStyle: Style = Style(bold: true), helpStyle: Style = .plain
  ) {
    canvas.withRegion(rect) { render(in: &$0, keyStyle: keyStyle, helpStyle: helpStyle) }
  }

  /// Columns between two entries.
  static let gap = 2
}
