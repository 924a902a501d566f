/// The keys a view answers, in order: a key sends the action of the first binding that answers
/// it. The same declaration gives the help line (``helpEntries``), so help cannot drift from
/// what the keys do.
///
/// ```swift
/// let keys = KeyMap<Counter.Action>([
///   KeyBinding(Key("+"), help: "more", send: .incrementButtonTapped),
///   KeyBinding(Key("-"), help: "less", send: .decrementButtonTapped),
/// ])
/// keys.action(for: Key("+"))  // .incrementButtonTapped
/// ```
///
/// A parent combines its own keys with a child's, mapped into its actions: `own + child.map(Action.child)`.
public struct KeyMap<Action> {
  /// The bindings, first answered first.
  public var bindings: [KeyBinding<Action>]

  /// A key map of `bindings`, first answered first.
  public init(_ bindings: [KeyBinding<Action>] = []) {
    self.bindings = bindings
  }

  /// The action for `key`: the first binding's that answers it, or nil.
  public func action(for key: Key) -> Action? {
    for binding in bindings {
      if let action = binding.action(key) { return action }
    }
    return nil
  }

  /// What a help line shows: each binding with help, as `(keys, help)`, in order. A binding
  /// made from a list of keys shows only those no earlier binding takes (a text field that
  /// types Tab leaves `Shift-Tab` to the tab bar's binding), and none when all are taken.
  public var helpEntries: [(keys: String, help: String)] {
    var entries: [(keys: String, help: String)] = []
    for (index, binding) in bindings.enumerated() {
      guard let help = binding.help else { continue }
      guard let keys = binding.keys else {
        entries.append((binding.label, help))
        continue
      }
      let earlier = bindings[..<index]
      let free = keys.filter { key in !earlier.contains { $0.action(key) != nil } }
      if free.count == keys.count {
        entries.append((binding.label, help))
      } else if !free.isEmpty {
        entries.append((free.map(\.description).joined(separator: "/"), help))
      }
    }
    return entries
  }

  /// The same keys sending another type of action.
  public func map<NewAction>(_ transform: @escaping (Action) -> NewAction) -> KeyMap<NewAction> {
    KeyMap<NewAction>(bindings.map { $0.map(transform) })
  }

  /// `lhs`'s keys, then `rhs`'s: a key both answer goes to `lhs`.
  public static func + (lhs: KeyMap, rhs: KeyMap) -> KeyMap {
    KeyMap(lhs.bindings + rhs.bindings)
  }
}
