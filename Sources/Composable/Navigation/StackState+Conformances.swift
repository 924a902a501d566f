import ValueDump

extension StackState: RandomAccessCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { _elements.count }

  /// The element at `position`, counted from the bottom of the stack.
  @inlinable
  public subscript(position: Int) -> Element { _elements[position] }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the literal's elements, the first at the bottom, with ids `#0`, `#1` ….
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Two stacks are equal when they hold the same ids with equal elements, in the same order;
  /// their counters of pushes are not compared.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._ids == rhs._ids && lhs._elements == rhs._elements
  }
}

extension StackState: Hashable where Element: Hashable {
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_ids)
    hasher.combine(_elements)
  }
}

extension StackState: CustomDumpReflectable {
  /// Dumps and diffs show each element under its id, bottom first: `#0: Detail.State(…)`.
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: zip(_ids, _elements).map { (label: $0.0.debugDescription, value: $0.1 as Any) },
      displayStyle: .struct
    )
  }
}

extension StackState: CustomStringConvertible {
  /// The elements under their ids, bottom first: `[#0: a, #1: b]`.
  public var description: String {
    "[" + zip(_ids, _elements).map { "\($0.0.debugDescription): \($0.1)" }.joined(separator: ", ") + "]"
  }
}
