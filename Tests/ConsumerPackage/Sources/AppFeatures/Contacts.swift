import Composable
import Dependencies
import Foundation

/// A contact's name, edited in a presented form that closes itself.
public struct ContactEditor: Reducer {
  public struct State: Equatable, Sendable {
    public var id: UUID
    public var name: String
    public init(id: UUID, name: String) {
      self.id = id
      self.name = name
    }
  }

  public enum Action: Equatable, Sendable {
    case nameChanged(String)
    case saveButtonTapped
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable { case save(id: UUID, name: String) }
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .nameChanged(name):
      state.name = name
      return .none
    case .saveButtonTapped:
      let saved = Action.delegate(.save(id: state.id, name: state.name.trimmingCharacters(in: .whitespaces)))
      return .run { [dismiss] send in
        await send(saved)
        await dismiss()
      }
    case .delegate:
      return .none
    }
  }
}

/// A list of contacts: add one, edit one in a presented form, delete one after an alert.
public struct Contacts: Reducer {
  public struct Contact: Equatable, Identifiable, Sendable {
    public var id: UUID
    public var name: String
    public init(id: UUID, name: String) {
      self.id = id
      self.name = name
    }
  }

  public struct State: Equatable, Sendable {
    public var contacts: IdentifiedArrayOf<Contact> = []
    @PresentationState public var editor: ContactEditor.State?
    @PresentationState public var alert: AlertState<Action.Alert>?
    public init(contacts: IdentifiedArrayOf<Contact> = []) { self.contacts = contacts }
  }

  public enum Action: Equatable, Sendable {
    case addButtonTapped
    case editButtonTapped(id: UUID)
    case deleteButtonTapped(id: UUID)
    case editor(PresentationAction<ContactEditor.Action>)
    case alert(PresentationAction<Alert>)

    public enum Alert: Equatable, Sendable { case confirmDeletion(id: UUID) }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.editor = ContactEditor.State(id: uuid(), name: "")
        return .none
      case let .editButtonTapped(id):
        guard let contact = state.contacts[id: id] else { return .none }
        state.editor = ContactEditor.State(id: contact.id, name: contact.name)
        return .none
      case let .deleteButtonTapped(id):
        guard let contact = state.contacts[id: id] else { return .none }
        state.alert = AlertState(
          title: TextState("Delete \(contact.name)?"),
          buttons: [.destructive("Delete", action: .confirmDeletion(id: id)), .cancel("Cancel")]
        )
        return .none
      case let .editor(.presented(.delegate(.save(id, name)))):
        state.contacts[id: id] = Contact(id: id, name: name)
        return .none
      case let .alert(.presented(.confirmDeletion(id))):
        state.contacts.remove(id: id)
        return .none
      case .editor, .alert:
        return .none
      }
    }
    .ifLet(\.$editor, action: .editor) { ContactEditor() }
    .ifLet(\.$alert, action: .alert)
  }
}

extension CasePath where Root == Contacts.Action {
  public static var editor: CasePath<Root, PresentationAction<ContactEditor.Action>> {
    .init(Root.editor) { if case let .editor(v) = $0 { v } else { nil } }
  }
  public static var alert: CasePath<Root, PresentationAction<Contacts.Action.Alert>> {
    .init(Root.alert) { if case let .alert(v) = $0 { v } else { nil } }
  }
}
