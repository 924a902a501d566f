import Composable
import Testing

@Suite struct StackStateTests {
  @Test func pushesTakeIncreasingIdsThatPopsNeverGiveBack() {
    var path = StackState<String>()
    #expect(path.isEmpty)
    #expect(path.append("a") == 0)
    path.append("b")
    path.append("c")
    #expect(path.ids == [0, 1, 2])
    #expect(Array(path) == ["a", "b", "c"])
    #expect(path.count == 3)

    path.removeLast()
    #expect(path.popLast() == "b")
    #expect(path.ids == [0])
    path.append("d")
    #expect(path.ids == [0, 3])

    path.removeLast(2)
    #expect(path.isEmpty)
    #expect(path.popLast() == nil)
    path.append("e")
    path.removeAll()
    #expect(path.nextID == 5)
    path.append("f")
    #expect(path.ids == [5])
  }

  @Test func aStackMadeFromElementsNumbersThemFromZero() {
    let path = StackState(["a", "b"])
    #expect(path.ids == [0, 1])
    #expect(path.nextID == 2)
    let literal: StackState<String> = ["a", "b"]
    #expect(literal == path)
    #expect(path[0] == "a")
    #expect(path.last == "b")
  }

  @Test func theSubscriptByIdReadsModifiesRemovesAndPushes() {
    var path = StackState(["a", "b", "c"])
    #expect(path[id: 1] == "b")
    #expect(path[id: 9] == nil)

    path[id: 1]?.append("!")
    #expect(Array(path) == ["a", "b!", "c"])
    #expect(path.ids == [0, 1, 2])

    // Setting nil removes that element alone.
    path[id: 1] = nil
    #expect(path.ids == [0, 2])
    #expect(Array(path) == ["a", "c"])

    // An id the stack lacks is pushed under that id, and the counter moves past it.
    path[id: 7] = "x"
    #expect(path.ids == [0, 2, 7])
    #expect(path.nextID == 8)
    path.append("y")
    #expect(path.ids == [0, 2, 7, 8])

    // A mutation through an absent id does nothing.
    path[id: 42]?.append("?")
    #expect(path.ids == [0, 2, 7, 8])
  }

  @Test func popFromAndPopTo() {
    var path = StackState(["a", "b", "c", "d"])
    path.pop(to: 1)
    #expect(Array(path) == ["a", "b"])
    path.pop(from: 1)
    #expect(Array(path) == ["a"])
    path.pop(from: 9)
    path.pop(to: 9)
    #expect(path.ids == [0])
    path.pop(from: 0)
    #expect(path.isEmpty)
    #expect(path.nextID == 4)
  }

  @Test func equalityComparesIdsAndElementsButNotTheCounter() {
    let one = StackState(["a"])
    var popped = StackState(["a", "b"])
    popped.removeLast()
    // Same ids and elements, different counters.
    #expect(one == popped)
    #expect(one.hashValue == popped.hashValue)

    var renumbered = StackState<String>()
    renumbered.append("x")
    renumbered.removeAll()
    renumbered.append("a")
    // Same elements under another id.
    #expect(renumbered.ids == [1])
    #expect(one != renumbered)
  }

  @Test func idsPrintAndDumpAsTCAWritesThem() {
    let id: StackElementID = 3
    #expect(String(reflecting: id) == "#3")
    #expect("\(id)" == "#3")
    #expect(StackElementID(integerLiteral: 1) < 2)

    var path = StackState(["a", "b"])
    path.pop(from: 0)
    path.append("c")
    #expect(path.description == "[#2: c]")
    #expect(
      customDump(StackState(["a", "b"])) == """
        StackState<String>(
          #0: "a"
          #1: "b"
        )
        """
    )
    #expect(
      customDump(StackAction<String, Int>.popFrom(id: 4)) == """
        StackAction<String, Int>.popFrom(
          id: #4
        )
        """
    )
  }

  @Test func aDiffNamesTheElementsById() throws {
    var popped = StackState(["a", "b"])
    popped.removeLast()
    popped.append("c")
    #expect(
      diff(StackState(["a", "b"]), popped) == """
         StackState<String>(
           #0: "a"
        −  #1: "b"
        +  #2: "c"
         )
        """
    )
  }

  @Test func casePathsReachEachCase() throws {
    typealias Action = StackAction<String, Int>
    let element = try #require(CasePath<Action, (id: StackElementID, action: Int)>.element.extract(from: .element(id: 1, action: 5)))
    #expect(element.id == 1 && element.action == 5)
    #expect(CasePath<Action, (id: StackElementID, action: Int)>.element.embed((id: 2, action: 3)) == .element(id: 2, action: 3))
    #expect(CasePath<Action, StackElementID>.popFrom.extract(from: .popFrom(id: 4)) == 4)
    #expect(CasePath<Action, StackElementID>.popFrom.extract(from: .element(id: 4, action: 0)) == nil)
    #expect(CasePath<Action, StackElementID>.popFrom.embed(6) == .popFrom(id: 6))
    let composed: CasePath<StackNavigator.Action, (id: StackElementID, action: StackScreen.Action)> =
      .stackPath.appending(.element)
    let sent = try #require(composed.extract(from: .path(.element(id: 1, action: .increment))))
    #expect(sent.id == 1 && sent.action == .increment)
    #expect(composed.embed((id: 2, action: .tick)) == .path(.element(id: 2, action: .tick)))
    let push = try #require(CasePath<Action, (id: StackElementID, state: String)>.push.extract(from: .push(id: 0, state: "s")))
    #expect(push.id == 0 && push.state == "s")
  }
  @Test func theSubscriptByIdAndCaseReachesOneKindOfScreen() {
    enum Screen: Equatable {
      case number(Int)
      case text(String)
    }
    let number = CasePath<Screen, Int>(Screen.number) { if case let .number(v) = $0 { v } else { nil } }
    let text = CasePath<Screen, String>(Screen.text) { if case let .text(v) = $0 { v } else { nil } }
    var path = StackState<Screen>([.number(1), .text("a")])
    #expect(path[id: 0, case: number] == 1)
    #expect(path[id: 0, case: text] == nil)
    #expect(path[id: 7, case: number] == nil)
    path[id: 0, case: number]? += 1
    path[id: 1, case: text]?.append("b")
    #expect(path == StackState([.number(2), .text("ab")]))
    // Another case, a missing id, or nil: nothing changes, nothing is pushed.
    path[id: 0, case: text] = "x"
    path[id: 7, case: number] = 3
    path[id: 1, case: text] = nil
    #expect(path == StackState([.number(2), .text("ab")]))
  }
}
