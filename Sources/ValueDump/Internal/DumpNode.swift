/// The structural form of a dumped value: what ``customDump(_:)`` prints and ``diff(_:_:)`` compares.
indirect enum DumpNode: Equatable {
  /// A value printed as text, normally on one line: `42`, `"Blob"`, `nil`, `Status.active`.
  case leaf(String)
  /// A value printed as an opening line, one child per line (indented), and a closing line.
  case aggregate(DumpAggregate)
}

/// How an aggregate prints around its children, and how its children are matched when diffing.
struct DumpHeader: Equatable {
  enum Kind: Equatable {
    /// Named or positional fields of a struct, class, tuple or enum case; matched by label.
    case fields
    /// Ordered elements (`[0]: …`); matched by `id` when `Identifiable`, otherwise by value.
    case elements
    /// Dictionary entries (`"key": …`), sorted by key; matched by key.
    case entries
    /// Set members, sorted by their dump; matched by `id` when `Identifiable`, otherwise by value.
    case members

    /// Whether children are matched by `id` or value rather than by label.
    var matchesByValue: Bool {
      self == .elements || self == .members
    }
  }

  var kind: Kind
  /// The opening line, e.g. `Counter.State(` or `[`.
  var open: String
  /// The closing line, e.g. `)` or `]`.
  var close: String
  /// The whole value on one line when it has no children, e.g. `Counter.State()` or `[:]`.
  var empty: String

  /// The one-line form of an unchanged value in a diff: `Counter.State(…)`, or ``empty``.
  func collapsed(isEmpty: Bool) -> String {
    isEmpty ? empty : open + "…" + close
  }
}

/// A value with children: a struct, class, tuple, enum payload, collection, dictionary or set.
struct DumpAggregate: Equatable {
  var header: DumpHeader
  var children: [DumpChild]
}

/// One child of an aggregate: its printed label and its value.
struct DumpChild: Equatable {
  /// Printed before the value, e.g. `count: `, `[3]: `, `"key": `, or empty.
  var label: String
  /// The `id` of an `Identifiable` collection element or set member, used to match it across two
  /// versions of its collection. `nil` for everything else.
  var key: AnyHashable?
  var node: DumpNode

  /// Children are equal when they print the same; ``key`` only guides matching.
  static func == (lhs: DumpChild, rhs: DumpChild) -> Bool {
    lhs.label == rhs.label && lhs.node == rhs.node
  }
}

// MARK: - Printing

/// Accumulates output lines, each optionally prefixed with a one-character diff marker.
struct LinePrinter {
  private(set) var output = ""

  /// Appends one line: `marker`, two spaces per `indent` level, then `text`.
  mutating func line(_ marker: Character?, _ indent: Int, _ text: some StringProtocol) {
    if !output.isEmpty { output.append("\n") }
    if let marker { output.append(marker) }
    for _ in 0..<indent { output.append("  ") }
    output.append(contentsOf: text)
  }

  /// Appends the lines of another printer.
  mutating func append(_ other: LinePrinter) {
    guard !other.output.isEmpty else { return }
    if !output.isEmpty { output.append("\n") }
    output.append(other.output)
  }

  /// Appends the full dump of `node`, its first line starting with `label`.
  mutating func write(_ node: DumpNode, label: String, indent: Int, marker: Character?) {
    switch node {
    case .leaf(let text):
      writeLeaf(text, label: label, indent: indent, marker: marker)
    case .aggregate(let aggregate):
      if aggregate.children.isEmpty {
        line(marker, indent, label + aggregate.header.empty)
        return
      }
      line(marker, indent, label + aggregate.header.open)
      for child in aggregate.children {
        write(child.node, label: child.label, indent: indent + 1, marker: marker)
      }
      line(marker, indent, aggregate.header.close)
    }
  }

  /// Appends a leaf; a multi-line leaf (from a custom description) continues at the same indentation.
  mutating func writeLeaf(_ text: String, label: String, indent: Int, marker: Character?) {
    guard text.isMultiline else {
      line(marker, indent, label + text)
      return
    }
    for (index, piece) in text.lines.enumerated() {
      line(marker, indent, index == 0 ? label + piece : piece)
    }
  }
}

extension DumpNode {
  /// The full multi-line dump.
  var rendered: String {
    var printer = LinePrinter()
    printer.write(self, label: "", indent: 0, marker: nil)
    return printer.output
  }

  /// A single-line form, used for dictionary keys: `Point(x: 1, y: 2)`, `[1, 2]` (element indices omitted).
  var inline: String {
    switch self {
    case .leaf(let text):
      return text.isMultiline ? text.lines.joined(separator: "\\n") : text
    case .aggregate(let aggregate):
      guard !aggregate.children.isEmpty else { return aggregate.header.empty }
      let showsLabels = aggregate.header.kind != .elements
      let body = aggregate.children
        .map { (showsLabels ? $0.label : "") + $0.node.inline }
        .joined(separator: ", ")
      return aggregate.header.open + body + aggregate.header.close
    }
  }
}

extension String {
  /// Whether the text contains a line feed.
  var isMultiline: Bool {
    utf8.contains(UInt8(ascii: "\n"))
  }

  /// The text split at line feeds.
  var lines: [Substring] {
    unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
  }
}
