import Dependencies
import Testing

// A key with only a live value, like `uuid` and `date`: reading it in a test context without an
// override is a test failure.
private enum NumberKey: DependencyKey {
  static let liveValue = 42
}

// A key with both values.
private enum NameKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }

  fileprivate var name: String {
    get { self[NameKey.self] }
    set { self[NameKey.self] = newValue }
  }
}

@Suite struct DependencyValuesTests {
  @Test func overrideAndRead() {
    @Dependency(\.number) var number
    #expect(number == 42)
    withDependencies { $0.number = 7 } operation: {
      #expect(number == 7)
    }
    #expect(number == 42)
  }

  @Test func contextChoosesTheDefault() {
    @Dependency(\.name) var name
    #expect(name == "live")
    withDependencies { $0.context = .test } operation: {
      #expect(name == "test")
      withDependencies { $0.context = .live } operation: {
        #expect(name == "live")
      }
    }
  }

  @Test func overridesSurviveAContextChange() {
    @Dependency(\.name) var name
    withDependencies {
      $0.name = "mine"
      $0.context = .test
    } operation: {
      #expect(name == "mine")
    }
  }

  @Test func nestedScopesRestoreTheOuterValues() {
    @Dependency(\.number) var number
    @Dependency(\.name) var name
    withDependencies {
      $0.number = 1
      $0.name = "outer"
    } operation: {
      withDependencies { $0.number = 2 } operation: {
        #expect(number == 2)
        #expect(name == "outer")  // inherited from the outer scope
        withDependencies { $0.name = "inner" } operation: {
          #expect(number == 2)
          #expect(name == "inner")
        }
        #expect(name == "outer")
      }
      #expect(number == 1)
    }
    #expect(number == 42)
    #expect(name == "live")
  }

  @Test func nestedAsyncScopesRestoreTheOuterValues() async {
    await withDependencies { $0.number = 1 } operation: {
      await withDependencies { $0.number = 2 } operation: {
        await Task.yield()
        #expect(currentNumber() == 2)
      }
      await Task.yield()
      #expect(currentNumber() == 1)
    }
    #expect(currentNumber() == 42)
  }

  @Test func valuesFollowIntoChildTasks() async {
    await withDependencies { $0.number = 5 } operation: {
      async let child = currentNumber()
      #expect(await child == 5)

      let fromGroup = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<3 { group.addTask { currentNumber() } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(fromGroup == [5, 5, 5])

      let unstructured = Task { currentNumber() }
      #expect(await unstructured.value == 5)
    }
  }

  @Test func valuesFollowOverridesMadeInsideTasks() async {
    let task = Task {
      await withDependencies { $0.number = 9 } operation: {
        await Task { currentNumber() }.value
      }
    }
    #expect(await task.value == 9)
    #expect(currentNumber() == 42)
  }

  // MARK: Unimplemented test values

  @Test func readingAKeyWithoutTestValueInATestContextReportsWhereAndHowToFix() throws {
    let issues = IssueCapture()
    @Dependency(\.number) var number; let line: UInt = #line

    let value = withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
    } operation: {
      number
    }

    #expect(value == 42, "falls back to the live value so that the test can go on")
    let issue = try #require(issues.all.only)
    #expect(
      issue.message == """
        @Dependency(\\.number) has no test implementation, but was accessed from a test context:

          Location: DependenciesTests/DependencyValuesTests.swift:\(line)
          Key: NumberKey
          Value: Int

        A dependency without a test value uses its live value in tests, which may touch the disk, \
        the network or the real clock. To fix, override 'number' in this test: set \
        'store.dependencies.number' on a TestStore, or use \
        'withDependencies { $0.number = … } operation: { … }'.
        """
    )
    #expect(issue.location.fileID.description == "DependenciesTests/DependencyValuesTests.swift")
    #expect(issue.location.filePath.description.hasSuffix("Tests/DependenciesTests/DependencyValuesTests.swift"))
    #expect(issue.location.line == line)
  }

  @Test func anUnimplementedTestValueIsReportedOncePerSetOfValues() {
    let issues = IssueCapture()
    @Dependency(\.number) var number

    withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
    } operation: {
      _ = number
      _ = number
      // A nested scope copies the values, and copies share their defaults.
      withDependencies { $0.name = "other" } operation: {
        _ = number
      }
      #expect(issues.all.count == 1)

      // Switching context away and back starts a new set of values.
      withDependencies {
        $0.context = .live
      } operation: {
        withDependencies { $0.context = .test } operation: {
          _ = number
        }
      }
      #expect(issues.all.count == 2)
    }

    withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
    } operation: {
      _ = number
    }
    #expect(issues.all.count == 3)
  }

  @Test func overriddenKeysAreNotReported() {
    let issues = IssueCapture()
    @Dependency(\.number) var number
    withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
      $0.number = 3
    } operation: {
      #expect(number == 3)
    }
    #expect(issues.all.isEmpty)
  }

  @Test func keysWithTestValuesAreNotReported() {
    let issues = IssueCapture()
    @Dependency(\.name) var name
    withDependencies {
      $0.context = .test
      $0.issueReporter = issues.reporter
    } operation: {
      #expect(name == "test")
    }
    #expect(issues.all.isEmpty)
  }

  @Test func liveValuesAreNotReported() {
    let issues = IssueCapture()
    @Dependency(\.number) var number
    withDependencies {
      $0.context = .live
      $0.issueReporter = issues.reporter
    } operation: {
      #expect(number == 42)
    }
    #expect(issues.all.isEmpty)
  }

  @Test func reportIssueGoesToTheCurrentReporter() {
    let issues = IssueCapture()
    withDependencies { $0.issueReporter = issues.reporter } operation: {
      reportIssue("Something is off"); let line: UInt = #line
      #expect(issues.messages == ["Something is off"])
      #expect(issues.all.first?.location.line == line)
    }
  }
}

/// Reads `number` the way a feature does, from whichever task calls it.
private func currentNumber() -> Int {
  @Dependency(\.number) var number
  return number
}

extension Array {
  /// The only element, or nil if there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
