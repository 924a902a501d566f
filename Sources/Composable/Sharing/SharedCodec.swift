import Foundation

/// How a persisted ``SharedKey`` turns its value into a document's bytes and back.
///
/// `encode` receives the bytes the document had when the value was last loaded or saved (`nil`
/// for a new document), so that a codec for a file people edit by hand can change only what the
/// value changed and keep the rest (comments, spacing, lines it does not know) byte for byte.
/// It may throw to refuse a save, for example when those bytes could not be fully read: the
/// document is then left as it is.
///
/// ```swift
/// let lines = SharedCodec<[String]>(
///   decode: { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) },
///   encode: { lines, _ in Data(lines.joined(separator: "\n").utf8) }
/// )
/// ```
public struct SharedCodec<Value: Sendable>: Sendable {
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value, _ previous: Data?) throws -> Data

  /// A codec from two functions: bytes to a value, and a value (with the document's previous
  /// bytes) to bytes.
  public init(
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (_ value: Value, _ previous: Data?) throws -> Data
  ) {
    self.decode = decode
    self.encode = encode
  }
}

extension SharedCodec where Value: Codable {
  /// JSON, with sorted keys so that a value saved twice gives the same bytes.
  public static var json: Self {
    SharedCodec(
      decode: { try JSONDecoder().decode(Value.self, from: $0) },
      encode: { value, _ in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
      }
    )
  }
}
