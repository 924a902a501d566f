import ValueDump
import Testing

// MARK: - Fixtures

private enum Counter {
  struct State: Equatable {
    var count: Int
  }
}

private struct AppState: Equatable {
  var user: User
  var settings = Settings()
  var tabs = ["home", "search"]
  var title = "Home"
}

private struct User: Equatable {
  var id: Int
  var name: String
  var email: String
}

private struct Settings: Equatable {
  var isOn = false
  var level = 3
}

private struct Wide: Equatable {
  var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9
}

private struct Row: Identifiable, Equatable {
  var id: Int
  var title: String
  var isDone = false
}

/// Neither `Equatable` nor `Identifiable`: compared and matched by dump only.
private struct PlainRow {
  var id: Int
  var title: String
}

private struct Todos: Equatable {
  var rows: [Row]
  var filter = "all"
}

private enum Status: Equatable {
  case idle
  case loading(progress: Double)
  case failed(String)
}

private struct Screen: Equatable {
  var status: Status
}

private struct Address: Equatable {
  var city: String
}

private struct Profile: Equatable {
  var name = "Blob"
  var nickname: String?
  var address: Address?
}

private final class Node {
  var value: Int
  var next: Node?

  init(_ value: Int, next: Node? = nil) {
    self.value = value
    self.next = next
  }
}

/// Stands in for an `IdentifiedArray`: a custom collection reflected with the `.collection` style.
private struct IdentifiedRows: Equatable, CustomReflectable {
  var rows: [Row]
  var customMirror: Mirror { Mirror(self, unlabeledChildren: rows, displayStyle: .collection) }
}

/// Holds values of any type, so that a value's type can change.
private struct Box {
  var value: Any
}

/// Equality that ignores `cache`.
private struct Cached: Equatable {
  var id: Int
  var cache: [Int]

  static func == (lhs: Cached, rhs: Cached) -> Bool { lhs.id == rhs.id }
}

// MARK: - Tests

@Suite struct DiffTests {
  @Test func equalValuesHaveNoDiff() {
    #expect(diff(Counter.State(count: 1), Counter.State(count: 1)) == nil)
    #expect(diff(PlainRow(id: 1, title: "A"), PlainRow(id: 1, title: "A")) == nil)
    #expect(diff(Node(1, next: Node(2)), Node(1, next: Node(2))) == nil)
  }

  @Test func unequalValuesWithEqualDumpsHaveNoDiff() {
    // `.nan != .nan`, but both dump as `nan`.
    #expect(diff([Double.nan], [Double.nan]) == nil)
  }

  @Test func valuesEqualByEquatableAreUnchanged() {
    #expect(diff(Cached(id: 1, cache: []), Cached(id: 1, cache: [1])) == nil)
  }

  @Test func changedLeaf() {
    #expect(
      diff(Counter.State(count: 1), Counter.State(count: 2)) == """
         Counter.State(
        −  count: 1
        +  count: 2
         )
        """
    )
  }

  @Test func topLevelLeaves() {
    #expect(diff(1, 2) == "−1\n+2")
    #expect(diff("a", "b") == "−\"a\"\n+\"b\"")
    #expect(diff(1, 2)?.unicodeScalars.first == "\u{2212}")
  }

  @Test func changedNestedLeafWithUnchangedSiblingsCollapsed() {
    let expected = AppState(user: User(id: 1, name: "Blob", email: "blob@example.com"))
    var actual = expected
    actual.user.name = "Blob Jr."
    #expect(
      diff(expected, actual) == """
         AppState(
           user: User(
             id: 1
        −    name: "Blob"
        +    name: "Blob Jr."
             email: "blob@example.com"
           )
           settings: Settings(…)
           tabs: […]
           title: "Home"
         )
        """
    )
  }

  @Test func longRunsOfUnchangedFieldsCollapse() {
    var actual = Wide()
    actual.e = 50
    #expect(
      diff(Wide(), actual) == """
         Wide(
           … (4 unchanged)
        −  e: 5
        +  e: 50
           … (4 unchanged)
         )
        """
    )
  }

  @Test func insertedArrayElement() {
    #expect(
      diff(["a", "b", "c"], ["a", "x", "b", "c"]) == """
         [
           [0]: "a"
        +  [1]: "x"
           … (2 unchanged)
         ]
        """
    )
  }

  @Test func removedArrayElement() {
    #expect(
      diff(["a", "b", "c", "d"], ["a", "c", "d"]) == """
         [
           [0]: "a"
        −  [1]: "b"
           … (2 unchanged)
         ]
        """
    )
  }

  @Test func changedArrayElementWithoutIDIsMatchedByPosition() {
    #expect(
      diff(["a", "b", "c"], ["a", "B", "c"]) == """
         [
           [0]: "a"
        −  [1]: "b"
        +  [1]: "B"
           [2]: "c"
         ]
        """
    )
  }

  @Test func insertedIdentifiableElement() {
    let rows = [Row(id: 1, title: "A"), Row(id: 2, title: "B"), Row(id: 3, title: "C")]
    #expect(
      diff(rows, rows + [Row(id: 9, title: "New")]) == """
         [
           … (3 unchanged)
        +  [3]: Row(
        +    id: 9
        +    title: "New"
        +    isDone: false
        +  )
         ]
        """
    )
  }

  @Test func identifiableElementsAreMatchedByID() {
    let expected = [Row(id: 1, title: "A"), Row(id: 2, title: "B"), Row(id: 3, title: "C")]
    let actual = [Row(id: 1, title: "A"), Row(id: 3, title: "C!")]
    #expect(
      diff(expected, actual) == """
         [
           [0]: Row(…)
        −  [1]: Row(
        −    id: 2
        −    title: "B"
        −    isDone: false
        −  )
        −  [2]: Row(
        +  [1]: Row(
             id: 3
        −    title: "C"
        +    title: "C!"
             isDone: false
           )
         ]
        """
    )
  }

  @Test func elementsInsertedInFrontKeepTheRestCollapsed() {
    let rows = (1...5).map { Row(id: $0, title: "Row \($0)") }
    #expect(
      diff(rows, [Row(id: 0, title: "First")] + rows) == """
         [
        +  [0]: Row(
        +    id: 0
        +    title: "First"
        +    isDone: false
        +  )
           … (5 unchanged)
         ]
        """
    )
  }

  @Test func customCollectionIsDiffedLikeAnArray() {
    let expected = IdentifiedRows(rows: [Row(id: 1, title: "A"), Row(id: 2, title: "B"), Row(id: 3, title: "C")])
    var actual = expected
    actual.rows[1].isDone = true
    #expect(
      diff(expected, actual) == """
         IdentifiedRows[
           [0]: Row(…)
           [1]: Row(
             id: 2
             title: "B"
        −    isDone: false
        +    isDone: true
           )
           [2]: Row(…)
         ]
        """
    )
  }

  @Test func changedTypeShowsWholeValues() {
    #expect(
      diff(Box(value: 1), Box(value: Address(city: "Paris"))) == """
         Box(
        −  value: 1
        +  value: Address(
        +    city: "Paris"
        +  )
         )
        """
    )
  }

  @Test func emptyAndNonEmptyCollectionsShowWhole() {
    #expect(
      diff([String](), ["a"]) == """
        −[]
        +[
        +  [0]: "a"
        +]
        """
    )
  }

  @Test func dictionaryChange() {
    #expect(
      diff(["a": 1, "b": 2, "c": 3], ["a": 1, "b": 5, "d": 4]) == """
         [
           "a": 1
        −  "b": 2
        +  "b": 5
        −  "c": 3
        +  "d": 4
         ]
        """
    )
  }

  @Test func setChange() {
    #expect(
      diff(Set([1, 2, 3]), Set([1, 3, 4])) == """
         Set([
           1
        −  2
           3
        +  4
         ])
        """
    )
  }

  @Test func enumCaseChangeShowsWholeValues() {
    #expect(
      diff(Screen(status: .idle), Screen(status: .loading(progress: 0.5))) == """
         Screen(
        −  status: Status.idle
        +  status: Status.loading(
        +    progress: 0.5
        +  )
         )
        """
    )
    #expect(
      diff(Status.failed("Oops"), Status.loading(progress: 1)) == """
        −Status.failed(
        −  "Oops"
        −)
        +Status.loading(
        +  progress: 1.0
        +)
        """
    )
  }

  @Test func sameEnumCaseShowsChangedAssociatedValue() {
    #expect(
      diff(Status.loading(progress: 0.25), Status.loading(progress: 0.5)) == """
         Status.loading(
        −  progress: 0.25
        +  progress: 0.5
         )
        """
    )
  }

  @Test func optionalNilToValue() {
    #expect(
      diff(Profile(), Profile(nickname: "B")) == """
         Profile(
           name: "Blob"
        −  nickname: nil
        +  nickname: "B"
           address: nil
         )
        """
    )
  }

  @Test func optionalValueToNil() {
    #expect(
      diff(Profile(address: Address(city: "Paris")), Profile()) == """
         Profile(
           name: "Blob"
           nickname: nil
        −  address: Address(
        −    city: "Paris"
        −  )
        +  address: nil
         )
        """
    )
  }

  @Test func classes() {
    #expect(
      diff(Node(1, next: Node(2)), Node(1, next: Node(3))) == """
         Node#1(
           value: 1
           next: Node#2(
        −    value: 2
        +    value: 3
             next: nil
           )
         )
        """
    )
  }

  @Test func oneChangedRowAmongAThousand() {
    let expected = Todos(rows: (0..<1_000).map { Row(id: $0, title: "Row \($0)") })
    var actual = expected
    actual.rows[500].title = "Changed"
    #expect(
      diff(expected, actual) == """
         Todos(
           rows: [
             … (500 unchanged)
             [500]: Row(
               id: 500
        −      title: "Row 500"
        +      title: "Changed"
               isDone: false
             )
             … (499 unchanged)
           ]
           filter: "all"
         )
        """
    )
  }

  @Test func oneChangedPlainRowAmongAThousand() {
    let expected = (0..<1_000).map { PlainRow(id: $0, title: "Row \($0)") }
    var actual = expected
    actual[998].title = "Changed"
    #expect(
      diff(expected, actual) == """
         [
           … (998 unchanged)
           [998]: PlainRow(
             id: 998
        −    title: "Row 998"
        +    title: "Changed"
           )
           [999]: PlainRow(…)
         ]
        """
    )
  }
}
