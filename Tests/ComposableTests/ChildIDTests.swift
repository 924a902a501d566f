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
    // `AnyHashable` is not `Sendable`, so only a fingerprint can be taken of one; it is still
    // another type than the value it wraps.
    #expect(ChildID(fingerprintOf: 1) != ChildID(fingerprintOf: AnyHashable(1)))
    #expect(ChildID(fingerprintOf: 1) != ChildID(fingerprintOf: Int8(1)))
    #expect(ChildID(fingerprintOf: 1) != ChildID(fingerprintOf: Optional(1)))
  }

  @Test func fingerprintsOfOneTypeAreEqualExactlyWhenTheirValuesAreAndNeverEqualAnIDKeptWhole() {
    let id = UUID()
    #expect(ChildID(fingerprintOf: id) == ChildID(fingerprintOf: id))
    #expect(ChildID(fingerprintOf: id).hashValue == ChildID(fingerprintOf: id).hashValue)
    #expect(ChildID(fingerprintOf: id) != ChildID(fingerprintOf: UUID()))
    #expect(ChildID(fingerprintOf: "a") != ChildID(fingerprintOf: "b"))
    #expect(ChildID(fingerprintOf: id) != ChildID(id))
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
