/// The state of an enum destination that says which case it is in, so that `ifLet` tells one
/// presentation from another without reflection.
///
/// `ifLet` ends a presented child's effects when another presentation replaces it (another
/// case, or a value with another `id`), and closes an alert or a dialog once one of its buttons
/// is tapped. For an enum destination that does not conform, it finds the case and its value
/// through `Mirror` and dynamic casts, whose first use of each type costs far more than the
/// rest of an action: in a command-line tool, that is every run. Conform by naming each case
/// and passing its value:
///
/// ```swift
/// extension Destination.State: PresentationCases {
///   var presentedCase: PresentedCase {
///     switch self {
///     case let .addTask(form): PresentedCase("addTask", form)
///     case let .editTask(form): PresentedCase("editTask", form)
///     case let .confirmDeletion(alert): PresentedCase("confirmDeletion", alert)
///     }
///   }
/// }
/// ```
///
/// The name must be the case's own, as the destination's `Action` spells it too: an action for
/// an alert's case answers the alert only when the action's case has that name.
public protocol PresentationCases {
  /// The case this state is in, with its value.
  var presentedCase: PresentedCase { get }
}
