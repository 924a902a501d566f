/// Keys that send an action, with the words a help line shows for them.
///
/// ```swift
/// KeyBinding(.up, Key("k"), help: "up", send: .moveUp)
/// KeyBinding(label: "text", help: nil) { key in key.typedCharacter.map { .insert($0) } }
/// ```
public struct KeyBinding<Action> {
  /// The keys as the help line names them (`↑/k`).
  public var label: String
  /// What the keys do, for the help line; nil keeps the binding off it.
  public var help: String?
  /// The action for a key, or nil when the binding does not answer it.
  public var action: (Key) -> Action?
  /// The keys, for a binding made from a list of them; nil for one answering a function of the
  /// key. A help line leaves out the listed keys an earlier binding takes.
  public var keys: [Key]?

  /// Keys answered by a function of the key (a text field takes every typed character).
  public init(label: String, help: String?, action: @escaping (Key) -> Action?) {
    self.label = label
    self.help = help
    self.action = action
  }

  /// One or more keys that send `action`.
  public init(_ keys: Key..., help: String?, send action: Action) {
    self.init(keys, help: help, send: action)
  }

  /// The keys that send `action`.
  public init(_ keys: [Key], help: String?, send action: Action) {
    let set = Set(keys)
    self.init(label: keys.map(\.description).joined(separator: "/"), help: help) { set.contains($0) ? action : nil }
    self.keys = keys
  }

  /// The same binding sending another type of action: how a parent view takes a child's keys.
  public func map<NewAction>(_ transform: @escaping (Action) -> NewAction) -> KeyBinding<NewAction> {
    let action = self.action
    var mapped = KeyBinding<NewAction>(label: label, help: help) { action($0).map(transform) }
    mapped.keys = keys
    return mapped
  }
}
