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
    withoutActuallyEscaping(update) { update in
      checkState(
        expectedFrom: expectedBaseline, actual: state, update: update, location: location, demandsChange: false)
    }
    expectedBaseline = state
  }

  /// The state the next assertion starts from, handed over so that this store no longer holds
  /// it; `next` takes its place.
  func takeBaseline(replacingWith next: State) -> State {
    var taken = next
    swap(&taken, &expectedBaseline)
    return taken
  }

  /// Checks `actual` against `baseline` changed by `update`.
  ///
  /// `baseline` is consumed: when the caller has let go of it (see ``takeBaseline(replacingWith:)``),
  /// `update` changes it in place instead of copying the whole state, which for a large state
  /// is most of an assertion's cost. With `demandsChange` (a `send` or `receive`), a closure
  /// that changes nothing where nothing changed fails: the closure should then be left out.
  func checkState(
    expectedFrom baseline: consuming State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    location: Dependencies.SourceLocation,
    laterActions: ArraySlice<Received> = [],
    demandsChange: Bool = true
  ) {
    var expected = exhaustivity == .on ? baseline : actual
    // Whether the action changed nothing, known before `update` changes `expected`; cheap when
    // nothing changed, since the two then share their storage.
    let actionChangedNothing = demandsChange && exhaustivity == .on && update != nil && actual == expected
    if let update {
      do {
        try core.withDependencies { try update(&expected) }
      } catch {
        fail("Threw error: \(error)", at: location)
        return
      }
    }
    if actionChangedNothing, expected == actual {
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
    guard expected != actual else { return }
    let heading =
      update == nil
      ? "State was not expected to change, but a change occurred: …"
      : "A state change does not match expectation: …"
    fail(
      """
      \(heading)

      \(indent(diff(expected, actual) ?? "(the states differ but dump identically)"))

      (Expected: −, Actual: +)\(laterChangeHint(update, laterActions))
      """,
      at: location
    )
  }

  /// When what `update` asserts holds only after one of `laterActions` (a follow-up this send
  /// produced, already processed when `send` returned), says which one, and how to assert it.
  func laterChangeHint(
    _ update: ((inout State) throws -> Void)?, _ laterActions: ArraySlice<Received>
  ) -> String {
    guard let update else { return "" }
    for later in laterActions {
      var state = later.state
      guard (try? core.withDependencies({ try update(&state) })) != nil, state == later.state else { continue }
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
