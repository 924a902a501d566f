import Foundation
import Testing
import TaskManager

/// Random documents, built from the pieces the format cares about, must print idempotently and
/// read back as the same model. Seeds are fixed, so a failure reproduces exactly.
@Suite("TaskPaper properties")
struct TaskPaperPropertyTests {
  @Test func generatedDocumentsRoundTrip() {
    var random = SplitMix64(seed: 0x7A5C_9A9E_0001)
    for _ in 0..<2000 {
      let text = Self.document(using: &random)
      guard Self.checkRoundTrip(text) else { return }
    }
  }

  @Test func canonicalGeneratedDocumentsPrintBackByteForByte() {
    var random = SplitMix64(seed: 0x7A5C_9A9E_0002)
    for _ in 0..<600 {
      let canonical = reprint(Self.document(using: &random))
      let again = reprint(canonical)
      guard again == canonical else {
        Issue.record("not byte for byte:\n\(canonical.debugDescription)\n\(again.debugDescription)")
        return
      }
    }
  }

  @Test func randomBytesNeverCrashAndPrintIdempotently() {
    var random = SplitMix64(seed: 0x7A5C_9A9E_0003)
    // Bytes biased towards the syntax, so the parser's corners are actually reached, and
    // uniformly random bytes (decoded lossily), which reach everything else.
    let syntax = Array("@@@()()\\\\--::  \t\t\n\n\r\rab.é".utf8)
    for round in 0..<3000 {
      let count = Int(random.next() % 48)
      let bytes: [UInt8] = (0..<count).map { _ in
        round % 2 == 0 ? syntax[Int(random.next() % UInt64(syntax.count))] : UInt8(truncatingIfNeeded: random.next())
      }
      guard Self.checkRoundTrip(String(decoding: bytes, as: UTF8.self)) else { return }
    }
  }

  @Test func randomUnicodeNeverCrashesAndPrintsIdempotently() {
    var random = SplitMix64(seed: 0x7A5C_9A9E_0004)
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<(random.next() % 32) {
        let scalar: Unicode.Scalar
        switch random.next() % 4 {
        case 0: scalar = Unicode.Scalar(UInt8(random.next() % 0x80))
        case 1: scalar = Unicode.Scalar(UInt32(random.next() % 0x800)) ?? "x"
        case 2: scalar = Unicode.Scalar(UInt32(random.next() % 0x1_0000)) ?? "x"
        default: scalar = Unicode.Scalar(UInt32(random.next() % 0x11_0000)) ?? "x"
        }
        text.unicodeScalars.append(scalar)
      }
      guard Self.checkRoundTrip(text) else { return }
    }
  }

  @Test func handBuiltOutlinesPrintIdempotently() {
    var random = SplitMix64(seed: 0x7A5C_9A9E_0005)
    for _ in 0..<600 {
      var nextID: UInt64 = 0
      let outline = Outline(items: Self.items(depth: 0, using: &random, nextID: &nextID))
      let text = TaskPaperPrinter.print(outline)
      guard reprint(text) == text else {
        Issue.record("hand-built outline does not print idempotently:\n\(text.debugDescription)")
        return
      }
    }
  }

  // MARK: Checking

  /// print∘parse is idempotent and parse(print(parse(t))) == parse(t); records an issue otherwise.
  static func checkRoundTrip(_ text: String) -> Bool {
    let model = parseOutline(text)
    let printed = TaskPaperPrinter.print(model)
    let reparsed = parseOutline(printed)
    if reparsed != model {
      Issue.record("re-parsing the print changed the model:\n\(text.debugDescription)\n\(printed.debugDescription)")
      return false
    }
    let reprinted = TaskPaperPrinter.print(reparsed)
    if reprinted != printed {
      Issue.record("printing is not idempotent:\n\(text.debugDescription)\n\(printed.debugDescription)")
      return false
    }
    return true
  }

  // MARK: Generating documents

  static func pick<T>(_ choices: [T], using random: inout SplitMix64) -> T {
    choices[Int(random.next() % UInt64(choices.count))]
  }

  static func chance(_ percent: UInt64, using random: inout SplitMix64) -> Bool {
    random.next() % 100 < percent
  }

  static let words = [
    "Buy", "milk", "call", "Bob", "x", "café", "日本語", "🎉", "e\u{301}", "a:b", "1:2", "(x)", "\\", "\\(",
    "foo@bar.com", "@", "-", "--", ":", "::", "a(b", "c)", "@(x)", "é@x", "\r", "Ω",
  ]
  static let tagNames = ["a", "done", "due", "tag_1", "x-y", "v.2", "é", "日本", "e\u{301}"]
  static let valuePieces = [
    "payload", "pay load", "2024-10-31", "10:00-10:30", "(", ")", "\\(", "\\)", "\\", "@x", " ", "a@b", "ü", "",
    "thru", "🎉",
  ]

  static func document(using random: inout SplitMix64) -> String {
    var text = ""
    let lineCount = Int(random.next() % 12)
    for index in 0..<lineCount {
      text += line(using: &random)
      if index < lineCount - 1 || chance(70, using: &random) {
        text += chance(15, using: &random) ? "\r\n" : "\n"
      }
    }
    return text
  }

  static func line(using random: inout SplitMix64) -> String {
    var line = ""
    for _ in 0..<(random.next() % 5) { line += pick(["\t", "\t", " "], using: &random) }
    if chance(10, using: &random) { return line }  // blank or whitespace-only

    line += pick(["- ", "- ", "-", "-\t", "", "", "", "@a ", "-@a "], using: &random)
    for index in 0..<(random.next() % 5) {
      if index > 0 || chance(30, using: &random) { line += pick([" ", " ", "\t", "  "], using: &random) }
      line += chance(25, using: &random) ? tag(using: &random) : pick(words, using: &random)
    }
    if chance(25, using: &random) { line += ":" }
    for _ in 0..<(random.next() % 4) {
      line += pick([" ", " ", "\t"], using: &random) + tag(using: &random)
    }
    if chance(10, using: &random) { line += pick([" ", "\t", "\r", ":"], using: &random) }
    return line
  }

  static func tag(using random: inout SplitMix64) -> String {
    var tag = "@" + pick(tagNames, using: &random)
    if chance(50, using: &random) {
      tag += "("
      for _ in 0..<(random.next() % 4) { tag += pick(valuePieces, using: &random) }
      tag += ")"
    }
    return tag
  }

  // MARK: Generating outlines

  static func items(depth: Int, using random: inout SplitMix64, nextID: inout UInt64) -> [Item] {
    var result: [Item] = []
    let count = depth == 0 ? Int(random.next() % 8) : Int(random.next() % 4)
    for _ in 0..<count {
      nextID += 1
      var item = Item(
        id: testID(nextID),
        kind: pick(Item.Kind.allCases, using: &random),
        title: (0..<(random.next() % 4)).map { _ in pick(words + [" ", "\n", "@a", "@due(x)", "@v(", "@w(x", "@x)"], using: &random) }
          .joined(separator: pick(["", " "], using: &random)),
        tags: (0..<(random.next() % 3)).map { _ in
          Tag(
            name: pick(tagNames, using: &random),
            value: chance(50, using: &random) ? (0..<2).map { _ in pick(valuePieces + ["\n"], using: &random) }.joined() : nil
          )
        },
        level: Int(random.next() % 6) - 1
      )
      if depth < 4, chance(40, using: &random) {
        item.children = items(depth: depth + 1, using: &random, nextID: &nextID)
      }
      result.append(item)
    }
    return result
  }
}
