import Foundation

/// An outline laid out flat for searching: its items in document order, each with the
/// positions of its parent, siblings and first child and where its subtree ends, so that every
/// axis is a walk over positions. Position 0 is the root, above the top-level items; it is a
/// context, never a result. Blank lines are left out: they are never found, and never have
/// children.
final class SearchIndex {
  struct Node {
    var item: Item
    var parent: Int
    /// The position after the item's last descendant.
    var end: Int
    var depth: Int
    var firstChild = -1
    var nextSibling = -1
    var previousSibling = -1
    /// The nearest project above the item, -1 for none.
    var project = -1
  }

  private(set) var nodes: [Node]
  /// Each item's line as `@text` reads it, written out when first asked for.
  private var lines: [String?]

  init(_ outline: Outline) {
    var nodes = [Node(item: Item(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), kind: .note, title: ""), parent: -1, end: 0, depth: -1)]
    nodes.reserveCapacity(outline.itemCount + 1)
    // The position of the item last visited at each depth, the root's above depth 0.
    var path = [0]
    var lastChild = [-1]
    var walk = OutlineWalk(outline.items)
    while walk.next() {
      if walk.item.isBlank { continue }
      let depth = walk.depth
      let position = nodes.count
      let parent = path[depth]
      var node = Node(item: walk.item, parent: parent, end: position + 1, depth: depth)
      node.project = nodes[parent].item.kind == .project && parent != 0 ? parent : nodes[parent].project
      let previous = lastChild[depth]
      if previous >= 0, nodes[previous].parent == parent {
        nodes[previous].nextSibling = position
        node.previousSibling = previous
      } else {
        nodes[parent].firstChild = position
      }
      nodes.append(node)
      OutlineWalk.set(position, atDepth: depth + 1, in: &path)
      OutlineWalk.set(position, atDepth: depth, in: &lastChild)
      OutlineWalk.set(-1, atDepth: depth + 1, in: &lastChild)
    }
    // A subtree ends where its last descendant's does.
    for position in stride(from: nodes.count - 1, to: 0, by: -1) {
      let parent = nodes[position].parent
      nodes[parent].end = max(nodes[parent].end, nodes[position].end)
    }
    nodes[0].end = nodes.count
    self.nodes = nodes
    lines = Array(repeating: nil, count: nodes.count)
  }

  var count: Int { nodes.count }

  /// The item's line without indentation: marker and tags included.
  func line(at position: Int) -> String {
    if let line = lines[position] { return line }
    let line = TaskPaperPrinter.line(for: nodes[position].item)
    lines[position] = line
    return line
  }

  /// The walking entry of the item at `position`.
  func entry(at position: Int) -> Outline.Entry {
    let node = nodes[position]
    return Outline.Entry(
      item: node.item, depth: node.depth, parentID: node.parent > 0 ? nodes[node.parent].item.id : nil,
      project: node.project > 0 ? nodes[node.project].item : nil
    )
  }
}
