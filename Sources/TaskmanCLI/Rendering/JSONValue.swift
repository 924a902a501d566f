/// A JSON document, written in one stable form: keys sorted, two-space indentation (deeper than
/// ``maximumIndentedDepth`` levels, no more: the output stays linear in the data, however deep an
/// outline nests), one member per line, non-ASCII text as UTF-8 (only `"`, `\` and control
/// characters are escaped), and a final line break. The same value always prints as the same bytes, so `--json` output can be
/// diffed and golden-tested. The shapes `taskman` prints are in Documentation/taskman-json.md.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSONValue])
  /// Members in any order; written sorted by key.
  case object([String: JSONValue])

  /// The depth after which lines are indented no further.
  static let maximumIndentedDepth = 32

  /// The document's text, ending with a line break.
  var text: String {
    var output: [UInt8] = []
    write(to: &output)
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  /// Writes the value without recursion (an outline may nest thousands of levels deep): what is
  /// left to write waits on a stack, last first. `indent` is the depth of the value in the
  /// document it is part of (0 for a whole document), for the lines inside it.
  func write(to output: inout [UInt8], indent: Int = 0) {
    enum Work {
      case value(JSONValue, indent: Int)
      case literal(StaticString)
      case key(String)
      case newline(indent: Int)
    }
    var stack: [Work] = [.value(self, indent: indent)]
    while let work = stack.popLast() {
      switch work {
      case .literal(let text):
        text.withUTF8Buffer { output.append(contentsOf: $0) }
      case .key(let key):
        JSONValue.writeString(key, to: &output)
        output.append(contentsOf: ": ".utf8)
      case .newline(let indent):
        JSONValue.newline(&output, indent: indent)
      case .value(let value, let indent):
        switch value {
        case .null:
          output.append(contentsOf: "null".utf8)
        case .bool(let value):
          output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value):
          output.append(contentsOf: String(value).utf8)
        case .string(let value):
          JSONValue.writeString(value, to: &output)
        case .array(let elements):
          guard !elements.isEmpty else {
            output.append(contentsOf: "[]".utf8)
            continue
          }
          output.append(UInt8(ascii: "["))
          stack.append(.literal("]"))
          stack.append(.newline(indent: indent))
          for (index, element) in elements.enumerated().reversed() {
            stack.append(.value(element, indent: indent + 1))
            stack.append(.newline(indent: indent + 1))
            if index > 0 { stack.append(.literal(",")) }
          }
        case .object(let members):
          guard !members.isEmpty else {
            output.append(contentsOf: "{}".utf8)
            continue
          }
          output.append(UInt8(ascii: "{"))
          stack.append(.literal("}"))
          stack.append(.newline(indent: indent))
          // Sorted by UTF-8 bytes: the same order in every locale and on every platform.
          let keys = members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
          for (index, key) in keys.enumerated().reversed() {
            stack.append(.value(members[key]!, indent: indent + 1))
            stack.append(.key(key))
            stack.append(.newline(indent: indent + 1))
            if index > 0 { stack.append(.literal(",")) }
          }
        }
      }
    }
  }

  static func newline(_ output: inout [UInt8], indent: Int) {
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: min(indent, maximumIndentedDepth) * 2))
  }

  static func writeString(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let digits = Array("0123456789abcdef".utf8)
    func escape(_ code: UInt8) {
      output.append(contentsOf: "\\u00".utf8)
      output.append(digits[Int(code >> 4)])
      output.append(digits[Int(code & 0xF)])
    }
    var bytes = string.utf8.makeIterator()
    while let byte = bytes.next() {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
      case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
      case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
      case 0..<0x20, 0x7F: escape(byte)
      case 0xC2:
        // U+0080 to U+009F, the C1 controls, are `C2 80` to `C2 9F` in UTF-8.
        guard let next = bytes.next() else {
          output.append(byte)
          break
        }
        if next < 0xA0 {
          escape(next)
        } else {
          output.append(byte)
          output.append(next)
        }
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
