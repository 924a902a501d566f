import Testing

@testable import TaskmanCLI

@Suite("When output is coloured")
struct ColorChoiceTests {
  @Test func autoColoursOnlyATerminal() {
    #expect(ColorChoice.auto.allowsColor(outputIsTerminal: true, environment: [:]))
    #expect(!ColorChoice.auto.allowsColor(outputIsTerminal: false, environment: [:]))
    #expect(!ColorChoice.auto.allowsColor(outputIsTerminal: true, environment: ["TERM": "dumb"]))
  }

  @Test func noColorWithAnyNonEmptyValueTurnsColourOffUnlessAlwaysIsGiven() {
    for value in ["1", "0", "false", "yes"] {
      #expect(!ColorChoice.auto.allowsColor(outputIsTerminal: true, environment: ["NO_COLOR": value]))
      // A flag on the command line overrides the variable, as no-color.org says.
      #expect(ColorChoice.always.allowsColor(outputIsTerminal: false, environment: ["NO_COLOR": value]))
      #expect(!ColorChoice.never.allowsColor(outputIsTerminal: true, environment: ["NO_COLOR": value]))
    }
    // An empty NO_COLOR counts as unset, as no-color.org says.
    #expect(ColorChoice.auto.allowsColor(outputIsTerminal: true, environment: ["NO_COLOR": ""]))
  }

  @Test func alwaysColoursAPipeAndNeverColoursNothing() {
    #expect(ColorChoice.always.allowsColor(outputIsTerminal: false, environment: [:]))
    #expect(!ColorChoice.never.allowsColor(outputIsTerminal: true, environment: [:]))
  }

  @Test @MainActor func theContextsStyleFollowsTheGlobalsAndTheSession() {
    let terminal = makeSession(outputIsTerminal: true)
    #expect(CommandContext(session: terminal, globals: GlobalOptions()).style.isColored)
    #expect(!CommandContext(session: terminal, globals: GlobalOptions(color: .never)).style.isColored)
    let pipe = makeSession(outputIsTerminal: false)
    #expect(!CommandContext(session: pipe, globals: GlobalOptions()).style.isColored)
    #expect(CommandContext(session: pipe, globals: GlobalOptions(color: .always)).style.isColored)
    let noColor = makeSession(outputIsTerminal: true, environment: ["NO_COLOR": "1"])
    #expect(CommandContext(session: noColor, globals: GlobalOptions(color: .always)).style.isColored)
    #expect(!CommandContext(session: noColor, globals: GlobalOptions()).style.isColored)
  }
}
