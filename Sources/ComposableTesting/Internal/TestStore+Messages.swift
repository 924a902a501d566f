import Composable
import Dependencies

// The texts of the test store's failures that more than one of its jobs reports. Tests pin them
// word for word (TestStoreFailureTests).
extension TestStore {
  /// Why a wait ended without what it waited for, appended to the failure it causes.
  func explain(_ outcome: WaitOutcome) -> String {
    switch outcome {
    case .satisfied, .nothingRunning:
      return ""
    case let .asleep(running):
      return """


        \(count(running, "effect")) \(running == 1 ? "is" : "are") still running, asleep on a \
        test clock: advance the clock to let \(running == 1 ? "it" : "them") continue.\(runningEffectsList)
        """
    case let .stalled(running):
      return """


        \(count(running, "effect")) neither finished nor fell asleep on a test clock: \
        \(running == 1 ? "it may be" : "they may be") waiting on something other than a test \
        clock (no progress for \(timeout)), or running without end. Use a TestClock or \
        ImmediateClock for waiting in tests, or raise 'timeout'.\(runningEffectsList)
        """
    }
  }

  /// Where each running effect comes from, one per line, for failure messages.
  var runningEffectsList: String {
    activity.runningOrigins.map { origin in
      "\n  • " + (origin.effect.map { "the effect at \($0)" } ?? "an effect")
        + ", started by the action sent at \(origin.send)"
    }.joined()
  }

  /// Reports actions that effects sent back and the test did not receive, at the test call
  /// whose action produced them (where a `receive` is missing), naming the call that came next
  /// (`before`; nil at the end of the test).
  nonisolated func reportUnreceived(_ received: [Received], before next: Dependencies.SourceLocation?) {
    var origins: [Dependencies.SourceLocation] = []
    for action in received where !origins.contains(action.origin) { origins.append(action.origin) }
    for origin in origins {
      let actions = received.filter { $0.origin == origin }
      let when = next.map { "before the next send, at \($0)" } ?? "by the end of the test"
      reportTestFailure(
        """
        \(count(actions.count, "action")) produced by this send \(actions.count == 1 ? "was" : "were") \
        not received \(when): …

        Unhandled actions:
        \(actions.map { indent(customDump($0.action)) }.joined(separator: "\n"))

        Assert \(actions.count == 1 ? "it" : "each") with 'await store.receive(…)' after this send, \
        or call 'await store.skipReceivedActions()' if the test does not care about \
        \(actions.count == 1 ? "it" : "them").
        """,
        at: origin
      )
    }
  }

  nonisolated static func effectStillRunningMessage(_ origin: EffectOrigin) -> String {
    let effect = origin.effect.map { " (the effect at \($0))" } ?? ""
    return """
      An effect returned for this action is still running\(effect). It must complete before the \
      end of the test. …

      To fix, make sure every effect this action starts completes by the end of the test: advance \
      the TestClock it sleeps on, send the action that cancels it, or call \
      'await store.skipInFlightEffects()' if the test does not care about it.
      """
  }

  func fail(_ message: String, at location: Dependencies.SourceLocation) {
    reportTestFailure(message, at: location)
  }
}

/// `1 effect`, `2 effects`.
func count(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}

/// Indents every line by four spaces, the layout of failure diffs.
func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { "    \($0)" }
    .joined(separator: "\n")
}
