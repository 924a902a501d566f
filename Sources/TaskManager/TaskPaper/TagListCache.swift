import Foundation

/// The tag lists a document's parse has made, so that lines with the same tags share one array.
///
/// Most lines of a task list repeat a few combinations (`@work`, `@home @today`,
/// `@done(2026-11-01)`), and each line's array is an allocation of its own: at 10,000 lines,
/// over a megabyte, which a command's process must take from the kernel and zero. Items stay
/// values: a change to one item's tags copies its array first.
///
/// Lines share a list when the bytes from their first tag's `@` to their last tag's end are
/// the same. The tags are decided by those bytes alone: each tag starts at an `@` the scan
/// accepted and ends where the next byte is a blank or the line's end, and the scan finds the
/// same tags in the same bytes (see ``TagSyntax/scan(_:from:to:upperIsBoundary:into:)``: even a
/// value it gave up closing earlier in the line could not have closed here).
struct TagListCache {
  private struct Entry {
    /// Where the bytes the tags were read from start, in the document being parsed.
    var start = 0
    /// How many bytes they are; 0 for an empty slot.
    var count = 0
    var tags: [Tag] = []
  }

  // Direct-mapped: a slot holds the newest list whose bytes hash to it. A document with more
  // combinations than slots shares less, and loses nothing else.
  private var entries = [Entry](repeating: Entry(), count: TagListCache.slots)
  private static let slots = 256

  /// The tags of `matches` (one line's, in order, at least one), shared with an earlier line
  /// that had the same bytes for them, or made now.
  mutating func tags(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ matches: [TagSyntax.Match],
    make: (UnsafeBufferPointer<UInt8>, [TagSyntax.Match]) -> [Tag]
  ) -> [Tag] {
    let start = matches[0].start
    let count = matches[matches.count - 1].end - start
    let base = UnsafeRawPointer(bytes.baseAddress!)
    let slot = Int(truncatingIfNeeded: Self.hash(base + start, count) >> 56)
    return entries.withUnsafeMutableBufferPointer { entries in
      let entry = entries[slot]
      if entry.count == count, memcmp(base + entry.start, base + start, count) == 0 {
        return entry.tags
      }
      let tags = make(bytes, matches)
      entries[slot] = Entry(start: start, count: count, tags: tags)
      return tags
    }
  }

  /// A hash of `count` bytes at `bytes`, its top byte well mixed (the slot).
  private static func hash(_ bytes: UnsafeRawPointer, _ count: Int) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var offset = 0
    while offset + 8 <= count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      offset += 8
    }
    var tail: UInt64 = 0
    while offset < count {
      tail = tail << 8 | UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self))
      offset += 1
    }
    hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 29)
  }
}
