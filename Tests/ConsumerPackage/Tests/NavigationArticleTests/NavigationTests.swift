import Composable
import ComposableTesting
import CounterFeature
import Dependencies
import Foundation
@testable import NavigationArticle
import Testing

/// The Navigation article's test snippets.
@MainActor
@Suite struct NavigationTests {
  @Test func drillingDownAndBack() async {
    // snippet: drill down
  }

  @Test func aPoppedScreensEffectsEnd() async {
    // snippet: cancel on pop
  }

  @Test func aUserInterfacePushesUnderTheNextID() async {
    // snippet: push
  }
}
