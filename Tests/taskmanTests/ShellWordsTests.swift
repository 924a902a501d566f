import Testing

@testable import TaskmanCLI

@Suite("Splitting shell lines into words")
struct ShellWordsTests {
  @Test(arguments: [
    (#"add Buy milk @shopping"#, ["add", "Buy", "milk", "@shopping"]),
    ("  list\t --tag   x  ", ["list", "--tag", "x"]),
    (#"add 'Buy  milk' "at the \"corner\" shop""#, ["add", "Buy  milk", #"at the "corner" shop"#]),
    (#"add Buy\ milk it\'s"#, ["add", "Buy milk", "it's"]),
    (#"add 'it'"'"'s'"#, ["add", "it's"]),
    (#"add "C:\dir" "a\\b""#, ["add", #"C:\dir"#, #"a\b"#]),
    (#"add 'no \escape here'"#, ["add", #"no \escape here"#]),
    (#"add '' """#, ["add", "", ""]),
    (#"add a"b"'c'd"#, ["add", "abcd"]),
    ("", []),
  ])
  func splitsLikeAShell(line: String, words: [String]) throws {
    #expect(try ShellWords.split(line) == words)
  }

  @Test(arguments: [
    (#"add 'Buy milk"#, "the line has an unterminated ' quote"),
    (#"add "Buy milk"#, #"the line has an unterminated " quote"#),
    (#"add "Buy milk\"#, #"the line has an unterminated " quote"#),
    (#"add Buy\"#, "the line ends with a backslash"),
  ])
  func unfinishedQuotingIsAUsageError(line: String, message: String) {
    do {
      _ = try ShellWords.split(line)
      Issue.record("split \(line)")
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == message)
    }
  }
}
