/// A child in a diff: a value that has not been dumped yet, or a dump.
struct DiffChild {
  enum Content {
    /// A value, with its dump when one was already built.
    case value(Any, DumpNode?)
    case node(DumpNode)
  }

  var label: String
  /// See ``DumpChild/key``; only set for `.node` content (a value's key is read when needed).
  var key: AnyHashable?
  var content: Content
}

/// One level of a dump in a diff.
enum DiffExpansion {
  case leaf(String)
  case aggregate(DumpHeader, [DiffChild])
}

/// Computes the structural diff of two values, dumping only what it has to.
///
/// Both values are expanded one level at a time, in step, and compared child by child. Values of the
/// same `Equatable` type are first compared with `==`: equal ones are unchanged and are never dumped.
/// Children that can only be matched by value (array elements without ids) are dumped in full to be
/// compared. The two sides use separate ``DumpBuilder``s, so class instances are numbered per side.
final class Differ {
  static let expectedMarker: Character = "\u{2212}"
  static let actualMarker: Character = "+"
  static let contextMarker: Character = " "

  /// A run of unchanged fields longer than this collapses to `… (N unchanged)`; shorter runs are
  /// listed one line each, because field names give useful context.
  static let maxListedUnchangedFields = 3
  /// A run of unchanged collection elements, entries or members longer than this collapses to
  /// `… (N unchanged)`.
  static let maxListedUnchangedElements = 1

  enum Side {
    case expected
    case actual
  }

  private let cache = DumpTypeCache()
  private let expectedBuilder: DumpBuilder
  private let actualBuilder: DumpBuilder

  init() {
    expectedBuilder = DumpBuilder(cache: cache, recordsKeys: true, side: .expected)
    actualBuilder = DumpBuilder(cache: cache, recordsKeys: true, side: .actual)
  }

  private func builder(_ side: Side) -> DumpBuilder {
    switch side {
    case .expected: expectedBuilder
    case .actual: actualBuilder
    }
  }

  // MARK: - Dumping

  private func node(_ content: DiffChild.Content, _ side: Side) -> DumpNode {
    switch content {
    case .value(let value, let node): node ?? builder(side).node(value)
    case .node(let node): node
    }
  }

  private func node(_ expansion: DiffExpansion, _ side: Side) -> DumpNode {
    switch expansion {
    case .leaf(let text):
      return .leaf(text)
    case .aggregate(let header, let children):
      let children = children.map { DumpChild(label: $0.label, key: $0.key, node: node($0.content, side)) }
      return .aggregate(DumpAggregate(header: header, children: children))
    }
  }

  private func expand(_ content: DiffChild.Content, _ side: Side) -> DiffExpansion {
    switch content {
    case .value(let value, nil):
      switch builder(side).expand(value) {
      case .leaf(let text):
        return .leaf(text)
      case .aggregate(let header, let children):
        return .aggregate(
          header,
          children.map { DiffChild(label: $0.label, key: nil, content: .value($0.value, $0.node)) }
        )
      }
    case .value(_, let node?), .node(let node):
      switch node {
      case .leaf(let text):
        return .leaf(text)
      case .aggregate(let aggregate):
        return .aggregate(
          aggregate.header,
          aggregate.children.map { DiffChild(label: $0.label, key: $0.key, content: .node($0.node)) }
        )
      }
    }
  }

  // MARK: - Diffing

  /// The diff of two values at the same place, or `nil` when their dumps are equal (labels aside).
  func diff(_ expected: DiffChild, _ actual: DiffChild, indent: Int) -> LinePrinter? {
    if case .value(let expectedValue, _) = expected.content,
      case .value(let actualValue, _) = actual.content,
      cache.equals(expectedValue, actualValue) == true
    {
      return nil
    }
    return diff(
      expected.label, expand(expected.content, .expected),
      actual.label, expand(actual.content, .actual),
      indent: indent
    )
  }

  private func diff(
    _ expectedLabel: String, _ expected: DiffExpansion,
    _ actualLabel: String, _ actual: DiffExpansion,
    indent: Int
  ) -> LinePrinter? {
    if case .aggregate(let expectedHeader, let expectedChildren) = expected,
      case .aggregate(let actualHeader, let actualChildren) = actual,
      expectedHeader == actualHeader,
      !expectedChildren.isEmpty,
      !actualChildren.isEmpty
    {
      guard
        let body = diffChildren(expectedHeader.kind, expectedChildren, actualChildren, indent: indent + 1)
      else { return nil }
      var printer = LinePrinter()
      let expectedLine = expectedLabel + expectedHeader.open
      let actualLine = actualLabel + actualHeader.open
      if expectedLine == actualLine {
        printer.line(Self.contextMarker, indent, expectedLine)
      } else {
        printer.line(Self.expectedMarker, indent, expectedLine)
        printer.line(Self.actualMarker, indent, actualLine)
      }
      printer.append(body)
      printer.line(Self.contextMarker, indent, expectedHeader.close)
      return printer
    }

    // Different types, enum cases, leaves, or an empty aggregate: show both values whole.
    let expectedNode = node(expected, .expected)
    let actualNode = node(actual, .actual)
    guard expectedNode != actualNode else { return nil }
    var printer = LinePrinter()
    printer.write(expectedNode, label: expectedLabel, indent: indent, marker: Self.expectedMarker)
    printer.write(actualNode, label: actualLabel, indent: indent, marker: Self.actualMarker)
    return printer
  }

  private func diffChildren(
    _ kind: DumpHeader.Kind,
    _ expectedChildren: [DiffChild],
    _ actualChildren: [DiffChild],
    indent: Int
  ) -> LinePrinter? {
    var expected = expectedChildren
    var actual = actualChildren

    /// Whether two children without keys have equal dumps (or are `==`), dumping them at most once.
    func haveEqualValues(_ e: Int, _ a: Int) -> Bool {
      if case .value(let expectedValue, _) = expected[e].content,
        case .value(let actualValue, _) = actual[a].content,
        let isEqual = cache.equals(expectedValue, actualValue)
      {
        return isEqual
      }
      let expectedNode = node(expected[e].content, .expected)
      let actualNode = node(actual[a].content, .actual)
      expected[e].content = .node(expectedNode)
      actual[a].content = .node(actualNode)
      return expectedNode == actualNode
    }

    // The `id`s of children, read when first needed: `.some(nil)` means "has none".
    var expectedKeys = [AnyHashable??](repeating: nil, count: expected.count)
    var actualKeys = [AnyHashable??](repeating: nil, count: actual.count)
    func key(_ child: DiffChild) -> AnyHashable? {
      switch child.content {
      case .value(let value, _): cache.identifier(for: type(of: value))?(value)
      case .node: child.key
      }
    }
    func expectedKey(_ e: Int) -> AnyHashable? {
      if let known = expectedKeys[e] { return known }
      let result = key(expected[e])
      expectedKeys[e] = .some(result)
      return result
    }
    func actualKey(_ a: Int) -> AnyHashable? {
      if let known = actualKeys[a] { return known }
      let result = key(actual[a])
      actualKeys[a] = .some(result)
      return result
    }

    // Expected index → actual index of pairs already known to be `==`.
    var equalPairs: [Int: Int] = [:]
    let edits = ChildMatcher.edits(
      expectedCount: expected.count,
      actualCount: actual.count,
      pairsUnmatched: kind == .elements
    ) { e, a in
      guard kind.matchesByValue else { return expected[e].label == actual[a].label }
      // Equal values match without reading their ids.
      if case .value(let expectedValue, _) = expected[e].content,
        case .value(let actualValue, _) = actual[a].content,
        cache.equals(expectedValue, actualValue) == true
      {
        equalPairs[e] = a
        return true
      }
      switch (expectedKey(e), actualKey(a)) {
      case let (expectedKey?, actualKey?): return expectedKey == actualKey
      case (nil, nil): return haveEqualValues(e, a)
      default: return false
      }
    }

    var printer = LinePrinter()
    var hasChanges = false
    var unchanged: [(expected: Int, actual: Int)] = []
    let maxListed = kind == .fields ? Self.maxListedUnchangedFields : Self.maxListedUnchangedElements

    func flushUnchanged() {
      defer { unchanged.removeAll(keepingCapacity: true) }
      guard !unchanged.isEmpty else { return }
      if unchanged.count > maxListed
        || unchanged.contains(where: { expected[$0.expected].label != actual[$0.actual].label })
      {
        printer.line(Self.contextMarker, indent, "… (\(unchanged.count) unchanged)")
        return
      }
      for (e, _) in unchanged {
        let child = expected[e]
        switch expand(child.content, .expected) {
        case .leaf(let text):
          printer.writeLeaf(text, label: child.label, indent: indent, marker: Self.contextMarker)
        case .aggregate(let header, let children):
          printer.line(Self.contextMarker, indent, child.label + header.collapsed(isEmpty: children.isEmpty))
        }
      }
    }

    for edit in edits {
      switch edit {
      case .matched(let e, let a)
      where equalPairs[e] == a || (kind.matchesByValue && expectedKey(e) == nil && actualKey(a) == nil):
        // Matched by value, so equal.
        unchanged.append((e, a))
      case .matched(let e, let a), .paired(let e, let a):
        if let lines = diff(expected[e], actual[a], indent: indent) {
          flushUnchanged()
          printer.append(lines)
          hasChanges = true
        } else {
          unchanged.append((e, a))
        }
      case .removed(let e):
        flushUnchanged()
        let child = expected[e]
        printer.write(node(child.content, .expected), label: child.label, indent: indent, marker: Self.expectedMarker)
        hasChanges = true
      case .inserted(let a):
        flushUnchanged()
        let child = actual[a]
        printer.write(node(child.content, .actual), label: child.label, indent: indent, marker: Self.actualMarker)
        hasChanges = true
      }
    }
    flushUnchanged()
    return hasChanges ? printer : nil
  }
}
