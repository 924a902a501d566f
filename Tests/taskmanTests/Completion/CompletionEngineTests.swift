import Foundation
import TaskManager
import Testing

@testable import TaskmanCLI

/// What completes the word being typed, from the declarations and a list held in memory.
@MainActor
@Suite("Completion: the engine")
struct CompletionEngineTests {
  static let milk = UUID(uuidString: "3F2A9C1B-0D4E-4A5B-8C7D-000000000001")!
  static let mum = UUID(uuidString: "3F7B0000-0000-4000-8000-000000000002")!
  static let errands = UUID(uuidString: "A1000000-0000-4000-8000-000000000003")!
  static let blank = UUID(uuidString: "3F000000-0000-4000-8000-000000000004")!

  static let items = [
    Item(
      id: errands, kind: .project, title: "Errands",
      children: [
        Item(id: milk, kind: .task, title: "Buy milk", tags: [Tag(name: "shopping"), Tag(name: "due", value: "2026-12-01")], level: 1)
      ]
    ),
    Item(id: blank, kind: .note, title: ""),
    Item(id: mum, kind: .task, title: "Call mum", tags: [Tag(name: "phone"), Tag(name: "Shopping")]),
  ]

  /// The engine over ``items``, recording the global options it was asked for values with.
  final class Asked {
    var globals: [GlobalOptions] = []
  }

  func engine(_ asked: Asked = Asked()) -> CompletionEngine {
    CompletionEngine { globals in
      asked.globals.append(globals)
      return CompletionValues(items: Self.items)
    }
  }

  func values(_ line: String, _ partial: String = "") async -> [String] {
    await engine().complete(line.split(separator: " ").map(String.init), partial: partial).candidates.map(\.value)
  }

  @Test func commandsWithTheirAbstractsAndNotTheHiddenEntryPoint() async {
    let candidates = await engine().complete([], partial: "").candidates
    #expect(candidates.map(\.value) == CommandTable.names)
    #expect(candidates.first == CompletionCandidate(value: "add", description: AddCommand.abstract))
    #expect(!candidates.contains { $0.value == "__complete" })
    #expect(await values("", "un") == ["undone", "untag", "undo"])
    #expect(await values("--color never", "ex") == ["export"])
  }

  @Test func idsWithTheirTitlesInOutlineOrderWithoutBlankLines() async {
    let candidates = await engine().complete(["done"], partial: "3f").candidates
    #expect(candidates == [CompletionCandidate(value: "3f2a", description: "Buy milk"), CompletionCandidate(value: "3f7b", description: "Call mum")])
    // All of them for an empty word, a project with its colon.
    #expect(await values("show") == ["a100", "3f2a", "3f7b"])
    #expect(await engine().complete(["show"], partial: "a").candidates.first?.description == "Errands:")
    // A prefix longer than the short id keeps its length: the shells keep only words that
    // start with what was typed.
    #expect(await values("done", "3f2a9c") == ["3f2a9c"])
    #expect(await values("done", "3F2A") == ["3f2a"])
    #expect(await values("done", "zz").isEmpty)
    // Every word of a repeating argument, and an option's value.
    #expect(await values("done 3f2a", "3f7") == ["3f7b"])
    #expect(await values("move 3f2a --under", "a") == ["a100"])
  }

  @Test func aliasesAfterTheCommandsWithWhatTheyStandFor() async {
    let engine = CompletionEngine(values: { _ in nil }, aliases: { [CompletionCandidate(value: "ls", description: "alias for list --flat")] })
    let all = await engine.complete([], partial: "").candidates
    #expect(all.map(\.value) == CommandTable.names + ["ls"])
    #expect(await engine.complete([], partial: "l").candidates.map(\.value) == ["list", "log", "ls"])
  }

  @Test func savedSearchesByName() async {
    let searches = [
      Item(
        id: UUID(), kind: .project, title: "Searches",
        children: [
          Item(id: UUID(), kind: .task, title: "Overdue", tags: [Tag(name: "search", value: "@due < [d]today and not @done")], level: 1),
          Item(id: UUID(), kind: .task, title: "Errands now", tags: [Tag(name: "search", value: "@errand")], level: 1),
        ]
      )
    ]
    let engine = CompletionEngine { _ in CompletionValues(items: searches) }
    let all = await engine.complete(["list", "--saved"], partial: "").candidates
    #expect(all == [
      CompletionCandidate(value: "Overdue", description: "@due < [d]today and not @done"),
      CompletionCandidate(value: "Errands now", description: "@errand"),
    ])
    #expect(await engine.complete(["list", "--saved"], partial: "err").candidates.map(\.value) == ["Errands now"])
  }

  @Test func withWhereTheWordsAfterTheCommandAreNoIDs() async {
    // `--where` stands in for the id: tag's and untag's words are all tags, done takes none.
    #expect(await values("tag --where @phone") == ["@due", "@phone", "@shopping"])
    #expect(await values("untag --where @phone", "p") == ["phone"])
    #expect(await values("done --where @phone").isEmpty)
    #expect(await values("done", "3f7") == ["3f7b"])
  }

  @Test func tagsProjectsAndClosedSets() async {
    // In their most common spelling (as `tags` shows them), with an `@` when typed with one.
    #expect(await values("list --tag") == ["due", "phone", "shopping"])
    #expect(await engine().complete(["list", "--tag"], partial: "sh").candidates == [CompletionCandidate(value: "shopping", description: "2 items")])
    #expect(await values("list --not-tag", "@p") == ["@phone"])
    #expect(await values("tag 3f2a") == ["@due", "@phone", "@shopping"])
    #expect(await values("untag 3f2a", "p") == ["phone"])
    #expect(await values("list --project") == ["Errands"])
    // Ignoring case when nothing matches as typed.
    #expect(await values("add --project", "err") == ["Errands"])
    #expect(await values("list --sort") == ["none", "due", "project", "created", "text"])
    #expect(await values("--color", "a") == ["auto", "always"])
    #expect(await values("help", "ag") == ["agenda"])
    #expect(await values("completion") == ["bash", "zsh", "fish"])
    #expect(await values("config") == ["get", "set"])
    #expect(await values("config set", "list.s") == ["list.show-done", "list.sort"])
    #expect(await values("config set list.sort", "c") == ["created"])
    // Free text, numbers and dates: nothing to offer.
    #expect(await values("add").isEmpty)
    #expect(await values("list --due-before").isEmpty)
    #expect(await values("agenda --days").isEmpty)
  }

  @Test func optionsNotGivenYetWithTheirHelpsFirstSentence() async {
    let options = await engine().complete(["list"], partial: "--").candidates
    #expect(options.first == CompletionCandidate(value: "--tag", description: CompletionEngine.firstSentence(ListCommand.definitions[0].help)))
    #expect(options.contains { $0.value == "--file" } && options.contains { $0.value == "--help" })
    #expect(await values("list", "--s") == ["--search", "--saved", "--sort"])
    // Given already: gone, unless it may be repeated; of exclusive flags, none once one is given.
    #expect(await values("list --sort due", "--s") == ["--search", "--saved"])
    #expect(await values("list --tag a", "--t") == ["--tag"])
    #expect(await values("list --done", "--a").isEmpty)
    // Before a command, the global options only.
    #expect(await values("", "--") == ["--file", "--data-dir", "--color", "--help", "--version"])
    #expect(CompletionEngine.firstSentence("Show help and exit.") == "Show help and exit")
  }

  @Test func theValueOfAnOptionWrittenWithEquals() async {
    #expect(await values("list", "--sort=d") == ["--sort=due"])
    #expect(await values("list", "--tag=ph") == ["--tag=phone"])
    #expect(await engine().complete(["done"], partial: "--file=ta") == Completions(files: .files))
    #expect(await values("list", "--nope=x").isEmpty)
    // A value given with '=' is no pending option: the next word is the command's again.
    #expect(await values("list --sort=due", "--s") == ["--search", "--saved"])
  }

  @Test func pathsAreTheShellsToComplete() async {
    #expect(await engine().complete(["--file"], partial: "") == Completions(files: .files))
    #expect(await engine().complete(["list", "--data-dir"], partial: "/tm") == Completions(files: .directories))
    #expect(await engine().complete(["import"], partial: "") == Completions(files: .files))
    #expect(Completions(files: .files).text == ":files\n")
    #expect(Completions(files: .directories).text == ":directories\n")
  }

  @Test func afterDoubleDashEveryWordIsAnArgument() async {
    #expect(await values("done --", "--").isEmpty)
    #expect(await values("done --", "3f2") == ["3f2a"])
    #expect(await values("add -- --sort").isEmpty)
  }

  @Test func anUnknownCommandOffersNothingAndTheGlobalOptionsReachTheValues() async {
    #expect(await values("frobnicate").isEmpty)
    let asked = Asked()
    _ = await engine(asked).complete(["--file", "work.taskpaper", "done", "--data-dir=/d"], partial: "")
    #expect(asked.globals == [GlobalOptions(file: "work.taskpaper", dataDirectory: "/d")])
    // Commands, options and closed sets never read the file.
    let notAsked = Asked()
    _ = await engine(notAsked).complete(["list", "--sort"], partial: "")
    _ = await engine(notAsked).complete(["list"], partial: "--")
    #expect(notAsked.globals.isEmpty)
  }

  @Test func aCandidateIsOneLineOfValueTabDescription() {
    #expect(CompletionCandidate(value: "3f2a", description: "Buy\tmilk\nnow").line == "3f2a\tBuy milk now")
    #expect(CompletionCandidate(value: "due").line == "due")
    #expect(Completions(candidates: [.init(value: "a", description: "b"), .init(value: "c")]).text == "a\tb\nc\n")
  }

  @Test func everyOptionAndArgumentSaysWhatKindOfValueItTakes() {
    for command in CommandTable.all {
      for definition in command.definitions + GlobalOptions.definitions {
        if definition.kind == .flag {
          #expect(definition.valueKind == nil, "\(command.name) \(definition.key)")
        } else {
          #expect(definition.valueKind != nil, "\(command.name) \(definition.key) declares no kind of value")
        }
        if definition.valueKind == .allowedValues {
          #expect(!definition.allowedValues.isEmpty, "\(command.name) \(definition.key) has no allowed values to offer")
        }
      }
    }
  }
}
