import Composable
import Synchronization
import Testing
import TerminalUI

/// A whole app run in-process against a fake terminal: scripted input, and the bytes written
/// read back by ``TerminalEmulator``.
@MainActor
struct TerminalAppTests {
  struct Tally: Reducer {
    struct State: Equatable {
      var count = 0
      var isEditing = false
      var isDone = false
    }
    enum Action: Equatable {
      case increment, decrement, toggleEditing, done
      case typed(Character)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      case .toggleEditing: state.isEditing.toggle()
      case .done: state.isDone = true
      case .typed: state.count += 100
      }
      return .none
    }
  }

  struct TallyView: View {
    func render(_ state: Tally.State, in canvas: inout Canvas) {
      canvas.draw("Count: \(state.count)", column: 0, row: 0, style: Style(foreground: .green, bold: true))
      canvas.draw(state.isEditing ? "editing" : "", column: 0, row: 1)
      canvas.draw("bottom", column: canvas.width - 6, row: canvas.height - 1)
    }
    func keyMap(for state: Tally.State) -> KeyMap<Tally.Action> {
      var bindings = [
        KeyBinding(Key("+"), help: "more", send: Tally.Action.increment),
        KeyBinding(Key("-"), help: "less", send: .decrement),
        KeyBinding(Key("e"), help: "edit", send: .toggleEditing),
        KeyBinding(Key("x"), help: "done", send: .done),
      ]
      if state.isEditing {
        bindings.insert(KeyBinding(label: "text", help: nil) { $0.typedCharacter.map(Tally.Action.typed) }, at: 0)
        bindings.insert(KeyBinding(.escape, help: "stop editing", send: .toggleEditing), at: 0)
      }
      return KeyMap(bindings)
    }
  }

  /// A terminal whose input is `events` and whose output is kept.
  final class FakeTerminal: Sendable {
    let written = Mutex<[UInt8]>([])
    let calls = Mutex<[String]>([])
    let currentSize: Mutex<Terminal.Size>
    let script: [Terminal.Event]
    let resizedTo: Terminal.Size?

    init(_ script: [Terminal.Event], size: Terminal.Size = .init(columns: 20, rows: 3), resizedTo: Terminal.Size? = nil) {
      self.script = script
      self.currentSize = Mutex(size)
      self.resizedTo = resizedTo
    }

    var terminal: Terminal {
      Terminal(
        events: {
          AsyncStream { continuation in
            for event in self.script {
              if event == .resized, let size = self.resizedTo { self.currentSize.withLock { $0 = size } }
              continuation.yield(event)
            }
            continuation.finish()
          }
        },
        write: { bytes in self.written.withLock { $0 += bytes } },
        size: { self.currentSize.withLock { $0 } },
        takeOver: { _ in self.calls.withLock { $0.append("takeOver") } },
        giveBack: { self.calls.withLock { $0.append("giveBack") } }
      )
    }

    func screen() -> TerminalEmulator {
      let size = currentSize.withLock { $0 }
      var emulator = TerminalEmulator(width: size.columns, height: size.rows)
      emulator.feed(written.withLock { $0 })
      return emulator
    }
  }

  private func run(_ fake: FakeTerminal, initialState: Tally.State = .init(), isFinished: @escaping (Tally.State) -> Bool = { _ in false }) async -> (TerminalApp<TallyView>.Exit, Store<Tally.State, Tally.Action>) {
    let store = Store(initialState: initialState) { Tally() }
    let exit = await TerminalApp(store: store, view: TallyView(), colors: true, isFinished: isFinished).run(on: fake.terminal)
    return (exit, store)
  }

  @Test func keysSendActionsAndTheScreenShowsTheLastFrame() async {
    let fake = FakeTerminal([.input(Array("++".utf8)), .input(Array("-+".utf8)), .input(Array("q+".utf8))])
    let (exit, store) = await run(fake)
    #expect(exit == .quitKey)
    #expect(store.state.count == 2)
    let screen = fake.screen()
    #expect(screen.problems == [])
    #expect(screen.frame.lines == ["Count: 2", "", "              bottom"])
    #expect(screen.frame.cell(column: 0, row: 0).style == Style(foreground: .green, bold: true))
    #expect(fake.calls.withLock { $0 } == ["takeOver", "giveBack"])
  }

  @Test func theTerminalIsGivenBackWithEveryModeUndone() async {
    let fake = FakeTerminal([.input(Array("+q".utf8))])
    _ = await run(fake)
    let screen = fake.screen()
    #expect(screen.modes == ["1049": false, "25": true, "2004": false, "7": true])
    #expect(screen.pen == .plain)
  }

  @Test func controlCAlwaysQuits() async {
    let fake = FakeTerminal([.input(Array("e+\u{03}+".utf8))])
    let (exit, store) = await run(fake)
    #expect(exit == .interrupted)
    #expect(store.state.count == 100)
  }

  @Test func aQuitKeyTheViewTakesIsTheView() async {
    // Escape at the end of a read is the Escape key, not Alt and the next key.
    let fake = FakeTerminal([.input(Array("eq\u{1B}".utf8)), .input(Array("q+".utf8))])
    let (exit, store) = await run(fake)
    #expect(exit == .quitKey)
    #expect(store.state.count == 100)
    #expect(fake.screen().frame.lines == ["Count: 100", "", "              bottom"])
  }

  @Test func aFinishedStateQuitsBeforeTheKeysAfterIt() async {
    let fake = FakeTerminal([.input(Array("+x+++".utf8))])
    let (exit, store) = await run(fake) { $0.isDone }
    #expect(exit == .finished)
    #expect(store.state.count == 1)
  }

  @Test func theEndOfInputQuits() async {
    let fake = FakeTerminal([.input(Array("+".utf8))])
    let (exit, _) = await run(fake)
    #expect(exit == .endOfInput)
  }

  @Test func aResizeRepaintsAtTheNewSize() async {
    let fake = FakeTerminal(
      [.input(Array("+".utf8)), .resized, .input(Array("+".utf8))], resizedTo: Terminal.Size(columns: 30, rows: 4))
    _ = await run(fake)
    let screen = fake.screen()
    #expect(screen.problems == [])
    #expect(screen.frame.lines == ["Count: 2", "", "", "                        bottom"])
  }

  @Test func coloursFollowTheCallerThenNoColorThenTheTerminal() {
    typealias App = TerminalApp<TallyView>
    #expect(App.usesColors(requested: true, noColor: "1", isTerminal: false))
    #expect(!App.usesColors(requested: false, noColor: nil, isTerminal: true))
    #expect(!App.usesColors(requested: nil, noColor: "1", isTerminal: true))
    #expect(App.usesColors(requested: nil, noColor: "", isTerminal: true))
    #expect(!App.usesColors(requested: nil, noColor: nil, isTerminal: false))
  }
}
