/// Turns the bytes a terminal sends into ``Key``s, chunk by chunk, with no timer.
///
/// - UTF-8 text becomes character keys (a character split across chunks is kept until its last
///   byte comes); bytes that are not UTF-8 are dropped.
/// - Control bytes: 0x01-0x1A are Ctrl-A to Ctrl-Z, except Tab (0x09), Enter (CR 0x0D or LF
///   0x0A, a CR LF pair being one Enter) and Backspace (0x08, like 0x7F).
/// - Escape then a key is that key with Alt, as terminals send Alt; escape sequences (CSI
///   `ESC [` and SS3 `ESC O`) are the arrows, Home, End, Page Up and Down, Insert, Delete,
///   F1-F12 and Shift-Tab, with xterm's modifier parameter (`ESC[1;5D` is Ctrl-Left).
///   A sequence this decoder does not know is dropped whole, never typed as text; one cut
///   short by a byte that cannot end it is dropped up to that byte, which is decoded as a key.
/// - A lone Escape at the end of a chunk is the Escape key. A terminal writes each key's
///   sequence at once, so it arrives in one read; waiting to see whether more follows (the
///   timer of vi-like programs) would only delay every Escape press. An incomplete sequence
///   (`ESC [` or `ESC O` and parameters, no final byte yet) waits for the next chunk, so a
///   burst of input read in pieces decodes as it would whole; the price is that Alt-[ and
///   Alt-O, which look like the start of a sequence, are taken as one.
/// - Bracketed paste (`ESC[200~` … `ESC[201~`) is delivered as the pasted text's characters,
///   typed one by one, with line breaks and tabs typed as spaces and other control characters
///   dropped: a paste fills a text field but never presses Enter, Escape or a shortcut, so
///   pasting a command cannot submit a form.
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  private var inPaste = false

  package init() {}

  /// The keys `bytes` complete, in order.
  package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      let step = inPaste ? pasted(at: index, into: &keys) : key(at: index, into: &keys)
      guard let consumed = step else { break }  // incomplete: wait for more bytes
      index += consumed
    }
    pending.removeFirst(index)
    // An incomplete escape sequence that grew past any known length is not one: drop it.
    if pending.first == 0x1B, pending.count > 32 { pending.removeAll() }
    return keys
  }

  // MARK: - Keys

  /// Decodes the key at `index`; returns the bytes used, or nil when more are needed.
  private mutating func key(at index: Int, into keys: inout [Key]) -> Int? {
    let byte = pending[index]
    if byte == 0x1B { return escape(at: index, into: &keys) }
    if let control = Self.controlKey(byte) {
      keys.append(control)
      // CR LF (a pasted line end outside bracketed paste) is one Enter.
      if byte == 0x0D, index + 1 < pending.count, pending[index + 1] == 0x0A { return 2 }
      return 1
    }
    guard let (character, length) = utf8Character(at: index) else { return nil }
    if let character { keys.append(Key(character)) }
    return length
  }

  private static func controlKey(_ byte: UInt8) -> Key? {
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x08, 0x7F: return .backspace
    case 0x00: return Key(.character(" "), modifiers: .control)
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
    case 0x1C...0x1F: return .control(Character(Unicode.Scalar(byte + 0x40)))
    default: return nil
    }
  }

  /// One UTF-8 character at `index`: the character (nil for bytes that are not UTF-8, which
  /// are skipped) and its length, or nil when its last bytes have not come yet.
  private func utf8Character(at index: Int) -> (Character?, Int)? {
    let lead = pending[index]
    let length: Int
    switch lead {
    case 0x00...0x7F: return (Character(Unicode.Scalar(lead)), 1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    var end = index + 1
    while end < index + length {
      guard end < pending.count else { return nil }
      guard pending[end] & 0xC0 == 0x80 else { return (nil, end - index) }
      end += 1
    }
    // A character of several scalars (an emoji with a modifier, a flag) comes as several
    // scalars; each is a key, which a text field appends and Swift's strings join again.
    guard let scalar = String(validating: pending[index..<end], as: UTF8.self)?.unicodeScalars.first else {
      return (nil, length)
    }
    return (Character(scalar), length)
  }

  private mutating func escape(at index: Int, into keys: inout [Key]) -> Int? {
    guard index + 1 < pending.count else {
      keys.append(.escape)
      return 1
    }
    let next = pending[index + 1]
    switch next {
    case UInt8(ascii: "["):
      return controlSequence(at: index, into: &keys)
    case UInt8(ascii: "O"):
      return singleShift(at: index, into: &keys)
    case 0x1B:
      keys.append(.escape)
      return 1
    default:
      // Alt and the key after Escape.
      var following: [Key] = []
      guard let used = key(at: index + 1, into: &following) else { return nil }
      for var key in following {
        key.modifiers.insert(.alt)
        keys.append(key)
      }
      return 1 + used
    }
  }

  /// `ESC [ params final`: the parameters are digits and `;`, the final byte 0x40-0x7E.
  private mutating func controlSequence(at index: Int, into keys: inout [Key]) -> Int? {
    var end = index + 2
    while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
    guard end < pending.count else { return nil }
    let final = pending[end]
    let length = end - index + 1
    guard (0x40...0x7E).contains(final) else {
      // Not a sequence after all: drop the introducer and its parameters, but not the byte
      // that ended them, which is a key of its own (Enter after a stray `ESC [`).
      return end - index
    }
    let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
    if final == UInt8(ascii: "~"), parameters == "200" {
      inPaste = true
      return length
    }
    if let key = Self.sequenceKey(parameters: parameters, final: final) { keys.append(key) }
    return length
  }

  /// `ESC O final` (arrows and F1-F4 in application mode), perhaps with xterm's parameters.
  private func singleShift(at index: Int, into keys: inout [Key]) -> Int? {
    var end = index + 2
    while end < pending.count, (0x30...0x3F).contains(pending[end]) { end += 1 }
    guard end < pending.count else { return nil }
    // As in a control sequence, a byte that cannot end one is a key of its own.
    guard (0x40...0x7E).contains(pending[end]) else { return end - index }
    let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
    if let key = Self.sequenceKey(parameters: parameters, final: pending[end]) { keys.append(key) }
    return end - index + 1
  }

  private static func sequenceKey(parameters: String, final: UInt8) -> Key? {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    guard numbers.allSatisfy({ $0 != nil }) || parameters.isEmpty else { return nil }
    let values = parameters.isEmpty ? [] : numbers.map { $0! }
    guard values.count <= 2 else { return nil }
    // xterm's modifier parameter is 1 plus Shift 1, Alt 2, Control 4 (Meta 8 is taken as Alt).
    var modifiers: Key.Modifiers = []
    if values.count == 2 {
      let bits = values[1] - 1
      guard bits >= 0, bits < 16 else { return nil }
      modifiers = Key.Modifiers(rawValue: UInt8(bits & 7))
      if bits & 8 != 0 { modifiers.insert(.alt) }
    }
    let code: Key.Code
    switch final {
    case UInt8(ascii: "A"): code = .up
    case UInt8(ascii: "B"): code = .down
    case UInt8(ascii: "C"): code = .right
    case UInt8(ascii: "D"): code = .left
    case UInt8(ascii: "H"): code = .home
    case UInt8(ascii: "F"): code = .end
    case UInt8(ascii: "P"): code = .function(1)
    case UInt8(ascii: "Q"): code = .function(2)
    case UInt8(ascii: "R"): code = .function(3)
    case UInt8(ascii: "S"): code = .function(4)
    case UInt8(ascii: "Z"):
      guard values.isEmpty else { return nil }
      return .backTab
    case UInt8(ascii: "~"):
      guard let number = values.first, let tilde = tildeCode(number) else { return nil }
      code = tilde
    default:
      return nil
    }
    // Letter finals take no number but the `1` before a modifier.
    if final != UInt8(ascii: "~"), let first = values.first, first != 1 { return nil }
    return Key(code, modifiers: modifiers)
  }

  private static func tildeCode(_ number: Int) -> Key.Code? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23, 24: .function(number - 12)
    default: nil
    }
  }

  // MARK: - Bracketed paste

  private static let pasteEnd = Array("\u{1B}[201~".utf8)

  /// Inside a paste: text up to `ESC[201~`, typed as characters.
  private mutating func pasted(at index: Int, into keys: inout [Key]) -> Int? {
    let byte = pending[index]
    if byte == 0x1B {
      let available = pending.count - index
      let end = Self.pasteEnd
      if available < end.count {
        // Perhaps the end marker, split across reads: wait for the rest.
        return pending[index...].elementsEqual(end.prefix(available)) ? nil : 1
      }
      if pending[index..<(index + end.count)].elementsEqual(end) {
        inPaste = false
        return end.count
      }
      return 1
    }
    switch byte {
    case 0x0D, 0x0A, 0x09:
      keys.append(Key(" "))
      // CR LF is one line break.
      if byte == 0x0D, index + 1 < pending.count, pending[index + 1] == 0x0A { return 2 }
      return 1
    case 0x00...0x1F, 0x7F:
      return 1
    default:
      guard let (character, length) = utf8Character(at: index) else { return nil }
      if let character { keys.append(Key(character)) }
      return length
    }
  }
}
