import Foundation
import Testing

import TaskManager
@testable import TaskmanCLI

@Suite("Short ids")
struct ShortIDIndexTests {
  /// `count` ids 0x1_0000 apart from `start`: many share their top bits.
  private func counted(from start: UInt128, count: Int) -> [UUID] {
    (0..<count).map { ShortIDIndex.uuid(start + UInt128($0) * 0x1_0000) }
  }

  private static func randomIDs(_ count: Int, seed: UInt64) -> [UUID] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in ShortIDIndex.uuid(UInt128(generator.next()) << 64 | UInt128(generator.next())) }
  }

  private func id(_ hex: String) -> UUID {
    let padded = hex + String(repeating: "0", count: 32 - hex.count)
    let chars = Array(padded)
    let dashed = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
    return UUID(uuidString: dashed)!
  }

  @Test func atLeastFourCharactersAndLongEnoughToBeUnique() {
    let a = id("3f2a9c"), b = id("3f2a9d"), c = id("77"), d = id("3f2b")
    let index = ShortIDIndex([a, b, c, d])
    #expect(index.shortID(for: a) == "3f2a9c")
    #expect(index.shortID(for: b) == "3f2a9d")
    #expect(index.shortID(for: c) == "7700")
    #expect(index.shortID(for: d) == "3f2b")
  }

  @Test func oneIdsShortIdWithoutAnIndexIsTheIndexOnes() {
    // Nested at any depth, the id itself among the items or not.
    let ids = [id("3f2a9c"), id("3f2a9d"), id("77"), id("3f2b"), id("3f2a9c01")]
    let items = [
      Item(id: ids[0], kind: .project, title: "A", children: [Item(id: ids[1], kind: .task, title: "b", level: 1)]),
      Item(id: ids[2], kind: .task, title: "c"),
      Item(id: ids[3], kind: .note, title: "d"),
    ]
    let index = ShortIDIndex(ids.prefix(4))
    for id in ids.prefix(4) {
      #expect(ShortIDIndex.shortID(for: id, among: items) == index.shortID(for: id))
    }
    #expect(ShortIDIndex.shortID(for: ids[4], among: items) == "3f2a9c01")
  }

  @Test func aLoneIdIsFourCharacters() {
    let only = UUID()
    #expect(ShortIDIndex([only]).shortID(for: only) == String(only.uuidString.lowercased().prefix(4)))
  }

  @Test func anyUniquePrefixResolvesWhateverItsCaseAndDashes() throws {
    let a = id("3f2a9c1b0d4e4c5f9a7b1c2d3e4f5a6b"), b = id("3f2a9d")
    let index = ShortIDIndex([a, b])
    #expect(try index.resolve("3f2a9c") == a)
    #expect(try index.resolve("3F2A9C1B") == a)
    #expect(try index.resolve(a.uuidString) == a)
    #expect(try index.resolve(a.uuidString.lowercased()) == a)
    #expect(try index.resolve("3f2a9d") == b)
    // Any unique prefix, even shorter than what is shown.
    #expect(try ShortIDIndex([a, id("77")]).resolve("3") == a)
  }

  @Test func anUnknownPrefixIsExitOneNamingIt() {
    let index = ShortIDIndex([id("3f2a")])
    do {
      _ = try index.resolve("beef")
      Issue.record("resolved")
    } catch {
      #expect(error.exitCode == .nothingMatched)
      #expect(error.message == "no item has an id starting with 'beef'")
    }
    do {
      _ = try index.resolve("milk")
      Issue.record("resolved")
    } catch {
      #expect(error.exitCode == .nothingMatched)
      #expect(error.message == "'milk' is not an id")
    }
  }

  @Test func aHexNumberLongerThanAnIdIsSaidToBe() {
    let index = ShortIDIndex([id("3f2a1")])
    do {
      _ = try index.resolve("0ed3e9a9-f2c2-4424-9a6a-fc1508b83b2aff")
      Issue.record("resolved")
    } catch {
      #expect(error.exitCode == .nothingMatched)
      #expect(error.message == "'0ed3e9a9-f2c2-4424-9a6a-fc1508b83b2aff' is longer than any id: ids have 32 hexadecimal digits")
    }
  }

  @Test func anAmbiguousPrefixListsTheCandidatesWithTheirShortIds() {
    let a = id("3f2a1"), b = id("3f2a2"), c = id("3f2b")
    let index = ShortIDIndex([a, b, c])
    do {
      _ = try index.resolve("3f2", describe: { $0 == a ? "Buy milk" : $0 == b ? "Call Bob" : "Pay rent" })
      Issue.record("resolved")
    } catch {
      #expect(error.exitCode == .nothingMatched)
      #expect(error.message == "the id '3f2' is ambiguous: it matches 3f2a1 (Buy milk), 3f2a2 (Call Bob), 3f2b (Pay rent)")
      #expect(error.hint == "Type more of the id.")
    }
  }

  @Test func idsNothingCanBeDoneToCountOnlyWhenTheyAreAllThereIs() throws {
    // A blank line's id beside a task's: the prefix names the task.
    let blank = id("3f2a1"), task = id("3f2b"), otherBlank = id("3f2c")
    let index = ShortIDIndex([blank, task, otherBlank])
    #expect(try index.resolve("3f2", isActionable: { $0 == task }) == task)
    #expect(try index.resolve("3f2a", isActionable: { $0 == task }) == blank, "an exact prefix still names its line")
    do {
      _ = try index.resolve("3f2", isActionable: { _ in false })
      Issue.record("resolved")
    } catch {
      #expect(error.message.hasPrefix("the id '3f2' is ambiguous: it matches 3f2a"))
    }
  }

  @Test func manyCandidatesAreCutAtTen() {
    let ids = (0..<16).map { id("ab" + String($0, radix: 16)) }
    do {
      _ = try ShortIDIndex(ids).resolve("ab")
      Issue.record("resolved")
    } catch {
      #expect(error.message.hasSuffix(" and 6 more"))
    }
  }

  @Test func aHundredThousandIdsGetUniqueShortIdsThatResolveBack() throws {
    var generator = SplitMix64(seed: 7)
    let ids = (0..<100_000).map { _ in
      var bytes = [UInt8](repeating: 0, count: 16)
      for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
      return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
    let index = ShortIDIndex(ids)
    let shorts = ids.map(index.shortID)
    #expect(Set(shorts).count == ids.count)
    #expect(shorts.allSatisfy { $0.count >= 4 })
    // Each short id is minimal: one character less would be shared with another id.
    for (id, short) in zip(ids, shorts).prefix(2000) {
      #expect(try index.resolve(short) == id)
      if short.count > 4 { #expect(index.matches(prefix: String(short.dropLast())).count > 1) }
    }
  }

  @Test func itemsAtEveryDepthAndIdsSharingTheirFirstDigitsAreAllIndexed() throws {
    // Counted ids (as tests make them) all share their first 16 digits; random ones do not.
    let counted = (1...300).map { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", $0))! }
    var generator = SplitMix64(seed: 3)
    let random = (0..<300).map { _ in
      var bytes = [UInt8](repeating: 0, count: 16)
      for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
      return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
    let nested = Item(
      id: random[0], kind: .project, title: "Outer",
      children: [Item(id: random[1], kind: .task, title: "Inner", level: 1, children: counted.map { Item(id: $0, kind: .task, title: "Deep", level: 2) })]
    )
    let items = [nested] + random.dropFirst(2).map { Item(id: $0, kind: .task, title: "Top") }
    let index = ShortIDIndex(items: items)
    #expect(index.count == counted.count + random.count)
    #expect(index.matches(prefix: "0000000000000000").count == counted.count)
    let ids = counted + random
    let shorts = ids.map(index.shortID)
    #expect(Set(shorts).count == ids.count)
    for (id, short) in zip(ids, shorts) { #expect(try index.resolve(short) == id) }
    #expect(index.shortID(for: counted[0]) == "00000000000000000000000000000001")
  }

  @Test func idsBunchedAnywhereGetTheShortestUniquePrefix() {
    // Random ids are found among the few that share their top bits; ids bunched at the bottom,
    // at the top or in the middle, many sharing them, must be found as surely.
    let random = Self.randomIDs(150, seed: 5)
    let ids = counted(from: 1, count: 150) + counted(from: UInt128.max - 0x1_0000 * 200, count: 150)
      + counted(from: UInt128(1) << 127, count: 150) + random
    let numbers = ids.map(ShortIDIndex.number)
    let index = ShortIDIndex(ids)
    let absent = counted(from: 0x8000, count: 3) + counted(from: (UInt128(1) << 127) + 0x8000, count: 3)
    for id in ids + absent {
      let value = ShortIDIndex.number(id)
      let shared = numbers.filter { $0 != value }.map { ($0 ^ value).leadingZeroBitCount / 4 }.max() ?? 0
      #expect(index.shortID(for: id) == ShortIDIndex.hex(value, digits: min(32, max(4, shared + 1))))
    }
  }

  @Test func aListsShortIdsAreEachIdsOwnInTheListsOrder() {
    // Many at once are sorted and walked beside the index: the same ids as one at a time, for
    // ids in any order, repeated, absent from the index, and bunched (big runs of one bucket).
    var generator = SplitMix64(seed: 11)
    let random = Self.randomIDs(3000, seed: 12)
    let bunched = counted(from: UInt128(1) << 127, count: 200)
    let index = ShortIDIndex(random + bunched)
    let absent = counted(from: (UInt128(1) << 127) + 0x8000, count: 40) + [ShortIDIndex.uuid(0), ShortIDIndex.uuid(.max)]
    var shuffled = random + bunched
    for slot in shuffled.indices.reversed() {
      shuffled.swapAt(slot, Int(generator.next() % UInt64(slot + 1)))
    }
    // Against a smaller index too, so that short lists are walked rather than looked up.
    let smallIndex = ShortIDIndex(bunched + random.prefix(300))
    let cases = [
      (index, shuffled),
      (index, Array(shuffled.prefix(500)) + absent + Array(shuffled.prefix(30))),
      (smallIndex, Array(bunched.reversed())),
      (smallIndex, Array(random.prefix(70)) + absent),
      (smallIndex, Array(random.suffix(100))),
    ]
    for (index, list) in cases {
      #expect(index.shortIDs(for: list) == list.map(index.shortID(for:)))
    }
    #expect(index.shortIDs(for: []) == [])
  }

  @Test func idsRoundTripThroughTheirNumbers() {
    let original = UUID()
    #expect(ShortIDIndex.uuid(ShortIDIndex.number(original)) == original)
    #expect(ShortIDIndex.hex(ShortIDIndex.number(original)) == original.uuidString.lowercased().filter { $0 != "-" })
  }
}
