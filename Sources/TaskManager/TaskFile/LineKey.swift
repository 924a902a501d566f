import Foundation

/// What identifies a line of a TaskPaper file when its items carry no ids: a hash of its text
/// and a hash of its title alone, so that a line can be recognised after it moved, after its
/// indentation changed, and after only its tags changed.
///
/// The text is the line without indentation and trailing whitespace; the title is the kind and
/// title as the parser reads them (a line `- Buy milk @today` has the title hash of task
/// `Buy milk`). Blank lines and lines with an empty title have no title hash (0).
struct LineKey: Hashable, Sendable {
  /// The hash of the line's text, indentation and trailing whitespace left out.
  var content: UInt64
  /// The hash of the line's kind and title, or 0 when the title is empty.
  var title: UInt32

  /// The key of the line `start..<end` of `bytes` (indentation included, line break not),
  /// parsed as `item`.
  init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, item: Item) {
    var contentStart = start + item.level
    var contentEnd = end
    while contentEnd > contentStart, ASCII.isTrailingSpace(bytes[contentEnd - 1]) { contentEnd -= 1 }
    contentStart = min(contentStart, contentEnd)
    content = LineHash.hash(UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd]))
    title = Self.titleHash(item)
  }

  init(content: UInt64, title: UInt32) {
    self.content = content
    self.title = title
  }

  static func titleHash(_ item: Item) -> UInt32 {
    guard !item.title.isEmpty else { return 0 }
    let kind: UInt64 = item.kind == .task ? 1 : item.kind == .project ? 2 : 3
    let hash = item.title.withUTF8Bytes { LineHash.hash($0, seed: kind) }
    // 0 means "no title"; a title that happens to hash to it takes 1.
    return max(1, UInt32(truncatingIfNeeded: hash >> 32))
  }
}

/// A fast, stable 64-bit hash of bytes: the same on every run and every machine, since the
/// id index stores it. Eight bytes at a time, with a strong final mix.
enum LineHash {
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0) -> UInt64 {
    var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var index = 0
    let count = bytes.count
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        state = (state ^ mix(word)) &* 0xBF58_476D_1CE4_E5B9
        state ^= state >> 31
        index += 8
      }
      if index < count {
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
          tail |= UInt64(base[index]) << shift
          shift += 8
          index += 1
        }
        state = (state ^ mix(tail ^ 0xFF)) &* 0xBF58_476D_1CE4_E5B9
      }
    }
    return mix(state)
  }

  /// SplitMix64's finaliser: every input bit affects every output bit.
  @inline(__always)
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
