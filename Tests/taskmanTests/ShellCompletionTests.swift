import Testing

@testable import TaskmanCLI

@Suite("taskman shell's Tab completion")
@MainActor
struct ShellCompletionTests {
  private func values(_ words: [String], _ partial: String) async -> [String] {
    await ShellCompletion.commands.complete(words, partial).map(\.value)
  }

  @Test func theFirstWordCompletesToCommandNamesWithTheirAbstracts() async {
    #expect(await values([], "ta") == ["tag", "tags"])
    #expect(await values([], "ex") == ["export", "exit"])
    #expect(await ShellCompletion.commands.complete([], "undon").first?.description == UndoneCommand.abstract)
    #expect(await values([], "zz").isEmpty)
  }

  @Test func laterWordsCompleteTheCommandsOptions() async {
    #expect(await values(["list"], "--js") == ["--json"])
    #expect(await values(["list"], "--").contains("--help"))
    #expect(await values(["list"], "ab").isEmpty)
    #expect(await values(["help"], "sh") == ["show", "shell"])
    #expect(await values(["nonsense"], "--").isEmpty)
  }

  private func line(_ keys: [String], completion: ShellCompletion = .commands) async -> (String?, FakeConsole) {
    let console = FakeConsole(keys)
    let line = await LineEditor(console: console.console, prompt: "taskman> ", history: ShellHistory(), completion: completion).readLine()
    return (line, console)
  }

  @Test func tabInsertsTheOnlyCandidateAndASpace() async {
    #expect(await line(["lis", Keys.tab, "--js", Keys.tab, Keys.enter]).0 == "list --json ")
    #expect(await line(["taskman lis", Keys.tab, Keys.enter]).0 == "taskman list ", "a leading 'taskman' is not a command word")
    // In the middle of a line: the word before the cursor is completed.
    #expect(await line(["lis --json", Keys.home, Keys.right, Keys.right, Keys.right, Keys.tab, Keys.enter]).0 == "list  --json")
  }

  @Test func severalCandidatesInsertTheirCommonPrefixAndASecondTabListsThem() async {
    let (text, console) = await line(["ta", Keys.tab, Keys.tab, "s", Keys.enter])
    #expect(text == "tags")
    let screen = console.screen.lines
    #expect(screen.first == "taskman> tag")
    #expect(screen[1].hasPrefix("tag   Add tags"))
    #expect(screen[2].hasPrefix("tags  List every tag"))
    #expect(screen[3] == "taskman> tags")
    #expect(screen.allSatisfy { $0.count < 40 }, "descriptions are cut to the width")
    // Nothing to add: the first Tab rings, the second lists.
    let (_, ringing) = await line(["tag", Keys.tab])
    #expect(ringing.screen.bells == 1 && ringing.screen.lines == ["taskman> tag"])
  }

  @Test func valuesAreQuotedAndTheQuotedPartialIsWhatIsCompleted() async {
    let projects = ShellCompletion { words, partial in
      ["Home Office", "Homework"].filter { $0.hasPrefix(partial) }.map { CompletionCandidate(value: $0) }
    }
    #expect(await line(["move 1 Home\\ O", Keys.tab, Keys.enter], completion: projects).0 == "move 1 Home\\ Office ")
    #expect(await line(["move 1 'Home O", Keys.tab, Keys.enter], completion: projects).0 == "move 1 Home\\ Office ")
    let (listed, console) = await line(["move 1 Hom", Keys.tab, Keys.tab, Keys.enter], completion: projects)
    #expect(listed == "move 1 Home")
    #expect(console.screen.lines[1] == "Home Office  Homework", "without descriptions, in columns")
  }

  @Test func theSeamGetsTheWordsBeforeTheCursorUnquoted() async {
    var seen: [([String], String)] = []
    let recording = ShellCompletion { words, partial in
      seen.append((words, partial))
      return []
    }
    _ = await line(["taskman tag 'a b' \"c", Keys.tab, " d", Keys.tab, "\" ", Keys.tab], completion: recording)
    #expect(seen.count == 3)
    #expect(seen[0].0 == ["tag", "a b"] && seen[0].1 == "c")
    #expect(seen[1].0 == ["tag", "a b"] && seen[1].1 == "c d", "a space inside quotes is part of the word")
    #expect(seen[2].0 == ["tag", "a b", "c d"] && seen[2].1 == "")
  }
}
