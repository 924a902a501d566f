import Foundation
import Testing

@testable import TaskmanCLI

@Suite("Text output")
struct TextOutputTests {
  @Test func textAndBytesArriveInTheOrderWrittenWhateverTheirSize() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("taskman-output-\(UUID().uuidString)").path
    defer { unlink(path) }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(fd >= 0)
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
    do {
      let output = TextOutput(fileDescriptor: fd)
      output.write("first\n")
      output.write(utf8: Array("short\n".utf8))
      // Long text goes out at once, after what was buffered before it.
      output.write(utf8: long)
      output.write("last\n")
      output.flush()
    }
    close(fd)
    let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(written == Array("first\nshort\n".utf8) + long + Array("last\n".utf8))
  }
}
