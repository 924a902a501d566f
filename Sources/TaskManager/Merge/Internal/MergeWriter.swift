/// Writes a merged outline as bytes, each line taken from the version it comes from: its
/// indentation, text and line break as that file has them (the three-way merge of each, where
/// both sides have the line), so that every line no side changed keeps its bytes.
///
/// An indentation that would not read back under the item's merged parent (a line indented as
/// in a side where its parent stood elsewhere) is replaced by its previous sibling's, else by
/// its parent's and one step more (the step the file uses, a tab in a file without one). A line
/// that ended the file without a line break takes the file's usual one when lines follow it;
/// the merged file ends without one when a side made it so (or both sides left it so).
struct MergeWriter {
  let base: MergeSide
  let ours: MergeSide
  let theirs: MergeSide
  let nodes: MergeNodes
  var output: [UInt8] = []
  var conflicts: [OutlineMergeConflict] = []
  private var scratch: [TagSyntax.Match] = []
  private var lineNumber = 0
  private let usualLineBreak: [UInt8]
  private let step: [UInt8]
  /// Where the last line written starts, and where its line break does.
  private var lastLineStart = 0
  private var lastBreakStart = 0

  init(base: MergeSide, ours: MergeSide, theirs: MergeSide, nodes: MergeNodes) {
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.nodes = nodes
    let usual = Self.threeWay(base: base.usualLineBreak, ours: ours.usualLineBreak, theirs: theirs.usualLineBreak)
    usualLineBreak = Array(usual ?? ours.usualLineBreak ?? theirs.usualLineBreak ?? base.usualLineBreak ?? [ASCII.lineFeed])
    step = Self.indentationStep(of: ours) ?? Self.indentationStep(of: theirs) ?? Self.indentationStep(of: base) ?? [ASCII.tab]
  }

  /// One frame of the walk: a parent whose children are being written.
  private struct Frame {
    var children: [Int]
    var next = 0
    var level: Int
    var indentation: [UInt8]
    /// The smallest level of the siblings written so far, and the last one's indentation.
    var siblingLevel = Int.max
    var siblingIndentation: [UInt8]?
    /// The line to write once the parent's subtree is written: its other version, marked,
    /// and its conflict's index in ``conflicts``.
    var pendingConflict: (text: [UInt8], index: Int)?
  }

  mutating func write(_ order: MergeOrder) {
    output.append(contentsOf: Self.threeWay(base: base.byteOrderMark, ours: ours.byteOrderMark, theirs: theirs.byteOrderMark) ?? [])
    var frames = [Frame(children: order.children[0], level: -1, indentation: [])]
    while !frames.isEmpty {
      let top = frames.count - 1
      guard frames[top].next < frames[top].children.count else {
        let done = frames.removeLast()
        if let conflict = done.pendingConflict {
          writeLine(indentation: done.indentation, content: conflict.text[...], lineBreak: usualLineBreak[...])
          conflicts[conflict.index].conflictLine = lineNumber
        }
        continue
      }
      let node = frames[top].children[frames[top].next]
      frames[top].next += 1
      OutlineWork.count(1)
      let line = pieces(of: node)
      var indentation = Array(line.indentation)
      if !line.isBlank {
        let frame = frames[top]
        if indentation.count <= frame.level || indentation.count > frame.siblingLevel {
          indentation = frame.siblingIndentation ?? frame.indentation + step
        }
        frames[top].siblingLevel = indentation.count
        frames[top].siblingIndentation = indentation
      }
      let firstLine = lineNumber + 1
      writeLine(indentation: indentation, content: line.content, lineBreak: line.lineBreak)
      var conflict: [UInt8]?
      if let other = line.conflict {
        conflict = other
        conflicts.append(
          OutlineMergeConflict(
            line: firstLine, conflictLine: 0, ours: String(decoding: line.content, as: UTF8.self),
            theirs: String(decoding: theirs.content(nodes.theirsLine[node]), as: UTF8.self)
          )
        )
      }
      let children = order.children[node + 1]
      if children.isEmpty {
        if let conflict {
          writeLine(indentation: indentation, content: conflict[...], lineBreak: usualLineBreak[...])
          conflicts[conflicts.count - 1].conflictLine = lineNumber
        }
      } else {
        // A blank line takes no children: any it was given (never by a side) follow it where
        // its parent's would.
        let (level, under) = line.isBlank ? (frames[top].level, frames[top].indentation) : (indentation.count, indentation)
        frames.append(
          Frame(children: children, level: level, indentation: under, pendingConflict: conflict.map { ($0, conflicts.count - 1) })
        )
      }
    }
    finish()
  }

  private mutating func writeLine(indentation: [UInt8], content: ArraySlice<UInt8>, lineBreak: ArraySlice<UInt8>) {
    lineNumber += 1
    lastLineStart = output.count
    output.append(contentsOf: indentation)
    output.append(contentsOf: content)
    lastBreakStart = output.count
    output.append(contentsOf: lineBreak.isEmpty ? usualLineBreak[...] : lineBreak)
  }

  /// Ends the file without a line break when the merge of the sides' endings says so, unless
  /// its last line is empty, which would vanish.
  private mutating func finish() {
    guard lineNumber > 0 else { return }
    let endsWithout = Self.threeWay(
      base: base.endsWithoutLineBreak, ours: ours.endsWithoutLineBreak, theirs: theirs.endsWithoutLineBreak
    )
    if endsWithout == true, lastLineStart < lastBreakStart {
      output.removeSubrange(lastBreakStart...)
    }
  }

  private struct Pieces {
    var indentation: ArraySlice<UInt8>
    var content: ArraySlice<UInt8>
    var lineBreak: ArraySlice<UInt8>
    var isBlank: Bool
    var conflict: [UInt8]?
  }

  /// The indentation, text and line break of `node`'s line, and its other version when the
  /// sides' edits conflict.
  private mutating func pieces(of node: Int) -> Pieces {
    let (o, t) = (nodes.oursLine[node], nodes.theirsLine[node])
    guard o >= 0, t >= 0, node < nodes.baseCount else {
      let (side, line) = o >= 0 ? (ours, o) : t >= 0 ? (theirs, t) : (base, node)
      var lineBreak = side.lineBreak(line)
      if let usual = side.usualLineBreak, lineBreak == usual { lineBreak = usualLineBreak[...] }
      return Pieces(
        indentation: side.indentation(line), content: side.content(line), lineBreak: lineBreak, isBlank: side.items[line].isBlank
      )
    }
    let b = node
    let indentation = Self.threeWay(base: base.indentation(b), ours: ours.indentation(o), theirs: theirs.indentation(t)) ?? []
    var lineBreak = Self.threeWay(base: base.lineBreak(b), ours: ours.lineBreak(o), theirs: theirs.lineBreak(t)) ?? []
    if lineBreak.isEmpty { lineBreak = [ours.lineBreak(o), theirs.lineBreak(t), base.lineBreak(b)].first { !$0.isEmpty } ?? [] }
    let outcome = MergeLine.merge(
      base: MergeLine.Version(content: base.content(b), item: base.items[b]),
      ours: MergeLine.Version(content: ours.content(o), item: ours.items[o]),
      theirs: MergeLine.Version(content: theirs.content(t), item: theirs.items[t]),
      scratch: &scratch
    )
    switch outcome {
    case .ours:
      return Pieces(indentation: indentation, content: ours.content(o), lineBreak: lineBreak, isBlank: ours.items[o].isBlank)
    case .theirs:
      return Pieces(indentation: indentation, content: theirs.content(t), lineBreak: lineBreak, isBlank: theirs.items[t].isBlank)
    case .text(let text):
      return Pieces(indentation: indentation, content: text[...], lineBreak: lineBreak, isBlank: false)
    case .conflict:
      let marked = MergeLine.markedAsConflict(MergeLine.Version(content: theirs.content(t), item: theirs.items[t]), scratch: &scratch)
      return Pieces(
        indentation: indentation, content: ours.content(o), lineBreak: lineBreak, isBlank: ours.items[o].isBlank, conflict: marked
      )
    }
  }

  /// The side that changed `base` (ours when both did); nil when that is nil.
  static func threeWay<Value: Equatable>(base: Value?, ours: Value?, theirs: Value?) -> Value? {
    ours == base ? theirs : ours
  }

  /// What one level of indentation adds in `side`: the bytes the first indented child adds to
  /// its parent's indentation.
  private static func indentationStep(of side: MergeSide) -> [UInt8]? {
    for line in 0..<side.lineCount where side.parents[line] >= 0 && !side.items[line].isBlank {
      OutlineWork.count(1)
      let own = side.indentation(line)
      let parent = side.indentation(side.parents[line])
      if own.count > parent.count, own.starts(with: parent) { return Array(own.dropFirst(parent.count)) }
    }
    return nil
  }
}
