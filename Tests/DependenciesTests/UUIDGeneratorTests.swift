import Dependencies
import Foundation
import Testing

@Suite struct UUIDGeneratorTests {
  @Test func incrementingCountsUpFromZero() {
    let uuid = UUIDGenerator.incrementing
    let strings = (0..<18).map { _ in uuid().uuidString }
    #expect(
      strings == [
        "00000000-0000-0000-0000-000000000000",
        "00000000-0000-0000-0000-000000000001",
        "00000000-0000-0000-0000-000000000002",
        "00000000-0000-0000-0000-000000000003",
        "00000000-0000-0000-0000-000000000004",
        "00000000-0000-0000-0000-000000000005",
        "00000000-0000-0000-0000-000000000006",
        "00000000-0000-0000-0000-000000000007",
        "00000000-0000-0000-0000-000000000008",
        "00000000-0000-0000-0000-000000000009",
        "00000000-0000-0000-0000-00000000000A",
        "00000000-0000-0000-0000-00000000000B",
        "00000000-0000-0000-0000-00000000000C",
        "00000000-0000-0000-0000-00000000000D",
        "00000000-0000-0000-0000-00000000000E",
        "00000000-0000-0000-0000-00000000000F",
        "00000000-0000-0000-0000-000000000010",
        "00000000-0000-0000-0000-000000000011",
      ]
    )
  }

  @Test func copiesShareTheCounter() {
    let original = UUIDGenerator.incrementing
    let copy = original
    #expect(original().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(copy().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(original().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func eachUseOfIncrementingStartsAtZero() {
    let first = UUIDGenerator.incrementing
    _ = first()
    _ = first()
    let second = UUIDGenerator.incrementing
    #expect(second().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(first().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func incrementingIsSafeFromManyThreads() async {
    let uuid = UUIDGenerator.incrementing
    let all = await withTaskGroup(of: [UUID].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<250).map { _ in uuid() } }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    let expected = (0..<2000).map { String(format: "00000000-0000-0000-0000-%012X", $0) }
    #expect(all.map(\.uuidString).sorted() == expected)
  }

  @Test func constantAlwaysReturnsTheSameUUID() throws {
    let value = try #require(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"))
    let uuid = UUIDGenerator.constant(value)
    #expect(uuid() == value)
    #expect(uuid() == value)
  }

  @Test func liveIsRandom() {
    let uuid = UUIDGenerator.live
    #expect(uuid() != uuid())
  }

  @Test func customClosure() {
    let calls = Lock(0)
    let uuid = UUIDGenerator {
      calls.withLock { $0 += 1 }
      return UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
    }
    #expect(uuid().uuidString == "01020304-0506-0708-090A-0B0C0D0E0F10")
    #expect(calls.withLock { $0 } == 1)
  }

  @Test func overriddenDependencyIsSharedWithinTheScope() {
    withDependencies { $0.uuid = .incrementing } operation: {
      @Dependency(\.uuid) var uuid
      @Dependency(\.uuid) var sameGenerator
      #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
      #expect(sameGenerator().uuidString == "00000000-0000-0000-0000-000000000001")
    }
  }

  @Test func withoutOverrideInATestContextItReportsAndFallsBackToLive() {
    let issues = IssueCapture()
    withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
    } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid() != uuid())
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.hasPrefix("@Dependency(\\.uuid) has no test implementation") == true)
    #expect(issues.messages.first?.contains("Key: UUIDGeneratorKey\n  Value: UUIDGenerator") == true)
  }

  @Test func liveContextUsesRandomUUIDs() {
    let issues = IssueCapture()
    withDependencies { $0.issueReporter = issues.reporter } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid() != uuid())
    }
    #expect(issues.all.isEmpty)
  }
}
