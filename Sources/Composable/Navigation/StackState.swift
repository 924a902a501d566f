/// The state of a navigation stack: the screens pushed on top of a root feature, in order, each
/// with a ``StackElementID``.
///
/// Hold it in the root feature's state and give it to
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``, which runs each
/// element's feature, pops on ``StackAction/popFrom(id:)`` and ends the effects of every element
/// popped:
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Detail.State>()
/// }
///
/// case .itemTapped(let item):
///   state.path.append(Detail.State(item: item))   // pushed as #0, then #1 …
///   return .none
///
/// state.path[id: 0]?.title = "Renamed"             // in place
/// state.path.pop(from: 1)                           // #1 and everything above it
/// ```
///
/// ## Ids
/// The stack itself counts its pushes: each `append` takes the next id of its counter, which
/// pops never wind back, so an id is never reused after a pop and the ids are the same however
/// often a test runs. The counter travels with the value (copies carry it), so the state a
/// `TestStore` expects, made from a copy of the store's, names a push the same as the store
/// does. Equality and hashing compare the ids and the elements, in order, not the counter.
/// `StackState()` and `StackState([…])` start at `#0`; a `forEach` that sees its parent assign
/// such a new stack ends every element of the old one, and carries the old counter over, so
/// later pushes do not take the old ids either.
///
/// ## Complexity
/// Pushing and popping the top are O(1); access by id searches from the top, so it is O(1) for
/// the top element and O(*k*) for the element *k* below it.
public struct StackState<Element> {
  // Invariant: `_ids.count == _elements.count`; the ids are unique.
  @usableFromInline var _ids: [StackElementID] {
    // Any change to the ids drops the stamp: see `_stamp`.
    didSet { _stamp = nil }
  }
  @usableFromInline var _elements: [Element]
  /// The generation of the id the next `append` gives; never decreases.
  @usableFromInline var _nextGeneration: Int
  /// The stack this value derives from (see ``StackOrigin``).
  @usableFromInline var _origin: StackOrigin
  // An object standing for this sequence of ids, or nil when none was asked for since they last
  // changed: `forEach` takes it before the parent runs and compares it after, which proves in
  // O(1) that nothing was popped.
  @usableFromInline var _stamp: IdentityStamp?

  /// An empty stack, whose first push is `#0`.
  @inlinable
  public init() {
    _ids = []
    _elements = []
    _nextGeneration = 0
    _origin = StackOrigin()
    _stamp = nil
  }

  /// A stack of `elements`, the first at the bottom, with the ids `#0`, `#1` … in order.
  ///
  /// ```swift
  /// StackState([Detail.State(item: a), Detail.State(item: b)]).ids  // [#0, #1]
  /// ```
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// The ids of the elements, bottom first.
  @inlinable
  public var ids: [StackElementID] { _ids }

  /// The id the next ``append(_:)`` gives: greater than every id this stack has held.
  ///
  /// A user interface that pushes by sending ``StackAction/push(id:state:)`` uses it.
  @inlinable
  public var nextID: StackElementID { StackElementID(generation: _nextGeneration) }

  /// Pushes `element` on top, under the next id, and returns that id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> StackElementID {
    let id = nextID
    _nextGeneration += 1
    _ids.append(id)
    _elements.append(element)
    return id
  }

  /// Pushes `elements` in order, the last one on top.
  @inlinable
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Pops the top `k` elements.
  ///
  /// - Precondition: `0 <= k <= count`, as for an `Array`.
  @inlinable
  public mutating func removeLast(_ k: Int = 1) {
    precondition(k >= 0 && k <= count, "StackState: cannot remove \(k) elements from a stack of \(count)")
    guard k > 0 else { return }
    _ids.removeLast(k)
    _elements.removeLast(k)
  }

  /// Pops the top element and returns it, or returns `nil` when the stack is empty.
  @inlinable
  @discardableResult
  public mutating func popLast() -> Element? {
    guard !_ids.isEmpty else { return nil }
    _ids.removeLast()
    return _elements.removeLast()
  }

  /// Pops every element; the next push still takes a new id.
  @inlinable
  public mutating func removeAll() {
    guard !_ids.isEmpty else { return }
    _ids.removeAll()
    _elements.removeAll()
  }

  /// Pops the element with `id` and every element above it; does nothing when no element has it.
  ///
  /// ```swift
  /// var path = StackState(["a", "b", "c"])
  /// path.pop(from: 1)  // ["a"]
  /// ```
  @inlinable
  public mutating func pop(from id: StackElementID) {
    guard let offset = _offset(of: id) else { return }
    removeLast(count - offset)
  }

  /// Pops every element above the one with `id`, which stays on top; does nothing when no
  /// element has it.
  ///
  /// ```swift
  /// var path = StackState(["a", "b", "c"])
  /// path.pop(to: 0)  // ["a"]
  /// ```
  @inlinable
  public mutating func pop(to id: StackElementID) {
    guard let offset = _offset(of: id) else { return }
    removeLast(count - offset - 1)
  }

  /// The element with `id`, or `nil`; setting `nil` removes that element alone, and setting an
  /// id the stack lacks pushes the value under that id.
  ///
  /// ```swift
  /// path[id: 0]?.title = "Renamed"   // in place
  /// path[id: 7] = Detail.State(…)    // pushed as #7 when no element has that id
  /// path[id: 0] = nil                // removes #0
  /// ```
  ///
  /// Pushing under an id moves the counter past it, so later pushes take greater ids.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get {
      guard let offset = _offset(of: id) else { return nil }
      return _elements[offset]
    }
    set {
      _write(newValue, id: id)
    }
    _modify {
      // The element is taken out rather than copied, so a mutation through the optional does
      // not copy its storage; for the top element that moves nothing else.
      guard let offset = _offset(of: id) else {
        var element: Element? = nil
        defer { _write(element, id: id) }
        yield &element
        return
      }
      var element: Element? = _elements.remove(at: offset)
      defer {
        if let element {
          _elements.insert(element, at: offset)
        } else {
          _ids.remove(at: offset)
        }
      }
      yield &element
    }
  }

  @inlinable
  mutating func _write(_ element: Element?, id: StackElementID) {
    if let offset = _offset(of: id) {
      if let element {
        _elements[offset] = element
      } else {
        _ids.remove(at: offset)
        _elements.remove(at: offset)
      }
    } else if let element {
      _nextGeneration = Swift.max(_nextGeneration, id.generation + 1)
      _ids.append(id)
      _elements.append(element)
    }
  }

  /// The offset of the element with `id`, searched from the top.
  @inlinable
  func _offset(of id: StackElementID) -> Int? {
    _ids.lastIndex(of: id)
  }

  /// Runs `body` on the element with `id` in place, or returns `nil` when there is none: the
  /// way `forEach` reaches an element.
  @inlinable
  mutating func _update<Result>(id: StackElementID, _ body: (inout Element) -> Result) -> Result? {
    guard let offset = _offset(of: id) else { return nil }
    return body(&_elements[offset])
  }

  /// This stack's stamp (see `_stamp`), made first if it has none.
  @inlinable
  mutating func _observedStamp() -> IdentityStamp {
    if let stamp = _stamp { return stamp }
    let stamp = IdentityStamp()
    _stamp = stamp
    return stamp
  }
}

extension StackState: Sendable where Element: Sendable {}
