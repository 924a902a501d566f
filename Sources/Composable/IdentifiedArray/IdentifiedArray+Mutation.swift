import Foundation

extension IdentifiedArray {
  // MARK: - Adding

  /// Appends an element unless one with the same id is already present.
  ///
  /// ```swift
  /// todos.append(Todo(id: 3, title: "Bread"))  // (inserted: true, index: 2)
  /// todos.append(Todo(id: 3, title: "Rye"))    // (inserted: false, index: 2), unchanged
  /// ```
  ///
  /// - Returns: Whether the element was appended, and the index of the element with its id.
  /// - Complexity: Amortised O(1).
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let id = _id(element)
    let newOffset = _elements.endIndex
    // One hash probe in the common case (a new id); a duplicate undoes the write.
    if let existing = _offsets.updateValue(newOffset, forKey: id) {
      _offsets[id] = existing
      return (false, existing)
    }
    _elements.append(element)
    _ids.append(id)
    return (true, newOffset)
  }

  /// Appends the elements whose ids are not yet present, in order, skipping the others.
  ///
  /// - Complexity: O(*m*) for *m* new elements.
  @inlinable
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements {
      append(element)
    }
  }

  /// Inserts an element at the given offset unless one with the same id is already present.
  ///
  /// - Parameter offset: Where to insert, in `0...count`.
  /// - Returns: Whether the element was inserted, and the index of the element with its id (for a
  ///   duplicate, the existing element's index: the existing element does not move).
  /// - Complexity: O(*n*).
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at offset: Int) -> (inserted: Bool, index: Int) {
    precondition(
      offset >= 0 && offset <= _elements.endIndex,
      "IdentifiedArray.insert(_:at:): offset \(offset) out of bounds 0...\(_elements.endIndex)"
    )
    let id = _id(element)
    if let existing = _offsets[id] {
      return (false, existing)
    }
    _elements.insert(element, at: offset)
    _ids.insert(id, at: offset)
    _reindex(from: offset)
    return (true, offset)
  }

  /// Replaces the element with the same id, or appends the element if there is none.
  ///
  /// - Returns: The element that was replaced, or `nil` if the element was appended.
  /// - Complexity: O(1) expected (amortised when appending).
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let id = _id(element)
    guard let offset = _offsets[id] else {
      _appendUnchecked(element, id: id)
      return nil
    }
    var replaced = element
    swap(&_elements[offset], &replaced)
    return replaced
  }

  // MARK: - Removing

  /// Removes the element with the given id and returns it, or returns `nil` if there is none.
  ///
  /// - Complexity: O(*n*): the offsets of the elements after it are rewritten.
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let offset = _offsets[id] else { return nil }
    return remove(at: offset)
  }

  /// Removes the element at the given offset and returns it.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  @discardableResult
  public mutating func remove(at offset: Int) -> Element {
    let element = _elements.remove(at: offset)
    let id = _ids.remove(at: offset)
    _offsets[id] = nil
    _reindex(from: offset)
    return element
  }

  /// Removes the elements at `offsets`, keeping the others in order: what a list's swipe to
  /// delete hands over (SwiftUI's `onDelete`).
  ///
  /// ```swift
  /// // [a, b, c, d]
  /// array.remove(atOffsets: [1, 3])  // [a, c]
  /// ```
  ///
  /// - Parameter offsets: Offsets of the elements to remove, each in `0..<count`.
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard let first = offsets.first, let last = offsets.last else { return }
    precondition(
      first >= 0 && last < _elements.endIndex,
      "IdentifiedArray.remove(atOffsets:): offsets \(offsets) out of bounds 0..<\(_elements.endIndex)"
    )
    // Compact the kept elements towards the front with swaps (moves, not copies), then cut the tail.
    var write = first
    for read in first..<_elements.endIndex {
      if offsets.contains(read) {
        _offsets[_ids[read]] = nil
      } else {
        _elements.swapAt(write, read)
        _ids.swapAt(write, read)
        write += 1
      }
    }
    _elements.removeSubrange(write...)
    _ids.removeSubrange(write...)
    _reindex(from: first)
  }

  /// Removes every element that satisfies the predicate, keeping the others in order.
  ///
  /// The predicate runs once per element before anything is removed, so if it throws the array is
  /// unchanged.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    guard let first = try _elements.firstIndex(where: shouldBeRemoved) else { return }
    var removals = [first]
    for offset in (first + 1)..<_elements.endIndex where try shouldBeRemoved(_elements[offset]) {
      removals.append(offset)
    }
    // Compact the kept elements towards the front with swaps (moves, not copies), then cut the tail.
    var write = first
    var nextRemoval = 0
    for read in first..<_elements.endIndex {
      if nextRemoval < removals.endIndex, removals[nextRemoval] == read {
        _offsets[_ids[read]] = nil
        nextRemoval += 1
      } else {
        _elements.swapAt(write, read)
        _ids.swapAt(write, read)
        write += 1
      }
    }
    _elements.removeSubrange(write...)
    _ids.removeSubrange(write...)
    _reindex(from: first)
  }

  /// Removes every element.
  ///
  /// - Parameter keepCapacity: Whether to keep the storage allocated for reuse.
  @inlinable
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    _elements.removeAll(keepingCapacity: keepCapacity)
    _ids.removeAll(keepingCapacity: keepCapacity)
    _offsets.removeAll(keepingCapacity: keepCapacity)
  }

  /// Reserves storage for at least `minimumCapacity` elements.
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    _elements.reserveCapacity(minimumCapacity)
    _ids.reserveCapacity(minimumCapacity)
    _offsets.reserveCapacity(minimumCapacity)
  }

  // MARK: - Reordering

  /// Moves the elements at the given offsets to just before the element at `destination`, keeping
  /// their relative order; the same contract as SwiftUI's `move(fromOffsets:toOffset:)`.
  ///
  /// ```swift
  /// // [a, b, c, d]
  /// array.move(fromOffsets: [0], toOffset: 3)  // [b, c, a, d]
  /// array.move(fromOffsets: [3], toOffset: 0)  // [d, b, c, a]
  /// ```
  ///
  /// - Parameters:
  ///   - source: Offsets of the elements to move, each in `0..<count`.
  ///   - destination: An offset in `0...count`, counted before the move.
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    precondition(
      destination >= 0 && destination <= _elements.endIndex,
      "IdentifiedArray.move(fromOffsets:toOffset:): destination \(destination) out of bounds 0...\(_elements.endIndex)"
    )
    guard let last = source.last else { return }
    precondition(
      source.first! >= 0 && last < _elements.endIndex,
      "IdentifiedArray.move(fromOffsets:toOffset:): offsets \(source) out of bounds 0..<\(_elements.endIndex)"
    )
    var order: [Int] = []
    order.reserveCapacity(_elements.count)
    for offset in 0..<destination where !source.contains(offset) { order.append(offset) }
    order.append(contentsOf: source)
    for offset in destination..<_elements.endIndex where !source.contains(offset) { order.append(offset) }
    _applyPermutation(order)
  }

  /// Sorts the elements in place by the given order, keeping equal elements in their current order.
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let elements = _elements
    let order = try elements.indices.sorted { try areInIncreasingOrder(elements[$0], elements[$1]) }
    _applyPermutation(order)
  }

  /// Returns a copy sorted by the given order, keeping equal elements in their current order.
  ///
  /// - Complexity: O(*n* log *n*).
  @inlinable
  public func sorted(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> Self {
    var copy = self
    try copy.sort(by: areInIncreasingOrder)
    return copy
  }

  /// Returns the elements that satisfy the predicate, in order, as an `IdentifiedArray`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self(_id: _id)
    for offset in _elements.indices where try isIncluded(_elements[offset]) {
      result._appendUnchecked(_elements[offset], id: _ids[offset])
    }
    return result
  }
}
