import ValueDump
import Foundation
import Testing

// MARK: - Fixtures

private enum Counter {
  struct State {
    var count = 1
    var name = "Blob"
    var settings = Settings()
  }

  struct Settings {
    var isOn = false
  }

  enum Action {
    case increment
    case setName(String)
    case move(from: Int, to: Int)
    case pair(Int, String)
    case select(id: Int)
  }
}

private struct Empty {}

private struct Pair<First, Second> {
  var first: First
  var second: Second
}

private struct Point: Hashable {
  var x: Int
  var y: Int
}

private struct Row: Identifiable {
  var id: Int
  var title: String
}

/// Prints a description instead of the case name.
private enum Mood: CustomStringConvertible {
  case happy

  var description: String { "😀" }
}

private final class Node {
  var value: Int
  var next: Node?

  init(_ value: Int, next: Node? = nil) {
    self.value = value
    self.next = next
  }
}

private class Animal {
  var name = "Rex"
}

private final class Dog: Animal {
  var isGood = true
}

private struct Hex: CustomDumpStringConvertible {
  var value: Int
  var customDumpDescription: String { "0x" + String(value, radix: 16) }
}

private struct Token: CustomDumpReflectable {
  var id: Int
  var secret: String
  var customDumpMirror: Mirror { Mirror(self, children: ["id": id], displayStyle: .struct) }
}

/// Stands in for an `IdentifiedArray`: a custom collection reflected with the `.collection` style.
private struct Rows<ID: Hashable, Element>: CustomReflectable {
  var ids: [ID]
  var elements: [ID: Element]
  var customMirror: Mirror {
    Mirror(self, unlabeledChildren: ids.map { elements[$0]! }, displayStyle: .collection)
  }
}

private struct Headers: CustomReflectable {
  var fields: [(String, String)]
  var customMirror: Mirror {
    Mirror(self, children: fields.map { (label: $0.0, value: $0.1) }, displayStyle: .dictionary)
  }
}

private struct Tags: CustomReflectable {
  var names: [String]
  var customMirror: Mirror { Mirror(self, unlabeledChildren: names, displayStyle: .set) }
}

extension Array {
  fileprivate struct Nested {
    var count: Int
  }
}

// MARK: - Tests

@Suite struct DumpTests {
  @Test func structWithNestedTypeNames() {
    #expect(
      customDump(Counter.State()) == """
        Counter.State(
          count: 1
          name: "Blob"
          settings: Counter.Settings(
            isOn: false
          )
        )
        """
    )
  }

  @Test func structWithoutFields() {
    #expect(customDump(Empty()) == "Empty()")
  }

  @Test func enumWithoutAssociatedValues() {
    #expect(customDump(Counter.Action.increment) == "Counter.Action.increment")
  }

  @Test func aCaseWithoutValuesOfAnEnumWithADescriptionPrintsTheDescription() {
    // No public API reads a case's declared name past a custom description; with associated
    // values, the mirror names the case.
    #expect(customDump(Mood.happy) == "Mood.😀")
  }

  @Test func enumWithOneUnlabelledValue() {
    #expect(
      customDump(Counter.Action.setName("Blob")) == """
        Counter.Action.setName(
          "Blob"
        )
        """
    )
  }

  @Test func enumWithLabelledValues() {
    #expect(
      customDump(Counter.Action.move(from: 1, to: 2)) == """
        Counter.Action.move(
          from: 1
          to: 2
        )
        """
    )
    #expect(
      customDump(Counter.Action.select(id: 7)) == """
        Counter.Action.select(
          id: 7
        )
        """
    )
  }

  @Test func enumWithUnlabelledValues() {
    #expect(
      customDump(Counter.Action.pair(1, "one")) == """
        Counter.Action.pair(
          1
          "one"
        )
        """
    )
  }

  @Test func tuples() {
    #expect(
      customDump((1, label: "two")) == """
        (
          1
          label: "two"
        )
        """
    )
    #expect(customDump(()) == "()")
  }

  @Test func optionals() {
    let none: Int? = nil
    let some: Int? = 42
    let nested: Counter.Settings?? = .some(.some(Counter.Settings()))
    let nestedNone: Int?? = .some(nil)
    #expect(customDump(none) == "nil")
    #expect(customDump(some) == "42")
    #expect(customDump(nestedNone) == "nil")
    #expect(
      customDump(nested) == """
        Counter.Settings(
          isOn: false
        )
        """
    )
  }

  @Test func arrays() {
    #expect(
      customDump([[1, 2], []]) == """
        [
          [0]: [
            [0]: 1
            [1]: 2
          ]
          [1]: []
        ]
        """
    )
    #expect(customDump([Int]()) == "[]")
  }

  @Test func dictionariesAreSortedByKey() {
    #expect(
      customDump(["b": 2, "a": 1, "C": 3]) == """
        [
          "C": 3
          "a": 1
          "b": 2
        ]
        """
    )
    #expect(
      customDump([10: "ten", 2: "two", -1: "minus one"]) == """
        [
          -1: "minus one"
          2: "two"
          10: "ten"
        ]
        """
    )
    #expect(customDump([String: Int]()) == "[:]")
  }

  @Test func dictionaryWithStructKeys() {
    #expect(
      customDump([Point(x: 2, y: 0): "b", Point(x: 1, y: 5): "a"]) == """
        [
          Point(x: 1, y: 5): "a"
          Point(x: 2, y: 0): "b"
        ]
        """
    )
  }

  @Test func setsAreSortedByDump() {
    #expect(
      customDump(Set([20, 3, 100])) == """
        Set([
          3
          20
          100
        ])
        """
    )
    #expect(
      customDump(Set(["pear", "apple"])) == """
        Set([
          "apple"
          "pear"
        ])
        """
    )
    #expect(customDump(Set<Int>()) == "Set([])")
  }

  @Test func strings() {
    #expect(customDump("Blob") == #""Blob""#)
    #expect(customDump("") == #""""#)
    #expect(customDump("say \"hi\"\n\tC:\\ \u{7}\u{2028}é🎉") == #""say \"hi\"\n\tC:\\ \u{7}\u{2028}é🎉""#)
    #expect(customDump("abc".dropFirst()) == #""bc""#)
    #expect(customDump(Character("x")) == #""x""#)
  }

  @Test func numbersAndBools() {
    #expect(customDump(42) == "42")
    #expect(customDump(-7) == "-7")
    #expect(customDump(UInt8(255)) == "255")
    #expect(customDump(1.5) == "1.5")
    #expect(customDump(Float(0.25)) == "0.25")
    #expect(customDump(Double.infinity) == "inf")
    #expect(customDump(true) == "true")
    #expect(customDump(false) == "false")
  }

  @Test func foundationValues() {
    let uuid = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    #expect(customDump(uuid) == "UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)")
    #expect(customDump(Date(timeIntervalSince1970: 1_234_567_890.25)) == "Date(2009-02-13T23:31:30.250Z)")
    #expect(customDump(URL(string: "https://example.com/a?b=c")!) == "URL(https://example.com/a?b=c)")
    #expect(customDump(Data([1, 2, 3])) == "Data(3 bytes)")
    #expect(customDump(Data([1])) == "Data(1 byte)")
  }

  @Test func genericTypeNamesHaveNoModulePrefixes() {
    let uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let value = Pair(first: uuid, second: [Row(id: 1, title: "A")])
    #expect(
      customDump(value) == """
        Pair<UUID, [Row]>(
          first: UUID(00000000-0000-0000-0000-000000000001)
          second: [
            [0]: Row(
              id: 1
              title: "A"
            )
          ]
        )
        """
    )
    #expect(
      customDump(Pair(first: [1: [2]] as [Int: [Int]], second: Int?.none)) == """
        Pair<[Int: [Int]], Int?>(
          first: [
            1: [
              [0]: 2
            ]
          ]
          second: nil
        )
        """
    )
    #expect(
      customDump([Int].Nested(count: 3)) == """
        Array<Int>.Nested(
          count: 3
        )
        """
    )
  }

  @Test func metatypes() {
    #expect(customDump(Int.self) == "Int.self")
    #expect(customDump(Counter.State.self) == "Counter.State.self")
  }

  @Test func classesAreNumberedAndSharedInstancesReferBack() {
    let shared = Node(2)
    #expect(
      customDump([Node(1, next: shared), shared]) == """
        [
          [0]: Node#1(
            value: 1
            next: Node#2(
              value: 2
              next: nil
            )
          )
          [1]: Node#2(↩)
        ]
        """
    )
  }

  @Test func cyclesTerminate() {
    let first = Node(1)
    let second = Node(2, next: first)
    first.next = second
    #expect(
      customDump(first) == """
        Node#1(
          value: 1
          next: Node#2(
            value: 2
            next: Node#1(↩)
          )
        )
        """
    )
    first.next = nil  // Break the cycle so that both nodes are freed.
  }

  @Test func subclassesIncludeInheritedFieldsFirst() {
    #expect(
      customDump(Dog()) == """
        Dog#1(
          name: "Rex"
          isGood: true
        )
        """
    )
  }

  @Test func customDumpStringConvertible() {
    #expect(
      customDump(Pair(first: Hex(value: 255), second: 1)) == """
        Pair<Hex, Int>(
          first: 0xff
          second: 1
        )
        """
    )
  }

  @Test func customDumpReflectable() {
    #expect(
      customDump(Token(id: 1, secret: "hunter2")) == """
        Token(
          id: 1
        )
        """
    )
  }

  @Test func customCollectionMirror() {
    let a = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    let b = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!
    let rows = Rows(ids: [b, a], elements: [a: Row(id: 1, title: "A"), b: Row(id: 2, title: "B")])
    #expect(
      customDump(rows) == """
        Rows<UUID, Row>[
          [0]: Row(
            id: 2
            title: "B"
          )
          [1]: Row(
            id: 1
            title: "A"
          )
        ]
        """
    )
    #expect(customDump(Rows<UUID, Row>(ids: [], elements: [:])) == "Rows<UUID, Row>[]")
  }

  @Test func customDictionaryAndSetMirrors() {
    #expect(
      customDump(Headers(fields: [("b", "2"), ("a", "1")])) == """
        Headers[
          "a": "1"
          "b": "2"
        ]
        """
    )
    #expect(
      customDump(Tags(names: ["b", "a"])) == """
        Tags([
          "a"
          "b"
        ])
        """
    )
  }
}
