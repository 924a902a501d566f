/// A walk through items and everything under them in document order (a parent before its
/// children), one item at a time: the one way the item tree is read from top to bottom.
///
/// ```swift
/// var walk = OutlineWalk(outline.items)
/// while walk.next() {
///   if walk.item.isDone { walk.skipChildren() }  // the walk does not go below it
///   print(String(repeating: "\t", count: walk.depth) + walk.item.title)
/// }
/// ```
///
/// Iterative, so an outline thousands of levels deep cannot overflow the stack; it keeps one
/// array of siblings per level it is in and allocates nothing per item, and reading
/// `walk.item.id` copies no item. To stop, stop calling ``next()``. State kept per depth beside
/// the walk (the enclosing project, say) goes in an array indexed by depth, written for the
/// children when their parent is visited: see ``set(_:atDepth:in:)``.
///
/// Changing items in place as they are visited is ``Item/visitInPlace(_:_:leavingLevel:)``'s
/// job: a walk that reads must not take arrays out of their parents, which would copy every
/// array the caller still holds.
package struct OutlineWalk {
  /// The siblings being walked at one depth, and the index of the next one to visit there (the
  /// one before it is the item visited last at that depth).
  @usableFromInline
  struct Level {
    @usableFromInline var items: [Item]
    @usableFromInline var next: Int

    @inlinable
    init(items: [Item]) {
      self.items = items
      next = 0
    }
  }

  /// The levels from the top down to the current item's: never empty.
  @usableFromInline var levels: [Level]
  /// Whether the next step goes into the current item's children first.
  @usableFromInline var entersChildren = false

  /// A walk through `items` and everything under them, before the first item: call ``next()``.
  @inlinable
  package init(_ items: [Item]) {
    levels = [Level(items: items)]
  }

  /// Moves to the next item in document order: the current item's first child (unless
  /// ``skipChildren()`` was called), else its next sibling, else the next sibling of the
  /// nearest item above it that has one. False once every item was visited.
  @inlinable
  package mutating func next() -> Bool {
    var last = levels.count - 1
    if entersChildren {
      entersChildren = false
      let index = levels[last].next - 1
      if !levels[last].items[index].children.isEmpty {
        levels.append(Level(items: levels[last].items[index].children))
        last += 1
      }
    }
    while true {
      let index = levels[last].next
      if index < levels[last].items.count {
        levels[last].next = index + 1
        entersChildren = true
        return true
      }
      // The top level stays, walked to its end, so that `next()` keeps returning false.
      if last == 0 { return false }
      levels.removeLast()
      last -= 1
    }
  }

  /// Leaves the current item's children out: the next step goes to its next sibling, or on up.
  @inlinable
  package mutating func skipChildren() {
    entersChildren = false
  }

  /// The current item (copying it does not copy its subtree; reading one of its properties
  /// copies nothing else).
  @inlinable
  package var item: Item {
    // Lent in place rather than returned: a getter would hand back a copy, retaining the
    // item's title, tags and children for each item visited.
    _read {
      let last = levels.count - 1
      yield levels[last].items[levels[last].next - 1]
    }
  }

  /// How many items are above the current one: 0 for one of the items the walk started with.
  @inlinable
  package var depth: Int { levels.count - 1 }

  /// The current item's index among its siblings.
  @inlinable
  package var index: Int { levels[levels.count - 1].next - 1 }

  /// The current item and its siblings: the items the walk started with, or its parent's
  /// children.
  @inlinable
  package var siblings: [Item] { levels[levels.count - 1].items }

  /// The item at `depth` on the way down to the current item: its parent at `depth - 1`, the
  /// current item itself at ``depth``.
  @inlinable
  package func ancestor(atDepth depth: Int) -> Item {
    levels[depth].items[levels[depth].next - 1]
  }

  /// The indices that lead to the current item: its index among the items the walk started
  /// with, then among that item's children, and so on.
  @inlinable
  package var path: [Int] { levels.map { $0.next - 1 } }

  /// Sets `levels[depth]` to `value`, appending it when `levels` ends right before `depth`:
  /// for state kept per depth beside a walk, written for an item's children (at `depth + 1`)
  /// when the item is visited. Entries deeper than the current item are left over from earlier
  /// items and are written again before they are read.
  ///
  /// ```swift
  /// var projects: [Item?] = [nil]  // the project enclosing the items at each depth
  /// while walk.next() {
  ///   let item = walk.item, project = projects[walk.depth]
  ///   if !item.children.isEmpty {
  ///     OutlineWalk.set(item.kind == .project ? item : project, atDepth: walk.depth + 1, in: &projects)
  ///   }
  /// }
  /// ```
  @inlinable
  package static func set<Value>(_ value: Value, atDepth depth: Int, in levels: inout [Value]) {
    if depth == levels.count { levels.append(value) } else { levels[depth] = value }
  }
}
