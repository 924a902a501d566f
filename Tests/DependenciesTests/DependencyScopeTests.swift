import Dependencies
import Foundation
import Testing

private enum ScopeNumberKey: DependencyKey {
  static let liveValue = 0
}

extension DependencyValues {
  fileprivate var scopeNumber: Int {
    get { self[ScopeNumberKey.self] }
    set { self[ScopeNumberKey.self] = newValue }
  }
}

private func scope(_ number: Int) -> DependencyScope {
  var values = DependencyValues()
  values.scopeNumber = number
  return DependencyScope(values)
}

private struct ScopeError: Error {}

@Suite struct DependencyScopeTests {
  @Test func theInnermostScopeWinsAndTheOuterOneComesBack() {
    @Dependency(\.scopeNumber) var number
    scope(1).run {
      #expect(number == 1)
      scope(2).run { #expect(number == 2) }
      #expect(number == 1)
    }
    #expect(number == 0)
  }

  @Test func theOuterScopeComesBackWhenTheBodyThrows() {
    @Dependency(\.scopeNumber) var number
    scope(1).run {
      #expect(throws: ScopeError.self) {
        try scope(2).run { throw ScopeError() }
      }
      #expect(number == 1)
    }
  }

  @Test func aScopeIsOnlyBoundOnTheThreadThatRunsIt() {
    let seenElsewhere = Lock<Int?>(nil)
    scope(7).run {
      // The other thread reads while the scope is still bound here.
      let done = DispatchSemaphore(value: 0)
      Thread {
        @Dependency(\.scopeNumber) var number
        seenElsewhere.withLock { $0 = number }
        done.signal()
      }.start()
      done.wait()
    }
    #expect(seenElsewhere.withLock { $0 } == 0)
  }
}
