import Foundation
import Testing

@testable import TaskManager

@Suite struct UTF8ValidationTests {
  private func agrees(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      UTF8Validation.isValid(buffer) == (String(validating: buffer, as: UTF8.self) != nil)
    }
  }

  @Test func everyShortSequenceIsJudgedAsTheStandardLibraryJudgesIt() {
    var disagreements: [[UInt8]] = []
    for first in 0...255 {
      if !agrees([UInt8(first)]) { disagreements.append([UInt8(first)]) }
      for second in 0...255 {
        let pair = [UInt8(first), UInt8(second)]
        if !agrees(pair) { disagreements.append(pair) }
      }
    }
    // Three- and four-byte leads with every second byte and later bytes at the edges of the
    // continuation range: the overlong, surrogate and out-of-range edges are all in there.
    let edges = [0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    for lead in 0xE0...0xEF {
      for second in 0...255 {
        for third in edges where !agrees([UInt8(lead), UInt8(second), UInt8(third)]) {
          disagreements.append([UInt8(lead), UInt8(second), UInt8(third)])
        }
      }
    }
    for lead in 0xF0...0xF7 {
      for second in 0...255 {
        for third in edges {
          for fourth in edges {
            let sequence = [UInt8(lead), UInt8(second), UInt8(third), UInt8(fourth)]
            if !agrees(sequence) { disagreements.append(sequence) }
          }
        }
      }
    }
    #expect(disagreements.isEmpty)
  }

  @Test func aBadByteAnywhereInALongTextIsFound() {
    // ASCII is checked eight bytes at a time: a bad byte at every offset of a word, and a
    // good multi-byte character across a word's edge, are still judged right.
    let text = Array(String(repeating: "- Task with a title @home\n", count: 8).utf8)
    for offset in 0..<text.count {
      var bad = text
      bad[offset] = 0xFF
      #expect(agrees(bad))
      var good = text
      good.replaceSubrange(offset..<offset, with: Array("é€😀".utf8))
      #expect(agrees(good) && good.withUnsafeBufferPointer(UTF8Validation.isValid))
    }
    var random = SplitMix64(seed: 0x7A5C_0778_0001)
    for _ in 0..<2_000 {
      var bytes = text
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0x80...0xFF, using: &random)
      }
      #expect(agrees(bytes))
    }
  }
}
