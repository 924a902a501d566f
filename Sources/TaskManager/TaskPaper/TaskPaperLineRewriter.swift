import Foundation

/// Rewrites one line of the user's text to read as a changed item while keeping every byte the
/// change does not touch: the task marker as typed (`-Task`, `-\tTask`), the title, the
/// whitespace between trailing tags, the tags that stay and the whitespace at the end of the line.
///
/// A removed tag goes with the whitespace before it, a tag whose value changed is written anew in
/// its place, and a new tag is appended after one space:
///
/// ```
/// "-Call mom  @home @due(2026-11-30)"   untag home   ->  "-Call mom  @due(2026-11-30)"
/// "-5 degrees at night @cold"           untag cold   ->  "-5 degrees at night"
/// "- Pay rent\t@due(2026-11-30)"        due changed  ->  "- Pay rent\t@due(2026-12-01)"
/// ```
///
/// ``TaskPaperWriter`` writes a changed line with it and the journal records the line it wrote,
/// so undo gives back the line as typed.
enum TaskPaperLineRewriter {
  /// `content` (a line's bytes after its indentation, without its line break) rewritten to read as
  /// `item`'s kind, title and tags; nil when the line is blank or no such text would read back as
  /// the item (the caller then writes the canonical line).
  static func rewrite(_ content: ArraySlice<UInt8>, as item: Item, scratch: inout [TagSyntax.Match]) -> [UInt8]? {
    guard !item.isBlank, !item.title.utf8.contains(where: { $0 == ASCII.lineFeed || $0 == ASCII.carriageReturn }) else {
      return nil
    }
    let original = Array(content)
    var output: [UInt8] = []
    output.reserveCapacity(original.count + 32)
    let rewritten: Bool = original.withUnsafeBufferPointer { bytes in
      let line = TaskPaperParser.parseLine(bytes, 0, bytes.count, asTask: false, matches: &scratch)
      guard !line.title.isEmpty || !scratch.isEmpty else { return false }
      let bodyEnd = line.title.upperBound + (line.kind == .project ? 1 : 0)
      let trailing = scratch.filter { $0.start >= bodyEnd }

      if item.kind == line.kind {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<line.title.lowerBound]))
      } else if item.kind == .task {
        output.append(contentsOf: [ASCII.hyphen, ASCII.space])
      }
      output.append(contentsOf: item.title.utf8)
      if item.kind == .project { output.append(ASCII.colon) }

      var next = 0
      var endsWithLastOriginalTag = trailing.isEmpty
      for tag in trailingTags(of: item) {
        if let index = trailing[next...].firstIndex(where: { TagSyntax.string(bytes, $0.start + 1..<$0.nameEnd) == tag.name }) {
          let match = trailing[index]
          let separatorStart = index == 0 ? bodyEnd : trailing[index - 1].end
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[separatorStart..<match.start]))
          if TagSyntax.tag(bytes, match) == tag {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[match.start..<match.end]))
          } else {
            TagSyntax.append(tag, to: &output)
          }
          next = index + 1
          endsWithLastOriginalTag = next == trailing.count
        } else {
          if !output.isEmpty { output.append(ASCII.space) }
          TagSyntax.append(tag, to: &output)
          endsWithLastOriginalTag = false
        }
      }
      // Whitespace the user left at the end stays where the line still ends as it did.
      if endsWithLastOriginalTag {
        let textEnd = trailing.last?.end ?? bodyEnd
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[textEnd...]))
      }
      return true
    }
    guard rewritten, reads(output, as: item, scratch: &scratch) else { return nil }
    return output
  }

  /// `text`, the new content of a line whose content was `content`, with the carriage returns
  /// that ended `content` put back at its end when `text` lost them and it still reads as
  /// `item` with them.
  ///
  /// A carriage return at the end of a line's content is not its line break: the last line of
  /// a file that ends with a lone CR (`- b\r`), or the CR before a CRLF (`- b\r\r\n`). It
  /// reads as trailing whitespace, which a tag appended at the end, or a line written anew,
  /// would otherwise drop: the CR stays where the user had it, at the end of the line.
  static func keepingFinalCarriageReturns(of content: ArraySlice<UInt8>, in text: [UInt8], as item: Item, scratch: inout [TagSyntax.Match]) -> [UInt8] {
    guard content.last == ASCII.carriageReturn else { return text }
    let returns = content.reversed().prefix { $0 == ASCII.carriageReturn }.count
    guard !text.reversed().starts(with: repeatElement(ASCII.carriageReturn, count: returns)) else { return text }
    let kept = text + repeatElement(ASCII.carriageReturn, count: returns)
    return reads(kept, as: item, scratch: &scratch) ? kept : text
  }

  /// The tags of `item` that its title does not already hold, in order: its trailing tags.
  private static func trailingTags(of item: Item) -> [Tag] {
    guard item.title.utf8.contains(ASCII.at) else { return item.tags }
    // How many of each tag the title holds that no tag of the item accounted for yet (by
    // count, so that a line of thousands of equal tags is not quadratic).
    var inline: [Tag: Int] = item.title.withUTF8Bytes { bytes in
      var matches: [TagSyntax.Match] = []
      TagSyntax.scanTitle(bytes, from: 0, to: bytes.count, followedByColon: item.kind == .project, into: &matches)
      var counts: [Tag: Int] = [:]
      for match in matches { counts[TagSyntax.tag(bytes, match), default: 0] += 1 }
      OutlineWork.count(matches.count + item.tags.count)
      return counts
    }
    var result: [Tag] = []
    for tag in item.tags {
      if let count = inline[tag] {
        inline[tag] = count > 1 ? count - 1 : nil
      } else {
        result.append(tag)
      }
    }
    return result
  }

  private static func reads(_ text: [UInt8], as item: Item, scratch: inout [TagSyntax.Match]) -> Bool {
    text.withUnsafeBufferPointer { bytes in
      let line = TaskPaperParser.parseLine(bytes, 0, bytes.count, asTask: false, matches: &scratch)
      let read = TaskPaperParser.makeItem(bytes, line, scratch, id: item.id)
      return read.level == 0 && read.kind == item.kind && read.title == item.title && read.tags == item.tags
    }
  }
}
