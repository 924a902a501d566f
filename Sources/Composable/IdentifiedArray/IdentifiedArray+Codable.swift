extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array.
  public func encode(to encoder: any Encoder) throws {
    try _elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable
where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes a plain array of elements.
  ///
  /// - Throws: `DecodingError.dataCorrupted` if two elements have the same id, with a coding path
  ///   that points at the second one.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    if let count = container.count { reserveCapacity(count) }
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      let (inserted, existing) = append(element)
      if !inserted {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [_OffsetCodingKey(offset)],
            debugDescription: "Duplicate id \(String(reflecting: element.id)) at offset \(offset), already at offset \(existing); an IdentifiedArray's ids must be unique"
          )
        )
      }
    }
  }
}

/// The coding key of an element in an unkeyed container, for the path of a decoding error.
private struct _OffsetCodingKey: CodingKey {
  let intValue: Int?
  let stringValue: String

  init(_ offset: Int) {
    self.intValue = offset
    self.stringValue = "Index \(offset)"
  }

  init?(intValue: Int) { self.init(intValue) }

  init?(stringValue: String) { nil }
}
