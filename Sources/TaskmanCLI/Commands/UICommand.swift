import Foundation
import TaskManager
import TerminalUI

/// `taskman ui`
struct UICommand: ParsableCommand, Equatable {
  static let configuration = CommandConfiguration<Self>(
    name: "ui",
    abstract: "Open the task list full screen in the terminal: browse, search, add, edit, tag, move, complete and delete with keys.",
    discussion: "The list shows the outline as 'taskman list' does, with the same ids. Keys are shown on the bottom line: arrows or j/k select, Enter opens an item's children (Esc goes back), t edits its outline as text, Space marks it done, a adds, e edits, d deletes (after asking), # tags, m moves it into a project, J/K move it among its siblings, / searches, . shows or hides done items (and those not yet actionable: a @start or @defer after today), u undoes and r redoes, Tab shows the settings, q quits. Every change is saved at once, as the commands save it (under the file's lock, recorded for 'taskman undo'); a change another program makes to the file while the screen is open is shown within a second, and never written over. Needs a terminal for its input and output.",
    examples: ["taskman ui", "taskman --file ~/notes/home.taskpaper ui"],
    parameters: []
  )

  /// Runs the screen until `q` or Ctrl-C (status 130); refused, changing nothing, when standard
  /// input or output is not a terminal.
  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    guard context.session.inputIsTerminal, context.session.outputIsTerminal else {
      throw .usage(
        "'ui' needs a terminal, but standard \(context.session.inputIsTerminal ? "output" : "input") is not one; nothing was changed",
        hint: "Run it in a terminal; in a script, use the other commands ('taskman list', 'taskman done <id>', …)."
      )
    }
    let overrides = try SettingsEnvironment.overrides(environment: context.session.environment, globals: context.globals)
    let app = try context.appStore()
    app.store.send(.settingsOverridesChanged(overrides))
    let session = UISession(app: app, clock: ContinuousClock())
    await session.start(settings: context.settings)
    let watching = Task { await session.watchFile() }
    defer { watching.cancel() }
    let terminal = TerminalUI.Terminal.standard()
    let colors: Bool? =
      switch ColorChoice(context.settings.color) {
      case .always: true
      case .never: false
      case .auto: nil
      }
    let today = session.app.today
    var view = RoutedScreen(screen: TaskmanScreen(today: today), session: session, rows: { terminal.size().rows })
    #if DEBUG
      view.crashKey = ProcessInfo.processInfo.environment["TASKMAN_UI_DEBUG_CRASH_KEY"].flatMap(\.first).map { Key($0) }
    #endif
    let exit = await TerminalApp(store: app.store, view: view, colors: colors).run(on: terminal)
    // A change still being made is finished before the file's lock can be given up.
    await session.finish()
    return exit == .interrupted ? ExitCode(rawValue: 130) : .success
  }
}
