/// `--color <when>`: whether output may be coloured.
enum ColorChoice: String, CaseIterable, Hashable, Sendable, ExpressibleByArgument {
  /// Colour when standard output is a terminal that can show it.
  case auto
  /// Colour even into a pipe (for `| less -R`), unless `NO_COLOR` is set.
  case always
  /// Never colour.
  case never

  /// Whether to colour output, in this order of precedence:
  /// 1. `--color=never`: no colour.
  /// 2. `NO_COLOR` set to anything but the empty string: no colour (the spec says never, so it
  ///    beats `--color=always`, unlike no-color.org's advice).
  /// 3. `--color=always`: colour.
  /// 4. `auto`: colour only when standard output is a terminal and `TERM` is not `dumb`.
  func allowsColor(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
    if self == .never { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if self == .always { return true }
    return outputIsTerminal && environment["TERM"] != "dumb"
  }
}
