import Composable

/// An ``AlertState`` drawn as a box in the middle of the screen, its buttons answering keys:
/// the view of an alert presented with `@PresentationState` and `ifLet`.
///
/// ```swift
/// IfLetView(state: \.alert, action: .alert) { AlertView<TaskList.Action.Alert>() }
/// ```
///
/// ```
///           ┌────────────────────────┐
///           │ Are you sure?          │
///           │                        │
///           │ Delete “Buy milk”?     │
///           │                        │
///           │ [D]elete  [C]ancel     │
///           └────────────────────────┘
/// ```
///
/// Keys, as a terminal dialog has them:
/// - each button has a key, shown in brackets in its label: the first letter or digit of the
///   label that no earlier button took (else a digit from 1);
/// - Esc chooses the cancel button (or only closes the alert when there is none);
/// - Enter chooses the first button with no role, else the cancel button; never a destructive
///   one, which takes its own key. The button Enter chooses is bold, a destructive one red.
///
/// A button with an action sends `.presented(action)` (after which `ifLet` sets the alert to
/// nil), and one without sends `.dismiss`, as TCA's alerts do. An alert with no buttons shows
/// `[O]K`, which dismisses it. The buttons are the alert's keys on the help line.
public struct AlertView<ButtonAction>: View {
  /// The view of an alert whose buttons send `ButtonAction`s.
  public init() {}

  /// Draws the alert centred on the canvas, over whatever is there.
  public func render(_ state: AlertState<ButtonAction>, in canvas: inout Canvas) {
    box(state).render(in: &canvas)
  }

  /// A key for each button, Esc and Enter.
  public func keyMap(for state: AlertState<ButtonAction>) -> KeyMap<PresentationAction<ButtonAction>> {
    box(state).keyMap
  }

  private func box(_ state: AlertState<ButtonAction>) -> ModalBox<ButtonAction> {
    ModalBox(title: state.title.string, message: state.message?.string, buttons: state.buttons, stacksButtons: false)
  }
}
