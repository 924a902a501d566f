import Dependencies
import Foundation
import Testing

@Suite struct DateGeneratorTests {
  @Test func constantAlwaysReturnsTheSameDate() {
    let fixed = Date(timeIntervalSince1970: 1_700_000_000)
    let date = DateGenerator.constant(fixed)
    #expect(date() == fixed)
    #expect(date.now == fixed)
    #expect(date() == fixed)
  }

  @Test func customClosure() {
    let date = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) }
    #expect(date.now == Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test func liveIsTheSystemDate() {
    let before = Date()
    let now = DateGenerator.live.now
    let after = Date()
    #expect(before <= now && now <= after)
  }

  @Test func overrideThroughDependencies() {
    let fixed = Date(timeIntervalSince1970: 86_400)
    withDependencies { $0.date = .constant(fixed) } operation: {
      @Dependency(\.date) var date
      @Dependency(\.date.now) var now
      #expect(date() == fixed)
      #expect(date.now == fixed)
      #expect(now == fixed)
    }
  }

  @Test func withoutOverrideInATestContextItReportsAndFallsBackToLive() {
    let issues = IssueCapture()
    let before = Date()
    let now = withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
    } operation: {
      @Dependency(\.date) var date
      return date.now
    }
    #expect(now >= before)
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("@Dependency(\\.date) has no test implementation") == true)
  }
}
