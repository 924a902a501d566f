import Composable
import Dependencies
import Foundation

/// One task edited as multi-line TaskPaper text: the task's own line and everything nested
/// under it.
///
/// The text starts as the task's TaskPaper, unindented. `saveButtonTapped` parses it:
/// - no item (empty or blank text): the error `Unable to parse <TEXT>.`, nothing saved;
/// - one top-level item: it is saved with its children, and the text becomes its canonical form;
/// - several top-level items: the first is saved, the text stays as typed, and the message is
///   `Only the first converted type model is saved. You may need to change indentation to keep them under the proper project.`
///
/// A save keeps the edited task's id and its level in the outline (the children move with
/// it). Every other line keeps the id of the line it was when the text was opened, when it is
/// recognised (unchanged, moved, re-indented, or with only its tags changed; see how the task
/// file matches lines); a line that is new, or whose text changed, gets a new id from the
/// `uuid` dependency. The parent hears `delegate(.save(item))` and puts the item in place of the
/// one with the same id.
///
/// ```swift
/// // In a parent reducer:
/// Scope(state: \.outlineEditor, action: .outlineEditor) { OutlineEditor() }
/// Reduce { state, action in
///   if case let .outlineEditor(.delegate(.save(item))) = action {
///     state.outline.modifyItem(withID: item.id) { $0 = item }
///   }
///   return .none
/// }
/// ```
public struct OutlineEditor: Reducer {
  /// The task being edited and its text.
  public struct State: Equatable, Sendable {
    /// The task as last saved, children included.
    public var item: Item
    /// The outline text being edited.
    public var text: String
    /// Why the last save failed or was partial, or `nil`.
    public var errorMessage: String?

    /// Edits `item`: the text is its TaskPaper, with the item's own line unindented.
    public init(item: Item) {
      self.item = item
      self.text = TaskPaperPrinter.print(item.shiftingLevels(by: -item.level))
      self.errorMessage = nil
    }
  }

  /// What the user does, and what the editor tells its parent.
  public enum Action: Equatable, Sendable {
    /// The user changed the text.
    case textChanged(String)
    /// The user asked to save the text.
    case saveButtonTapped
    /// Messages for the parent feature.
    case delegate(Delegate)

    /// What the editor tells its parent.
    public enum Delegate: Equatable, Sendable {
      /// Save `item` (same id as the edited task) in place of the edited task.
      case save(Item)
    }
  }

  /// The message when the text holds several top-level items and only the first was saved.
  public static let onlyFirstSavedMessage =
    "Only the first converted type model is saved. You may need to change indentation to keep them under the proper project."

  @Dependency(\.uuid) var uuid

  /// Creates the reducer.
  public init() {}

  /// Handles the editor's actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .textChanged(text):
      state.text = text
      return .none

    case .saveButtonTapped:
      let outline = Self.parse(state.text, keepingIDsOf: state.item) { uuid() }
      // Blank lines around the task are not items the user meant to save.
      let roots = outline.items.filter { !$0.isBlank }
      guard let root = roots.first else {
        state.errorMessage = "Unable to parse \(state.text)."
        return .none
      }
      var saved = root.shiftingLevels(by: state.item.level - root.level)
      saved.id = state.item.id
      state.item = saved
      if roots.count > 1 {
        state.errorMessage = Self.onlyFirstSavedMessage
      } else {
        state.errorMessage = nil
        state.text = TaskPaperPrinter.print(saved.shiftingLevels(by: -saved.level))
      }
      return .send(.delegate(.save(saved)))

    case .delegate:
      return .none
    }
  }

  /// Parses `text`, giving each line the id of the line of `original` (as the editor opened
  /// it) it is recognised as, else one from `makeID`. The first non-blank top-level line is
  /// `original` itself.
  static func parse(_ text: String, keepingIDsOf original: Item, makeID: () -> UUID) -> Outline {
    func lines(_ text: String) -> (lines: TaskPaperParser.Lines, keys: [LineKey]) {
      text.withUTF8Bytes { bytes in
        let lines = TaskPaperParser.scanLines(bytes)
        let keys = lines.items.indices.map { LineKey(bytes, start: lines.spans[$0].start, end: lines.spans[$0].contentEnd, item: lines.items[$0]) }
        return (lines, keys)
      }
    }
    var originalIDs: [UUID] = []
    original.forEachInSubtree { originalIDs.append($0.id) }
    let opened = lines(TaskPaperPrinter.print(original.shiftingLevels(by: -original.level)))
    var edited = lines(text)
    // The printer writes one line per item, in document order.
    guard opened.keys.count == originalIDs.count else {
      for index in edited.lines.items.indices { edited.lines.items[index].id = makeID() }
      return Outline(items: TaskPaperParser.assemble(&edited.lines))
    }
    let matches = LineMatcher.match(
      old: opened.keys, new: edited.keys, oldParents: opened.lines.parents, newParents: edited.lines.parents
    )
    let root = edited.lines.items.indices.first { edited.lines.parents[$0] < 0 && !edited.lines.items[$0].isBlank }
    for index in edited.lines.items.indices {
      if index == root {
        edited.lines.items[index].id = original.id
      } else if matches[index] >= 0, originalIDs[matches[index]] != original.id {
        edited.lines.items[index].id = originalIDs[matches[index]]
      } else {
        edited.lines.items[index].id = makeID()
      }
    }
    return Outline(items: TaskPaperParser.assemble(&edited.lines))
  }
}

extension Item {
  /// The item with its level and its non-blank descendants' levels moved by `delta`; blank
  /// lines keep theirs, which is their own indentation rather than a place in the tree.
  fileprivate func shiftingLevels(by delta: Int) -> Item {
    guard delta != 0 else { return self }
    var copy = self
    copy.shiftLevels(by: delta)
    return copy
  }
}
