import Foundation

// Tag edits live with the TaskPaper syntax because a tag may be written inside the title: an
// edit that only touched `tags` would be undone when the title's text is read back.
extension Item {
  /// Sets `tag`: replaces the first tag with the same name (ignoring case, and keeping the
  /// spelling of the name already written: `@DUE(…)` stays `@DUE`), or appends it as a
  /// trailing tag.
  ///
  /// When the title itself contains a tag with that name, that text is rewritten too, so the
  /// printed line reads back with the new value.
  ///
  /// ```swift
  /// // "- Pay rent @due(2024-10-31)"
  /// item.setTag(Tag(name: "done", value: "2024-10-30"))
  /// // "- Pay rent @due(2024-10-31) @done(2024-10-30)"
  /// ```
  public mutating func setTag(_ tag: Tag) {
    var tag = tag
    if let written = tags.first(where: { $0.hasName(tag.name) }) { tag.name = written.name }
    if let match = firstTitleTag(named: tag.name) {
      var bytes = Array(title.utf8)
      var replacement: [UInt8] = []
      TagSyntax.append(tag, to: &replacement)
      bytes.replaceSubrange(match.start..<match.end, with: replacement)
      title = String(decoding: bytes, as: UTF8.self)
    }
    if let index = tags.firstIndex(where: { $0.hasName(tag.name) }) {
      tags[index] = tag
    } else {
      tags.append(tag)
    }
  }

  /// Removes every tag called `name`, ignoring case, from ``tags`` and from the title's text.
  ///
  /// A tag removed from inside the title takes one side's whitespace with it, so
  /// `Call @bob about it` becomes `Call about it`.
  ///
  /// ```swift
  /// // "- Pay rent @done(2024-10-30)"
  /// item.removeTags(named: "done")
  /// // "- Pay rent"
  /// ```
  public mutating func removeTags(named name: String) {
    tags.removeAll { $0.hasName(name) }
    guard title.utf8.contains(ASCII.at) else { return }
    let removals: [Range<Int>] = title.withUTF8Bytes { bytes in
      var matches: [TagSyntax.Match] = []
      TagSyntax.scanTitle(bytes, from: 0, to: bytes.count, followedByColon: kind == .project, into: &matches)
      var ranges: [Range<Int>] = []
      for match in matches where Tag.namesMatch(TagSyntax.string(bytes, match.start + 1..<match.nameEnd), name) {
        var start = match.start
        var end = match.end
        if end < bytes.count, ASCII.isBlank(bytes[end]) {
          while end < bytes.count, ASCII.isBlank(bytes[end]) { end += 1 }
        } else if end == bytes.count {
          // Never reach back into whitespace an earlier removal already took.
          let earliest = ranges.last?.upperBound ?? 0
          while start > earliest, ASCII.isBlank(bytes[start - 1]) { start -= 1 }
        }
        ranges.append(start..<end)
      }
      return ranges
    }
    guard !removals.isEmpty else { return }
    var bytes = Array(title.utf8)
    let removedEnd = removals.last?.upperBound == bytes.count
    for range in removals.reversed() { bytes.removeSubrange(range) }
    if removedEnd {
      while let last = bytes.last, ASCII.isBlank(last) { bytes.removeLast() }
    }
    title = String(decoding: bytes, as: UTF8.self)
  }

  private func firstTitleTag(named name: String) -> TagSyntax.Match? {
    guard title.utf8.contains(ASCII.at) else { return nil }
    return title.withUTF8Bytes { bytes in
      var matches: [TagSyntax.Match] = []
      TagSyntax.scanTitle(bytes, from: 0, to: bytes.count, followedByColon: kind == .project, into: &matches)
      return matches.first { Tag.namesMatch(TagSyntax.string(bytes, $0.start + 1..<$0.nameEnd), name) }
    }
  }
}
