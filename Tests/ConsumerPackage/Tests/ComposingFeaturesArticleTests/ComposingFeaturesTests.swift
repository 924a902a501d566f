import Composable
@testable import ComposingFeaturesArticle
import ComposableTesting
import CounterFeature
import Dependencies
import Foundation
import Testing
import TodosFeature

/// The article's test snippets, with the stores and values they use declared before them.
@MainActor
@Suite struct ComposingFeaturesTests {
  @Test func aPresentedCounterSheetCancelsItsEffectsWhenClosed() async {
    // snippet: counter sheet
  }

  @Test func sendingToARow() async {
    let milk = Todo.State(id: UUID(0), title: "Buy milk")
    let store = TestStore(initialState: Todos.State(todos: [milk])) { Todos() }
    // snippet: todos
  }

  @Test func theScoreboardEditsThroughAPresentedEditorAndResetsThroughAnAlert() async {
    // snippet: scoreboard
  }

  @Test func storesRunAsPrinted() {
    runTwoCounters()
    runTheScoreboard()
  }
}

extension UUID {
  /// `00000000-0000-0000-0000-00000000000<n>`.
  init(_ n: Int) { self.init(uuidString: String(format: "00000000-0000-0000-0000-%012x", n))! }
}
