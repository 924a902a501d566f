enum TextWrapping {
  /// `text` in lines no wider than `width` columns: broken at spaces, and within a word only
  /// when the word alone is wider (between characters, so a wide one is never cut). Line breaks
  /// in the text are kept.
  static func lines(of text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        var word = String(word)
        var wordWidth = DisplayWidth.of(word)
        if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 { lines.append(line) }
        // A word wider than a line: as much of it as fits on each.
        while wordWidth > width {
          var head = ""
          var headWidth = 0
          for character in word {
            let columns = DisplayWidth.of(character)
            if headWidth + columns > width, headWidth > 0 { break }
            head.append(character)
            headWidth += columns
          }
          lines.append(head)
          word.removeFirst(head.count)
          wordWidth -= headWidth
        }
        line = word
        lineWidth = wordWidth
      }
      lines.append(line)
    }
    return lines
  }
}
