/// A JSON document, written in one stable form: keys sorted, two-space indentation, one member
/// per line, non-ASCII text as UTF-8 (only `"`, `\` and control characters are escaped), and a
/// final line break. The same value always prints as the same bytes, so `--json` output can be
/// diffed and golden-tested. The shapes `taskman` prints are in Documentation/taskman-json.md.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSONValue])
  /// Members in any order; written sorted by key.
  case object([String: JSONValue])

  /// The document's text, ending with a line break.
  var text: String {
    var output: [UInt8] = []
    write(to: &output, indent: 0)
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  private func write(to output: inout [UInt8], indent: Int) {
    switch self {
    case .null:
      output.append(contentsOf: "null".utf8)
    case .bool(let value):
      output.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value):
      output.append(contentsOf: String(value).utf8)
    case .string(let value):
      JSONValue.writeString(value, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.newline(&output, indent: indent + 1)
        element.write(to: &output, indent: indent + 1)
      }
      JSONValue.newline(&output, indent: indent)
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
      output.append(UInt8(ascii: "{"))
      // Sorted by UTF-8 bytes: the same order in every locale and on every platform.
      for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.newline(&output, indent: indent + 1)
        JSONValue.writeString(key, to: &output)
        output.append(contentsOf: ": ".utf8)
        members[key]!.write(to: &output, indent: indent + 1)
      }
      JSONValue.newline(&output, indent: indent)
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ output: inout [UInt8], indent: Int) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
  }

  private static func writeString(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
      case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
      case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        output.append(contentsOf: "\\u00".utf8)
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0xF)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
