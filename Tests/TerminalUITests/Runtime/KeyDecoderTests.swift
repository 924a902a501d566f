import Foundation
import Testing

import TerminalUI

/// Bytes as terminals send them, decoded to keys.
struct KeyDecoderTests {
  private func keys(_ chunks: String...) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.decode(Array($0.utf8)) }
  }

  private func keys(bytes chunks: [UInt8]...) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.decode($0) }
  }

  @Test func textIncludingMultiByteCharactersAndEmoji() {
    #expect(keys("aZ 9") == [Key("a"), Key("Z"), Key(" "), Key("9")])
    #expect(keys("é日🙂") == [Key("é"), Key("日"), Key("🙂")])
  }

  @Test func aCharacterSplitAcrossChunksWaitsForItsLastByte() {
    let emoji = Array("🙂".utf8)
    #expect(keys(bytes: Array(emoji[0..<1]), Array(emoji[1..<3]), Array(emoji[3...]) + [0x61]) == [Key("🙂"), Key("a")])
  }

  @Test func bytesThatAreNotUTF8AreDropped() {
    #expect(keys(bytes: [0xFF, 0x61, 0xC3, 0x28]) == [Key("a"), Key("(")])
  }

  @Test func controlBytes() {
    #expect(keys("\u{01}\u{03}\u{1A}") == [.control("a"), .control("c"), .control("z")])
    #expect(keys("\t\r\r\n") == [.tab, .enter, .enter])
    #expect(keys("\r\n") == [.enter])
    #expect(keys("\u{7F}\u{08}") == [.backspace, .backspace])
  }

  @Test func aLoneEscapeAtTheEndOfAChunkIsEscape() {
    #expect(keys("\u{1B}") == [.escape])
    #expect(keys("\u{1B}", "\u{1B}") == [.escape, .escape])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func escapeThenAKeyIsAlt() {
    #expect(keys("\u{1B}b\u{1B}B") == [.alt("b"), .alt("B")])
    #expect(keys("\u{1B}\u{7F}") == [Key(.backspace, modifiers: .alt)])
    #expect(keys("\u{1B}日") == [.alt("日")])
  }

  @Test func arrowsAndEditingKeys() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OD\u{1B}OH\u{1B}OF") == [.up, .left, .home, .end])
    #expect(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [.home, .end, .home, .end, .home, .end])
    #expect(keys("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~") == [Key(.insert), .delete, .pageUp, .pageDown])
    #expect(keys("\u{1B}[Z") == [.backTab])
  }

  @Test func functionKeys() {
    let sent = "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~"
    #expect(keys(sent) == (1...12).map { Key(.function($0)) })
    #expect(keys("\u{1B}[11~\u{1B}[1;2P") == [Key(.function(1)), Key(.function(1), modifiers: .shift)])
  }

  @Test func xtermModifiers() {
    #expect(keys("\u{1B}[1;5D") == [Key(.left, modifiers: .control)])
    #expect(keys("\u{1B}[1;3C") == [Key(.right, modifiers: .alt)])
    #expect(keys("\u{1B}[1;2A") == [Key(.up, modifiers: .shift)])
    #expect(keys("\u{1B}[1;6H") == [Key(.home, modifiers: [.shift, .control])])
    #expect(keys("\u{1B}[3;5~") == [Key(.delete, modifiers: .control)])
    #expect(keys("\u{1B}[1;9B") == [Key(.down, modifiers: .alt)])
  }

  @Test func unknownSequencesAreDroppedWhole() {
    #expect(keys("a\u{1B}[99~b") == [Key("a"), Key("b")])
    #expect(keys("\u{1B}[?1;2cx") == [Key("x")])
    #expect(keys("\u{1B}[1;2;3Ax") == [Key("x")])
    #expect(keys("\u{1B}[5Ax") == [Key("x")])
    #expect(keys("\u{1B}OXx") == [Key("x")])
  }

  /// A byte that cannot end a sequence (Enter, Escape, a letter's UTF-8) ends the malformed
  /// sequence and is still its own key: Enter after a stray `ESC [` is not lost.
  @Test func aMalformedSequenceKeepsTheByteThatEndedIt() {
    #expect(keys("\u{1B}[\r") == [.enter])
    #expect(keys("\u{1B}[", "\r") == [.enter])
    #expect(keys("\u{1B}[1;\ra") == [.enter, Key("a")])
    #expect(keys("\u{1B}[\u{1B}[A") == [.up])
    #expect(keys("\u{1B}[日") == [Key("日")])
    #expect(keys("\u{1B}O\r") == [.enter])
  }

  @Test func aSequenceSplitAcrossChunksIsOneKey() {
    #expect(keys("\u{1B}[", "1;5", "D") == [Key(.left, modifiers: .control)])
    #expect(keys("\u{1B}[1", "5~") == [Key(.function(5))])
  }

  @Test func bracketedPasteIsTypedTextThatPressesNoKey() {
    let pasted = keys("\u{1B}[200~ls\r\nq\u{1B}x\u{03}\t日\u{1B}[201~", "q")
    #expect(pasted == [Key("l"), Key("s"), Key(" "), Key("q"), Key("x"), Key(" "), Key("日"), Key("q")])
  }

  @Test func aPasteAcrossChunksEndsOnlyAtItsEndMarker() {
    #expect(keys("\u{1B}[200~ab", "c\u{1B}[2", "01~d") == [Key("a"), Key("b"), Key("c"), Key("d")])
  }

  /// Whatever the chunking, the keys are those of the whole input, for input without a lone
  /// Escape (which the chunk boundary decides).
  @Test(arguments: 0..<50) func chunkingDoesNotChangeTheKeys(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed))
    let pieces = [
      "a", "日", "🙂", "\u{1B}[A", "\u{1B}[1;5D", "\u{1B}OP", "\u{1B}[3~", "\u{1B}b", "\r", "\u{7F}", "\u{1B}[200~x\ny\u{1B}[201~",
      "\u{1B}[Z", "\u{1B}[24;2~",
    ]
    var input: [UInt8] = []
    for _ in 0..<20 { input += Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8) }
    let whole = keys(bytes: input)
    var decoder = KeyDecoder()
    var chunked: [Key] = []
    var start = 0
    while start < input.count {
      var end = min(input.count, start + 1 + Int(generator.next() % 6))
      // A chunk never ends on a lone Escape: that is the Escape key.
      while end < input.count, input[end - 1] == 0x1B { end += 1 }
      chunked += decoder.decode(input[start..<end])
      start = end
    }
    #expect(chunked == whole)
  }
}

/// A small deterministic generator (SplitMix64), so a failing seed fails again.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite struct InputReaderTests {
  @Test func aSequenceCutAtTheEndOfAFullReadIsNotTakenForEscape() async throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    // 4,095 letters, then ↑ (ESC [ A) across the reader's 4,096-byte buffer, then the end.
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 4095) + [0x1B, UInt8(ascii: "["), UInt8(ascii: "A")]
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    #expect(written == bytes.count)
    close(ends[1])
    let reader = InputReader(input: ends[0])
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for await event in reader.events() {
      if case let .input(chunk) = event { keys += decoder.decode(chunk) }
    }
    close(ends[0])
    #expect(keys.count == 4096)
    #expect(keys.last == .up)
    #expect(!keys.contains(.escape))
  }
}
