import Foundation

/// The ids of a TaskPaper file's items, kept beside the file (never in it): one record per line,
/// in document order, with the line's ``LineKey`` and its parent line so that the ids can be
/// given back to the right lines after the file was edited elsewhere.
///
/// Stored as `tasks.ids`, a small binary document (44 bytes a line, after a header):
///
/// | bytes | what |
/// | --- | --- |
/// | 8 | `TMIDS` and the version: `54 4D 49 44 53 00 00 03` |
/// | 8 | the number of lines, little-endian |
/// | 8 | the ``FileHash`` of the file the index was written with, little-endian |
/// | 8 | the ``FileHash`` of the lines' records that follow, little-endian |
/// | 44 each | the id's 16 bytes, the text hash (8 bytes, little-endian), the title hash (4 bytes), when taskman first saw the line (4 bytes: seconds since 1970, 0 unknown), the line's parent (4 bytes: its line number from 1, 0 at the top level, `FF FF FF FF` unknown), the ``TitleSketch`` (8 bytes) |
///
/// Earlier versions are still read, without the parents and sketches (matching then works as it
/// did before they were kept): the second (`… 00 00 02`) has 32-byte records that end after
/// when the line was first seen; the first (`… 00 00 01`) has these records and neither hash,
/// its header ending after the number of lines. A file read with either has its lines hashed
/// one by one, as a file edited elsewhere does, so the next index written has every signal.
///
/// When the file's hash is the one the index holds, the file is the one taskman wrote, and its
/// lines are the index's without hashing and matching each of them (its ids still checked for
/// repeats). An index that is missing, damaged (its
/// records do not hash to what it says) or of another version is ignored: every line then gets
/// the id ``derivedID(key:occurrence:)`` gives it, the same every time, so ids stay stable even
/// for a reader that cannot write the index.
struct ItemIndex: Equatable, Sendable {
  var ids: [UUID]
  var keys: [LineKey]
  /// When taskman first saw each line, in seconds since 1970; 0 when unknown.
  var created: [UInt32]
  /// Each line's parent line, -1 at the top level, ``unknownParent`` when not known (an index
  /// of an earlier version).
  var parents: [Int]
  /// The ``FileHash`` of the file whose lines these are, or nil when not known.
  var fileHash: UInt64?

  static let magic: [UInt8] = [0x54, 0x4D, 0x49, 0x44, 0x53, 0x00, 0x00, 0x03]
  static let secondVersionMagic: [UInt8] = [0x54, 0x4D, 0x49, 0x44, 0x53, 0x00, 0x00, 0x02]
  static let firstVersionMagic: [UInt8] = [0x54, 0x4D, 0x49, 0x44, 0x53, 0x00, 0x00, 0x01]
  static let headerSize = 32
  static let firstVersionHeaderSize = 16
  static let recordSize = 44
  static let earlierRecordSize = 32
  /// A parent not known: a line read from an index of an earlier version.
  static let unknownParent = -2

  init(ids: [UUID] = [], keys: [LineKey] = [], created: [UInt32]? = nil, parents: [Int]? = nil, fileHash: UInt64? = nil) {
    self.ids = ids
    self.keys = keys
    self.created = created ?? [UInt32](repeating: 0, count: ids.count)
    self.parents = parents ?? [Int](repeating: Self.unknownParent, count: ids.count)
    self.fileHash = fileHash
  }

  /// Whether the lines' ``TitleSketch``es are known: false for an index of an earlier version,
  /// whose file is then read line by line even when it is the one taskman wrote.
  var hasSketches: Bool { keys.first.map { $0.sketch != 0 } ?? true }

  /// The stored form.
  func encoded() -> Data {
    // Written through a raw buffer: appending field by field to a `Data` costs more than the
    // rest of a save at 10,000 lines.
    let count = Self.headerSize + ids.count * Self.recordSize
    // Written in place: a `Data` made from a finished array would be a second copy.
    var bytes = Data(count: count)
    bytes.withUnsafeMutableBytes { raw in
      raw.copyBytes(from: Self.magic)
      raw.storeBytes(of: UInt64(ids.count).littleEndian, toByteOffset: 8, as: UInt64.self)
      raw.storeBytes(of: (fileHash ?? 0).littleEndian, toByteOffset: 16, as: UInt64.self)
      var offset = Self.headerSize
      for index in ids.indices {
        withUnsafeBytes(of: ids[index].uuid) { id in
          UnsafeMutableRawBufferPointer(rebasing: raw[offset..<(offset + 16)]).copyMemory(from: id)
        }
        raw.storeBytes(of: keys[index].content.littleEndian, toByteOffset: offset + 16, as: UInt64.self)
        raw.storeBytes(of: keys[index].title.littleEndian, toByteOffset: offset + 24, as: UInt32.self)
        raw.storeBytes(of: created[index].littleEndian, toByteOffset: offset + 28, as: UInt32.self)
        let parent = parents[index]
        let storedParent: UInt32 = parent < -1 || parent >= Int(UInt32.max) - 1 ? .max : UInt32(parent + 1)
        raw.storeBytes(of: storedParent.littleEndian, toByteOffset: offset + 32, as: UInt32.self)
        raw.storeBytes(of: keys[index].sketch.littleEndian, toByteOffset: offset + 36, as: UInt64.self)
        offset += Self.recordSize
      }
      let records = FileHash.of(UnsafeRawBufferPointer(rebasing: raw[Self.headerSize...]))
      raw.storeBytes(of: records.littleEndian, toByteOffset: 24, as: UInt64.self)
    }
    return bytes
  }

  /// Where the records of a whole index of this version or an earlier one start in `data`, and
  /// how long each is, or nil when it is not one: its header, as many records as it says, and
  /// (from the second version) records that hash to what it says.
  private static func layout(_ data: Data) -> (start: Int, recordSize: Int)? {
    data.withUnsafeBytes { raw in
      guard raw.count >= firstVersionHeaderSize else { return nil }
      let header = raw.prefix(8)
      let start: Int
      let recordSize: Int
      if header.elementsEqual(magic) {
        (start, recordSize) = (headerSize, Self.recordSize)
      } else if header.elementsEqual(secondVersionMagic) {
        (start, recordSize) = (headerSize, earlierRecordSize)
      } else if header.elementsEqual(firstVersionMagic) {
        (start, recordSize) = (firstVersionHeaderSize, earlierRecordSize)
      } else {
        return nil
      }
      let count = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      guard raw.count >= start, count <= UInt64(raw.count), start + Int(count) * recordSize == raw.count else { return nil }
      if start == headerSize {
        let records = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        guard FileHash.of(UnsafeRawBufferPointer(rebasing: raw[start...])) == records else { return nil }
      }
      return (start, recordSize)
    }
  }

  /// The index stored in `data`, or nil when it is not a whole, undamaged index of this
  /// version or an earlier one.
  init?(decoding data: Data) {
    guard let (start, recordSize) = Self.layout(data) else { return nil }
    let decoded: ItemIndex = data.withUnsafeBytes { raw in
      let count = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      let stored = start == Self.headerSize ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) : 0
      let hasSignals = recordSize == Self.recordSize
      var ids: [UUID] = []
      var keys: [LineKey] = []
      var created: [UInt32] = []
      var parents: [Int] = []
      ids.reserveCapacity(Int(count))
      keys.reserveCapacity(Int(count))
      created.reserveCapacity(Int(count))
      parents.reserveCapacity(Int(count))
      var offset = start
      for _ in 0..<Int(count) {
        ids.append(UUID(uuid: raw.loadUnaligned(fromByteOffset: offset, as: uuid_t.self)))
        keys.append(
          LineKey(
            content: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)),
            title: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt32.self)),
            sketch: hasSignals ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 36, as: UInt64.self)) : 0
          )
        )
        created.append(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 28, as: UInt32.self)))
        if hasSignals {
          let parent = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 32, as: UInt32.self))
          parents.append(parent == .max ? Self.unknownParent : Int(parent) - 1)
        } else {
          parents.append(Self.unknownParent)
        }
        offset += recordSize
      }
      return ItemIndex(ids: ids, keys: keys, created: created, parents: parents, fileHash: stored == 0 ? nil : stored)
    }
    self = decoded
  }

  /// Whether no id is there twice: what ``index(for:now:)`` makes sure of for the ids it gives,
  /// and what an index read as it is (the file taskman wrote) must be checked for.
  ///
  /// The table holds positions in ``ids`` (4 bytes a slot) rather than the ids (16): at 10,000
  /// lines it is 64 KB instead of half a megabyte, on every command's path, and fresh memory is
  /// slow to come by in some virtual machines.
  var idsAreUnique: Bool {
    guard ids.count < Int(Int32.max) else { return Set(ids).count == ids.count }
    var size = 16
    while size < ids.count * 2 { size *= 2 }
    let mask = size - 1
    // 0 marks an empty slot; a slot holds a position plus one.
    var slots = [Int32](repeating: 0, count: size)
    return ids.withUnsafeBufferPointer { ids in
      slots.withUnsafeMutableBufferPointer { slots in
        for position in ids.indices {
          let id = ids[position]
          var slot = IDSet.slot(of: id, mask: mask)
          while slots[slot] != 0 {
            if ids[Int(slots[slot]) - 1] == id { return false }
            slot = (slot + 1) & mask
          }
          slots[slot] = Int32(position + 1)
        }
        return true
      }
    }
  }

  /// The ids of lines with `keys`, given this index of an earlier version of the file: a
  /// matched line keeps its id (see ``LineMatcher``); any other gets a derived one. Every id
  /// returned is different.
  func ids(for keys: [LineKey], parents: [Int]? = nil) -> [UUID] {
    index(for: keys, parents: parents, now: 0).ids
  }

  /// The index of lines with `keys` and `parents` (each line's parent line, -1 at the top
  /// level; nil when not known), given this index of an earlier version of the file: a matched
  /// line keeps its id and when it was first seen (see ``LineMatcher``); any other gets a
  /// derived id, first seen `now`. Every id is different.
  func index(for keys: [LineKey], parents: [Int]? = nil, now: UInt32) -> ItemIndex {
    let matches = LineMatcher.match(old: self.keys, new: keys, oldParents: self.parents, newParents: parents ?? [])
    var created = [UInt32](repeating: now, count: keys.count)
    for index in keys.indices where matches[index] >= 0 { created[index] = self.created[matches[index]] }
    var used = IDSet(capacity: keys.count)
    var result = [UUID](repeating: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), count: keys.count)
    var unmatched: [Int] = []
    for index in keys.indices {
      // A damaged index could repeat an id; the later line then counts as new.
      if matches[index] >= 0, used.insert(ids[matches[index]]).inserted {
        result[index] = ids[matches[index]]
      } else {
        unmatched.append(index)
      }
    }
    guard !unmatched.isEmpty else { return ItemIndex(ids: result, keys: keys, created: created, parents: parents) }
    var occurrences: [UInt64: Int] = [:]
    for index in unmatched {
      let key = Self.derivationKey(keys[index])
      var occurrence = occurrences[key, default: 0]
      var id = Self.derivedID(key: key, occurrence: occurrence)
      while !used.insert(id).inserted {
        occurrence += 1
        id = Self.derivedID(key: key, occurrence: occurrence)
      }
      occurrences[key] = occurrence + 1
      result[index] = id
    }
    return ItemIndex(ids: result, keys: keys, created: created, parents: parents)
  }

  /// What a derived id is a function of: the kind and title of a line that has a title (so a
  /// line whose tags change, in a file taskman has not written yet, keeps its id), else its
  /// text.
  private static func derivationKey(_ key: LineKey) -> UInt64 {
    key.title != 0 ? UInt64(key.title) | 1 << 63 : key.content & ~(1 << 63)
  }

  /// The id a line gets when nothing else names it: a function of its derivation key and of how
  /// many new lines with the same key come before it, so a file read twice without an index
  /// gives its lines the same ids both times.
  static func derivedID(key: UInt64, occurrence: Int) -> UUID {
    let high = LineHash.mix(key ^ 0x6A09_E667_F3BC_C909 &+ UInt64(occurrence) &* 0x9E37_79B9_7F4A_7C15)
    let low = LineHash.mix(high ^ 0xBB67_AE85_84CA_A73B)
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[index] = UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * index))
      bytes[8 + index] = UInt8(truncatingIfNeeded: low >> UInt64(56 - 8 * index))
    }
    // A version 8 (custom) UUID of RFC 9562's variant.
    bytes[6] = bytes[6] & 0x0F | 0x80
    bytes[8] = bytes[8] & 0x3F | 0x80
    return bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
  }
}

/// A set of ids for checking that ids are unique: open addressing on the ids' own random bits,
/// many times faster than `Set<UUID>`, which hashes every id with SipHash.
struct IDSet {
  private var slots: [UInt128]
  private let mask: Int

  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [UInt128](repeating: 0, count: size)
    mask = size - 1
  }

  /// Adds `id`; false when it was there already.
  mutating func insert(_ id: UUID) -> (inserted: Bool, memberAfterInsert: UUID) {
    // 0 marks an empty slot; the all-zero id is kept as 1, which no UUID generator makes.
    let value = max(1, withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt128.self) })
    var slot = Self.slot(of: id, mask: mask)
    while slots[slot] != 0 {
      if slots[slot] == value { return (false, id) }
      slot = (slot + 1) & mask
    }
    slots[slot] = value
    return (true, id)
  }

  /// Where `id`'s probe starts in a table of `mask + 1` slots: from its own random bits.
  @inline(__always)
  static func slot(of id: UUID, mask: Int) -> Int {
    let value = withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt128.self) }
    return Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: value >> 64) ^ UInt64(truncatingIfNeeded: value)) & mask
  }
}
