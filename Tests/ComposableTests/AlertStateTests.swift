import Composable
import ComposableTesting
import Testing

private enum AlertAction: Equatable { case confirm, archive }
private enum ParentAction: Equatable { case alert(AlertAction) }

/// Presents a confirmation dialog and records what was chosen.
private struct DialogHost: Reducer {
  struct State: Equatable {
    @PresentationState var dialog: ConfirmationDialogState<AlertAction>?
    var chosen: [AlertAction] = []
    var parentSawDialog = false
  }
  enum Action: Equatable {
    case menuButtonTapped
    case dialog(PresentationAction<AlertAction>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .menuButtonTapped:
        state.dialog = ConfirmationDialogState(
          title: "Move",
          titleVisibility: .visible,
          buttons: [.default("Archive", action: .archive), .cancel("Cancel")]
        )
      case let .dialog(.presented(choice)):
        // Cleared before the parent runs: the answer has arrived.
        state.parentSawDialog = state.dialog != nil
        state.chosen.append(choice)
      case .dialog(.dismiss):
        break
      }
      return .none
    }
    .ifLet(\.$dialog, action: .hostDialog)
  }
}

extension CasePath where Root == DialogHost.Action {
  fileprivate static var hostDialog: CasePath<Root, PresentationAction<AlertAction>> {
    .init(Root.dialog) { if case let .dialog(v) = $0 { v } else { nil } }
  }
}

@MainActor
@Suite struct AlertStateTests {
  private let alert = AlertState<AlertAction>(
    title: "Are you sure?",
    message: "This cannot be undone.",
    buttons: [.destructive("Delete", action: .confirm), .cancel("Cancel")]
  )

  @Test func alertsCompareByTitleMessageAndButtons() {
    var other = alert
    #expect(other == alert)
    other.buttons[0].action = .archive
    #expect(other != alert)
    other = alert
    other.message = nil
    #expect(other != alert)
  }

  @Test func theCancelButtonIsTheOneWithTheCancelRole() {
    #expect(alert.cancelButton == .cancel("Cancel"))
    #expect(AlertState<AlertAction>(title: "Saved").cancelButton == nil)
  }

  @Test func mappingAnAlertEmbedsEveryButtonsAction() {
    let mapped = alert.map(ParentAction.alert)
    #expect(mapped.buttons.map(\.action) == [.alert(.confirm), nil])
    #expect(mapped.buttons.map(\.role) == [.destructive, .cancel])
    #expect(mapped.title == "Are you sure?")
  }

  @Test func anAlertDumpsAsItsTextAndButtons() {
    #expect(
      customDump(alert) == """
        AlertState<AlertAction>(
          title: TextState("Are you sure?")
          message: TextState("This cannot be undone.")
          buttons: [
            [0]: ButtonState<AlertAction>(
              role: ButtonStateRole.destructive
              action: AlertAction.confirm
              label: TextState("Delete")
            )
            [1]: ButtonState<AlertAction>(
              role: ButtonStateRole.cancel
              action: nil
              label: TextState("Cancel")
            )
          ]
        )
        """
    )
  }

  @Test func aDialogIsClearedOnceOneOfItsActionsArrives() async {
    let store = TestStore(initialState: DialogHost.State()) { DialogHost() }

    await store.send(.menuButtonTapped) {
      $0.dialog = ConfirmationDialogState(
        title: "Move",
        titleVisibility: .visible,
        buttons: [.default("Archive", action: .archive), .cancel("Cancel")]
      )
    }
    await store.send(.dialog(.presented(.archive))) {
      $0.dialog = nil
      $0.chosen = [.archive]
    }
  }

  @Test func aDismissedDialogChoosesNothing() async {
    let store = TestStore(initialState: DialogHost.State()) { DialogHost() }

    await store.send(.menuButtonTapped) {
      $0.dialog = ConfirmationDialogState(
        title: "Move",
        titleVisibility: .visible,
        buttons: [.default("Archive", action: .archive), .cancel("Cancel")]
      )
    }
    await store.send(.dialog(.dismiss)) { $0.dialog = nil }
  }
}
