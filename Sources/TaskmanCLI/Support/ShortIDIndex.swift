import Foundation
import TaskManager

/// Short ids: the shortest unique prefix (at least ``minimumLength`` characters) of each item's
/// id, and the resolution of a typed prefix back to one id.
///
/// An id is written as the 32 lowercase hex digits of its UUID without dashes (`3f2a9c1b0d4e…`),
/// so a prefix never has to stop at or include a dash; a typed prefix may still contain dashes
/// and capitals (a pasted UUID works). Short ids depend on the set of ids: adding items can
/// lengthen a short id, but never changes the id, and every earlier (longer) prefix still
/// resolves as long as it stays unique.
///
/// The index sorts the ids once, by their top bits first (linear for random ids); a short id or a
/// resolution then looks among the few ids that share those bits, so 100,000 ids take
/// milliseconds.
struct ShortIDIndex: Sendable {
  static let minimumLength = 4

  private let sorted: [UInt128]
  /// Where each run of ids with the same top ``bucketBits`` bits starts in `sorted` (and where
  /// the last ends): an id is looked for in its run alone. Empty for a few ids.
  private let bucketStarts: [Int]
  private let bucketBits: Int

  init(_ ids: some Sequence<UUID>) {
    (sorted, _, bucketStarts, bucketBits) = Self.sort(ids.map(Self.number))
  }

  /// The ids of `items` and of everything under them, at any depth.
  init(items: [Item]) {
    var numbers: [UInt128] = []
    var walk = OutlineWalk(items)
    // Only ids are read, so no item is copied (a copy retains its title, tags and children).
    while walk.next() { numbers.append(Self.number(walk.item.id)) }
    (sorted, _, bucketStarts, bucketBits) = Self.sort(numbers)
  }

  /// The short id of `id` among the ids of `items` at any depth (`id` among them or not), in
  /// one pass over them and without an index: for a command that prints one id.
  static func shortID(for id: UUID, among items: [Item]) -> String {
    let value = number(id)
    var shared = 0
    var walk = OutlineWalk(items)
    while walk.next() {
      let other = number(walk.item.id)
      if other != value { shared = max(shared, commonHexDigits(other, value)) }
    }
    return hex(value, digits: min(32, max(minimumLength, shared + 1)))
  }

  /// `numbers` in increasing order, and with `keepingPlaces`, where each came from in `numbers`:
  /// a counting sort on the top bits (random ids spread evenly, so most buckets hold one or
  /// two), then each bucket sorted on its own.
  private static func sort(
    _ numbers: [UInt128], keepingPlaces: Bool = false
  ) -> (sorted: [UInt128], places: [Int], bucketStarts: [Int], bucketBits: Int) {
    guard numbers.count > 64 else {
      let places = numbers.indices.sorted { numbers[$0] < numbers[$1] }
      return (places.map { numbers[$0] }, keepingPlaces ? places : [], [], 0)
    }
    // About one bucket per id, at most 65,536, so a small list does not pay for a big table.
    let bits = min(16, Int.bitWidth - numbers.count.leadingZeroBitCount - 1)
    let bucketCount = 1 << bits
    var starts = [Int](repeating: 0, count: bucketCount + 1)
    for number in numbers { starts[Int(number >> (128 - UInt128(bits))) + 1] += 1 }
    for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
    var next = starts
    var result = [UInt128](repeating: 0, count: numbers.count)
    var places = [Int](repeating: 0, count: keepingPlaces ? numbers.count : 0)
    for (place, number) in numbers.enumerated() {
      let bucket = Int(number >> (128 - UInt128(bits)))
      result[next[bucket]] = number
      if keepingPlaces { places[next[bucket]] = place }
      next[bucket] += 1
    }
    // Buckets of random ids hold one or two, so an insertion sort in place (sorting each as a
    // slice copied it); a big bucket of ids that are not random, a sort of its own.
    result.withUnsafeMutableBufferPointer { result in
      places.withUnsafeMutableBufferPointer { places in
        for bucket in 0..<bucketCount where starts[bucket + 1] - starts[bucket] > 1 {
          let range = starts[bucket]..<starts[bucket + 1]
          if range.count > 16 {
            let order = range.sorted { result[$0] < result[$1] }
            let (numbers, from) = (order.map { result[$0] }, keepingPlaces ? order.map { places[$0] } : [])
            for offset in order.indices {
              result[range.lowerBound + offset] = numbers[offset]
              if keepingPlaces { places[range.lowerBound + offset] = from[offset] }
            }
            continue
          }
          for index in (range.lowerBound + 1)..<range.upperBound {
            let (number, from) = (result[index], keepingPlaces ? places[index] : 0)
            var slot = index
            while slot > range.lowerBound, result[slot - 1] > number {
              result[slot] = result[slot - 1]
              if keepingPlaces { places[slot] = places[slot - 1] }
              slot -= 1
            }
            result[slot] = number
            if keepingPlaces { places[slot] = from }
          }
        }
      }
    }
    return (result, places, starts, bits)
  }

  var count: Int { sorted.count }

  /// The shortest prefix of `id`'s hex digits, at least 4, that no other id in the index shares.
  func shortID(for id: UUID) -> String {
    let value = Self.number(id)
    return Self.hex(value, digits: digits(of: value, at: lowerBound(value)))
  }

  /// ``shortID(for:)`` of each of `ids`, in their order: for a list of many.
  ///
  /// One id at a time, each lookup waits twice on memory (for where its run starts, then for
  /// the run), which listing 100,000 items took 27 ms of on a slow machine. Here `ids` are
  /// sorted first, and then walked beside the index's ids from start to end.
  func shortIDs(for ids: [UUID]) -> [String] {
    // A few among many are looked up: the walk would read every id of the index.
    guard ids.count > 64, ids.count * 8 >= sorted.count else { return ids.map(shortID(for:)) }
    let numbers = ids.map(Self.number)
    let (ordered, places, _, _) = Self.sort(numbers, keepingPlaces: true)
    var lengths = [Int](repeating: 0, count: ids.count)
    var index = 0
    for (value, place) in zip(ordered, places) {
      while index < sorted.count, sorted[index] < value { index += 1 }
      lengths[place] = digits(of: value, at: index)
    }
    return numbers.indices.map { Self.hex(numbers[$0], digits: lengths[$0]) }
  }

  /// How many hex digits of `value` its short id has, `index` being where it is or would be
  /// in the sorted ids.
  private func digits(of value: UInt128, at index: Int) -> Int {
    var shared = 0
    // Only the neighbours in sorted order can share the longest prefix with `value`.
    if index > 0 { shared = max(shared, Self.commonHexDigits(sorted[index - 1], value)) }
    var next = index
    if next < sorted.count, sorted[next] == value { next += 1 }
    if next < sorted.count { shared = max(shared, Self.commonHexDigits(sorted[next], value)) }
    return min(32, max(Self.minimumLength, shared + 1))
  }

  /// The id `text` is a prefix of. Exit 1 when none or several match (the error lists up to ten
  /// candidates, each described by `describe`, e.g. with its title); of several, those not
  /// `isActionable` count only when all are (a blank line's id beside a task's).
  func resolve(
    _ text: String, describe: (UUID) -> String? = { _ in nil }, isActionable: (UUID) -> Bool = { _ in true }
  ) throws(TaskmanError) -> UUID {
    let shown = TextStyle.printable(text)
    guard let prefix = Self.normalizedPrefix(text) else {
      let digits = text.filter { $0 != "-" }
      if digits.count > 32, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) {
        throw .nothingMatched(
          "'\(shown)' is longer than any id: ids have 32 hexadecimal digits",
          hint: "Check for a character typed or pasted twice; any start of an id works, like 3f2a."
        )
      }
      throw .nothingMatched(
        "'\(shown)' is not an id",
        hint: "Ids are hexadecimal, like 3f2a; 'taskman list --all' shows them."
      )
    }
    var candidates = matches(prefix: prefix)
    // Among several, the ids of lines nothing can be done to (blank lines, which no list
    // shows) are left out: a prefix that one item alone has names it.
    if candidates.count > 1 {
      let actionable = candidates.filter(isActionable)
      if !actionable.isEmpty { candidates = actionable }
    }
    switch candidates.count {
    case 0:
      throw .nothingMatched(
        "no item has an id starting with '\(shown)'",
        hint: "'taskman list --all' shows every item's id."
      )
    case 1:
      return candidates[0]
    default:
      let listed = candidates.prefix(10).map { id in
        let short = shortID(for: id)
        return describe(id).map { "\(short) (\(TextStyle.printable($0)))" } ?? short
      }
      let more = candidates.count > 10 ? " and \(candidates.count - 10) more" : ""
      throw .nothingMatched(
        "the id '\(shown)' is ambiguous: it matches \(listed.joined(separator: ", "))\(more)",
        hint: "Type more of the id."
      )
    }
  }

  /// Every id whose hex digits start with `prefix` (lowercase hex digits only), in sorted order.
  func matches(prefix: String) -> [UUID] {
    guard !prefix.isEmpty, prefix.count <= 32, let value = UInt128(prefix, radix: 16) else { return [] }
    let shift = UInt128(4 * (32 - prefix.count))
    let low = value << shift
    let high = low | ((1 << shift) &- 1)
    let start = lowerBound(low)
    var end = start
    while end < sorted.count && sorted[end] <= high { end += 1 }
    return sorted[start..<end].map(Self.uuid)
  }

  /// `text` without dashes, lowercased, if it is 1 to 32 hex digits.
  static func normalizedPrefix(_ text: String) -> String? {
    let digits = text.lowercased().filter { $0 != "-" }
    guard !digits.isEmpty, digits.count <= 32, digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else {
      return nil
    }
    return digits
  }

  // MARK: - Numbers

  /// The index of the first id not below `value`.
  private func lowerBound(_ value: UInt128) -> Int {
    // Every id of an earlier run is below `value` and every id of a later one above, so only
    // `value`'s own run (one or two random ids) is searched.
    var low = 0
    var high = sorted.count
    if bucketBits > 0 {
      let bucket = Int(value >> (128 - UInt128(bucketBits)))
      (low, high) = (bucketStarts[bucket], bucketStarts[bucket + 1])
    }
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// How many leading hex digits `a` and `b` share.
  private static func commonHexDigits(_ a: UInt128, _ b: UInt128) -> Int {
    (a ^ b).leadingZeroBitCount / 4
  }

  /// The id's 16 bytes as one number, the first byte most significant.
  static func number(_ id: UUID) -> UInt128 {
    let (high, low) = withUnsafeBytes(of: id.uuid) {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
    return UInt128(UInt64(bigEndian: high)) << 64 | UInt128(UInt64(bigEndian: low))
  }

  static func uuid(_ value: UInt128) -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: value >> UInt128(8 * (15 - index))) }
    return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
  }

  /// The first `digits` of the 32 lowercase hex digits of `value`, zero-padded.
  ///
  /// By hand: `String(_:radix:)` on `UInt128` is generic and took most of the time of listing
  /// 10,000 tasks.
  static func hex(_ value: UInt128, digits: Int = 32) -> String {
    let alphabet: StaticString = "0123456789abcdef"
    let high = UInt64(truncatingIfNeeded: value >> 64)
    let low = UInt64(truncatingIfNeeded: value)
    return String(unsafeUninitializedCapacity: digits) { buffer in
      alphabet.withUTF8Buffer { alphabet in
        for index in 0..<digits {
          let word = index < 16 ? high : low
          let shift = UInt64(60 - 4 * (index % 16))
          buffer[index] = alphabet[Int((word >> shift) & 0xF)]
        }
      }
      return digits
    }
  }
}
