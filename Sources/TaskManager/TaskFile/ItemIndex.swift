import Foundation

/// The ids of a TaskPaper file's items, kept beside the file (never in it): one record per line,
/// in document order, with the line's ``LineKey`` so that the ids can be given back to the
/// right lines after the file was edited elsewhere.
///
/// Stored as `tasks.ids`, a small binary document (32 bytes a line, after a header):
///
/// | bytes | what |
/// | --- | --- |
/// | 8 | `TMIDS` and the version: `54 4D 49 44 53 00 00 02` |
/// | 8 | the number of lines, little-endian |
/// | 8 | the ``FileHash`` of the file the index was written with, little-endian |
/// | 8 | the ``FileHash`` of the lines' records that follow, little-endian |
/// | 32 each | the id's 16 bytes, the text hash (8 bytes, little-endian), the title hash (4 bytes), when taskman first saw the line (4 bytes: seconds since 1970, 0 unknown) |
///
/// The first version (`… 00 00 01`) had neither hash: its header ends after the number of
/// lines. It is still read; a file read with it has its lines hashed one by one, as a file
/// edited elsewhere does.
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
  /// The ``FileHash`` of the file whose lines these are, or nil when not known.
  var fileHash: UInt64?

  static let magic: [UInt8] = [0x54, 0x4D, 0x49, 0x44, 0x53, 0x00, 0x00, 0x02]
  static let firstVersionMagic: [UInt8] = [0x54, 0x4D, 0x49, 0x44, 0x53, 0x00, 0x00, 0x01]
  static let headerSize = 32
  static let firstVersionHeaderSize = 16
  static let recordSize = 32

  init(ids: [UUID] = [], keys: [LineKey] = [], created: [UInt32]? = nil, fileHash: UInt64? = nil) {
    self.ids = ids
    self.keys = keys
    self.created = created ?? [UInt32](repeating: 0, count: ids.count)
    self.fileHash = fileHash
  }

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
        offset += Self.recordSize
      }
      let records = FileHash.of(UnsafeRawBufferPointer(rebasing: raw[Self.headerSize...]))
      raw.storeBytes(of: records.littleEndian, toByteOffset: 24, as: UInt64.self)
    }
    return bytes
  }

  /// Where the records of a whole index of this version or the first start in `data`, or nil
  /// when it is not one: its header, as many records as it says, and (this version) records
  /// that hash to what it says.
  private static func recordsStart(_ data: Data) -> Int? {
    data.withUnsafeBytes { raw in
      guard raw.count >= firstVersionHeaderSize else { return nil }
      let header = raw.prefix(8)
      let start: Int
      if header.elementsEqual(magic) {
        start = headerSize
      } else if header.elementsEqual(firstVersionMagic) {
        start = firstVersionHeaderSize
      } else {
        return nil
      }
      let count = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      guard raw.count >= start, count <= UInt64(raw.count), start + Int(count) * recordSize == raw.count else { return nil }
      if start == headerSize {
        let records = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        guard FileHash.of(UnsafeRawBufferPointer(rebasing: raw[start...])) == records else { return nil }
      }
      return start
    }
  }

  /// The index stored in `data`, or nil when it is not a whole, undamaged index of this
  /// version or the first.
  init?(decoding data: Data) {
    guard let start = Self.recordsStart(data) else { return nil }
    let decoded: ItemIndex = data.withUnsafeBytes { raw in
      let count = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      let stored = start == Self.headerSize ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) : 0
      var ids: [UUID] = []
      var keys: [LineKey] = []
      var created: [UInt32] = []
      ids.reserveCapacity(Int(count))
      keys.reserveCapacity(Int(count))
      created.reserveCapacity(Int(count))
      var offset = start
      for _ in 0..<Int(count) {
        ids.append(UUID(uuid: raw.loadUnaligned(fromByteOffset: offset, as: uuid_t.self)))
        keys.append(
          LineKey(
            content: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)),
            title: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt32.self))
          )
        )
        created.append(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 28, as: UInt32.self)))
        offset += Self.recordSize
      }
      return ItemIndex(ids: ids, keys: keys, created: created, fileHash: stored == 0 ? nil : stored)
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
  func ids(for keys: [LineKey]) -> [UUID] {
    index(for: keys, now: 0).ids
  }

  /// The index of lines with `keys`, given this index of an earlier version of the file: a
  /// matched line keeps its id and when it was first seen (see ``LineMatcher``); any other gets
  /// a derived id, first seen `now`. Every id is different.
  func index(for keys: [LineKey], now: UInt32) -> ItemIndex {
    let matches = LineMatcher.match(old: self.keys, new: keys)
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
    guard !unmatched.isEmpty else { return ItemIndex(ids: result, keys: keys, created: created) }
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
    return ItemIndex(ids: result, keys: keys, created: created)
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
