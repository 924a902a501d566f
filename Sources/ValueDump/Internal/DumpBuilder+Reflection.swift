import Foundation

extension DumpBuilder {
  func reflected(_ value: Any, type: Any.Type, mirror: Mirror) -> DumpExpansion {
    switch mirror.displayStyle {
    case .struct?:
      return fields(open: cache.name(of: type) + "(", children: mirror.children)
    case .class?:
      guard type is AnyClass else {
        return fields(open: cache.name(of: type) + "(", children: mirror.children)
      }
      return object(value as AnyObject, type: type, mirror: mirror)
    case .enum?:
      return enumeration(value, type: type, mirror: mirror)
    case .tuple?:
      return fields(open: "(", children: mirror.children.map(Self.removingPositionalLabel))
    case .collection?:
      return collection(type: type, elements: mirror.children.map(\.value))
    case .dictionary?:
      return dictionary(type: type, entries: Self.entries(of: mirror))
    case .set?:
      return set(type: type, members: mirror.children.map(\.value))
    case .optional?:
      guard let wrapped = mirror.children.first else { return .leaf("nil") }
      return expand(wrapped.value)
    default:
      guard mirror.children.isEmpty else {
        return fields(open: cache.name(of: type) + "(", children: mirror.children)
      }
      if let metatype = value as? Any.Type {
        return .leaf(cache.name(of: metatype) + ".self")
      }
      return .leaf(String(describing: value))
    }
  }

  private func fields(open: String, children: some Collection<Mirror.Child>) -> DumpExpansion {
    var result: [DumpChildValue] = []
    result.reserveCapacity(children.count)
    for child in children {
      if let label = child.label, label.hasPrefix("_"),
        let wrapper = child.value as? any DumpedPerSide
      {
        result.append(DumpChildValue(label: "\(label.dropFirst()): ", value: wrapper.valueForDump(on: side)))
        continue
      }
      if let label = child.label, label.hasPrefix("_"),
        let wrapper = child.value as? any DumpedAsWrappedValue
      {
        // `@PresentationState var alert` is stored as `_alert`; show it as the property.
        result.append(DumpChildValue(label: "\(label.dropFirst()): ", value: wrapper.wrappedValueForDump))
        continue
      }
      result.append(DumpChildValue(label: child.label.map { "\($0): " } ?? "", value: child.value))
    }
    return .aggregate(DumpHeader(kind: .fields, open: open, close: ")", empty: open + ")"), result)
  }

  private func object(_ object: AnyObject, type: Any.Type, mirror: Mirror) -> DumpExpansion {
    hasNumberedObjects = true
    let name = cache.name(of: type)
    let id = ObjectIdentifier(object)
    if let number = objectNumbers[id] {
      return .leaf("\(name)#\(number)(↩)")
    }
    let number = objectNumbers.count + 1
    objectNumbers[id] = number
    retainedObjects.append(object)

    // Inherited stored properties come first, as they are declared first.
    var mirrors = [mirror]
    while let superclassMirror = mirrors[mirrors.count - 1].superclassMirror {
      mirrors.append(superclassMirror)
    }
    return fields(open: "\(name)#\(number)(", children: mirrors.reversed().flatMap(\.children))
  }

  private func enumeration(_ value: Any, type: Any.Type, mirror: Mirror) -> DumpExpansion {
    let name = cache.name(of: type)
    guard let payload = mirror.children.first else {
      return .leaf("\(name).\(payloadlessCaseName(value))")
    }
    let open = "\(name).\(payload.label ?? "?")("
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      return fields(open: open, children: payloadMirror.children.map(Self.removingPositionalLabel))
    }
    return fields(open: open, children: CollectionOfOne((label: nil, value: payload.value)))
  }

  /// Tuple elements without a label are reflected as `.0`, `.1`, …; they print without a label.
  private static func removingPositionalLabel(_ child: Mirror.Child) -> Mirror.Child {
    guard let label = child.label, label.hasPrefix(".") else { return child }
    return (label: nil, value: child.value)
  }

  func collection(type: Any.Type, elements: [Any]) -> DumpExpansion {
    let name = cache.name(of: type)
    let isArray = name.hasPrefix("[")
    var children: [DumpChildValue] = []
    children.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      children.append(DumpChildValue(label: "[\(index)]: ", value: element))
    }
    let header = DumpHeader(
      kind: .elements,
      open: isArray ? "[" : name + "[",
      close: "]",
      empty: isArray ? "[]" : name + "[]"
    )
    return .aggregate(header, children)
  }

  /// The entries of a mirror with the `.dictionary` display style. Each child is normally a
  /// `(key: Key, value: Value)` tuple; a custom mirror may instead use the key as the child's label.
  private static func entries(of mirror: Mirror) -> [(key: Any, value: Any)] {
    mirror.children.enumerated().map { index, child in
      let pair = Mirror(reflecting: child.value)
      if pair.displayStyle == .tuple, pair.children.count == 2 {
        let elements = Array(pair.children)
        return (key: elements[0].value, value: elements[1].value)
      }
      return (key: child.label ?? "[\(index)]", value: child.value)
    }
  }

  func dictionary(type: Any.Type, entries: [(key: Any, value: Any)]) -> DumpExpansion {
    let name = cache.name(of: type)
    let isDictionary = name.hasPrefix("[")
    let children = sortedNodes(entries.map(\.key)) { $0.inline }.map { index, keyNode in
      DumpChildValue(label: keyNode.inline + ": ", value: entries[index].value)
    }
    let header = DumpHeader(
      kind: .entries,
      open: isDictionary ? "[" : name + "[",
      close: "]",
      empty: isDictionary ? "[:]" : name + "[:]"
    )
    return .aggregate(header, children)
  }

  func set(type: Any.Type, members: [Any]) -> DumpExpansion {
    let name = cache.name(of: type)
    let open = name.hasPrefix("Set<") ? "Set([" : name + "(["
    let children = sortedNodes(members) { $0.rendered }.map { index, node in
      DumpChildValue(label: "", value: members[index], node: node)
    }
    return .aggregate(DumpHeader(kind: .members, open: open, close: "])", empty: open + "])"), children)
  }

  /// Builds nodes for `values` ordered by `sortText` of their dumps, returning each value's original index.
  ///
  /// The sort text is computed with a fresh object numbering so that it depends only on the value. When
  /// class instances are involved, the nodes are rebuilt in sorted order so that this dump's `#n`
  /// numbering follows the printed order.
  private func sortedNodes(_ values: [Any], sortText: (DumpNode) -> String) -> [(Int, DumpNode)] {
    let scratch = DumpBuilder(cache: cache, recordsKeys: recordsKeys, side: side)
    let sortKeys = values.map { value in
      let node = scratch.node(value)
      return SortKey(node: node, text: sortText(node))
    }
    let order = sortKeys.indices.sorted { sortKeys[$0].precedes(sortKeys[$1]) }
    if scratch.hasNumberedObjects {
      return order.map { ($0, node(values[$0])) }
    }
    return order.map { ($0, sortKeys[$0].node) }
  }

  /// Orders dumps deterministically: numbers numerically and before everything else, then by text.
  private struct SortKey {
    var node: DumpNode
    var text: String
    var number: Double?

    init(node: DumpNode, text: String) {
      self.node = node
      self.text = text
      self.number = Double(text).flatMap { $0.isNaN ? nil : $0 }
    }

    func precedes(_ other: SortKey) -> Bool {
      switch (number, other.number) {
      case let (left?, right?) where left != right:
        return left < right
      case (_?, nil):
        return true
      case (nil, _?):
        return false
      default:
        return text < other.text
      }
    }
  }
}

/// The name of a case without associated values, as `String(describing:)` gives it: the case's
/// declared name, unless the enum describes itself otherwise (`CustomStringConvertible`), in
/// which case its description stands in. No public API reads the declared name past a custom
/// description, and this module uses none but public API.
private func payloadlessCaseName(_ value: Any) -> String {
  String(describing: value)
}
