import Composable
import Foundation

/// One tag shown as text and edited in place.
///
/// `tapped` starts editing; `textChanged` follows the typing; `submitted` saves the text when it
/// is exactly one tag: the tag is replaced, the text becomes its canonical form (`@updatedTag()`
/// becomes `@updatedTag`), editing ends, and the parent hears `delegate(.saved(_:replacing:))`.
/// Otherwise the error is `Unable to convert <TEXT> into a tag.` and editing goes on with the
/// text as typed.
///
/// ```swift
/// let store = Store(initialState: TagEditor.State(tag: Tag(name: "due", value: "2024-10-31"))) {
///   TagEditor()
/// }
/// store.send(.tapped)
/// store.send(.textChanged("@due(2024-11-01)"))
/// store.send(.submitted)  // state.tag is @due(2024-11-01)
/// ```
public struct TagEditor: Reducer {
  /// The tag, its text, and whether it is being edited.
  public struct State: Equatable, Sendable {
    /// The tag as last saved.
    public var tag: Tag
    /// The text shown: the tag's canonical text, or what the user is typing.
    public var text: String
    /// Whether the text is being edited.
    public var isEditing: Bool
    /// Why the last submission was not saved, or `nil`.
    public var errorMessage: String?

    /// Shows `tag` as its canonical text, not editing.
    public init(tag: Tag) {
      self.tag = tag
      self.text = tag.description
      self.isEditing = false
      self.errorMessage = nil
    }
  }

  /// What the user does, and what the editor tells its parent.
  public enum Action: Equatable, Sendable {
    /// The tag was tapped: start editing.
    case tapped
    /// The user changed the text.
    case textChanged(String)
    /// The user submitted the text.
    case submitted
    /// Messages for the parent feature.
    case delegate(Delegate)

    /// What the editor tells its parent.
    public enum Delegate: Equatable, Sendable {
      /// A new tag was saved in place of the previous one (they may be equal).
      case saved(Tag, replacing: Tag)
    }
  }

  /// Creates the reducer.
  public init() {}

  /// Handles the editor's actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      state.isEditing = true
      return .none

    case let .textChanged(text):
      state.text = text
      return .none

    case .submitted:
      do {
        let tag = try TaskPaperParser.parseTag(state.text)
        let previous = state.tag
        state.tag = tag
        state.text = tag.description
        state.isEditing = false
        state.errorMessage = nil
        return .send(.delegate(.saved(tag, replacing: previous)))
      } catch {
        state.errorMessage = error.description
        state.isEditing = true
        return .none
      }

    case .delegate:
      return .none
    }
  }
}
