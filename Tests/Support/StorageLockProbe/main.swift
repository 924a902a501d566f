// A helper process for StorageTests: it contends for the locks of a file-system
// StorageClient from outside the test process, and can die in the middle of a save.
//
//   storage-lock-probe hold <directory> <document>
//       Takes the document's lock, prints "locked", holds the lock until standard input is
//       closed (or 30 s pass), then releases it and exits 0.
//   storage-lock-probe increment <directory> <document> <times>
//       <times> times: under the lock, loads the document as a decimal number (missing: 0) and
//       saves it plus one.
//   storage-lock-probe save-interrupted <directory> <document> <text>
//       Saves <text> and exits with status 42 just before the new version would be renamed over
//       the document, as a crash there would.
//
// Exit status: 0 done, 1 storage error, 2 bad arguments, 3 standard input never closed,
// 4 lock timeout (as the taskman CLI), 42 interrupted on purpose.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Dependencies
@_spi(Testing) import Storage

func output(_ text: String, to fd: Int32 = STDOUT_FILENO) {
  // Unbuffered on purpose: the test waits for this line while the probe keeps running.
  let bytes = Array((text + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

func fail(_ message: String, status: Int32) -> Never {
  output("storage-lock-probe: \(message)", to: STDERR_FILENO)
  exit(status)
}

/// Blocks until standard input reaches end of file; false if that takes longer than `seconds`.
func waitForEndOfInput(seconds: Int32) -> Bool {
  var buffer = [UInt8](repeating: 0, count: 256)
  var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
  while true {
    let ready = poll(&descriptor, 1, seconds * 1000)
    if ready == 0 { return false }
    if ready < 0 {
      if errno == EINTR { continue }
      return false
    }
    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count == 0 { return true }
    if count < 0 && errno != EINTR { return true }
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
  fail("usage: storage-lock-probe hold|increment|save-interrupted <directory> <document> …", status: 2)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let document = arguments[2]

do {
  switch arguments[0] {
  case "hold":
    let storage = StorageClient.fileSystem(directory: directory)
    let released = try storage.withExclusiveAccess(to: document, timeout: .seconds(10)) { _ in
      output("locked")
      return waitForEndOfInput(seconds: 30)
    }
    if !released { fail("standard input was not closed within 30 s", status: 3) }

  case "increment":
    guard arguments.count == 4, let times = Int(arguments[3]) else {
      fail("usage: storage-lock-probe increment <directory> <document> <times>", status: 2)
    }
    let storage = StorageClient.fileSystem(directory: directory)
    for _ in 0..<times {
      try storage.withExclusiveAccess(to: document, timeout: .seconds(20)) { access in
        let text = try access.load().map { String(decoding: $0, as: UTF8.self) } ?? "0"
        guard let count = Int(text) else { fail("not a number: \(text)", status: 1) }
        try access.save(Data(String(count + 1).utf8))
      }
    }

  case "save-interrupted":
    guard arguments.count == 4 else {
      fail("usage: storage-lock-probe save-interrupted <directory> <document> <text>", status: 2)
    }
    let storage = StorageClient.fileSystem(directory: directory) { _, _ in _exit(42) }
    try storage.save(Data(arguments[3].utf8), document)
    fail("the save was not interrupted", status: 1)

  default:
    fail("unknown command \(arguments[0])", status: 2)
  }
} catch let error as StorageError {
  if case .lockTimeout = error { fail("\(error)", status: 4) }
  fail("\(error)", status: 1)
} catch {
  fail("\(error)", status: 1)
}
