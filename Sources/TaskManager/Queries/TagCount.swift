import Foundation

/// A tag name and how many items carry it: one line of `taskman tags`.
///
/// ```swift
/// // "- a @home @due(2024-10-31)\n- b @home\n"
/// outline.tagCounts()  // [due: 1, home: 2]
/// ```
public struct TagCount: Hashable, Sendable, CustomStringConvertible {
  /// The tag name, without `@`.
  public var name: String
  /// The number of items with at least one tag of that name.
  public var count: Int

  /// Creates a count.
  public init(name: String, count: Int) {
    self.name = name
    self.count = count
  }

  /// `name: count`.
  public var description: String { "\(name): \(count)" }

  /// Every tag name of `items` with the number of items carrying it (an item that repeats a
  /// tag counts once), sorted by name ignoring case.
  ///
  /// Names are counted ignoring case, as filters match them: `@Weekend` and `@weekend` are one
  /// name, shown in its most common spelling (of equally common ones, the first written).
  public static func counts(in items: some Sequence<Item>) -> [TagCount] {
    var counter = TagCounter()
    for item in items { counter.add(item) }
    return counter.sorted()
  }
}

extension Outline {
  /// Every tag name used in the outline, at any depth and on any kind of item, with the number
  /// of items carrying it, sorted by name; see ``TagCount/counts(in:)``.
  public func tagCounts() -> [TagCount] {
    tagCounter().sorted()
  }

  func tagCounter() -> TagCounter {
    var counter = TagCounter()
    var walk = OutlineWalk(items)
    while walk.next() { counter.add(walk.item) }
    return counter
  }
}

extension Array where Element == Outline.Entry {
  /// The tag counts of these entries' own items (not their children), e.g. of a filtered list.
  public func tagCounts() -> [TagCount] {
    TagCount.counts(in: lazy.map(\.item))
  }
}

struct TagCounter {
  /// Each spelling's place in `spellings` and `counts`, which keep the order first seen.
  private var positions: [String: Int] = [:]
  private var spellings: [String] = []
  /// How many items spell the name so (first, when an item repeats it in another case).
  private var counts: [Int] = []
  /// How many names were compared or hashed: linear in the tags, however many one item has.
  private(set) var work = 0

  /// Up to this many tags, looking back along the item's tags for a repeat beats hashing.
  static let lookBackLimit = 16

  mutating func add(_ item: Item) {
    let tags = item.tags
    if tags.count <= Self.lookBackLimit {
      for index in tags.indices {
        let name = tags[index].name
        // An item counts once per name, whatever the case it repeats it in.
        work += index
        if index > 0, tags[..<index].contains(where: { Tag.namesMatch($0.name, name) }) { continue }
        count(name)
      }
    } else {
      var seen = Set<String>(minimumCapacity: tags.count)
      for tag in tags where seen.insert(Tag.foldedName(tag.name)).inserted { count(tag.name) }
      work += tags.count
    }
  }

  /// Counts by spelling, as written: names are folded only once each, in ``sorted()``.
  private mutating func count(_ spelling: String) {
    if let position = positions[spelling] {
      counts[position] += 1
    } else {
      positions[spelling] = spellings.count
      spellings.append(spelling)
      counts.append(1)
    }
  }

  /// The counts with the spellings of one name together, under the most common spelling (of
  /// equally common ones, the first seen), sorted by the name folded to lowercase.
  func sorted() -> [TagCount] {
    var names: [String: (spelling: String, most: Int, total: Int)] = [:]
    for (spelling, count) in zip(spellings, counts) {
      let key = Tag.foldedName(spelling)
      if var name = names[key] {
        name.total += count
        if count > name.most { (name.spelling, name.most) = (spelling, count) }
        names[key] = name
      } else {
        names[key] = (spelling, count, count)
      }
    }
    return names.sorted { $0.key < $1.key }.map { TagCount(name: $0.value.spelling, count: $0.value.total) }
  }
}
