import Testing

@testable import TaskmanCLI

/// A command declaring one parameter of each shape, to test the declarations on their own.
private struct Fixture: ParsableCommand, Equatable {
  enum Mode: String, CaseIterable, Sendable, ExpressibleByArgument { case fast, slow }
  enum Scope: Hashable, Sendable { case some, most, every }

  var name = ""
  var extra: String?
  var rest: [String] = []
  var verbose = false
  var mode = Mode.fast
  var limit: Int?
  var labels: [String] = []
  var scope = Scope.some

  static let configuration = CommandConfiguration<Self>(
    name: "fixture",
    abstract: "A command to test parameters with.",
    parameters: [
      .argument(\.name, name: "name", value: .text, help: "A name."),
      .argument(\.extra, name: "extra", value: .text, help: "An optional word."),
      .arguments(\.rest, name: "rest", isOptional: true, value: .text, help: "Everything else."),
      .flag(\.verbose, name: "verbose", short: "v", help: "Say more."),
      .option(\.mode, name: "mode", valueName: "mode", value: .allowedValues, help: "How."),
      .option(\.limit, name: "limit", valueName: "n", value: .number, help: "At most this many."),
      .option(\.labels, name: "label", valueName: "text", value: .text, help: "A label; repeatable."),
      .flags(\.scope, [(name: "most", value: .most, help: "Most."), (name: "every", value: .every, help: "Every.")]),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode { .success }
}

private func parseFixture(_ words: [String]) throws(TaskmanError) -> Fixture {
  var globals = GlobalOptions()
  return try Fixture.parse(words[...], globals: &globals)
}

@Suite("Declaring parameters")
struct ParameterTests {
  @Test func nothingGivenLeavesTheDefaults() throws {
    #expect(try parseFixture(["n"]) == Fixture(name: "n"))
  }

  @Test func everyShapeReadsIntoItsProperty() throws {
    let parsed = try parseFixture([
      "n", "--verbose", "x", "--mode", "slow", "--limit=3", "--label", "a", "r1", "--label=b", "r2", "--every",
    ])
    #expect(
      parsed
        == Fixture(
          name: "n", extra: "x", rest: ["r1", "r2"], verbose: true, mode: .slow, limit: 3, labels: ["a", "b"],
          scope: .every
        )
    )
  }

  @Test func theShortNameWorksLikeTheLongOne() throws {
    #expect(try parseFixture(["-v", "n"]).verbose)
  }

  @Test func aSingleOptionGivenTwiceKeepsTheLastValue() throws {
    #expect(try parseFixture(["n", "--limit", "1", "--limit", "2"]).limit == 2)
  }

  @Test func doubleDashEndsTheOptions() throws {
    let parsed = try parseFixture(["--", "--verbose", "-5", "-"])
    #expect(parsed == Fixture(name: "--verbose", extra: "-5", rest: ["-"]))
  }

  @Test func aLoneDashIsAWord() throws {
    #expect(try parseFixture(["-"]).name == "-")
  }

  @Test func anOptionsValueMayNotLookLikeAnOption() {
    #expect(throws: TaskmanError.self) { try parseFixture(["n", "--label", "--verbose"]) }
    do {
      _ = try parseFixture(["n", "--label", "-x"])
    } catch {
      #expect(error.message == "option --label needs a value: --label <text>")
      #expect(error.hint == "A value starting with '-' goes after '=': --label=<text>.")
    }
    #expect((try? parseFixture(["n", "--label=-x"]))?.labels == ["-x"])
  }

  @Test func aValueAtTheEndIsMissing() {
    do {
      _ = try parseFixture(["n", "--mode"])
      Issue.record("parsed")
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == "option --mode needs a value: --mode <mode>")
      #expect(error.hint == "Run 'taskman help fixture' for more.")
    }
  }

  @Test func aFlagTakesNoValue() {
    do {
      _ = try parseFixture(["n", "--verbose=yes"])
      Issue.record("parsed")
    } catch {
      #expect(error.message == "option --verbose takes no value (found '--verbose=yes')")
    }
  }

  @Test func aBadValueNamesTheOptionAndWhatIsExpected() {
    do {
      _ = try parseFixture(["n", "--mode", "medium"])
      Issue.record("parsed")
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == "invalid value 'medium' for --mode <mode>: expected fast or slow")
      #expect(error.usage == Fixture.usage)
    }
    do {
      _ = try parseFixture(["n", "--limit", "many"])
      Issue.record("parsed")
    } catch {
      #expect(error.message == "invalid value 'many' for --limit <n>: expected a whole number")
    }
  }

  @Test func exclusiveFlagsMayRepeatButNotMix() throws {
    #expect(try parseFixture(["n", "--most", "--most"]).scope == .most)
    do {
      _ = try parseFixture(["n", "--most", "--every"])
      Issue.record("parsed")
    } catch {
      #expect(error.message == "--most and --every cannot be used together")
      #expect(error.usage == Fixture.usage)
    }
  }

  @Test func aMissingArgumentIsNamedWithTheUsageLine() {
    do {
      _ = try parseFixture([])
      Issue.record("parsed")
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == "missing <name>")
      #expect(error.usage == "taskman fixture <name> [<extra>] [<rest> ...] [--verbose] [--mode <mode>] [--limit <n>] [--label <text> ...] [--most | --every]")
      #expect(error.hint == "Run 'taskman help fixture' for more.")
    }
  }

  @Test func anUnknownOptionSuggestsTheNearestOfTheCommandAndGlobalOptions() {
    do {
      _ = try parseFixture(["n", "--verbos"])
      Issue.record("parsed")
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == "unknown option '--verbos' for 'fixture'. Did you mean '--verbose'?")
      #expect(
        error.hint
          == "Run 'taskman help fixture' to see the options. To pass a word starting with '-' as text, put '--' before it."
      )
    }
    #expect(
      parseFixtureError(["n", "--data-di", "x"])?.message == "unknown option '--data-di' for 'fixture'. Did you mean '--data-dir'?"
    )
  }

  @Test func globalOptionsAmongTheArgumentsReachTheGlobals() throws {
    var globals = GlobalOptions()
    let parsed = try Fixture.parse(["n", "--color", "never", "--data-dir=/d"], globals: &globals)
    #expect(parsed.name == "n")
    #expect(globals == GlobalOptions(dataDirectory: "/d", color: .never))
  }

  @Test func helpWinsOverMissingArguments() throws {
    var globals = GlobalOptions()
    _ = try Fixture.parse(["--help"], globals: &globals)
    #expect(globals.help)
  }

  private func parseFixtureError(_ words: [String]) -> TaskmanError? {
    do {
      _ = try parseFixture(words)
      return nil
    } catch {
      return error
    }
  }
}

@Suite("Every real command's declaration")
struct CommandDeclarationTests {
  @Test func namesAndKeysAreUniqueAndNeverShadowAGlobalOption() {
    #expect(Set(CommandTable.names).count == CommandTable.names.count)
    let globalKeys = Set(GlobalOptions.definitions.map(\.key))
    for command in CommandTable.all {
      let keys = command.definitions.map(\.key)
      #expect(Set(keys).count == keys.count, "\(command.name) declares a key twice")
      #expect(globalKeys.isDisjoint(with: keys), "\(command.name) shadows a global option")
    }
  }

  @Test func argumentsAreRequiredThenOptionalWithAtMostOneRepeatingLast() {
    for command in CommandTable.all {
      let arguments = command.definitions.filter { $0.kind == .argument }
      if let repeating = arguments.firstIndex(where: \.isRepeating) {
        #expect(repeating == arguments.count - 1, "\(command.name): a repeating argument must come last")
      }
      let optional = arguments.firstIndex(where: \.isOptional) ?? arguments.count
      #expect(!arguments[optional...].contains { !$0.isOptional }, "\(command.name): a required argument after an optional one")
    }
  }

  @Test func theCommandsAreTheSpecsInItsOrder() {
    #expect(
      CommandTable.names == [
        "add", "list", "query", "searches", "show", "edit", "done", "undone", "skip", "tag", "untag", "delete", "project", "projects",
        "note", "move", "agenda", "archive", "tags", "doctor", "import", "export", "undo", "redo", "log", "sync", "shell", "config", "ui",
        "completion", "man", "help",
      ]
    )
  }
}
