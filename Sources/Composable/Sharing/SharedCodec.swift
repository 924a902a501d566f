import Foundation

/// How a persisted ``SharedKey`` turns its value into a document's bytes and back.
///
/// The simple form writes the whole value:
///
/// ```swift
/// let lines = SharedCodec<[String]>(
///   decode: { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) },
///   encode: { lines in Data(lines.joined(separator: "\n").utf8) }
/// )
/// ```
///
/// A document people also edit by hand wants more: ``init(decode:merge:)`` receives the value,
/// the value as this program last loaded or saved it (the base), and the document as it is now,
/// read again under its lock just before the save. It can then change only what this program
/// changed since the base, and keep everything else (what someone else changed meanwhile,
/// comments, spacing) byte for byte, or throw to refuse the save (say, when the document has
/// lines it cannot read).
public struct SharedCodec<Value: Sendable>: Sendable {
  let decode: @Sendable (Data) throws -> Value
  let merge: @Sendable (_ value: Value, _ base: Value?, _ current: Data?) throws -> Data

  /// A codec that writes the whole value: bytes to a value, and a value to bytes.
  public init(
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (_ value: Value) throws -> Data
  ) {
    self.decode = decode
    self.merge = { value, _, _ in try encode(value) }
  }

  /// A codec that merges this program's change into the document as it is now.
  ///
  /// - Parameters:
  ///   - decode: Bytes to a value.
  ///   - merge: The bytes to save, from the value, the base (the value as last loaded or saved,
  ///     `nil` when there was no document) and the document's current bytes (`nil` when there
  ///     is none now).
  public init(
    decode: @escaping @Sendable (Data) throws -> Value,
    merge: @escaping @Sendable (_ value: Value, _ base: Value?, _ current: Data?) throws -> Data
  ) {
    self.decode = decode
    self.merge = merge
  }
}

extension SharedCodec where Value: Codable {
  /// JSON, with sorted keys so that a value saved twice gives the same bytes.
  public static var json: Self {
    SharedCodec(
      decode: { try JSONDecoder().decode(Value.self, from: $0) },
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
      }
    )
  }
}
