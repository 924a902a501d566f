import Foundation

/// The three-way merge of one item's line, indentation and line break left out.
///
/// A line only one side changed takes that side's text. When both changed it: the kind and
/// title one side changed, with the trailing tags merged tag by tag (a tag one side added,
/// removed or gave another value is added, removed or changed), written over the text of the
/// side whose title is kept (``TaskPaperLineRewriter``: its marker, spacing and tags stay as
/// written). When both changed the title, or the same tag, differently, the line is a
/// conflict: both versions are kept.
enum MergeLine {
  enum Outcome: Equatable {
    case ours
    case theirs
    case text([UInt8])
    case conflict
  }

  struct Version {
    var content: ArraySlice<UInt8>
    var item: Item
  }

  static func merge(base: Version, ours: Version, theirs: Version, scratch: inout [TagSyntax.Match]) -> Outcome {
    if ours.content == theirs.content || theirs.content == base.content { return .ours }
    if ours.content == base.content { return .theirs }

    func heading(_ version: Version) -> (Item.Kind, String) { (version.item.kind, version.item.title) }
    let titleFromTheirs: Bool
    if heading(ours) == heading(theirs) || heading(theirs) == heading(base) {
      titleFromTheirs = false
    } else if heading(ours) == heading(base) {
      titleFromTheirs = true
    } else {
      return .conflict
    }
    let (oursInline, oursTrailing) = split(ours, scratch: &scratch)
    let (theirsInline, theirsTrailing) = split(theirs, scratch: &scratch)
    let (_, baseTrailing) = split(base, scratch: &scratch)
    guard let trailing = mergeTags(base: baseTrailing, ours: oursTrailing, theirs: theirsTrailing) else { return .conflict }
    let kept = titleFromTheirs ? theirs : ours
    var item = kept.item
    item.tags = (titleFromTheirs ? theirsInline : oursInline) + trailing
    guard let text = TaskPaperLineRewriter.rewrite(kept.content, as: item, scratch: &scratch) else { return .conflict }
    return .text(text)
  }

  /// `version`'s text marked `@conflict` (unless it already is).
  static func markedAsConflict(_ version: Version, scratch: inout [TagSyntax.Match]) -> [UInt8] {
    guard !version.item.hasTag(named: "conflict") else { return Array(version.content) }
    var item = version.item
    item.tags.append(Tag(name: "conflict"))
    if let text = TaskPaperLineRewriter.rewrite(version.content, as: item, scratch: &scratch) { return text }
    return Array(version.content) + Array(" @conflict".utf8)
  }

  /// The tags inside the title, and the trailing ones.
  private static func split(_ version: Version, scratch: inout [TagSyntax.Match]) -> (inline: [Tag], trailing: [Tag]) {
    let inline = Array(version.content).withUnsafeBufferPointer { bytes in
      let line = TaskPaperParser.parseLine(bytes, 0, bytes.count, asTask: false, matches: &scratch)
      let bodyEnd = line.title.upperBound + (line.kind == .project ? 1 : 0)
      return scratch.count(where: { $0.start < bodyEnd })
    }
    let tags = version.item.tags
    let count = min(inline, tags.count)
    return (Array(tags[..<count]), Array(tags[count...]))
  }

  /// The three-way merge of trailing tags, by name: nil when both sides changed one name's
  /// tags differently. The ancestor's tags stay in their order; the ones each side added
  /// follow, ours' and theirs' as two groups, the group that sorts first first.
  static func mergeTags(base: [Tag], ours: [Tag], theirs: [Tag]) -> [Tag]? {
    func grouped(_ tags: [Tag]) -> (names: [String], values: [String: [Tag]]) {
      var names: [String] = []
      var values: [String: [Tag]] = [:]
      for tag in tags {
        if values[tag.name] == nil { names.append(tag.name) }
        values[tag.name, default: []].append(tag)
      }
      return (names, values)
    }
    let b = grouped(base)
    let o = grouped(ours)
    let t = grouped(theirs)
    func merged(_ name: String) -> [Tag]? {
      let (vb, vo, vt) = (b.values[name] ?? [], o.values[name] ?? [], t.values[name] ?? [])
      if vo == vt || vt == vb { return vo }
      if vo == vb { return vt }
      return nil
    }
    var result: [Tag] = []
    for name in b.names {
      guard let tags = merged(name) else { return nil }
      result += tags
    }
    var oursAdded: [Tag] = []
    for name in o.names where b.values[name] == nil {
      guard let tags = merged(name) else { return nil }
      oursAdded += tags
    }
    var theirsAdded: [Tag] = []
    for name in t.names where b.values[name] == nil && o.values[name] == nil {
      guard let tags = merged(name) else { return nil }
      theirsAdded += tags
    }
    let oursText = oursAdded.map(\.description).joined(separator: " ")
    let theirsText = theirsAdded.map(\.description).joined(separator: " ")
    return theirsText < oursText ? result + theirsAdded + oursAdded : result + oursAdded + theirsAdded
  }
}
