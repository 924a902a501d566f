import Foundation
import Testing

@testable import Composable

@Suite struct ChildIDTests {
  @Test func idsOfOneTypeAreEqualExactlyWhenTheirValuesAre() {
    let id = UUID()
    #expect(ChildID(id) == ChildID(id))
    #expect(ChildID(id).hashValue == ChildID(id).hashValue)
    #expect(ChildID(id) != ChildID(UUID()))
    #expect(ChildID("a") != ChildID("b"))
  }

  @Test func idsOfDifferentTypesAreNeverEqual() {
    // Unlike AnyHashable, which converts between integer types; one operator's ids all have the
    // same type, so the difference never shows.
    #expect(ChildID(1) != ChildID(Int8(1)))
    #expect(ChildID("1") != ChildID(1))
    // A cast would unwrap these, and they hash differently from the value inside.
    #expect(ChildID(1) != ChildID(Optional(1)))
    #expect(ChildID(Optional(1)) != ChildID(1))
    #expect(ChildID(1) != ChildID(AnyHashable(1)))
  }

  @Test func idsWorkAsKeys() {
    var counts: [ChildID: Int] = [:]
    for id in [1, 2, 1, 3, 1] { counts[ChildID(id), default: 0] += 1 }
    counts[ChildID("1"), default: 0] += 1
    #expect(counts[ChildID(1)] == 3)
    #expect(counts[ChildID(2)] == 1)
    #expect(counts[ChildID("1")] == 1)
    #expect(counts.count == 4)
  }
}
