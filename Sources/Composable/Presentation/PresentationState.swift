import ValueDump

/// The state of a feature that a parent presents (a sheet, a form, an alert): `nil` while
/// nothing is presented.
///
/// Declare it with the property wrapper and give its projection to
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``, which runs the child while
/// it is presented, dismisses it on ``PresentationAction/dismiss``, and cancels the child's
/// effects when it goes away:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var editor: Editor.State?
/// }
///
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .editButtonTapped:
///       state.editor = Editor.State(text: state.text)
///       return .none
///     case .editor:
///       return .none
///     }
///   }
///   .ifLet(\.$editor, action: .editor) { Editor() }
/// }
/// ```
///
/// Test stores and ``customDump(_:)`` show the property under its own name (`editor:`), like
/// a plain optional.
@propertyWrapper
public struct PresentationState<State> {
  /// The presented child's state, or `nil` while nothing is presented.
  public var wrappedValue: State?

  /// Creates the storage of a presented child; `nil` presents nothing.
  @inlinable
  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, which `ifLet` addresses with a key path such as `\.$editor`.
  @inlinable
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Codable where State: Codable {
  /// Decodes the presented state (or `nil`) as if the property were a plain optional.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(State.self))
  }

  /// Encodes the presented state (or `nil`) as if the property were a plain optional.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

/// Dumps and diffs show a presentation as the optional it wraps, under the property's name.
extension PresentationState: DumpedAsWrappedValue {
  package var wrappedValueForDump: Any { wrappedValue as Any }
}
