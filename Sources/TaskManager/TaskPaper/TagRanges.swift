import Foundation

extension TaskPaperParser {
  /// Where the tags of one line sit, as UTF-8 byte offsets: exactly the tags the parser reads,
  /// so that what shows a line (colouring its tags, say) agrees with what it holds. A tag starts
  /// the line or follows a space or tab, and is followed by whitespace or the end of the line;
  /// `foo@bar.com`, `@25%` and `@tag(value).` are text.
  ///
  /// ```swift
  /// TaskPaperParser.tagRanges(inLine: "- Pay 25% @25% @home")  // [15..<20]
  /// ```
  public static func tagRanges(inLine line: String) -> [Range<Int>] {
    guard line.utf8.contains(ASCII.at) else { return [] }
    return line.withUTF8Bytes { bytes in
      var matches: [TagSyntax.Match] = []
      TagSyntax.scan(bytes, from: 0, to: bytes.count, into: &matches)
      return matches.map { $0.start..<$0.end }
    }
  }
}
