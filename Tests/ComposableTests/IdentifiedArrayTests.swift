import Composable
import Foundation
import Testing

private struct Todo: Identifiable, Hashable, Codable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

/// Not `Identifiable`: identified through a key path.
private struct File: Equatable, Sendable {
  var path: String
  var size: Int
}

private struct Score: Identifiable, Comparable {
  let id: String
  var value: Int

  static func < (lhs: Score, rhs: Score) -> Bool { lhs.value < rhs.value }
}

/// Holds a reference, to observe whether an update copies the element.
private struct Row: Identifiable {
  let id: Int
  var count = 0
  var storage = Storage()

  final class Storage {}
}

private struct Failure: Error {}

private let milk = Todo(id: 1, title: "Milk")
private let eggs = Todo(id: 2, title: "Eggs")
private let bread = Todo(id: 3, title: "Bread")
private let jam = Todo(id: 4, title: "Jam")

/// Checks that the ids, the id table and the elements agree, whatever the operation did.
private func expectConsistent<ID, Element: Identifiable>(
  _ array: IdentifiedArray<ID, Element>,
  sourceLocation: SourceLocation = #_sourceLocation
) where Element.ID == ID {
  #expect(array.ids == array.elements.map(\.id), sourceLocation: sourceLocation)
  #expect(array.count == array.ids.count, sourceLocation: sourceLocation)
  for (offset, id) in array.ids.enumerated() {
    #expect(array.index(id: id) == offset, sourceLocation: sourceLocation)
    #expect(array[id: id]?.id == id, sourceLocation: sourceLocation)
  }
  #expect(Set(array.ids).count == array.count, sourceLocation: sourceLocation)
}

/// SwiftUI's `move(fromOffsets:toOffset:)` on a plain array, as the reference behaviour.
private func referenceMove<T>(_ array: [T], fromOffsets source: IndexSet, toOffset destination: Int) -> [T] {
  let moving = source.map { array[$0] }
  var rest: [T] = []
  for (offset, element) in array.enumerated() where !source.contains(offset) { rest.append(element) }
  let insertion = destination - source.count(in: 0..<destination)
  rest.insert(contentsOf: moving, at: insertion)
  return rest
}

/// Sets an optional through `inout`, the way `subscript(id:)`'s in-place accessor is driven.
private func set<T>(_ value: inout T?, to newValue: T?) {
  value = newValue
}

/// Generic `MutableCollection` code, which knows nothing about ids.
private func genericSort<C: MutableCollection & RandomAccessCollection>(_ collection: inout C)
where C.Element: Comparable {
  collection.sort()
}

/// Requirement inference: mentioning `IdentifiedArray<ID, Element>` in the signature is enough.
private func firstID<ID, Element>(of array: IdentifiedArray<ID, Element>) -> ID? {
  array.ids.first
}

@Suite struct IdentifiedArrayTests {
  // MARK: Creating

  @Test func uniqueElementsKeepOrder() {
    let todos = IdentifiedArrayOf<Todo>(uniqueElements: [eggs, milk, bread])
    #expect(todos.ids == [2, 1, 3])
    #expect(todos.elements == [eggs, milk, bread])
    #expect(Array(todos) == [eggs, milk, bread])
    #expect(todos.count == 3)
    #expect(!todos.isEmpty)
    #expect(todos.first == eggs)
    #expect(todos.last == bread)
    #expect(todos[1] == milk)
    expectConsistent(todos)
  }

  @Test func arrayLiteral() {
    let todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    #expect(todos.elements == [milk, eggs])
    let empty: IdentifiedArrayOf<Todo> = []
    #expect(empty.isEmpty)
    #expect(IdentifiedArrayOf<Todo>().isEmpty)
    #expect(IdentifiedArrayOf(uniqueElements: [milk]).ids == [1])
  }

  @Test func keyPathIdentifiedElements() {
    var files = IdentifiedArray(
      uniqueElements: [File(path: "a", size: 1), File(path: "b", size: 2)],
      id: \.path
    )
    #expect(files.ids == ["a", "b"])
    #expect(files[id: "b"]?.size == 2)
    files[id: "b"]?.size = 20
    #expect(files[id: "b"]?.size == 20)
    #expect(files.append(File(path: "a", size: 9)) == (false, 0))
    #expect(files.append(File(path: "c", size: 3)) == (true, 2))
    #expect(files.ids == ["a", "b", "c"])

    var empty = IdentifiedArray<String, File>(id: \.path)
    empty.append(File(path: "x", size: 0))
    #expect(empty.ids == ["x"])
    #expect(firstID(of: files) == "a")
  }

  @Test func duplicateInUniqueElementsStopsWithTheID() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = IdentifiedArrayOf<Todo>(uniqueElements: [Todo(id: 1, title: "a"), Todo(id: 42, title: "b"), Todo(id: 42, title: "c")])
    }.map { result in
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("duplicate id 42 at offsets 1 and 2"))
    }
  }

  @Test func duplicateInArrayLiteralStops() async {
    await #expect(processExitsWith: .failure) {
      let _: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 1, title: "b")]
    }
  }

  // MARK: Access by id

  @Test func lookupByID() {
    let todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    #expect(todos[id: 2] == eggs)
    #expect(todos[id: 9] == nil)
    #expect(todos.index(id: 2) == 1)
    #expect(todos.index(id: 9) == nil)
    #expect(todos.contains(id: 1))
    #expect(!todos.contains(id: 9))
  }

  @Test func subscriptSetReplacesInPlace() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    todos[id: 2] = Todo(id: 2, title: "Brown eggs")
    #expect(todos.ids == [1, 2, 3])
    #expect(todos[1].title == "Brown eggs")
    expectConsistent(todos)
  }

  @Test func subscriptSetNewIDAppends() {
    var todos: IdentifiedArrayOf<Todo> = [milk]
    todos[id: 3] = bread
    #expect(todos.elements == [milk, bread])
    expectConsistent(todos)
  }

  @Test func subscriptSetNilRemoves() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread, jam]
    todos[id: 2] = nil
    #expect(todos.elements == [milk, bread, jam])
    expectConsistent(todos)
    todos[id: 9] = nil
    #expect(todos.elements == [milk, bread, jam])
  }

  @Test func subscriptSetWithMismatchedIDStops() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
      todos[id: 1] = Todo(id: 2, title: "b")
    }
  }

  @Test func subscriptModifiesInPlaceWithoutReordering() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    todos[id: 1]!.isDone = true
    todos[id: 2]?.title += "!"
    todos[id: 3]?.title = "Rye"
    todos[id: 9]?.title = "ignored"
    #expect(todos.ids == [1, 2, 3])
    #expect(todos.map(\.isDone) == [true, false, false])
    #expect(todos.map(\.title) == ["Milk", "Eggs!", "Rye"])
    expectConsistent(todos)
  }

  @Test func subscriptInPlaceAccessorRemovesAndAppends() {
    for removed in [1, 2, 4] {
      var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread, jam]
      set(&todos[id: removed], to: nil)
      #expect(todos.ids == [1, 2, 3, 4].filter { $0 != removed })
      expectConsistent(todos)
    }
    var todos: IdentifiedArrayOf<Todo> = [milk]
    set(&todos[id: 2], to: eggs)
    #expect(todos.elements == [milk, eggs])
    set(&todos[id: 1], to: Todo(id: 1, title: "Oat milk"))
    #expect(todos.map(\.title) == ["Oat milk", "Eggs"])
    set(&todos[id: 9], to: nil)
    #expect(todos.ids == [1, 2])
    expectConsistent(todos)
  }

  @Test func subscriptInPlaceAccessorOnASingleElement() {
    var todos: IdentifiedArrayOf<Todo> = [milk]
    todos[id: 1]?.isDone = true
    #expect(todos.elements == [Todo(id: 1, title: "Milk", isDone: true)])
    set(&todos[id: 1], to: nil)
    #expect(todos.isEmpty)
    expectConsistent(todos)
    set(&todos[id: 1], to: milk)
    #expect(todos.elements == [milk])
    expectConsistent(todos)
  }

  @Test func subscriptInPlaceRemovalReleasesExactlyTheRemovedElement() {
    for (count, removed) in [(1, 0), (2, 0), (2, 1), (5, 0), (5, 2), (5, 4)] {
      var rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<count).map { Row(id: $0) })
      weak let removedStorage = rows[id: removed]?.storage
      set(&rows[id: removed], to: nil)
      #expect(removedStorage == nil, "row \(removed) of \(count) was not released")
      #expect(rows.ids == (0..<count).filter { $0 != removed })
      for id in rows.ids {
        #expect(isKnownUniquelyReferenced(&rows[id: id]!.storage), "row \(id) of \(count) is over-retained")
      }
    }
  }

  @Test func subscriptModifyThatChangesTheIDStops() async {
    await #expect(processExitsWith: .failure) {
      var files = IdentifiedArray(uniqueElements: [File(path: "a", size: 1)], id: \.path)
      files[id: "a"]?.path = "b"
    }
  }

  @Test func modifyByID() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    let title = todos.modify(id: 2) { todo -> String in
      todo.isDone = true
      return todo.title
    }
    #expect(title == "Eggs")
    #expect(todos[id: 2]?.isDone == true)
    #expect(todos.ids == [1, 2, 3])
    let missing: Void? = todos.modify(id: 9) { $0.isDone = true }
    #expect(missing == nil)
    #expect(todos.filter(\.isDone).ids == [2])
  }

  @Test func modifyByIDThatThrowsKeepsEarlierMutations() {
    var todos: IdentifiedArrayOf<Todo> = [milk]
    #expect(throws: Failure.self) {
      try todos.modify(id: 1) { todo in
        todo.isDone = true
        throw Failure()
      }
    }
    #expect(todos[id: 1]?.isDone == true)
  }

  @Test func positionalWrites() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    todos[0].isDone = true
    todos[1] = Todo(id: 2, title: "Duck eggs")
    #expect(todos.map(\.isDone) == [true, false])
    #expect(todos[id: 2]?.title == "Duck eggs")
    expectConsistent(todos)
  }

  @Test func positionalWriteWithAnotherIDStops() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
      todos[0] = Todo(id: 3, title: "c")
    }
  }

  @Test func updatesDoNotCopyTheElement() {
    var rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<4).map { Row(id: $0) })
    #expect(rows.modify(id: 2) { isKnownUniquelyReferenced(&$0.storage) } == true)
    #expect(isKnownUniquelyReferenced(&rows[id: 1]!.storage))
    #expect(isKnownUniquelyReferenced(&rows[3].storage))
  }

  @Test func updatesDoNotCopyTheStorage() {
    var rows = IdentifiedArrayOf<Row>(uniqueElements: (0..<1_000).map { Row(id: $0) })
    let before = rows.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    rows[id: 500]!.count += 1
    rows.modify(id: 501) { $0.count += 1 }
    rows[502].count += 1
    let after = rows.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    #expect(before == after)
    #expect(rows[500].count == 1 && rows[501].count == 1 && rows[502].count == 1)
  }

  @Test func updatingOneOfManyLeavesTheOthersAndCopiesUntouched() {
    let count = 100_000
    var todos = IdentifiedArrayOf<Todo>(uniqueElements: (0..<count).map { Todo(id: $0, title: "#\($0)") })
    let original = todos

    todos[id: 54_321]!.isDone = true
    todos.modify(id: 12_345) { $0.title = "changed" }

    #expect(original.allSatisfy { !$0.isDone })
    #expect(original[id: 12_345]?.title == "#12345")
    #expect(todos.ids == original.ids)
    var differences: [Int] = []
    for offset in 0..<count where todos[offset] != original[offset] {
      differences.append(offset)
    }
    #expect(differences == [12_345, 54_321])
    #expect(todos[54_321] == Todo(id: 54_321, title: "#54321", isDone: true))
    #expect(todos[12_345] == Todo(id: 12_345, title: "changed"))
  }

  // MARK: Adding

  @Test func appendRejectsDuplicates() {
    var todos: IdentifiedArrayOf<Todo> = [milk]
    #expect(todos.append(eggs) == (true, 1))
    #expect(todos.append(Todo(id: 1, title: "Other")) == (false, 0))
    #expect(todos.elements == [milk, eggs])
    todos.append(contentsOf: [bread, Todo(id: 2, title: "Dup"), jam])
    #expect(todos.elements == [milk, eggs, bread, jam])
    expectConsistent(todos)
  }

  @Test func insertAtOffsets() {
    var todos: IdentifiedArrayOf<Todo> = [eggs]
    #expect(todos.insert(milk, at: 0) == (true, 0))
    #expect(todos.insert(jam, at: 2) == (true, 2))
    #expect(todos.insert(bread, at: 2) == (true, 2))
    #expect(todos.ids == [1, 2, 3, 4])
    #expect(todos.insert(Todo(id: 4, title: "Dup"), at: 0) == (false, 3))
    #expect(todos.ids == [1, 2, 3, 4])
    #expect(todos[id: 4] == jam)
    expectConsistent(todos)
  }

  @Test func updateOrAppend() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    #expect(todos.updateOrAppend(Todo(id: 1, title: "Oat milk")) == milk)
    #expect(todos.updateOrAppend(bread) == nil)
    #expect(todos.map(\.title) == ["Oat milk", "Eggs", "Bread"])
    expectConsistent(todos)
  }

  // MARK: Removing

  @Test func removeByID() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    #expect(todos.remove(id: 2) == eggs)
    #expect(todos.remove(id: 2) == nil)
    #expect(todos.elements == [milk, bread])
    expectConsistent(todos)
  }

  @Test func removeAtOffset() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    #expect(todos.remove(at: 0) == milk)
    #expect(todos.elements == [eggs, bread])
    #expect(todos.remove(at: 1) == bread)
    #expect(todos.elements == [eggs])
    expectConsistent(todos)
  }

  @Test func removeAllWhereKeepsOrder() {
    var todos = IdentifiedArrayOf<Todo>(uniqueElements: (0..<10).map { Todo(id: $0, title: "\($0)") })
    todos.removeAll { $0.id % 3 == 1 }
    #expect(todos.ids == [0, 2, 3, 5, 6, 8, 9])
    expectConsistent(todos)
    todos.removeAll { _ in false }
    #expect(todos.ids == [0, 2, 3, 5, 6, 8, 9])
    todos.removeAll { $0.id != 9 }
    #expect(todos.ids == [9])
    expectConsistent(todos)
  }

  @Test func removeAllWhereThatThrowsRemovesNothing() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    #expect(throws: Failure.self) {
      try todos.removeAll { todo in
        if todo.id == 3 { throw Failure() }
        return todo.id == 1
      }
    }
    #expect(todos.elements == [milk, eggs, bread])
    expectConsistent(todos)
  }

  @Test func removeAll() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    todos.removeAll()
    #expect(todos.isEmpty)
    #expect(todos[id: 1] == nil)
    todos.append(milk)
    expectConsistent(todos)
  }

  // MARK: Reordering

  @Test func moveMatchesSwiftUISemantics() {
    let base = [milk, eggs, bread, jam]
    let cases: [(IndexSet, Int)] = [
      ([0], 0), ([0], 1), ([0], 2), ([0], 4), ([3], 0), ([1], 3),
      ([0, 2], 4), ([1, 3], 0), ([0, 1], 3), ([1, 2], 2), ([0, 1, 2, 3], 2), ([], 1),
    ]
    for (source, destination) in cases {
      var todos = IdentifiedArrayOf<Todo>(uniqueElements: base)
      todos.move(fromOffsets: source, toOffset: destination)
      #expect(
        todos.elements == referenceMove(base, fromOffsets: source, toOffset: destination),
        "move(fromOffsets: \(Array(source)), toOffset: \(destination))"
      )
      expectConsistent(todos)
    }
  }

  @Test func sortIsStableAndReindexes() {
    var scores = IdentifiedArrayOf<Score>(uniqueElements: [
      Score(id: "a", value: 3), Score(id: "b", value: 1), Score(id: "c", value: 3), Score(id: "d", value: 0),
    ])
    scores.sort(by: <)
    #expect(scores.ids == ["d", "b", "a", "c"])
    expectConsistent(scores)
    scores.sort { $0.value > $1.value }
    #expect(scores.ids == ["a", "c", "b", "d"])
    scores.sort()
    #expect(scores.ids == ["d", "b", "a", "c"])
    expectConsistent(scores)
  }

  @Test func sortedReturnsAnIdentifiedArray() {
    let todos: IdentifiedArrayOf<Todo> = [bread, milk, eggs]
    let sorted: IdentifiedArrayOf<Todo> = todos.sorted { $0.title < $1.title }
    #expect(sorted.ids == [3, 2, 1])
    #expect(sorted[id: 1] == milk)
    #expect(todos.ids == [3, 1, 2])
    expectConsistent(sorted)
  }

  @Test func genericMutableCollectionAlgorithms() {
    var scores = IdentifiedArrayOf<Score>(uniqueElements: (0..<20).map { Score(id: "s\($0)", value: ($0 * 7) % 20) })
    genericSort(&scores)
    #expect(scores.map(\.value) == Array(0..<20))
    expectConsistent(scores)

    scores.reverse()
    #expect(scores.map(\.value) == Array((0..<20).reversed()))
    expectConsistent(scores)

    scores.swapAt(0, 19)
    #expect(scores.first?.value == 0 && scores.last?.value == 19)
    expectConsistent(scores)

    let pivot = scores.partition { $0.value >= 10 }
    #expect(scores[..<pivot].allSatisfy { $0.value < 10 })
    #expect(scores[pivot...].allSatisfy { $0.value >= 10 })
    expectConsistent(scores)
  }

  @Test func mutatingSlices() {
    var scores = IdentifiedArrayOf<Score>(uniqueElements: [
      Score(id: "a", value: 3), Score(id: "b", value: 2), Score(id: "c", value: 1), Score(id: "d", value: 0),
    ])
    scores[1...].sort()
    #expect(scores.ids == ["a", "d", "c", "b"])
    expectConsistent(scores)
    scores[..<2].reverse()
    #expect(scores.ids == ["d", "a", "c", "b"])
    expectConsistent(scores)

    let others = IdentifiedArrayOf<Score>(uniqueElements: [Score(id: "x", value: 9), Score(id: "y", value: 8)])
    scores[1..<3] = others[0..<2]
    #expect(scores.ids == ["d", "x", "y", "b"])
    #expect(scores[id: "a"] == nil)
    expectConsistent(scores)
  }

  @Test func writingASliceThatDuplicatesAnIDStops() async {
    await #expect(processExitsWith: .failure) {
      var scores = IdentifiedArrayOf<Score>(uniqueElements: [Score(id: "a", value: 0), Score(id: "b", value: 1)])
      let others = IdentifiedArrayOf<Score>(uniqueElements: [Score(id: "b", value: 2)])
      scores[0..<1] = others[0..<1]
    }
  }

  @Test func filterReturnsAnIdentifiedArray() {
    let todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread, jam]
    let even: IdentifiedArrayOf<Todo> = todos.filter { $0.id.isMultiple(of: 2) }
    #expect(even.elements == [eggs, jam])
    #expect(even[id: 4] == jam)
    #expect(even[id: 1] == nil)
    expectConsistent(even)
  }

  // MARK: Conformances

  @Test func equatableAndHashable() {
    let a: IdentifiedArrayOf<Todo> = [milk, eggs]
    let b: IdentifiedArrayOf<Todo> = [milk, eggs]
    let reordered: IdentifiedArrayOf<Todo> = [eggs, milk]
    var edited = a
    edited[id: 1]?.isDone = true
    #expect(a == b)
    #expect(a != reordered)
    #expect(a != edited)
    #expect(Set([a, b, reordered]).count == 2)
    #expect(a.hashValue == b.hashValue)
  }

  @Test func codableAsAPlainArray() throws {
    let todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(todos)
    #expect(data == (try encoder.encode([milk, eggs, bread])))
    let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
    #expect(decoded == todos)
    expectConsistent(decoded)
  }

  @Test func decodingDuplicateIDsThrows() throws {
    let json = Data(#"[{"id":1,"title":"a","isDone":false},{"id":2,"title":"b","isDone":false},{"id":1,"title":"c","isDone":true}]"#.utf8)
    do {
      _ = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)
      Issue.record("decoding duplicate ids succeeded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.codingPath.map(\.intValue) == [2])
      #expect(context.debugDescription.contains("Duplicate id 1 at offset 2, already at offset 0"))
    }
  }

  @Test func sendableWhenElementsAre() {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }
    let todos: IdentifiedArrayOf<Todo> = requireSendable([milk])
    #expect(todos.count == 1)
  }

  @Test func printsLikeAnArray() {
    let files = IdentifiedArray(uniqueElements: [File(path: "a", size: 1)], id: \.path)
    #expect(files.description == [File(path: "a", size: 1)].description)

    let mirror = files.customMirror
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.count == 1)

    var dumped = ""
    dump(files, to: &dumped)
    var dumpedArray = ""
    dump([File(path: "a", size: 1)], to: &dumpedArray)
    #expect(dumped == dumpedArray)
  }
}
