import Foundation
import Testing

@testable import TaskmanCLI

@Suite("Reading lines of input")
struct LineReaderTests {
  private func lines(_ reader: LineReader) -> [LineReader.Line] {
    var all: [LineReader.Line] = []
    while let line = reader.readLine() { all.append(line) }
    return all
  }

  @Test func linesEndWithLineFeedsOrTheEndAndLoseACarriageReturn() {
    #expect(lines(LineReader("one\ntwo\r\n\nlast")) == [.text(Array("one".utf8)), .text(Array("two".utf8)), .text([]), .text(Array("last".utf8))])
    #expect(lines(LineReader("")) == [])
    #expect(lines(LineReader("one\n")) == [.text(Array("one".utf8))])
  }

  @Test func aLineOverTheLimitIsSkippedAndTheNextOneRead() {
    let reader = LineReader(bytes: Array("short\n\(String(repeating: "x", count: 20))\nafter\n".utf8), maximumLineBytes: 10)
    #expect(lines(reader) == [.text(Array("short".utf8)), .tooLong(20), .text(Array("after".utf8))])
  }

  @Test func readsAFileDescriptorAcrossChunksAndSkipsAHugeLineWithoutKeepingIt() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("taskmanTests-lines-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    let huge = String(repeating: "y", count: 300 * 1024)
    try Data("first\n\(huge)\nlast\n".utf8).write(to: url)
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let reader = LineReader(fileDescriptor: handle.fileDescriptor, maximumLineBytes: 100 * 1024)
    let read = lines(reader)
    #expect(read.count == 3)
    #expect(read.first == .text(Array("first".utf8)))
    #expect(read.last == .text(Array("last".utf8)))
    guard case .tooLong(let count) = read[1] else {
      Issue.record("the huge line was not reported: \(read[1])")
      return
    }
    // Reported as soon as it passed the limit, a chunk or so later, not at its end.
    #expect(count > 100 * 1024 && count < 300 * 1024)
  }

  @Test func aLineThatNeverEndsIsReportedOnceItPassesTheLimit() throws {
    let fd = open("/dev/zero", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let reader = LineReader(fileDescriptor: fd, maximumLineBytes: 1024 * 1024)
    guard case .tooLong(let count)? = reader.readLine() else {
      Issue.record("an endless line was not reported as too long")
      return
    }
    #expect(count > 1024 * 1024 && count <= 1024 * 1024 + 64 * 1024)
  }

  @Test func readingToTheEndStopsPastTheLimit() throws {
    let fd = open("/dev/zero", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    #expect(LineReader(fileDescriptor: fd).readToEnd(maximumBytes: 1024 * 1024) == nil)
    #expect(LineReader("one\ntwo").readToEnd(maximumBytes: 100) == Array("one\ntwo".utf8))
  }
}
