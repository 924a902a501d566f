#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether standard streams are attached to a terminal, which decides colour and prompts.
enum Terminal {
  /// Whether `fileDescriptor` is a terminal (`isatty(3)`).
  static func isTerminal(_ fileDescriptor: Int32) -> Bool {
    isatty(fileDescriptor) == 1
  }
}
