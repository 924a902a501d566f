import Composable
import TerminalUI

/// A feature the views' tests drive: rows to pick from, a search field, and a delete alert.
struct Picker: Reducer {
  struct State: Equatable {
    var rows: [String]
    var selection = ListSelection(visibleRows: 3)
    var query = TextFieldState()
    @PresentationState var alert: AlertState<Action.Alert>?
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case deleteTapped
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable { case confirmDeletion(Int) }

    var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .deleteTapped:
        state.alert = AlertState(
          title: "Are you sure?",
          message: "Delete “\(state.rows[state.selection.selected])”?",
          buttons: [.destructive("Delete", action: .confirmDeletion(state.selection.selected)), .cancel("Cancel")]
        )
        return .none
      case let .alert(.presented(.confirmDeletion(index))):
        state.rows.remove(at: index)
        state.selection = state.selection.keepingVisible(rowCount: state.rows.count, visibleRows: 3)
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: .alert)
  }
}

extension CasePath where Root == Picker.Action {
  static var alert: CasePath<Root, PresentationAction<Picker.Action.Alert>> {
    .init(Root.alert) { if case let .alert(v) = $0 { v } else { nil } }
  }
}

/// The picker's screen: the search field, the list under it, the help line at the foot, and
/// the alert over them all.
struct PickerView: View {
  func render(_ state: Picker.State, in canvas: inout Canvas) {
    let parts = Rect(width: canvas.width, height: canvas.height).rows([.fixed(1), .flexible(), .fixed(1)])
    search.render(state, in: &canvas, region: parts[0])
    list.render(state, in: &canvas, region: parts[1])
    HelpLine(keyMap(for: state)).render(in: &canvas, region: parts[2])
    alert.render(state, in: &canvas)
  }

  func keyMap(for state: Picker.State) -> KeyMap<Picker.Action> {
    if alert.isPresented(in: state) { return alert.keyMap(for: state) }
    return list.keyMap(for: state) + KeyMap([KeyBinding(.delete, help: "delete", send: .deleteTapped)])
      + search.keyMap(for: state)
  }

  var search: TextFieldView<Picker.State, Picker.Action> { TextFieldView(\.query, placeholder: "Search") }

  var list: ListView<Picker.State, Picker.Action> {
    ListView(rowCount: { $0.rows.count }, selection: { $0.selection }, action: { .binding(.set(\.selection, $0)) }) {
      state, index, canvas in
      canvas.draw(state.rows[index], column: 0, row: 0)
    }
  }

  var alert: IfLetView<Picker.State, Picker.Action, AlertView<Picker.Action.Alert>> {
    IfLetView(state: \.alert, action: .alert) { AlertView() }
  }
}
