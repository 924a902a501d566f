/// The case an enum destination is in, as ``PresentationCases`` tells it: the case's name, the
/// `id` of its value when the value is `Identifiable`, and for an ``AlertState`` or a
/// ``ConfirmationDialogState``, which actions answer it.
///
/// Which of those the value has is decided by the initializer the compiler picks for its type,
/// so pass the value itself: `PresentedCase("addTask", form)`.
public struct PresentedCase {
  @usableFromInline let name: String
  @usableFromInline let valueID: ChildID?
  /// The id behind ``valueID``'s fingerprint, to compare exactly during a reducer call (see
  /// ``HeldIdentity``).
  @usableFromInline let id: (any Hashable)?
  /// For an alert or a dialog: whether an action sent to its case is one of its buttons'.
  @usableFromInline let isAnsweredBy: ((Any) -> Bool)?

  /// A case without a value.
  public init(_ name: String) {
    self.name = name
    valueID = nil
    id = nil
    isAnsweredBy = nil
  }

  /// A case whose value has no identity of its own.
  public init<Value>(_ name: String, _ value: Value) {
    self.init(name)
  }

  /// A case whose value is `Identifiable`: a value with another `id` is another presentation.
  public init<Value: Identifiable>(_ name: String, _ value: Value) {
    self.name = name
    valueID = ChildID(fingerprintOf: value.id)
    id = value.id
    isAnsweredBy = nil
  }

  /// A case presenting an alert, which goes away once one of its buttons' actions arrives.
  public init<Action>(_ name: String, _ alert: AlertState<Action>) {
    self.name = name
    valueID = nil
    id = nil
    isAnsweredBy = { $0 is Action }
  }

  /// A case presenting a confirmation dialog, which goes away once one of its buttons'
  /// actions arrives.
  public init<Action>(_ name: String, _ dialog: ConfirmationDialogState<Action>) {
    self.name = name
    valueID = nil
    id = nil
    isAnsweredBy = { $0 is Action }
  }
}
