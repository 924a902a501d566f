import Composable
import Foundation

// The app's own screen state: which row is selected, which setting, and the line being typed.
// It is here, in the app's state rather than in a view, as the original app had a selected row
// and tabs: a test store drives it like any other state, and a screen is a function of it.
extension AppFeature {
  /// A line the user types at the bottom of the screen, and what it is for.
  ///
  /// ```swift
  /// store.send(.promptOpened(.tag(id)))
  /// store.send(.promptEdited(text: "@home", cursor: 5))
  /// store.send(.promptSubmitted)  // sends .taskList(.addTags(["@home"], to: id))
  /// ```
  public struct Prompt: Equatable, Sendable {
    /// What the line becomes when it is submitted.
    public enum Purpose: Equatable, Sendable {
      /// The list's search text (``TaskFilter/searchText``); empty shows everything again.
      case search
      /// Tags to set on the item with this id, separated by spaces.
      case tag(UUID)
      /// The name of a project to move the item with this id into (created if missing).
      case move(UUID)
      /// A new value for a setting.
      case setting(SettingsKey)
    }

    /// What the line is for.
    public var purpose: Purpose
    /// The text typed so far.
    public var text: String
    /// How many characters of ``text`` are before the cursor.
    public var cursor: Int

    /// A line for `purpose`, with `text` and the cursor at its end.
    public init(purpose: Purpose, text: String = "") {
      self.purpose = purpose
      self.text = text
      self.cursor = text.count
    }

    /// The words shown before the line: `Search`, `Tags`, `Move to project`, the setting's name.
    public var label: String {
      switch purpose {
      case .search: "Search"
      case .tag: "Tags"
      case .move: "Move to project"
      case let .setting(key): key.name
      }
    }
  }

  /// The text edited on screen, and the action that changes it: the open task form's, else the
  /// outline editor's on top of the stack.
  static func editedText(_ state: State) -> (text: String, change: (String) -> Action)? {
    switch state.taskList.destination {
    case let .addTask(form)?:
      return (form.text, { .taskList(.destination(.presented(.addTask(.binding(.set(\.text, $0)))))) })
    case let .editTask(form)?:
      return (form.text, { .taskList(.destination(.presented(.editTask(.binding(.set(\.text, $0)))))) })
    case nil:
      break
    }
    guard let id = state.path.ids.last, case let .outlineEditor(editor)? = state.path[id: id] else { return nil }
    return (editor.text, { .path(.element(id: id, action: .outlineEditor(.textChanged($0)))) })
  }

  /// Where the selection goes when the item with `id` is deleted: unchanged unless it is that
  /// item or under it, else the item after it and its children in the document (the row under
  /// it moves up), else the one before it, else none.
  static func selection(_ selection: UUID, afterDeleting id: UUID, from items: [Item]) -> UUID? {
    var walk = OutlineWalk(items)
    var previous: UUID?
    var deletedDepth: Int?
    var selectionIsDeleted = false
    while walk.next() {
      let visited = walk.item.id
      if let depth = deletedDepth {
        if walk.depth > depth {
          if visited == selection { selectionIsDeleted = true }
          continue
        }
        return selectionIsDeleted ? visited : selection
      }
      if visited == id {
        deletedDepth = walk.depth
        selectionIsDeleted = visited == selection
        continue
      }
      previous = visited
    }
    guard deletedDepth != nil, selectionIsDeleted else { return selection }
    return previous
  }

  /// The screen's actions (see ``Action/selectionChanged(_:)`` and the prompt's).
  static func reduceScreen(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .selectionChanged(id):
      state.selection = id
      return .none

    case let .settingSelected(key):
      state.selectedSetting = key
      return .none

    case let .promptOpened(purpose):
      switch purpose {
      case .search:
        state.prompt = Prompt(purpose: purpose, text: state.taskList.filter.searchText ?? "")
      case let .setting(key):
        state.prompt = Prompt(purpose: purpose, text: key.value(in: state.settings?.settings ?? state.taskList.settings))
      case .tag, .move:
        state.prompt = Prompt(purpose: purpose)
      }
      return .none

    case let .promptEdited(text, cursor):
      guard state.prompt != nil else { return .none }
      state.prompt?.text = text
      state.prompt?.cursor = min(max(0, cursor), text.count)
      return .none

    case .promptCancelled:
      state.prompt = nil
      return .none

    case let .textEdited(text, cursor):
      guard let edited = editedText(state) else { return .none }
      state.textCursor = min(max(0, cursor), text.count)
      guard text != edited.text else { return .none }
      return .send(edited.change(text))

    case .promptSubmitted:
      guard let prompt = state.prompt else { return .none }
      state.prompt = nil
      let text = prompt.text.trimmingCharacters(in: .whitespaces)
      switch prompt.purpose {
      case .search:
        var filter = state.taskList.filter
        filter.searchText = text.isEmpty ? nil : text
        return .send(.taskList(.filterChanged(filter)))
      case let .tag(id):
        let words = text.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return .none }
        return .send(.taskList(.addTags(words, to: id)))
      case let .move(id):
        guard !text.isEmpty else { return .none }
        return .send(.taskList(.move(id, to: .project(text))))
      case let .setting(key):
        return .send(.settings(.binding(key.binding(text))))
      }

    default:
      return .none
    }
  }
}
