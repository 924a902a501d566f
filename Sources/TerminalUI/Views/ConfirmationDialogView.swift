import Composable

/// A ``ConfirmationDialogState`` drawn as a box in the middle of the screen with its choices
/// one per line, each answering a key: the view of a dialog presented with `ifLet`.
///
/// ```swift
/// IfLetView(state: \.dialog, action: .dialog) { ConfirmationDialogView<Action.Dialog>() }
/// ```
///
/// Keys are an ``AlertView``'s: each choice's key in brackets in its label, Esc the cancel
/// button, Enter the first choice with no role (else the cancel button). The title shows unless
/// its visibility is `.hidden`.
public struct ConfirmationDialogView<ButtonAction>: View {
  /// The view of a dialog whose buttons send `ButtonAction`s.
  public init() {}

  /// Draws the dialog centred on the canvas, over whatever is there.
  public func render(_ state: ConfirmationDialogState<ButtonAction>, in canvas: inout Canvas) {
    box(state).render(in: &canvas)
  }

  /// A key for each choice, Esc and Enter.
  public func keyMap(
    for state: ConfirmationDialogState<ButtonAction>
  ) -> KeyMap<PresentationAction<ButtonAction>> {
    box(state).keyMap
  }

  private func box(_ state: ConfirmationDialogState<ButtonAction>) -> ModalBox<ButtonAction> {
    ModalBox(
      title: state.titleVisibility == .hidden ? nil : state.title.string, message: state.message?.string,
      buttons: state.buttons, stacksButtons: true)
  }
}
