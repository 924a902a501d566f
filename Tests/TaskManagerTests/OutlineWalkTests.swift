import Foundation
import Testing

@testable import TaskManager

@Suite("Walking the item tree")
struct OutlineWalkTests {
  /// `OutlineTests.text`: ids in document order, Inbox 1, Buy milk 2, Work 3, Meeting notes 4,
  /// Call Bob 5, Find number 6, Sub 7, Deep 8, Loose task 9.
  static let outline = parseOutline(OutlineTests.text)

  @Test func visitsEveryItemInDocumentOrderWithWhereItSits() {
    var walk = OutlineWalk(Self.outline.items)
    var visits: [(id: UUID, depth: Int, index: Int, path: [Int], parent: UUID?)] = []
    while walk.next() {
      #expect(walk.siblings[walk.index].id == walk.item.id)
      #expect(walk.ancestor(atDepth: walk.depth).id == walk.item.id)
      visits.append((walk.item.id, walk.depth, walk.index, walk.path, walk.depth == 0 ? nil : walk.ancestor(atDepth: walk.depth - 1).id))
    }
    #expect(visits.map(\.id) == (1...9).map { testID(UInt64($0)) })
    #expect(visits.map(\.depth) == [0, 1, 0, 1, 1, 2, 2, 3, 0])
    #expect(visits.map(\.index) == [0, 0, 1, 0, 1, 0, 1, 0, 2])
    #expect(visits.map(\.path) == [[0], [0, 0], [1], [1, 0], [1, 1], [1, 1, 0], [1, 1, 1], [1, 1, 1, 0], [2]])
    #expect(visits.map(\.parent) == [nil, testID(1), nil, testID(3), testID(3), testID(5), testID(5), testID(7), nil])
  }

  @Test func leavesOutTheChildrenOfTheItemsItIsToldTo() {
    var walk = OutlineWalk(Self.outline.items)
    var visited: [UUID] = []
    while walk.next() {
      visited.append(walk.item.id)
      // Call Bob's children, and those of Deep (which has none), are left out.
      if walk.item.id == testID(5) || walk.item.id == testID(8) { walk.skipChildren() }
    }
    #expect(visited == [1, 2, 3, 4, 5, 9].map { testID($0) })
  }

  @Test func visitsNothingInNoItemsAndNothingMoreAfterTheLast() {
    var empty = OutlineWalk([])
    let (first, second) = (empty.next(), empty.next())
    #expect(!first && !second)
    var walk = OutlineWalk(Self.outline.items)
    var count = 0
    while walk.next() { count += 1 }
    let more = walk.next()
    #expect(count == 9 && !more)
  }

  /// A caller stops a walk by not asking for more: what it saw is all that was visited.
  @Test func stopsWhereTheCallerStops() {
    var walk = OutlineWalk(Self.outline.items)
    var visited: [UUID] = []
    while walk.next() {
      visited.append(walk.item.id)
      if walk.item.id == testID(6) { break }
    }
    #expect(visited == (1...6).map { testID(UInt64($0)) })
    #expect(walk.path == [1, 1, 0])
  }

  @Test func walksAnOutline20000LevelsDeepInOrder() {
    let depth = 20_000
    var item = Item(id: testID(UInt64(depth - 1)), kind: .task, title: "level \(depth - 1)", level: depth - 1)
    for level in (0..<(depth - 1)).reversed() {
      item = Item(id: testID(UInt64(level)), kind: .task, title: "level \(level)", level: level, children: [item])
    }
    let items = [item, Item(id: testID(UInt64(depth)), kind: .task, title: "after")]
    var walk = OutlineWalk(items)
    var visited = 0
    var inOrder = true
    while walk.next() {
      if visited < depth {
        inOrder = inOrder && walk.item.id == testID(UInt64(visited)) && walk.depth == visited && walk.index == 0
      } else {
        inOrder = inOrder && walk.item.id == testID(UInt64(depth)) && walk.depth == 0 && walk.index == 1
      }
      if visited == depth - 1 {
        #expect(walk.path == [Int](repeating: 0, count: depth))
        #expect(walk.ancestor(atDepth: depth / 2).id == testID(UInt64(depth / 2)))
      }
      visited += 1
    }
    #expect(inOrder)
    #expect(visited == depth + 1)
  }

  @Test func anEntryByIDHasTheDepthParentAndProjectOfTheWalk() {
    for entry in Self.outline.entries() {
      #expect(Self.outline.entry(withID: entry.item.id) == entry)
    }
    #expect(Self.outline.entry(withID: testID(100)) == nil)
    #expect(Self.outline.project(named: "sub:")?.id == testID(7))
  }

  /// Trees compare by their items in document order and the depths they sit at: the same items
  /// in the same order, nested otherwise, are other trees.
  @Test func treesNestedOtherwiseAreNotTheSame() {
    let a = Item(id: testID(1), kind: .task, title: "a")
    let b = Item(id: testID(2), kind: .task, title: "b")
    var nested = a
    nested.children = [b]
    let parent = Item(id: testID(0), kind: .project, title: "P")
    var flat = parent
    flat.children = [a, b]
    var deep = parent
    deep.children = [nested]
    #expect(flat != deep)
    #expect(!Item.sameTree(flat.children, deep.children))
    #expect(!Item.sameTree([a, b], [nested]))
    #expect(Item.sameTree([nested], [nested]))

    // Equal trees whose arrays are not shared are walked to the end.
    var again = parent
    again.children = [Item(id: testID(1), kind: .task, title: "a", children: [Item(id: testID(2), kind: .task, title: "b")])]
    #expect(again == deep)
    #expect(again.hashValue == deep.hashValue)
  }
}
