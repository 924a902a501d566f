import Composable
import TerminalUI
import Testing

/// A child: a count and the keys that change it.
private struct CounterView: View {
  enum Action: Equatable { case increment, decrement }

  func render(_ state: Int, in canvas: inout Canvas) {
    canvas.draw("Count: \(state)", column: 0, row: 0)
  }

  func keyMap(for state: Int) -> KeyMap<Action> {
    KeyMap([
      KeyBinding(Key("+"), help: "more", send: .increment),
      KeyBinding(Key("-"), help: "less", send: .decrement),
    ])
  }
}

private struct Parent {
  var counter = 3
  var sheet: Int?
}

private enum ParentAction: Equatable {
  case counter(CounterView.Action)
  case sheet(CounterView.Action)
  case quit
}

extension CasePath where Root == ParentAction {
  fileprivate static var counter: CasePath<Root, CounterView.Action> {
    .init(Root.counter) { if case let .counter(v) = $0 { v } else { nil } }
  }
  fileprivate static var sheet: CasePath<Root, CounterView.Action> {
    .init(Root.sheet) { if case let .sheet(v) = $0 { v } else { nil } }
  }
}

/// The parent: the counter in a box's inside, a sheet over it when there is one, its help line.
private struct ParentView: View {
  let counter = ScopedView(state: \Parent.counter, action: .counter) { CounterView() }
  let sheet = IfLetView(state: \Parent.sheet, action: .sheet) { CounterView() }

  func render(_ state: Parent, in canvas: inout Canvas) {
    let rows = Rect(width: canvas.width, height: canvas.height).rows([.flexible(), .fixed(1)])
    counter.render(state, in: &canvas, region: rows[0].insetBy(columns: 2, rows: 1))
    sheet.render(state, in: &canvas, region: Rect(x: 0, y: 0, width: canvas.width, height: 1))
    HelpLine(keyMap(for: state)).render(in: &canvas, region: rows[1])
  }

  func keyMap(for state: Parent) -> KeyMap<ParentAction> {
    if sheet.isPresented(in: state) { return sheet.keyMap(for: state) }
    return counter.keyMap(for: state) + KeyMap([KeyBinding(Key("q"), help: "quit", send: .quit)])
  }
}

/// A destination: one of two counters, as an enum.
private enum Screen {
  case first(Int)
  case second(Int)
}

private enum ScreenAction: Equatable {
  case first(CounterView.Action)
  case second(CounterView.Action)
}

extension CasePath where Root == Screen {
  fileprivate static var first: CasePath<Root, Int> { .init(Root.first) { if case let .first(v) = $0 { v } else { nil } } }
  fileprivate static var second: CasePath<Root, Int> { .init(Root.second) { if case let .second(v) = $0 { v } else { nil } } }
}

extension CasePath where Root == ScreenAction {
  fileprivate static var first: CasePath<Root, CounterView.Action> {
    .init(Root.first) { if case let .first(v) = $0 { v } else { nil } }
  }
  fileprivate static var second: CasePath<Root, CounterView.Action> {
    .init(Root.second) { if case let .second(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct ScopedViewTests {
  @Test func aCaseOfAnEnumStateDrawsOnlyWhileTheStateIsInIt() {
    typealias ScreenView = IfCaseLetView<Screen, ScreenAction, CounterView>
    let first: ScreenView = IfCaseLetView(state: .first, action: .first) { CounterView() }
    let second: ScreenView = IfCaseLetView(state: .second, action: .second) { CounterView() }
    var canvas = Canvas(width: 10, height: 1)
    first.render(.second(2), in: &canvas)
    second.render(.second(2), in: &canvas)
    #expect(canvas.frame.lines == ["Count: 2"])
    #expect(first.keyMap(for: .second(2)).bindings.isEmpty)
    #expect(!first.isPresented(in: .second(2)))
    let keys = first.keyMap(for: .second(2)) + second.keyMap(for: .second(2))
    #expect(keys.action(for: Key("-")) == .second(.decrement))
  }

  @Test func aChildDrawsInItsRegionAndItsKeysSendTheParentsActions() {
    let view = ParentView()
    let frame = view.frame(of: Parent(), width: 24, height: 4)
    #expect(frame.lines == ["", "  Count: 3", "", "+ more  - less  q quit"])
    #expect(view.keyMap(for: Parent()).action(for: Key("+")) == .counter(.increment))
    #expect(view.keyMap(for: Parent()).action(for: Key("q")) == .quit)
  }

  @Test func aChildThatDoesNotFitItsRegionIsClipped() {
    let frame = ParentView().frame(of: Parent(counter: 12_345), width: 10, height: 4)
    #expect(frame.lines[1] == "  Count:")
  }

  @Test func anOptionalChildDrawsAndAnswersKeysOnlyWhileItIsThere() {
    let view = ParentView()
    #expect(view.sheet.keyMap(for: Parent()).bindings.isEmpty)
    let presented = Parent(sheet: 7)
    let frame = view.frame(of: presented, width: 24, height: 4)
    #expect(frame.lines == ["Count: 7", "  Count: 3", "", "+ more  - less"])
    #expect(view.keyMap(for: presented).action(for: Key("+")) == .sheet(.increment))
    #expect(view.keyMap(for: presented).action(for: Key("q")) == nil, "the sheet is modal")
  }
}
