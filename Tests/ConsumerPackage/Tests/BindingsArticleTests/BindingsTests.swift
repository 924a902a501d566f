@testable import BindingsArticle
import Composable
import ComposableTesting
import Foundation
import Testing

/// The article's examples, run, with what their comments say checked.
@MainActor
@Suite struct BindingsTests {
  @Test func aStoreTakesBindings() {
    // snippet: store
    #expect(store.state.title == "Buy milk")
    #expect(store.state.priority == 2)
  }

  @Test func bindingsAreAssertedAsUsual() async {
    // snippet: test
  }

  @Test func aBindingIsMatchedByItsKeyPath() {
    let action = ReminderForm.Action.binding(.set(\.title, "Call Bob"))
    // snippet: matching
    #expect(matched == "title")
    #expect(title == "Call Bob")
  }
}
