import Composable
import ComposableTesting
import CounterFeature
import Foundation
import TerminalUI
import Testing

@testable import TerminalUIArticle

// snippet: press

/// The article's examples, run, with what their comments say checked.
@MainActor
@Suite struct TerminalUIArticleTests {
  @Test func aViewIsAFunctionOfState() {
    // snippet: counter-frame
  }

  @Test func theAppsScreen() {
    // snippet: golden
  }

  @Test func keysThroughATestStore() async throws {
    // snippet: keys
  }
}
