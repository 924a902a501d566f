import Composable
import Foundation

/// The document the todos are saved in: `todos.json`, a JSON array of todos, readable and
/// editable by hand.
///
/// ```json
/// [
///   {
///     "id" : "00000000-0000-0000-0000-000000000000",
///     "isComplete" : false,
///     "title" : "Buy milk"
///   }
/// ]
/// ```
public enum TodosDocument {
  /// The document's name in the `storage` dependency.
  public static let name = "todos.json"

  /// The document's bytes for `todos`.
  public static func encode(_ todos: IdentifiedArrayOf<Todo.State>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(todos)
  }

  /// The todos in a document's bytes.
  ///
  /// - Throws: ``Damaged`` when the bytes are not a list of todos with distinct ids.
  public static func decode(_ data: Data) throws(Damaged) -> IdentifiedArrayOf<Todo.State> {
    do {
      return try JSONDecoder().decode(IdentifiedArrayOf<Todo.State>.self, from: data)
    } catch let error as DecodingError {
      throw Damaged(reason: reason(error))
    } catch {
      throw Damaged(reason: "\(error)")
    }
  }

  /// A document that is not a list of todos: a file edited by hand, or not written by Todos.
  public struct Damaged: Error, Equatable, CustomStringConvertible {
    /// What is wrong, and where in the document.
    public var reason: String

    /// Creates the error for `reason`, a sentence ending with a full stop.
    public init(reason: String) {
      self.reason = reason
    }

    /// Says what is wrong and that the file is left alone.
    public var description: String {
      """
      \(TodosDocument.name) is damaged: \(reason) Fix the file or move it away; Todos will not \
      overwrite it.
      """
    }
  }

  private static func reason(_ error: DecodingError) -> String {
    func location(_ context: DecodingError.Context) -> String {
      let path = context.codingPath
        .map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        .joined()
      return path.isEmpty ? "" : "at \(path): "
    }
    var reason: String
    switch error {
    case let .keyNotFound(key, context):
      reason = "\(location(context))\"\(key.stringValue)\" is missing"
    case let .dataCorrupted(context), let .typeMismatch(_, context), let .valueNotFound(_, context):
      reason = location(context) + context.debugDescription
    @unknown default:
      reason = "\(error)"
    }
    if !reason.hasSuffix(".") { reason += "." }
    return reason
  }
}
