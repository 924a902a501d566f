import Testing

@testable import TaskmanCLI

@Suite("Checking raw input")
struct InputTextTests {
  @Test func validArgumentsDecodeUnchanged() throws {
    let arguments = try InputText.decodeArguments([Array("add".utf8), Array("Café @due(2026-12-01) 🥛".utf8)])
    #expect(arguments == ["add", "Café @due(2026-12-01) 🥛"])
  }

  @Test func invalidUTF8IsAUsageErrorNamingTheArgumentAndItsBytes() {
    #expect(throws: TaskmanError.self) { try InputText.decodeArguments([Array("add".utf8), [0x61, 0xFF, 0x62]]) }
    do {
      _ = try InputText.decodeArguments([Array("add".utf8), [0x61, 0xFF, 0x62]])
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == #"argument 2 is not valid UTF-8: "a\xFFb""#)
      #expect(error.hint?.contains("UTF-8") == true)
    }
  }

  @Test func aTruncatedMultibyteSequenceIsInvalid() {
    // "é" is C3 A9; the lone lead byte must not pass as text.
    #expect(throws: TaskmanError.self) { try InputText.decode([0x43, 0x61, 0x66, 0xC3], position: "argument 1") }
  }

  @Test(arguments: [
    ("Buy\nmilk", #"argument 1 contains a control character (U+000A, a line feed): "Buy\nmilk""#),
    ("Buy\tmilk", #"argument 1 contains a control character (U+0009, a tab): "Buy\tmilk""#),
    ("\u{1B}[31mred", #"argument 1 contains a control character (U+001B, an escape): "\u{1B}[31mred""#),
    ("nul\u{0}", #"argument 1 contains a control character (U+0000, a NUL byte): "nul\u{0}""#),
    ("c1\u{85}", #"argument 1 contains a control character (U+0085): "c1\u{85}""#),
  ])
  func controlCharactersAreRefusedByName(text: String, message: String) {
    do {
      _ = try InputText.decode(Array(text.utf8), position: "argument 1")
      Issue.record("\(text.debugDescription) was accepted")
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == message)
    }
  }

  @Test func anArgumentOver64KiBIsRefusedAndOneAtTheLimitAccepted() throws {
    let atLimit = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
    #expect(try InputText.decode(atLimit, position: "argument 1").utf8.count == 64 * 1024)
    do {
      _ = try InputText.decode(atLimit + [UInt8(ascii: "a")], position: "argument 1")
      Issue.record("a 64 KiB + 1 argument was accepted")
    } catch {
      #expect(error.exitCode == .usage)
      #expect(error.message == "argument 1 is 65537 bytes long; the limit is 65536 bytes (64 KiB)")
      #expect(error.hint?.contains("import") == true)
    }
  }

  @Test func quotingShowsLongInputCut() {
    let quoted = InputText.quoted(Array(String(repeating: "x", count: 100).utf8))
    #expect(quoted == "\"" + String(repeating: "x", count: 60) + "\"…")
  }

  @Test func theRenderedErrorHasThePrefixAndTheHintOnItsOwnLine() {
    let error = TaskmanError.usage("missing <id>", usage: "taskman show <id> [--json]", hint: "Run 'taskman help show' for more.")
    #expect(
      error.rendered == """
        taskman: missing <id>
        Usage: taskman show <id> [--json]
        Run 'taskman help show' for more.

        """
    )
  }
}
