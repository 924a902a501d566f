// A fuzz target for the TaskPaper parser and printer and for everything taskman reads from
// disk: the user's TaskPaper file, the id index, the undo journal and taskman 0.1's file.
//
// Built with libFuzzer (`-sanitize=fuzzer,address -DFUZZING`), libFuzzer's `main` drives
// `LLVMFuzzerTestOneInput`; see `scripts/fuzz`. Built as usual, it is a program that runs the
// same checks over the files it is given (the seed corpus in `Tests/Fuzz/corpus`), which the test
// suite does. A failed check stops the process (a crash, for libFuzzer) with the reason.

import Foundation
@_spi(Testing) import TaskManager
import TaskPaperFuzzDriver

/// Every check for one input; a failure is fatal, with what went wrong.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  let data = Data(buffer: bytes)

  // The parser never fails, and printing is stable: parse → print → parse → print.
  let text = String(decoding: bytes, as: UTF8.self)
  var next: UInt64 = 0
  let makeID = { () -> UUID in
    next += 1
    return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: next >> 56), UInt8(truncatingIfNeeded: next >> 48),
      UInt8(truncatingIfNeeded: next >> 40), UInt8(truncatingIfNeeded: next >> 32), UInt8(truncatingIfNeeded: next >> 24),
      UInt8(truncatingIfNeeded: next >> 16), UInt8(truncatingIfNeeded: next >> 8), UInt8(truncatingIfNeeded: next)))
  }
  let parsed = TaskPaperParser.parse(text, makeID: makeID)
  let printed = TaskPaperPrinter.print(parsed)
  next = 0
  let parsedAgain = TaskPaperParser.parse(printed, makeID: makeID)
  let reprinted = TaskPaperPrinter.print(parsedAgain)
  if printed != reprinted {
    fatalError("printing is not stable: \(String(reflecting: printed)) prints again as \(String(reflecting: reprinted))")
  }
  // What is printed reads back as the same outline: items, kinds, titles, tags and levels.
  if parsedAgain != parsed {
    fatalError("a printed outline reads back as another one: \(String(reflecting: text)) printed as \(String(reflecting: printed))")
  }

  // The task file: read with its bytes as the index too (any bytes may be a damaged index);
  // written back unchanged, it is the very same bytes; read again, the same outline.
  if let (outline, source) = try? TaskFile.read(data, index: data) {
    let written = writtenBothWays(outline.items, over: source, text)
    if written.file != data {
      fatalError("an unchanged file was written back differently: \(String(reflecting: text)) → \(String(reflecting: String(decoding: written.file, as: UTF8.self)))")
    }
    guard let reread = try? TaskFile.read(written.file, index: written.index) else {
      fatalError("a written file could not be read back: \(String(reflecting: text))")
    }
    if reread.outline != outline {
      fatalError("a written file reads back as another outline: \(String(reflecting: text))")
    }
    // A change to every other item, written and read back: the same items, in the same order.
    var changed = outline
    var index = 0
    for entry in outline.entries() where !entry.item.isBlank {
      defer { index += 1 }
      guard index % 2 == 0 else { continue }
      changed.modifyItem(withID: entry.item.id) { $0.setTag(Tag(name: "fuzz", value: "\(index)")) }
    }
    let rewritten = writtenBothWays(changed.items, over: source, text)
    // Reordered and trimmed: the top-level items reversed, the first one's last child gone.
    var reordered = Array(outline.items.reversed())
    if let last = reordered.indices.last, !reordered[last].children.isEmpty { reordered[last].children.removeLast() }
    _ = writtenBothWays(reordered, over: source, text)
    guard let changedBack = try? TaskFile.read(rewritten.file, index: rewritten.index) else {
      fatalError("a changed file could not be read back: \(String(reflecting: text))")
    }
    // Read through the index's file hash, and line by line: the same lines, ids and items.
    if let slowIndex = TaskFile.indexWithoutFileHash(rewritten.index),
      let slow = try? TaskFile.read(rewritten.file, index: slowIndex),
      slow.source != changedBack.source || slow.outline != changedBack.outline
        || TaskFile.indexIsCurrent(rewritten.index, for: slow.source) != true
    {
      fatalError("a written file reads otherwise through its index's file hash: \(String(reflecting: text))")
    }
    if changedBack.outline.entries().map(\.item.id) != changed.entries().map(\.item.id) {
      fatalError("a changed file reads back with other items or order: \(String(reflecting: text))")
    }
  }

  // The other readers fail cleanly on anything.
  if let journal = try? TaskJournal(decoding: data) {
    for record in journal.records where record.isInline { _ = try? TaskFile.loadEntry(of: record, from: .inMemory) }
    if (try? TaskJournal(decoding: journal.encoded())) != journal {
      fatalError("a journal does not read back as it was written: \(String(reflecting: text))")
    }
  }
  _ = try? TaskJournal.Entry(decoding: data, description: "fuzz")
  _ = try? TaskDocument.decode(data)
}

/// `items` written over `source`, checked to be the same bytes whether subtrees no change
/// touched are copied whole or written line by line.
func writtenBothWays(_ items: [Item], over source: TaskPaperSource, _ text: String) -> TaskFile.Written {
  let written = TaskFile.write(items, over: source)
  let lineByLine = TaskFile.write(items, over: source, copyingUnchangedSubtrees: false)
  if written != lineByLine {
    fatalError("copying unchanged subtrees wrote other bytes than writing each line: \(String(reflecting: text))")
  }
  return written
}

#if FUZZING
  @_cdecl("LLVMFuzzerTestOneInput")
  public func testOneInput(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    check(UnsafeBufferPointer(start: start, count: count))
    return 0
  }
#else
  /// Runs the checks over every file given, or every file in every directory given.
  @main
  enum TaskPaperFuzz {
    static func main() throws {
      var count = 0
      for argument in CommandLine.arguments.dropFirst() {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
          FileHandle.standardError.write(Data("taskpaper-fuzz: no such file: \(argument)\n".utf8))
          exit(2)
        }
        let paths =
          isDirectory.boolValue
          ? try FileManager.default.contentsOfDirectory(atPath: argument).sorted().map { argument + "/" + $0 }
          : [argument]
        for path in paths {
          let data = try Data(contentsOf: URL(fileURLWithPath: path))
          data.withUnsafeBytes { check($0.bindMemory(to: UInt8.self)) }
          count += 1
        }
      }
      print("checked \(count) inputs")
    }
  }
#endif
