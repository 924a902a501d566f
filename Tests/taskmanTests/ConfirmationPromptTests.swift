import Composable
import Testing

@testable import TaskmanCLI

@Suite("Alerts as prompts")
struct ConfirmationPromptTests {
  static let delete = PromptChoice("Delete", role: .destructive)
  static let cancel = PromptChoice("Cancel", role: .cancel)
  static let prompt = ConfirmationPrompt(
    title: "Are you sure?",
    message: "Delete 2 items and everything under them.",
    choices: [delete, cancel]
  )

  private func ask(_ input: String) -> (PromptChoice?, String) {
    let output = TextOutput()
    let answer = Self.prompt.ask(output: output, input: LineReader(input))
    return (answer, output.text)
  }

  @Test func asksWithTheChoicesCancelBeingTheDefault() {
    let (answer, shown) = ask("d\n")
    #expect(answer == Self.delete)
    #expect(shown == "Are you sure?\nDelete 2 items and everything under them.\nDelete or Cancel? [d/C] ")
  }

  @Test(arguments: ["Delete", "delete", "DEL", "d", "y", "yes", "  d  "])
  func answersThatConfirm(answer: String) {
    #expect(ask(answer + "\n").0 == Self.delete)
  }

  @Test(arguments: ["", "c", "Cancel", "n", "no"])
  func answersThatCancel(answer: String) {
    #expect(ask(answer + "\n").0 == Self.cancel)
  }

  enum AlertAction: Equatable { case archive, deleteForever }

  @Test func anAlertBecomesAPromptAndEachChoiceLeadsBackToItsButton() throws {
    let alert = AlertState<AlertAction>(
      title: "Really?",
      message: "It cannot be undone.",
      buttons: [.default("Archive", action: .archive), .destructive("Delete", action: .deleteForever), .cancel("Cancel")]
    )
    let prompt = ConfirmationPrompt(alert)
    #expect(prompt.title == "Really?")
    #expect(prompt.message == "It cannot be undone.")
    #expect(prompt.choices == [PromptChoice("Archive"), Self.delete, Self.cancel])
    #expect(prompt.confirmingChoice == Self.delete)
    #expect(prompt.button(for: Self.delete, in: alert)?.action == .deleteForever)
    #expect(prompt.button(for: PromptChoice("Archive"), in: alert)?.action == .archive)
    let cancel = try #require(prompt.button(for: Self.cancel, in: alert))
    #expect(cancel.action == nil)
    #expect(prompt.button(for: PromptChoice("Elsewhere"), in: alert) == nil)
  }

  @Test func theEndOfInputMeansCancel() {
    #expect(ask("").0 == Self.cancel)
  }

  @Test func anUnclearAnswerAsksAgainThenGivesUpAsCancel() {
    let (again, shown) = ask("maybe\nd\n")
    #expect(again == Self.delete)
    #expect(shown.contains("Please answer delete or cancel.\nDelete or Cancel? [d/C] "))
    #expect(ask("what\nhuh\nsorry\nd\n").0 == Self.cancel)
  }

  @Test func aPipedAnswerIsReadOnceAndOneThatNamesNothingCancels() {
    let output = TextOutput()
    let input = LineReader("maybe\nd\n")
    #expect(Self.prompt.ask(output: output, input: input, asksAgain: false) == Self.cancel)
    #expect(output.text.hasSuffix("Delete or Cancel? [d/C] “maybe” is not an answer (delete or cancel); taken as Cancel.\n"))
    #expect(input.readLine() == .text(Array("d".utf8)), "the next line is left for what comes next")
  }

  @Test func yesPicksTheDestructiveChoiceWithoutAsking() {
    #expect(Self.prompt.confirmingChoice == Self.delete)
    #expect(Self.prompt.cancelChoice == Self.cancel)
  }

  @Test func keysAreTheShortestDistinctPrefixes() {
    #expect(ConfirmationPrompt.keys(for: ["Delete", "Cancel"]) == ["d", "c"])
    #expect(ConfirmationPrompt.keys(for: ["Delete", "Defer", "Cancel"]) == ["del", "def", "c"])
  }

  @Test @MainActor func theContextRefusesWithoutATerminalUnlessYesOrInAShell() throws {
    let piped = CommandContext(session: makeSession(input: "d\n"), globals: GlobalOptions())
    do {
      _ = try piped.confirm(Self.prompt, command: "delete", assumeYes: false)
      Issue.record("asked without a terminal")
    } catch {
      #expect(error.exitCode == .confirmationImpossible)
      #expect(error.message == "'delete' needs a confirmation, but standard input is not a terminal; nothing was changed")
      #expect(error.hint == "Run it again with --yes to go ahead without asking.")
    }
    #expect(try piped.confirm(Self.prompt, command: "delete", assumeYes: true) == Self.delete)

    let terminal = makeSession(input: "d\n", inputIsTerminal: true)
    #expect(try CommandContext(session: terminal, globals: GlobalOptions()).confirm(Self.prompt, command: "delete", assumeYes: false) == Self.delete)
    #expect(terminal.errors.text.hasPrefix("Are you sure?\n"))
    #expect(terminal.output.text.isEmpty)

    let shell = makeSession(input: "n\n")
    shell.shellGlobals = GlobalOptions()
    #expect(try CommandContext(session: shell, globals: GlobalOptions()).confirm(Self.prompt, command: "delete", assumeYes: false) == Self.cancel)
  }
}
