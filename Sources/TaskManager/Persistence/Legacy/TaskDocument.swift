import Foundation

/// The file format taskman 0.1 kept its task list in (`tasks.taskman`): TaskPaper lines that
/// also carry every item's id, followed by an undo history. Today's taskman keeps a plain
/// TaskPaper file (``TaskFile``) and reads this format only to move an old list over, ids
/// included.
///
/// ```
/// taskman tasks v1
/// Errands: @id(6F1C0D52-8D1E-4A8B-9B8E-0C3F1D2A4B11)
/// 	- Buy milk @today @id(0B7A5E2C-1D4F-4E7A-8C3B-2A9D6E5F4C22)
/// 		Semi-skimmed. @id(9D2E4F6A-3B5C-4D7E-8F9A-1B2C3D4E5F33)
/// 	@id(4C3B2A19-0F8E-4D7C-9B6A-5F4E3D2C1B44 level=0)
/// 	- Post letter @id(2E8D7C6B-5A49-4B38-8C27-1D0E9F8A7B55)
/// ```
///
/// - The first line names the format and its version: `taskman tasks v1`.
/// - Every other line is one item: one tab per level of nesting, the item's canonical TaskPaper
///   line, a space, and `@id(<UUID>)`, optionally followed inside the parentheses by
///   attributes (`level=N`, and `kind=`, `title="…"`, `tag="…"` `value="…"` for a line that
///   would read back differently).
/// - A line `undo` ends the items; the undo history after it is not read (taskman 0.1's undo
///   steps do not carry over).
///
/// The full description, with the escapes and every error, is `Documentation/TaskmanTasksV1.md`.
///
/// Decoding is strict: a document that is not exactly what ``encode(_:)`` could have written is a
/// ``TaskDocumentError`` naming the line and the problem, never a partial outline.
///
/// ```swift
/// let data = TaskDocument.encode(outline)
/// let loaded = try TaskDocument.decode(data)  // == outline
/// ```
public enum TaskDocument {
  /// The format's name, as the first line spells it before the version.
  public static let formatName = "taskman tasks"

  /// The version taskman 0.1 wrote, and the newest this build reads.
  public static let version = 1

  /// The first line of every document in this format: `taskman tasks v1`.
  public static let header = "\(formatName) v\(version)"

  /// The name taskman 0.1 kept its task list under in the data directory.
  public static let defaultName = "tasks.taskman"

  /// The document for `outline`, every item with its id, kind, title, tags, level and children.
  ///
  /// Item ids must be unique: ``decode(_:)`` rejects a document that repeats one.
  public static func encode(_ outline: Outline) -> Data {
    var encoder = TaskDocumentEncoder()
    encoder.append(outline)
    return Data(encoder.output)
  }

  /// The outline a document holds, exactly as ``encode(_:)`` was given it; an undo history after
  /// the items is skipped.
  ///
  /// - Throws: ``TaskDocumentError`` for anything but a well-formed document of this version or
  ///   an older one, naming the first offending line.
  public static func decode(_ data: Data) throws(TaskDocumentError) -> Outline {
    let result: Result<Outline, TaskDocumentError> = data.withUnsafeBytes { raw in
      var decoder = TaskDocumentDecoder(raw.bindMemory(to: UInt8.self))
      do throws(TaskDocumentError) {
        return .success(try decoder.decode())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
