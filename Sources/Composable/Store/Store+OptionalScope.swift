extension Store {
  /// A store for a child feature whose state is optional, or nil when the child is absent: what
  /// a view holds for a presented child (`ifLet`) while it is there.
  ///
  /// ```swift
  /// if let editorStore = store.scope(state: \.editor, action: .editor.appending(.presented)) {
  ///   editorStore.state  // Editor.State
  ///   editorStore.send(.saveButtonTapped)  // .editor(.presented(.saveButtonTapped))
  /// }
  /// ```
  ///
  /// Once the child goes away, a store made while it was there keeps reading its last state
  /// (as TCA's does), so a view dismissing it still has something to draw; its sends then reach
  /// the parent's `ifLet`, which reports them. Scope again to learn whether the child is back.
  ///
  /// To scope to the optional itself (a `Store<Child.State?, …>`), pass a closure:
  /// `store.scope(state: { $0.editor }, action: { .editor(.presented($0)) })`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard var last = state[keyPath: toChildState] else { return nil }
    return scope(
      state: { state in
        if let child = state[keyPath: toChildState] { last = child }
        return last
      },
      action: toChildAction._embed)
  }
}
