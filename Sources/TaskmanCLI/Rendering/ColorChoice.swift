/// `--color <when>`: whether output may be coloured.
enum ColorChoice: String, CaseIterable, Hashable, Sendable, ExpressibleByArgument {
  /// Colour when standard output is a terminal that can show it.
  case auto
  /// Colour even into a pipe (for `| less -R`), and even with `NO_COLOR` set: a flag given on
  /// the command line overrides the variable, as no-color.org says.
  case always
  /// Never colour.
  case never

  /// Whether to colour output, in this order of precedence:
  /// 1. `--color=never`: no colour.
  /// 2. `--color=always`: colour, whatever `NO_COLOR` says (no-color.org: a command-line flag
  ///    overrides the variable).
  /// 3. `NO_COLOR` set to anything but the empty string: no colour.
  /// 4. `auto`: colour only when standard output is a terminal and `TERM` is not `dumb`.
  func allowsColor(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .never: return false
    case .always: return true
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      return outputIsTerminal && environment["TERM"] != "dumb"
    }
  }
}
