import Foundation

extension Reducer {
  /// Prints every action this reducer receives and what it changed in the state, for debugging.
  ///
  /// ```swift
  /// Store(initialState: Counter.State()) {
  ///   Counter()._printChanges()
  /// }
  /// ```
  ///
  /// After `send(.increment)` it prints:
  ///
  /// ```text
  /// received action:
  ///   Counter.Action.increment
  ///   Counter.State(
  /// −   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// An action that changes nothing prints `(no state change)` instead of a diff. Remove the
  /// call before shipping: dumping the state on every action is slow.
  ///
  /// - Parameter printer: Where the text goes; standard error by default.
  public func _printChanges(_ printer: ChangePrinter = .standardError) -> some Reducer<State, Action> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// Receives the text that ``Reducer/_printChanges(_:)`` prints, one action at a time.
///
/// ```swift
/// let printed = Lines()
/// Counter()._printChanges(ChangePrinter { printed.append($0) })
/// ```
public struct ChangePrinter: Sendable {
  private let body: @Sendable (String) -> Void

  /// Creates a printer that gives each action's text, with no trailing newline, to `print`.
  public init(_ print: @escaping @Sendable (_ text: String) -> Void) {
    self.body = print
  }

  /// Prints one action's text.
  public func callAsFunction(_ text: String) {
    body(text)
  }

  /// Writes each action's text, and a newline, to standard error.
  public static let standardError = ChangePrinter { text in
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}

/// The reducer made by ``Reducer/_printChanges(_:)``.
struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: ChangePrinter

  init(base: Base, printer: ChangePrinter) {
    self.base = base
    self.printer = printer
  }

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    let change = diff(before, state).map(shiftedRight) ?? "  (no state change)"
    printer("received action:\n\(indented(customDump(action)))\n\(change)")
    return effect
  }

  /// Indents a diff's lines under the action while keeping its `−`/`+` markers in the first
  /// column, where they stand out.
  private func shiftedRight(_ diff: String) -> String {
    diff.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.isEmpty ? "" : "\(line.prefix(1)) \(line.dropFirst())" }
      .joined(separator: "\n")
  }

  private func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }
      .joined(separator: "\n")
  }
}
