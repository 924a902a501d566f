#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dependencies
import Foundation
import TaskManager
import TaskmanSystem

extension TaskFileReader {
  /// The way `taskman` reads its task file: the parse on a thread of its own (``ThreadedWork``),
  /// the ids and the journal read meanwhile on this one (``SharedWork``), the session's store
  /// made meanwhile too (`meanwhile`), and the heap the parse is about to take faulted in here
  /// ahead of it. Process tuning, kept in the executable: the session only calls it.
  ///
  /// - Parameter path: The task file's path, whose size bounds how much heap is faulted in.
  static func tuned(fileAt path: String) -> TaskFileReader {
    TaskFileReader { request, meanwhile in
      let storage = request.storage
      let now = request.now
      let readOnly = !request.withJournal
      // The ids and the journal: read here while the file is parsed, unless the parse needs them
      // before this thread gets to them.
      let bookkeeping = SharedWork { TaskFile.loadBookkeeping(from: storage, withJournal: !readOnly) }
      let reading = ThreadedWork {
        Result { () throws(TaskStorageError) in try TaskFile.load(from: storage, now: now) { bookkeeping.value() } }
      }
      // Until the file is read, this thread has only the bookkeeping to read and the store to
      // make. Meanwhile it faults in the heap the reading thread is about to take, so that the
      // kernel zeroes those pages here rather than in the middle of the parse: the first pages,
      // then (bookkeeping and store done) more as the reading thread goes on, up to 8 MiB ahead
      // of what is allocated and no more than the command takes: at 10,000 and 100,000 tasks,
      // the parse takes less than seven times the file's size and the writing of a change two
      // more, so that peak memory stays what it was. (The size is capped so that no sparse file
      // of exabytes overflows the sum.)
      let heapLimit = taskman_heap_frontier() + 9 * UInt(min(fileSize(at: path), 1 << 40))
      var prefaulted: UInt = 0
      // Until no step can do more: waiting is then the only thing left to do.
      var prefaultingIsOver = false
      func prefault() -> Bool {
        guard !prefaultingIsOver else { return false }
        var exhausted: Int32 = 0
        let next = taskman_prefault_heap_step(prefaulted, 8 << 20, heapLimit, &exhausted)
        prefaultingIsOver = exhausted != 0
        defer { prefaulted = next }
        return next != prefaulted
      }
      for _ in 0..<2 {
        if !prefault() { break }
      }
      _ = bookkeeping.value()
      meanwhile()
      var loaded = reading.finishedValue
      // The backup the last change replaced is deleted while the file is still being read,
      // rather than by the next change's save, where the disk's time for it would add to the
      // command's.
      if loaded == nil, !readOnly {
        storage.removeRetiredBackup(of: TaskFile.documentName)
      }
      while loaded == nil {
        if prefault() {
          loaded = reading.finishedValue
        } else if prefaultingIsOver {
          loaded = reading.wait()
        } else {
          // The parse has yet to reach the pages faulted in: a step takes the heap's lock, which
          // the parse needs at every allocation, so not too often.
          loaded = reading.wait(upTo: 0.000_5)
        }
      }
      return loaded!
    }
  }

  /// The size of the file at `path` (links followed), 0 when there is none.
  private static func fileSize(at path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? max(0, Int(info.st_size)) : 0
  }
}
