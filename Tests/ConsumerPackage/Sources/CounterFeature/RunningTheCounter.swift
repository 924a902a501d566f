import Composable
import Foundation

/// Getting Started's "Running it in a store", as a function an app would call.
@MainActor
public func runTheCounter() {
  // snippet: store
  // snippet: states
}
