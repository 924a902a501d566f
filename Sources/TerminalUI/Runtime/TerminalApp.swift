import Composable
import Foundation

/// Runs a ``View`` of a store full screen in a terminal, until a quit key, Ctrl-C, the end of
/// input, or a state the app is finished in.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// await TerminalApp(store: store, view: CounterView()).run()
/// ```
///
/// While it runs, the terminal is in raw mode on the alternate screen with the cursor hidden
/// and bracketed paste on. Each key is decoded from the terminal's input and sent as the
/// action the view's key map gives it in the current state (``View/send(_:to:)``); after every
/// batch the store processes (``Store/observe(_:)``), including the actions its effects send
/// later, the view's frame at the terminal's size is diffed against the last one written, and
/// only the changed cells are written, in one write. A resize repaints the screen in full.
///
/// Quitting:
/// - Ctrl-C always quits (raw mode turns the interrupt signal off, so the app sees the key).
/// - A quit key (`q` unless told otherwise) quits when the view's key map in the current state
///   does not take it: a text field that types `q` keeps it.
/// - `isFinished` quits as soon as the state says so (a "quit" action that sets a flag).
/// - The end of the terminal's input quits.
///
/// The terminal is given back on every one of these, and when SIGTERM, SIGHUP or SIGINT ends
/// the process or a key handler or reducer crashes: see ``Terminal/standard(input:output:)``.
@MainActor
public struct TerminalApp<Content: View> {
  /// How a run ended.
  public enum Exit: Hashable, Sendable {
    /// A quit key was pressed.
    case quitKey
    /// Ctrl-C was pressed: a program that ends now conventionally exits with status 130.
    case interrupted
    /// The state said the app is finished.
    case finished
    /// The terminal's input ended.
    case endOfInput
  }

  /// The store the view shows and its keys send to.
  public var store: Store<Content.State, Content.Action>
  /// The view.
  public var view: Content
  /// Keys that quit when the view's key map does not take them.
  public var quitKeys: [Key]
  /// Whether colours are written: nil decides by the terminal (none when `NO_COLOR` is set
  /// and not empty, or when the output is not a terminal); true or false is the caller's
  /// choice, such as a `--color` option.
  public var colors: Bool?
  /// Whether the app is done in a state: checked after every batch of actions.
  public var isFinished: (Content.State) -> Bool

  /// An app showing `view` of `store`.
  public init(
    store: Store<Content.State, Content.Action>,
    view: Content,
    quitKeys: [Key] = [Key("q")],
    colors: Bool? = nil,
    isFinished: @escaping (Content.State) -> Bool = { _ in false }
  ) {
    self.store = store
    self.view = view
    self.quitKeys = quitKeys
    self.colors = colors
    self.isFinished = isFinished
  }

  /// Takes the terminal over, runs until the app quits, and gives the terminal back.
  @discardableResult
  public func run(on terminal: Terminal = .standard()) async -> Exit {
    let environment = ProcessInfo.processInfo.environment
    let session = Session(
      app: self,
      terminal: terminal,
      colors: Self.usesColors(requested: colors, noColor: environment["NO_COLOR"], isTerminal: terminal.isTerminal)
    )
    return await session.run()
  }

  /// Whether to write colours: the caller's choice, else none when `NO_COLOR` is set and not
  /// empty or the output is not a terminal.
  package static func usesColors(requested: Bool?, noColor: String?, isTerminal: Bool) -> Bool {
    if let requested { return requested }
    if let noColor, !noColor.isEmpty { return false }
    return isTerminal
  }

  /// One run: the writer's memory of the screen, and the steps the loop waits for.
  @MainActor
  private final class Session {
    enum Step {
      case event(Terminal.Event)
      case finished
      case ended
    }

    let app: TerminalApp
    let terminal: Terminal
    var writer: ScreenWriter
    var decoder = KeyDecoder()
    let steps: AsyncStream<Step>
    let continuation: AsyncStream<Step>.Continuation

    init(app: TerminalApp, terminal: Terminal, colors: Bool) {
      self.app = app
      self.terminal = terminal
      writer = ScreenWriter(colors: colors)
      (steps, continuation) = AsyncStream.makeStream(of: Step.self)
    }

    func run() async -> Exit {
      terminal.takeOver(TerminalSequences.restore)
      terminal.write(TerminalSequences.enter)
      defer {
        terminal.write(TerminalSequences.restore)
        terminal.giveBack()
      }
      let events = terminal.events()
      let forwarding = Task { [continuation] in
        for await event in events { continuation.yield(.event(event)) }
        continuation.yield(.ended)
      }
      defer { forwarding.cancel() }

      render()
      if app.isFinished(app.store.state) { return .finished }
      let subscription = app.store.observe { [weak self] state in
        guard let self else { return }
        self.render()
        if self.app.isFinished(state) { self.continuation.yield(.finished) }
      }
      defer { subscription.cancel() }

      for await step in steps {
        switch step {
        case .finished:
          return .finished
        case .ended:
          return .endOfInput
        case .event(.resized):
          writer.invalidate()
          render()
        case let .event(.input(bytes)):
          for key in decoder.decode(bytes) {
            if let exit = handle(key) { return exit }
          }
        }
      }
      return .endOfInput
    }

    /// Sends the key's action; an exit when the key quits or the app is now finished.
    private func handle(_ key: Key) -> Exit? {
      if key == .control("c") { return .interrupted }
      // So that a stack overflow in the key's handler still gives the terminal back.
      TerminalRestorer.giveThreadASignalStack()
      if app.view.send(key, to: app.store) {
        return app.isFinished(app.store.state) ? .finished : nil
      }
      return app.quitKeys.contains(key) ? .quitKey : nil
    }

    private func render() {
      TerminalRestorer.giveThreadASignalStack()
      let size = terminal.size()
      let frame = app.view.frame(of: app.store.state, width: size.columns, height: size.rows)
      let bytes = writer.update(to: frame)
      if !bytes.isEmpty { terminal.write(bytes) }
    }
  }
}
