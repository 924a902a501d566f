import Composable
import Foundation

extension AppFeature {
  /// The screens the app pushes: an item's screen, or an item's outline as editable text.
  public struct Path: Reducer {
    /// A pushed screen.
    public enum State: Equatable, Sendable {
      /// An item and its children.
      case itemScreen(ItemScreen.State)
      /// An item's outline, edited as text.
      case outlineEditor(OutlineEditor.State)

      /// The id of the item the screen is about.
      public var itemID: UUID {
        switch self {
        case let .itemScreen(screen): screen.item.id
        case let .outlineEditor(editor): editor.item.id
        }
      }
    }

    /// A pushed screen's actions.
    public enum Action: Equatable, Sendable {
      /// The item screen's actions.
      case itemScreen(ItemScreen.Action)
      /// The outline editor's actions.
      case outlineEditor(OutlineEditor.Action)
    }

    /// Creates the reducer of the pushed screens.
    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: .itemScreen, action: .itemScreen) { ItemScreen() }
      Scope(state: .outlineEditor, action: .outlineEditor) { OutlineEditor() }
    }
  }

  /// Pushes the screen of the item with `id`, if the list has it.
  static func push(itemScreenFor id: UUID, in state: inout State) {
    guard let item = state.taskList.item(withID: id) else { return }
    state.path.append(.itemScreen(ItemScreen.State(item: item)))
  }

  /// Pushes an outline editor on the item with `id`, if the list has it.
  static func push(outlineEditorFor id: UUID, in state: inout State) {
    guard let item = state.taskList.item(withID: id) else { return }
    state.path.append(.outlineEditor(OutlineEditor.State(item: item)))
  }

  /// After a change to the list: each item screen shows its item as the list has it now, and the
  /// stack is popped from the lowest screen whose item is gone (deleted, or not in a reloaded
  /// file), with everything above it; `forEach` then ends their effects.
  ///
  /// An outline editor keeps the item it opened (its text is the user's, and its ids are matched
  /// against that item when it saves); it is popped only when its item is gone.
  static func updatePath(_ state: inout State) {
    for id in state.path.ids {
      guard let element = state.path[id: id] else { continue }
      guard let item = state.taskList.item(withID: element.itemID) else {
        state.path.pop(from: id)
        return
      }
      if case let .itemScreen(screen) = element, screen.item != item {
        state.path[id: id] = .itemScreen(ItemScreen.State(item: item, message: screen.message, selection: screen.selection))
      }
    }
  }
}

extension CasePath where Root == AppFeature.Path.State {
  /// An item screen.
  public static var itemScreen: CasePath<Root, ItemScreen.State> {
    .init(Root.itemScreen) { if case let .itemScreen(v) = $0 { v } else { nil } }
  }
  /// An outline editor.
  public static var outlineEditor: CasePath<Root, OutlineEditor.State> {
    .init(Root.outlineEditor) { if case let .outlineEditor(v) = $0 { v } else { nil } }
  }
}

extension CasePath where Root == AppFeature.Path.Action {
  /// The item screen's actions.
  public static var itemScreen: CasePath<Root, ItemScreen.Action> {
    .init(Root.itemScreen) { if case let .itemScreen(v) = $0 { v } else { nil } }
  }
  /// The outline editor's actions.
  public static var outlineEditor: CasePath<Root, OutlineEditor.Action> {
    .init(Root.outlineEditor) { if case let .outlineEditor(v) = $0 { v } else { nil } }
  }
}
