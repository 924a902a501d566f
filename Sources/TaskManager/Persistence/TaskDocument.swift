import Foundation

/// The file format the task list is saved in: TaskPaper lines that also carry every item's id,
/// readable by people and by TaskPaper apps, and read back exactly as it was written.
///
/// ```
/// taskman tasks v1
/// Errands: @id(6F1C0D52-8D1E-4A8B-9B8E-0C3F1D2A4B11)
/// 	- Buy milk @today @id(0B7A5E2C-1D4F-4E7A-8C3B-2A9D6E5F4C22)
/// 		Semi-skimmed. @id(9D2E4F6A-3B5C-4D7E-8F9A-1B2C3D4E5F33)
/// @id(4C3B2A19-0F8E-4D7C-9B6A-5F4E3D2C1B44 level=0)
/// ```
///
/// - The first line names the format and its version: `taskman tasks v1`.
/// - Every other line is one item: one tab per level of nesting, the item's canonical TaskPaper
///   line (as ``TaskPaperPrinter/line(for:)`` writes it), a space, and `@id(<UUID>)`. The id is
///   always the **last** `@` of the line and nothing in it is an `@`, so a title or tag that
///   looks like an id can never be mistaken for one.
/// - Inside `@id(…)`, after the UUID, space-separated attributes record what the TaskPaper line
///   cannot: `level=N` when ``Item/level`` differs from the nesting depth, and, for an item whose
///   line would read back differently (a hand-built title with a line break, say), `kind=`,
///   `title="…"`, then `tag="…"` each optionally followed by `value="…"`, which then replace
///   what the line says.
///
/// The full description, with the escapes and every error, is `Documentation/TaskDocumentFormat.md`.
///
/// Decoding is strict: a document that is not exactly what ``encode(_:)`` could have written is a
/// ``TaskDocumentError`` naming the line and the problem, never a partial outline that a later
/// save would write over the user's data.
///
/// ```swift
/// let data = TaskDocument.encode(outline)
/// let loaded = try TaskDocument.decode(data)  // == outline
/// ```
public enum TaskDocument {
  /// The format's name, as the first line spells it before the version.
  public static let formatName = "taskman tasks"

  /// The version this build writes, and the newest it reads.
  public static let version = 1

  /// The first line of every document this build writes: `taskman tasks v1`.
  public static let header = "\(formatName) v\(version)"

  /// The document name the task list is kept under in storage.
  public static let defaultName = "tasks.taskman"

  /// The document for `outline`, every item with its id, kind, title, tags, level and children.
  ///
  /// Item ids must be unique: ``decode(_:)`` rejects a document that repeats one.
  public static func encode(_ outline: Outline) -> Data {
    var encoder = TaskDocumentEncoder()
    encoder.append(outline)
    return Data(encoder.output)
  }

  /// The outline a document holds, exactly as ``encode(_:)`` was given it.
  ///
  /// - Throws: ``TaskDocumentError`` for anything but a well-formed document of this version or
  ///   an older one, naming the first offending line.
  public static func decode(_ data: Data) throws(TaskDocumentError) -> Outline {
    try decodeWithHistory(data).outline
  }

  /// The document for `outline` followed by its undo `history` (see ``TaskHistory``).
  public static func encode(_ outline: Outline, history: TaskHistory) -> Data {
    var encoder = TaskDocumentEncoder()
    encoder.append(outline)
    if !history.steps.isEmpty {
      encoder.appendLine("undo")
      history.encode(into: &encoder)
    }
    return Data(encoder.output)
  }

  /// The outline a document holds, and the undo history saved with it (empty if none).
  ///
  /// - Throws: ``TaskDocumentError`` naming the first offending line, in the items or in the
  ///   history.
  public static func decodeWithHistory(
    _ data: Data
  ) throws(TaskDocumentError) -> (outline: Outline, history: TaskHistory) {
    let result: Result<(Outline, TaskHistory), TaskDocumentError> = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var decoder = TaskDocumentDecoder(bytes)
      do throws(TaskDocumentError) {
        let outline = try decoder.decode()
        guard let start = decoder.history else { return .success((outline, TaskHistory())) }
        let history = try TaskHistory.decode(
          UnsafeBufferPointer(rebasing: bytes[start.offset...]), firstLine: start.line)
        return .success((outline, history))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
