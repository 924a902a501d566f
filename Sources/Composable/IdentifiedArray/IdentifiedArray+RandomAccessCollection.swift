extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// Offsets, like `Array`'s.
  public typealias Index = Int

  /// The range of valid offsets.
  public typealias Indices = Range<Int>

  /// A run of elements; see ``subscript(bounds:)``.
  public typealias SubSequence = ArraySlice<Element>

  /// Always 0.
  @inlinable
  public var startIndex: Int { _elements.startIndex }

  /// The number of elements.
  @inlinable
  public var endIndex: Int { _elements.endIndex }

  /// The number of elements.
  @inlinable
  public var count: Int { _elements.count }

  /// Whether there are no elements.
  @inlinable
  public var isEmpty: Bool { _elements.isEmpty }

  /// `startIndex..<endIndex`.
  @inlinable
  public var indices: Range<Int> { _elements.indices }

  /// `i + 1`.
  @inlinable
  public func index(after i: Int) -> Int { i + 1 }

  /// `i - 1`.
  @inlinable
  public func index(before i: Int) -> Int { i - 1 }

  /// The element at the given offset.
  ///
  /// - Precondition: A value written here has the same id as the element it replaces, and an
  ///   in-place mutation does not change the id. To replace an element by a different one, remove
  ///   and insert.
  @inlinable
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      _checkID(of: newValue, is: _ids[position])
      _elements[position] = newValue
    }
    _modify {
      defer { _checkIDUnchanged(at: position) }
      yield &_elements[position]
    }
  }

  /// The elements in a range, as an `ArraySlice`: a slice is a plain run of elements, with the
  /// array's offsets as its indices.
  ///
  /// A slice can be mutated freely, and writing it back (as `array[1...].sort()` does) replaces the
  /// elements in the range, which may then have any ids, provided they are unique in the array.
  ///
  /// - Precondition: A slice written back has as many elements as the range.
  /// - Complexity: Reading: O(1). Writing back: O(*k*) for a range of *k* elements.
  @inlinable
  public subscript(bounds: Range<Int>) -> ArraySlice<Element> {
    get { _elements[bounds] }
    set {
      precondition(
        newValue.count == bounds.count,
        "IdentifiedArray: a slice of \(newValue.count) elements written to a range of \(bounds.count)"
      )
      _elements[bounds] = newValue
      _recomputeIDs(in: bounds)
    }
  }

  /// Exchanges two elements, ids included.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    _elements.swapAt(i, j)
    _ids.swapAt(i, j)
    _offsets[_ids[i]] = i
    _offsets[_ids[j]] = j
  }

  /// Calls `body` with the elements' contiguous storage.
  @inlinable
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try _elements.withContiguousStorageIfAvailable(body)
  }

  /// Calls `body` with the elements' contiguous mutable storage, then recomputes every id.
  ///
  /// Generic `MutableCollection` algorithms (such as `sort()`) write through this. Because `body`
  /// may write anything, the ids and the id table are rebuilt afterwards.
  ///
  /// - Precondition: The ids are still unique after `body` (a duplicate stops the program).
  /// - Complexity: O(*n*) on top of `body`.
  @inlinable
  public mutating func withContiguousMutableStorageIfAvailable<R>(
    _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    defer { _recomputeIDs(in: _elements.indices) }
    return try _elements.withUnsafeMutableBufferPointer { try body(&$0) }
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in ascending order, keeping equal elements in their current order.
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public mutating func sort() {
    sort(by: <)
  }
}
