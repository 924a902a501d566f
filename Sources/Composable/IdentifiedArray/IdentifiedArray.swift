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
    didSet { _stamp = nil }
  }

  // An object that stands for this sequence of ids, or nil when none has been asked for since
  // the ids last changed. `forEach` asks for it before its parent reducer runs and compares it
  // afterwards: the same object proves that no element was removed, in O(1). Two arrays share
  // one only when one is a copy of the other, with the same ids.
  @usableFromInline
  internal var _stamp: IdentityStamp?

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
  internal mutating func _observedStamp() -> IdentityStamp {
    if let stamp = _stamp { return stamp }
    let stamp = IdentityStamp()
    _stamp = stamp
    return stamp
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
extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}
