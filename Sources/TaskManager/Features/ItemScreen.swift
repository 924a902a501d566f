import Composable
import Dependencies
import Foundation

/// One item on a screen of its own, with its children: the screen the app pushes when the user
/// drills into an item, as the original app's "Text" tab did.
///
/// The user opens a child (which the parent pushes as another `ItemScreen` on top), opens the
/// item's outline as editable text (the parent pushes an ``OutlineEditor``), marks the item done
/// or not done, and goes back (the screen dismisses itself). The parent keeps ``State/item`` in
/// step with the list, and pops the screen when its item is deleted (see ``AppFeature``).
///
/// ```swift
/// // In the parent's body:
/// .forEach(\.path, action: .path) { AppFeature.Path() }
/// // and in its reducer, on the screen's delegate actions:
/// case let .path(.element(id: _, action: .itemScreen(.delegate(.openItem(id))))):
///   state.path.append(.itemScreen(ItemScreen.State(item: …)))
/// ```
public struct ItemScreen: Reducer {
  /// The item shown.
  public struct State: Equatable, Sendable {
    /// The item, with its children, as the list has it now.
    public var item: Item
    /// What the last action did ("Marked done."), shown for ``messageDuration``, or `nil`.
    public var message: String?
    /// The selected child, as the list has a selected row: what opening a child opens.
    public var selection: UUID?

    /// Shows `item`.
    public init(item: Item, message: String? = nil, selection: UUID? = nil) {
      self.item = item
      self.message = message
      self.selection = selection
    }
  }

  /// What the user does, and what the screen tells its parent.
  public enum Action: Equatable, Sendable {
    /// The user opened the child with `id`.
    case childTapped(id: UUID)
    /// The user selected the child with `id` (none with nil).
    case selectionChanged(UUID?)
    /// The user asked to edit the item's outline as text.
    case editOutlineButtonTapped
    /// The user marked the item done, or not done when it was.
    case toggleDoneButtonTapped
    /// The user went back.
    case backButtonTapped
    /// The message has been shown long enough.
    case messageExpired
    /// Messages for the parent feature.
    case delegate(Delegate)

    /// What the screen asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Show the item with `id` (a child of this one) on a screen of its own.
      case openItem(id: UUID)
      /// Open the outline editor on the item with `id`.
      case editOutline(id: UUID)
      /// Mark the item with `id` done (`true`) or not done.
      case setDone(Bool, id: UUID)
    }
  }

  /// How long a message stays, on the `clock` dependency.
  public static let messageDuration: Duration = .seconds(2)

  /// A newer message restarts the wait of the one it replaces.
  enum CancelID: Hashable, Sendable { case message }

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  public init() {}

  /// Handles the screen's actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .childTapped(id):
      // A tap on a row that a reload has just taken away opens nothing.
      guard state.item.children.contains(where: { $0.id == id }) else { return .none }
      return .send(.delegate(.openItem(id: id)))

    case let .selectionChanged(id):
      state.selection = id
      return .none

    case .editOutlineButtonTapped:
      return .send(.delegate(.editOutline(id: state.item.id)))

    case .toggleDoneButtonTapped:
      let done = !state.item.isDone
      state.message = done ? "Marked done." : "Marked not done."
      return .merge(
        .send(.delegate(.setDone(done, id: state.item.id))),
        .run { [clock] send in
          try await clock.sleep(for: Self.messageDuration)
          await send(.messageExpired)
        }
        .cancellable(id: CancelID.message, cancelInFlight: true)
      )

    case .backButtonTapped:
      return .run { [dismiss] _ in await dismiss() }

    case .messageExpired:
      state.message = nil
      return .none

    case .delegate:
      return .none
    }
  }
}
