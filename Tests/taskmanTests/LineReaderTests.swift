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
    #expect(lines(reader) == [.text(Array("first".utf8)), .tooLong(300 * 1024), .text(Array("last".utf8))])
  }
}
