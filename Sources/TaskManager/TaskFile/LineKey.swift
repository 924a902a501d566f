import Foundation

/// What identifies a line of a TaskPaper file when its items carry no ids: a hash of its text
/// and a hash of its title alone, so that a line can be recognised after it moved, after its
/// indentation changed, and after only its tags changed.
///
/// The text is the line without indentation and trailing whitespace; the title is the kind and
/// title as the parser reads them (a line `- Buy milk @today` has the title hash of task
/// `Buy milk`). Blank lines and lines with an empty title have no title hash (0). The
/// ``TitleSketch`` tells a title edited (a typo fixed, a word added) from one replaced.
struct LineKey: Hashable, Sendable {
  /// The hash of the line's text, indentation and trailing whitespace left out.
  var content: UInt64
  /// The hash of the line's kind and title, or 0 when the title is empty.
  var title: UInt32
  /// The line's ``TitleSketch``: its kind and the character pairs of its title; 0 when not
  /// known (read from an index of a version before the third).
  var sketch: UInt64

  /// The key of the line `start..<end` of `bytes` (indentation included, line break not),
  /// parsed as `item`.
  init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, item: Item) {
    var contentStart = start + item.level
    var contentEnd = end
    while contentEnd > contentStart, ASCII.isTrailingSpace(bytes[contentEnd - 1]) { contentEnd -= 1 }
    contentStart = min(contentStart, contentEnd)
    content = LineHash.hash(UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd]))
    title = Self.titleHash(item)
    sketch = TitleSketch.of(item)
  }

  init(content: UInt64, title: UInt32, sketch: UInt64 = 0) {
    self.content = content
    self.title = title
    self.sketch = sketch
  }

  static func titleHash(_ item: Item) -> UInt32 {
    guard !item.title.isEmpty else { return 0 }
    let kind: UInt64 = item.kind == .task ? 1 : item.kind == .project ? 2 : 3
    let hash = item.title.withUTF8Bytes { LineHash.hash($0, seed: kind) }
    // 0 means "no title"; a title that happens to hash to it takes 1.
    return max(1, UInt32(truncatingIfNeeded: hash >> 32))
  }
}

/// A small summary of a line's kind and title, to tell whether two titles are alike: a title
/// edited where it stands (a typo fixed, a word added or dropped) is the same item, one replaced
/// by other text (`Learn Go` to `Call the dentist`) a new one (see ``LineMatcher``).
///
/// The 64 bits: bit 63 is set in every sketch (0 is "not known"); bits 60–61 hold the kind (1
/// task, 2 project, 3 note); bits 0–59 are a set of the title's character pairs, each pair of
/// bytes (letters folded to lower case, runs of whitespace taken as one space, the start and end
/// of the title counted as characters) setting the bit its hash picks. Stored in the id index,
/// so it must be the same on every run and every machine.
enum TitleSketch {
  /// The bits that hold the set of pairs.
  static let pairBits = 60
  private static let pairMask: UInt64 = (1 << 60) - 1
  private static let known: UInt64 = 1 << 63

  /// Two titles are alike when at least this share of the character pairs of either is in both
  /// (their Jaccard index, estimated from the sketches): a typo fixed in a title of two words
  /// keeps about 0.5–0.9 of its pairs, a word added to a short title 0.4–0.7, unrelated titles
  /// of a few words 0–0.25.
  static let threshold = 1.0 / 3.0

  /// The sketch of `item`'s kind and title.
  static func of(_ item: Item) -> UInt64 {
    let kind: UInt64 = item.kind == .task ? 1 : item.kind == .project ? 2 : 3
    let pairs = item.title.isEmpty ? 0 : item.title.withUTF8Bytes { Self.pairs($0) }
    return known | kind << 60 | pairs
  }

  /// The set of character pairs of `bytes`, as bits 0–59.
  static func pairs(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    bits.withUnsafeBufferPointer { bits in
      var set: UInt64 = 0
      // 0 stands for the start and the end of the title.
      var previous = 0
      var lastWasSpace = false
      for byte in bytes {
        var current = Int(byte)
        if ASCII.isBlank(byte) {
          guard !lastWasSpace else { continue }
          lastWasSpace = true
          current = 0x20
        } else {
          lastWasSpace = false
          if byte >= 0x41, byte <= 0x5A { current |= 0x20 }
        }
        set |= 1 << UInt64(bits[previous << 8 | current])
        previous = current
      }
      return set | 1 << UInt64(bits[previous << 8])
    }
  }

  /// The bit of each pair of bytes (`first << 8 | second`): its ``LineHash/mix(_:)`` modulo 60,
  /// worked out once (64 KiB), so that sketching every line of a file edited elsewhere costs a
  /// lookup a byte rather than a hash.
  private static let bits: [UInt8] = (0..<65_536).map { UInt8(LineHash.mix(UInt64($0)) % UInt64(pairBits)) }

  /// The kind a sketch holds (1 task, 2 project, 3 note), 0 when not known.
  static func kind(_ sketch: UInt64) -> UInt64 { sketch & known == 0 ? 0 : sketch >> 60 & 3 }

  /// Whether two titles are alike (see ``threshold``); true when either sketch is not known,
  /// as matching was before sketches were kept. Two empty titles (blank lines) are alike; an
  /// empty title and another are not.
  static func alike(_ a: UInt64, _ b: UInt64) -> Bool {
    guard a & known != 0, b & known != 0 else { return true }
    let (x, y) = (a & pairMask, b & pairMask)
    if x == 0 || y == 0 { return x == y }
    // How many pairs set `bits` of the 60 bits: the expected count, from how full the set is.
    func estimate(_ set: UInt64) -> Double {
      let bits = Double(min(set.nonzeroBitCount, pairBits - 1))
      return -Double(pairBits) * log(1 - bits / Double(pairBits))
    }
    let union = estimate(x | y)
    let shared = estimate(x) + estimate(y) - union
    return shared >= threshold * union
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

/// A fast, stable 64-bit hash of a whole file's bytes, stored in the id index to recognise the
/// file taskman last wrote: four lanes of 32 bytes at a time (the structure of xxHash64), so
/// that hashing a file costs a fraction of hashing each of its lines. Never 0.
enum FileHash {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var index = 0
    var hash: UInt64
    func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    if count >= 32 {
      var lanes = (prime1 &+ prime2, prime2, UInt64(0), 0 &- prime1)
      while index + 32 <= count {
        lanes.0 = round(lanes.0, word(index))
        lanes.1 = round(lanes.1, word(index + 8))
        lanes.2 = round(lanes.2, word(index + 16))
        lanes.3 = round(lanes.3, word(index + 24))
        index += 32
      }
      hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
      hash = merge(hash, lanes.0)
      hash = merge(hash, lanes.1)
      hash = merge(hash, lanes.2)
      hash = merge(hash, lanes.3)
    } else {
      hash = prime5
    }
    hash &+= UInt64(count)
    while index + 8 <= count {
      hash ^= round(0, word(index))
      hash = rotate(hash, 27) &* prime1 &+ prime4
      index += 8
    }
    while index < count {
      hash ^= UInt64(bytes[index]) &* prime5
      hash = rotate(hash, 11) &* prime1
      index += 1
    }
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    hash ^= hash >> 32
    return max(1, hash)
  }

  @inline(__always)
  private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
    rotate(lane &+ input &* prime2, 31) &* prime1
  }

  @inline(__always)
  private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
    (hash ^ round(0, lane)) &* prime1 &+ prime4
  }

  @inline(__always)
  private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
