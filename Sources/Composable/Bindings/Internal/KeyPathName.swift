/// The name of a key path as written in source, relative to its root: `\.title`.
enum KeyPathName {
  /// `\.title` for `\Form.title`. Swift describes a key path as `\Root.path`; the root's name
  /// goes, and a computed component's address (`<computed 0x7f… (Int)>`, different at every
  /// run) is left out so that dumps stay the same from run to run.
  static func relative<Root>(_ keyPath: PartialKeyPath<Root>, root: Root.Type) -> String {
    var text = String(describing: keyPath)
    let prefix = "\\" + String(describing: root)
    if text.hasPrefix(prefix) {
      text = "\\" + text.dropFirst(prefix.count)
    }
    while let range = text.range(of: "<computed 0x") {
      var end = range.upperBound
      while end < text.endIndex, text[end].isHexDigit { text.formIndex(after: &end) }
      text.replaceSubrange(range.lowerBound..<end, with: "<computed")
    }
    return text
  }
}
