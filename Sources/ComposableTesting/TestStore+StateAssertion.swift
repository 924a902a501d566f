import Composable
import Dependencies

extension TestStore {
  /// Asserts the current state without sending anything: `update` changes the last asserted
  /// state into the expected current state.
  ///
  /// As in TCA, it checks the state and does not demand a change: a closure that leaves the
  /// state as it was, when the state is as it was, passes.
  public func assert(
    _ update: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = Dependencies.SourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let actual = Checkpoint(state: state, shared: sharedTracker.snapshot())
    withoutActuallyEscaping(update) { update in
      checkState(expectedFrom: baseline, actual: actual, update: update, location: location, demandsChange: false)
    }
    baseline = actual
  }

  func takeBaseline(replacingWith next: Checkpoint) -> Checkpoint {
    var taken = next
    swap(&taken, &baseline)
    return taken
  }

  func checkState(
    expectedFrom baseline: consuming Checkpoint,
    actual: Checkpoint,
    update: ((inout State) throws -> Void)?,
    location: Dependencies.SourceLocation,
    laterActions: ArraySlice<Received> = [],
    demandsChange: Bool = true
  ) {
    let baseline = baseline
    let isExhaustive = exhaustivity == .on
    // Shared values are references every copy of the state reads: the expected side reads them
    // as they were at the baseline (as the test's closure changes them), the actual side as they
    // were after the action.
    let expectedShared = SharedView(isExhaustive ? baseline.shared : actual.shared)
    let actualShared = SharedView(actual.shared)
    func comparing<R>(_ body: () throws -> R) rethrows -> R {
      try SharedView.$comparing.withValue((expectedShared, actualShared)) { try body() }
    }
    var expected = isExhaustive ? baseline.state : actual.state
    // Whether the action changed nothing, known before `update` changes `expected`; cheap when
    // nothing changed, since the two then share their storage.
    let actionChangedNothing =
      demandsChange && isExhaustive && update != nil && comparing { expected == actual.state }
    if let update {
      do {
        try SharedView.$current.withValue(expectedShared) {
          try core.withDependencies { try update(&expected) }
        }
      } catch {
        fail("Threw error: \(error)", at: location)
        return
      }
    }
    if actionChangedNothing, comparing({ expected == actual.state }) {
      fail(
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """,
        at: location
      )
      return
    }
    guard comparing({ expected != actual.state }) else {
      checkSharedValues(expectedShared, actualShared, location: location)
      return
    }
    let heading =
      update == nil
      ? "State was not expected to change, but a change occurred: …"
      : "A state change does not match expectation: …"
    let difference = comparing { diff(expected, actual.state) }
    fail(
      """
      \(heading)

      \(indent(difference ?? "(the states differ but dump identically)"))

      (Expected: −, Actual: +)\(laterChangeHint(update, baseline, laterActions))
      """,
      at: location
    )
  }

  /// The states compare equal, but a `==` written by hand may read shared values without
  /// telling the expected side from the actual one: compare the shared values themselves.
  private func checkSharedValues(_ expected: SharedView, _ actual: SharedView, location: Dependencies.SourceLocation) {
    guard exhaustivity == .on else { return }
    let differences = expected.differences(from: actual)
    guard !differences.isEmpty else { return }
    let diffs = differences.map { indent(diff($0.expected, $0.actual) ?? customDump($0.actual)) }
    fail(
      """
      A shared value changed, but the state's == did not see it (is it written by hand? Compare \
      shared values with their own ==): …

      \(diffs.joined(separator: "\n\n"))

      (Expected: −, Actual: +)
      """,
      at: location
    )
  }

  func laterChangeHint(
    _ update: ((inout State) throws -> Void)?, _ baseline: Checkpoint, _ laterActions: ArraySlice<Received>
  ) -> String {
    guard let update else { return "" }
    for later in laterActions {
      var state = later.state
      // The later state, changed as the test expected this action to change it: unchanged when
      // it was the later action that made the change the test described.
      let expectedShared = SharedView(later.shared)
      let actualShared = SharedView(later.shared)
      let updated = SharedView.$current.withValue(expectedShared) {
        (try? core.withDependencies({ try update(&state) })) != nil
      }
      let unchanged = SharedView.$comparing.withValue((expectedShared, actualShared)) { state == later.state }
      guard updated, unchanged else { continue }
      return """


        The change was made by a later action, which this action produced and the store processed \
        before 'send' returned:

        \(indent(customDump(later.action)))

        Assert the change where it happens: with 'await store.receive(…) { … }' for that action, \
        or with 'store.assert { … }' after this send.
        """
    }
    return ""
  }
}
