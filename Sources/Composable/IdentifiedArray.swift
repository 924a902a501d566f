import Foundation
import Synchronization

/// An ordered collection of elements with unique ids, with array-like order and dictionary-like
/// access by id.
///
/// Use it for lists in state, so a child reducer (`forEach`) can find and update one row by id
/// without searching, and so the row's position can change without breaking that identity.
///
/// ```swift
/// struct Todo: Identifiable { let id: Int; var title: String; var isDone = false }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.isDone = true                       // update in place, O(1)
/// todos.modify(id: 1) { $0.title = "Oat milk" }    // the same, as a method
/// todos.append(Todo(id: 1, title: "Again"))         // (inserted: false, index: 0): ids are unique
/// todos[id: 1] = nil                                // removes the element
/// todos.ids                                         // [2]
/// ```
///
/// For elements that are not `Identifiable`, name the id with a key path:
///
/// ```swift
/// let files = IdentifiedArray(uniqueElements: [File(path: "a.txt"), File(path: "b.txt")], id: \.path)
/// ```
///
/// ## Duplicate ids
/// Ids are unique at all times. APIs that add elements handle a duplicate as follows:
/// `init(uniqueElements:)` and array literals stop the program with a message naming the id (a
/// programming error); `append(_:)` and `insert(_:at:)` leave the array unchanged and return
/// `inserted == false` with the index of the existing element; `append(contentsOf:)` skips the
/// duplicates; `updateOrAppend(_:)` and `subscript(id:)` replace the element with that id;
/// decoding throws a `DecodingError`.
///
/// ## Mutating elements
/// `IdentifiedArray` is a `MutableCollection`, but an element's id must not change through a
/// positional or id-based write: `array[i] = x` and `array[id: id] = x` require `x` to have the same
/// id as the element they replace, and an in-place mutation (`array[i].x = …`, `array[id: id]?.x = …`,
/// `modify(id:_:)`) that changes the id stops the program. Reordering algorithms (`sort`, `reverse`,
/// `shuffle`, `partition`, `swapAt`) work: they move whole elements, ids included. Generic algorithms
/// that write through `withContiguousMutableStorageIfAvailable` may write anything, and so may code
/// that mutates a slice (`array[1...].reverse()`, a plain `ArraySlice`) and writes it back: the ids
/// are recomputed afterwards and must still be unique.
///
/// It is not a `RangeReplaceableCollection`: that protocol's operations (`replaceSubrange`,
/// `+`, `init(repeating:count:)`) assume any element can be added anywhere, which would break
/// uniqueness without any way to report it.
///
/// ## Sendability
/// The array stores a `@Sendable` function that reads an element's id, so it can be `Sendable` when
/// its elements are. That function uses `ID`'s and `Element`'s conformances (`Hashable`,
/// `Identifiable`), hence the `SendableMetatype` requirement: those conformances must not be
/// isolated to an actor. Every type whose conformances are declared the usual way satisfies it; in
/// generic code, a signature that mentions `IdentifiedArray<ID, Element>` infers it.
///
/// ## Complexity
/// Storage is the elements in order, their ids in order, and a hash table from id to offset.
/// - Lookup, `index(id:)`, `contains(id:)`, in-place update by id (`modify(id:_:)`, `subscript(id:)`)
///   and positional access: O(1) expected.
/// - `append`: amortised O(1). `insert(_:at:)`, `remove(id:)`, `remove(at:)`, and setting an id to
///   `nil`: O(*n*) because the offsets of the elements after the change are rewritten.
/// - `removeAll(where:)`, `filter`, `move(fromOffsets:toOffset:)`: O(*n*); `sort`: O(*n* log *n*).
/// - `ids` and `elements`: O(1) (they share storage with the array until either is mutated).
public struct IdentifiedArray<ID: Hashable & SendableMetatype, Element: SendableMetatype> {
  // Invariants: `_elements.count == _ids.count == _offsets.count`, `_ids[k] == _id(_elements[k])`
  // and `_offsets[_ids[k]] == k` for every offset `k`.

  @usableFromInline
  internal var _elements: [Element]

  // Derivable from `_elements`, but kept so that `ids` is O(1) and so that re-indexing after an
  // insertion or removal does not call `_id` (which may be a key path) on every later element.
  @usableFromInline
  internal var _ids: [ID] {
    // However the ids change, the stamp goes: see `_stamp`.
    didSet { _stamp = 0 }
  }

  // A number that no other sequence of ids has had, or 0 when none has been asked for since the
  // ids last changed. `forEach` asks for it before its parent reducer runs and compares it
  // afterwards: equal stamps prove that no element was removed, in O(1) and without retaining
  // anything. Stamps come from a process-wide counter, so two arrays share one only when one is
  // a copy of the other, with the same ids.
  @usableFromInline
  internal var _stamp: UInt64 = 0

  @usableFromInline
  internal var _offsets: [ID: Int]

  @usableFromInline
  internal let _id: @Sendable (Element) -> ID

  @inlinable
  internal init(_id: @escaping @Sendable (Element) -> ID) {
    self._elements = []
    self._ids = []
    self._offsets = [:]
    self._id = _id
  }

  /// Creates an empty array whose elements are identified by the given key path.
  ///
  /// ```swift
  /// var files = IdentifiedArray<String, File>(id: \.path)
  /// ```
  ///
  /// Reading through a key path costs several times more than reading `id` directly, and every
  /// write reads the id (to check it), so prefer `Identifiable` elements for large, busy arrays.
  @inlinable
  public init(id: KeyPath<Element, ID> & Sendable) {
    self.init(_id: { $0[keyPath: id] })
  }

  /// Creates an array from elements whose ids, read through `id`, are unique.
  ///
  /// ```swift
  /// let files = IdentifiedArray(uniqueElements: [File(path: "a"), File(path: "b")], id: \.path)
  /// ```
  ///
  /// - Precondition: No two elements have the same id. A duplicate stops the program with a message
  ///   naming the id; use `append(_:)` to skip duplicates instead.
  /// - Complexity: O(*n*).
  @inlinable
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable
  ) {
    self.init(id: id)
    _appendUniqueElements(elements)
  }

  @inlinable
  internal mutating func _appendUniqueElements(_ elements: some Sequence<Element>) {
    reserveCapacity(elements.underestimatedCount)
    for element in elements {
      let (inserted, offset) = append(element)
      if !inserted {
        Self._duplicateID(_ids[offset], at: offset, and: _elements.count)
      }
    }
  }

  /// The array's stamp (see `_stamp`), given one first if it has none.
  @inlinable
  internal mutating func _observedStamp() -> UInt64 {
    if _stamp == 0 { _stamp = nextIdentifiedArrayStamp() }
    return _stamp
  }

  // MARK: - Reading

  /// The ids of the elements, in order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var ids: [ID] { _ids }

  /// The elements, in order, as a plain array.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var elements: [Element] { _elements }

  /// The offset of the element with the given id, or `nil` if there is none.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func index(id: ID) -> Int? {
    _offsets[id]
  }

  /// Whether an element has the given id.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func contains(id: ID) -> Bool {
    _offsets[id] != nil
  }

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

  // MARK: - Internals

  /// Appends an element whose id the caller knows to be new.
  @inlinable
  internal mutating func _appendUnchecked(_ element: Element, id: ID) {
    _offsets[id] = _elements.endIndex
    _elements.append(element)
    _ids.append(id)
  }

  /// Rewrites the offsets of the elements from `start` on, after they shifted.
  @inlinable
  internal mutating func _reindex(from start: Int) {
    for offset in start..<_ids.endIndex {
      _offsets[_ids[offset]] = offset
    }
  }

  /// Rearranges the elements so that the element at offset `order[k]` ends up at offset `k`.
  ///
  /// Follows each cycle of the permutation with swaps, so elements are moved, never copied.
  @inlinable
  internal mutating func _applyPermutation(_ order: [Int]) {
    var placed = [Bool](repeating: false, count: order.count)
    for start in order.indices where !placed[start] {
      placed[start] = true
      var current = start
      // Invariant: the element that started at `start` sits at `current`, and every other offset
      // of this cycle not yet visited still holds its original element.
      while order[current] != start {
        let source = order[current]
        _elements.swapAt(current, source)
        _ids.swapAt(current, source)
        placed[source] = true
        current = source
      }
    }
    for offset in order.indices where order[offset] != offset {
      _offsets[_ids[offset]] = offset
    }
  }

  /// Recomputes the ids of the elements in `range`, after arbitrary writes to them.
  @usableFromInline
  internal mutating func _recomputeIDs(in range: Range<Int>) {
    for offset in range {
      _offsets[_ids[offset]] = nil
    }
    for offset in range {
      let id = _id(_elements[offset])
      _ids[offset] = id
      if let previous = _offsets.updateValue(offset, forKey: id) {
        Self._duplicateID(id, at: previous, and: offset)
      }
    }
  }

  @inlinable
  internal func _checkID(of element: Element, is id: ID) {
    _checkID(_id(element), is: id)
  }

  @inlinable
  internal func _checkID(_ actual: ID, is id: ID) {
    if actual != id { Self._idMismatch(actual, writtenUnder: id) }
  }

  /// Reads an element's id without copying the element.
  ///
  /// Passing an element read from an array or a buffer to the id function makes the compiler copy
  /// it (a retain and a release of everything it references) because the opaque function could
  /// otherwise see the memory change under it; an `inout` argument is exclusive, so it needs no copy.
  @inlinable
  internal static func _readID(_ element: inout Element, _ idOf: (Element) -> ID) -> ID {
    idOf(element)
  }

  @inlinable
  internal mutating func _checkIDUnchanged(at offset: Int) {
    let actual = Self._readID(&_elements[offset], _id)
    if actual != _ids[offset] { Self._idChanged(from: _ids[offset], to: actual) }
  }

  // The failures below use `fatalError` rather than `precondition` so that optimised builds still
  // print the message naming the id, and they stay out of line to keep the inlined paths small.

  @usableFromInline
  @inline(never)
  internal static func _duplicateID(_ id: ID, at first: Int, and second: Int) -> Never {
    fatalError("IdentifiedArray: duplicate id \(String(reflecting: id)) at offsets \(first) and \(second); ids must be unique")
  }

  @usableFromInline
  @inline(never)
  internal static func _idMismatch(_ actual: ID, writtenUnder id: ID) -> Never {
    fatalError(
      "IdentifiedArray: element with id \(String(reflecting: actual)) written under id \(String(reflecting: id)); an element's id must match where it is stored"
    )
  }

  @usableFromInline
  @inline(never)
  internal static func _idChanged(from id: ID, to actual: ID) -> Never {
    fatalError(
      "IdentifiedArray: the id of an element changed from \(String(reflecting: id)) to \(String(reflecting: actual)) in place; an element's id must not change"
    )
  }
}

/// An `IdentifiedArray` of `Identifiable` elements, identified by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array of `Identifiable` elements.
  @inlinable
  public init() {
    self.init(_id: { $0.id })
  }

  /// Creates an array from `Identifiable` elements with unique ids.
  ///
  /// ```swift
  /// let todos = IdentifiedArrayOf(uniqueElements: [Todo(id: 1, title: "Milk")])
  /// ```
  ///
  /// - Precondition: No two elements have the same id. A duplicate stops the program with a message
  ///   naming the id; use `append(_:)` to skip duplicates instead.
  /// - Complexity: O(*n*).
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init()
    _appendUniqueElements(elements)
  }
}

// MARK: - Collection

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

// MARK: - Conformances

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Two arrays are equal when they hold equal elements in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order, like an `Array`.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: ExpressibleByArrayLiteral
where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal of `Identifiable` elements with unique ids.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
  /// ```
  ///
  /// - Precondition: No two elements have the same id.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array.
  public func encode(to encoder: any Encoder) throws {
    try _elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable
where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes a plain array of elements.
  ///
  /// - Throws: `DecodingError.dataCorrupted` if two elements have the same id, with a coding path
  ///   that points at the second one.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    if let count = container.count { reserveCapacity(count) }
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      let (inserted, existing) = append(element)
      if !inserted {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [_OffsetCodingKey(offset)],
            debugDescription: "Duplicate id \(String(reflecting: element.id)) at offset \(offset), already at offset \(existing); an IdentifiedArray's ids must be unique"
          )
        )
      }
    }
  }
}

/// The coding key of an element in an unkeyed container, for the path of a decoding error.
private struct _OffsetCodingKey: CodingKey {
  let intValue: Int?
  let stringValue: String

  init(_ offset: Int) {
    self.intValue = offset
    self.stringValue = "Index \(offset)"
  }

  init?(intValue: Int) { self.init(intValue) }

  init?(stringValue: String) { nil }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, printed like an `Array`.
  public var description: String {
    _elements.description
  }
}

extension IdentifiedArray: CustomReflectable {
  /// A mirror that shows the elements as a collection, so dumps print the array like an `Array`.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
  }
}

private let identifiedArrayStamps = Atomic<UInt64>(0)

/// A stamp that no identified array has had yet.
@usableFromInline
func nextIdentifiedArrayStamp() -> UInt64 {
  identifiedArrayStamps.wrappingAdd(1, ordering: .relaxed).newValue
}
