import Foundation

extension TaskPaperWriter {
  /// A line's indentation: that of a line of the source (no copy), or bytes of its own.
  private enum Indentation {
    case ofLine(Int)
    case bytes([UInt8])

    static let none = Indentation.bytes([])
  }

  private func bytes(of indentation: Indentation) -> ArraySlice<UInt8> {
    switch indentation {
    case .ofLine(let line): source.indentation(ofLine: line)
    case .bytes(let bytes): bytes[...]
    }
  }

  /// What the items at one depth share: their parent, as written.
  private struct Frame {
    /// The items at this depth: the parent's children, or the top level.
    var items: [Item]
    var parentID: UUID?
    /// The parent's line as written, -1 at the top level.
    var parentLine: Int
    /// The parent's indentation as written.
    var parentIndentation: Indentation
    /// Whether the parent kept its line's indentation, so its children may keep theirs.
    var parentKeptIndentation: Bool
    /// The indentation of the last non-blank child written.
    var previousIndentation: Indentation?
  }

  mutating func writeTree(_ items: [Item]) {
    var walk = OutlineWalk(items)
    // The frame of the current item and of each item above it, by depth (deeper ones are left
    // over from earlier items).
    var frames = [Frame(items: items, parentID: nil, parentLine: -1, parentIndentation: .none, parentKeptIndentation: true)]
    while walk.next() {
      let (last, index) = (walk.depth, walk.index)
      let item = walk.item
      let line = sourceLine(of: item.id)
      // A line undo or redo puts back takes the indentation it had, where it fits, even where
      // the item's line is still in place with another (a move that only re-indented it).
      let restored = restoring.isEmpty ? nil : restoredIndentation(of: item, in: frames[last], at: index)
      let keeps =
        line.map {
          keepsIndentation($0, of: item, parentID: frames[last].parentID, parentKept: frames[last].parentKeptIndentation)
            && restored.map(source.indentation(ofLine: $0).elementsEqual) != false
        }
        ?? false

      let indentation: Indentation
      if let line, keeps {
        indentation = .ofLine(line)
      } else if item.isBlank {
        indentation = blankIndentation(of: item, line: line, restored: restored, in: frames[last], at: index)
      } else if let restored {
        indentation = .bytes(restored)
      } else if !restoring.isEmpty, let line, indentationFits(source.indentation(ofLine: line).count, in: frames[last], at: index) {
        // Undo and redo keep a line's own indentation where it fits, though its parent's changed:
        // a line the change did not write anew (its bytes stayed the same) is as it was.
        indentation = .ofLine(line)
      } else if let previous = frames[last].previousIndentation {
        indentation = previous
      } else if let next = nextKeptIndentation(in: frames[last], after: index) {
        indentation = .ofLine(next)
      } else if last == 0 {
        indentation = .none
      } else {
        let parent = bytes(of: frames[last].parentIndentation)
        indentation = .bytes(Array(parent) + step(below: parent))
      }
      if !item.isBlank { frames[last].previousIndentation = indentation }

      // Where the item sits as it was read and nothing under it changed, its lines are the
      // bytes they were: copied as one run, without a look at each.
      if let line, keeps, let end = unchangedSubtreeEnd(of: item, line: line) {
        copyLines(line..<end, parentLine: frames[last].parentLine)
        walk.skipChildren()
        continue
      }

      writeLine(item, line: line, indentation: bytes(of: indentation), parentLine: frames[last].parentLine)

      if !item.children.isEmpty {
        let frame = Frame(
          items: item.children,
          parentID: item.id,
          parentLine: ids.count - 1,
          parentIndentation: indentation,
          // Written with the indentation its line had (moved elsewhere at the same level,
          // say), the item's children still read back under it with their own.
          parentKeptIndentation: keeps || line.map { bytes(of: indentation).elementsEqual(source.indentation(ofLine: $0)) } == true
        )
        OutlineWalk.set(frame, atDepth: last + 1, in: &frames)
      }
    }
  }

  /// The whitespace of a blank line that does not stay where it was: the whitespace an undo
  /// restores, else its own where it was blank already, else (a new one) its level in tabs;
  /// each only where it reads back under the same parent. A blank line goes under the deepest item before it that is less
  /// indented, so one under a parent written with other indentation (moved, say) may need other
  /// whitespace: then that of the sibling before it, else the parent's plus one step.
  private mutating func blankIndentation(
    of item: Item, line: Int?, restored: [UInt8]?, in frame: Frame, at index: Int
  ) -> Indentation {
    if let restored { return .bytes(restored) }
    if let line, source.storage.items[line].isBlank, blankFits(source.indentation(ofLine: line).count, in: frame, at: index) {
      return .ofLine(line)
    }
    // A new one (imported) is written as the printer writes it, with its own level in tabs:
    // an empty line stays empty rather than taking the indentation of the lines around it.
    if line == nil, blankFits(item.level, in: frame, at: index) {
      return .bytes(Array(repeating: ASCII.tab, count: item.level))
    }
    if let previous = frame.previousIndentation { return previous }
    guard frame.parentID != nil else { return .none }
    let parent = bytes(of: frame.parentIndentation)
    return .bytes(Array(parent) + step(below: parent))
  }

  /// The whitespace an undo restores for a blank line, where it reads back under the same parent.
  private func restoredBlankWhitespace(of item: Item, in frame: Frame, at index: Int) -> [UInt8]? {
    guard let restored = restoring[item.id], restored.utf8.allSatisfy({ ASCII.isBlank($0) || $0 == ASCII.carriageReturn })
    else { return nil }
    let whitespace = Array(restored.utf8.filter { $0 != ASCII.carriageReturn })
    return blankFits(whitespace.count, in: frame, at: index) ? whitespace : nil
  }

  /// Whether a blank line of `level` reads back as a child of the frame's parent (see
  /// ``TaskPaperParser``): no deeper than the sibling with text before it, which would take it,
  /// unless a blank line right before it holds it at its depth; and deeper than the parent,
  /// unless a later sibling with text holds it there.
  private func blankFits(_ level: Int, in frame: Frame, at index: Int) -> Bool {
    if let previous = frame.previousIndentation, level > bytes(of: previous).count,
      index == 0 || !frame.items[index - 1].isBlank
    {
      return false
    }
    guard frame.parentID != nil, level <= bytes(of: frame.parentIndentation).count else { return true }
    return frame.items[(index + 1)...].contains { !$0.isBlank }
  }

  /// Whether `item`, read from `line`, still sits where its indentation puts it.
  private func keepsIndentation(_ line: Int, of item: Item, parentID: UUID?, parentKept: Bool) -> Bool {
    // A blank line's level is its whitespace, not a place in the tree: once it holds text it
    // is indented as a new line.
    guard parentKept, source.storage.items[line].level == item.level, !source.storage.items[line].isBlank || item.isBlank
    else { return false }
    let parent = source.storage.parents[line]
    return parent < 0 ? parentID == nil : source.storage.ids[parent] == parentID
  }

  /// The line of the first sibling after `index` that keeps its indentation: a new item
  /// indented like it reads back as its sibling (the levels of kept siblings never grow in
  /// document order, so the first one bounds every later one).
  private mutating func nextKeptIndentation(in frame: Frame, after index: Int) -> Int? {
    guard frame.parentKeptIndentation else { return nil }
    for next in frame.items[(index + 1)...] where !next.isBlank {
      if let line = peekSourceLine(of: next.id), keepsIndentation(line, of: next, parentID: frame.parentID, parentKept: true) {
        return line
      }
    }
    return nil
  }

  /// The indentation a line to restore (undo) had, when it still reads back where the item is:
  /// deeper than its parent, no deeper than its previous sibling, and no shallower than the
  /// next sibling that keeps its own (for a blank line, see ``blankFits(_:in:at:)``).
  private mutating func restoredIndentation(of item: Item, in frame: Frame, at index: Int) -> [UInt8]? {
    if item.isBlank { return restoredBlankWhitespace(of: item, in: frame, at: index) }
    guard let restored = restoring[item.id] else { return nil }
    let indentation = Array(restored.utf8.prefix { ASCII.isBlank($0) })
    return indentationFits(indentation.count, in: frame, at: index) ? indentation : nil
  }

  /// Whether a line of `level` reads back as the next child of the frame's parent: deeper than
  /// the parent, no deeper than its previous sibling, and no shallower than the next sibling
  /// that keeps its own.
  private mutating func indentationFits(_ level: Int, in frame: Frame, at index: Int) -> Bool {
    let parentCount = frame.parentID == nil ? -1 : bytes(of: frame.parentIndentation).count
    guard level > parentCount else { return false }
    if let previous = frame.previousIndentation, level > bytes(of: previous).count { return false }
    if let next = nextKeptIndentation(in: frame, after: index), source.indentation(ofLine: next).count > level {
      return false
    }
    return true
  }

  /// One level of indentation as the file writes it, below a parent indented with
  /// `parentIndentation`: a tab below a tab, the file's step of spaces below a space, and below
  /// a top-level parent the step of the file's first indented child line (a tab in a new
  /// file).
  private mutating func step(below parentIndentation: ArraySlice<UInt8>) -> [UInt8] {
    if indentSteps == nil {
      var tabs: [UInt8]?
      var spaces: [UInt8]?
      var first: [UInt8]?
      for line in source.storage.items.indices where source.storage.parents[line] >= 0 && !source.storage.items[line].isBlank {
        let own = source.indentation(ofLine: line)
        let parent = source.indentation(ofLine: source.storage.parents[line])
        guard own.count > parent.count, own.starts(with: parent) else { continue }
        let step = Array(own.dropFirst(parent.count))
        if first == nil { first = step }
        if spaces == nil, step.allSatisfy({ $0 == ASCII.space }) { spaces = step }
        if tabs == nil, step.allSatisfy({ $0 == ASCII.tab }) { tabs = [ASCII.tab] }
        if spaces != nil && tabs != nil { break }
      }
      indentSteps = (tabs ?? [ASCII.tab], spaces ?? [ASCII.space, ASCII.space], first ?? [ASCII.tab])
    }
    guard let steps = indentSteps else { return [ASCII.tab] }
    switch parentIndentation.last {
    case ASCII.tab?: return steps.tabs
    case ASCII.space?: return steps.spaces
    default: return steps.first
    }
  }

  private mutating func sourceLine(of id: UUID) -> Int? {
    let ids = source.storage.ids
    if cursor < ids.count, ids[cursor] == id {
      cursor += 1
      return cursor - 1
    }
    guard let line = peekSourceLine(of: id) else { return nil }
    cursor = line + 1
    return line
  }

  private mutating func peekSourceLine(of id: UUID) -> Int? {
    let ids = source.storage.ids
    if cursor < ids.count, ids[cursor] == id { return cursor }
    return lineFinder.line(of: id, in: source)
  }
}
