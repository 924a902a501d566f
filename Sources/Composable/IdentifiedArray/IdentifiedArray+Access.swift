extension IdentifiedArray {
  // MARK: - Access by id

  /// The element with the given id, or `nil`; setting it replaces, appends or (with `nil`) removes.
  ///
  /// ```swift
  /// todos[id: 1]?.isDone = true      // in place, when id 1 exists; nothing otherwise
  /// todos[id: 3] = Todo(id: 3, ...)  // appends, when id 3 does not exist
  /// todos[id: 1] = nil               // removes
  /// ```
  ///
  /// A mutation through the subscript (`todos[id: 1]!.count += 1`) happens in place: neither the
  /// element nor the array is copied. ``modify(id:_:)`` does the same with a little less work and
  /// no optional, which suits a reducer's hot path.
  ///
  /// - Precondition: A value written here has the id it is written under.
  /// - Complexity: Reading and updating: O(1) expected. Appending: amortised O(1). Removing: O(*n*).
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      guard let offset = _offsets[id] else { return nil }
      return _elements[offset]
    }
    set {
      if let newValue {
        _checkID(of: newValue, is: id)
        if let offset = _offsets[id] {
          _elements[offset] = newValue
        } else {
          _appendUnchecked(newValue, id: id)
        }
      } else {
        remove(id: id)
      }
    }
    _modify {
      // Keep the accessor small, with one yield, so that it inlines into the caller; otherwise
      // every access allocates the accessor's frame on the heap.
      var element: Element?
      let offset = _moveOut(id: id, into: &element)
      defer { _moveIn(&element, id: id, takenFrom: offset) }
      yield &element
    }
  }

  /// Moves the element with the given id out of the array into `element` instead of copying it,
  /// so that `element` holds the only reference to the element's storage, and returns its offset.
  ///
  /// This leaves a hole at the offset until ``_moveIn(_:id:takenFrom:)`` runs; the access to `self`
  /// is exclusive, so nothing can observe the hole. A one-element array is popped instead, because
  /// closing a hole needs a neighbour (see `_moveIn`).
  @inlinable
  internal mutating func _moveOut(id: ID, into element: inout Element?) -> Int? {
    guard let offset = _offsets[id] else { return nil }
    if _elements.count == 1 {
      element = _elements.removeLast()
    } else {
      element = _elements.withUnsafeMutableBufferPointer { $0.moveElement(from: offset) }
    }
    return offset
  }

  /// Puts `element` back where ``_moveOut(id:into:)`` took it from, appends it if the id was absent,
  /// or removes the element if the caller set it to `nil`.
  @inlinable
  internal mutating func _moveIn(_ element: inout Element?, id: ID, takenFrom offset: Int?) {
    if element != nil {
      _checkID(Self._readID(&element!, _id), is: id)
    }
    guard let offset else {
      if let element = element.take() { _appendUnchecked(element, id: id) }
      return
    }
    if _elements.count < _ids.count {
      // A one-element array that `_moveOut` popped.
      if let element = element.take() {
        _elements.append(element)
      } else {
        removeAll(keepingCapacity: true)
      }
      return
    }
    if element != nil {
      _elements.withUnsafeMutableBufferPointer {
        $0.initializeElement(at: offset, to: element.take().unsafelyUnwrapped)
      }
      return
    }
    _elements.withUnsafeMutableBufferPointer { buffer in
      // Shift the tail down over the hole, which moves the hole to the last slot. Popping that slot
      // destroys what it holds, so first give it a copy of its neighbour (there is one: count >= 2).
      let last = buffer.endIndex - 1
      let base = buffer.baseAddress.unsafelyUnwrapped
      (base + offset).moveInitialize(from: base + offset + 1, count: last - offset)
      buffer.initializeElement(at: last, to: buffer[last - 1])
    }
    _elements.removeLast()
    _ids.remove(at: offset)
    _offsets[id] = nil
    _reindex(from: offset)
  }

  /// Mutates the element with the given id in place and returns what `body` returns, or returns `nil`
  /// if there is no such element.
  ///
  /// This is the cheapest way to update one element among many, e.g. from a `forEach` reducer:
  ///
  /// ```swift
  /// state.rows.modify(id: id) { row in row.count += 1 }
  /// ```
  ///
  /// - Precondition: `body` does not change the element's id.
  /// - Complexity: O(1) expected; no copy of the element, and no copy of the array unless its storage
  ///   is shared with another value (copy on write).
  @inlinable
  public mutating func modify<Result, Failure: Error>(
    id: ID,
    _ body: (inout Element) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    guard let offset = _offsets[id] else { return nil }
    return try Self._mutate(&_elements[offset], id: id, idOf: _id, body)
  }

  /// Runs `body` on an element in place, then checks that its id is still `id`.
  ///
  /// Static, so that it can take the element `inout` and still read the id function.
  @inlinable
  internal static func _mutate<Result, Failure: Error>(
    _ element: inout Element,
    id: ID,
    idOf: (Element) -> ID,
    _ body: (inout Element) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer {
      let actual = _readID(&element, idOf)
      if actual != id { _idChanged(from: id, to: actual) }
    }
    return try body(&element)
  }
}
