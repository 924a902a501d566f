import Dependencies
import Composable
import ComposableTesting
import Testing

private struct PrintedCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var title = "Counter"
  }
  enum Action: Equatable {
    case increment
    case noop
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .noop:
      return .none
    }
  }
}

private final class PrintedLines: Sendable {
  private let lines = Lock<[String]>([])
  var printer: ChangePrinter { ChangePrinter { text in self.lines.withLock { $0.append(text) } } }
  var all: [String] { lines.withLock { $0 } }
}

@MainActor
@Suite struct PrintChangesTests {
  @Test func printsEachActionAndTheStateDiff() async {
    let printed = PrintedLines()
    let store = TestStore(initialState: PrintedCounter.State()) {
      PrintedCounter()._printChanges(printed.printer)
    }

    await store.send(.increment) { $0.count = 1 }
    await store.send(.noop)

    #expect(
      printed.all == [
        """
        received action:
          PrintedCounter.Action.increment
          PrintedCounter.State(
        −   count: 0
        +   count: 1
            title: "Counter"
          )
        """,
        """
        received action:
          PrintedCounter.Action.noop
          (no state change)
        """,
      ]
    )
  }
}
