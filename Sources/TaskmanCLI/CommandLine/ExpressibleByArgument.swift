/// A type whose values can be written as one command-line word, e.g. `--color never`.
///
/// ```swift
/// enum ColorChoice: String, CaseIterable, ExpressibleByArgument { case auto, always, never }
/// ```
protocol ExpressibleByArgument: Sendable {
  /// Reads a value as written on the command line; throws why it is not one.
  init(argument: String) throws(ArgumentValueError)
  /// Every value accepted, for help and errors; empty when the set is open (any text, any number).
  static var allValueStrings: [String] { get }
}

/// Why a word is not a value of the type it was given for; `reason` completes
/// "invalid value 'x' for --color <when>: …".
struct ArgumentValueError: Error, Hashable, Sendable {
  var reason: String
}

extension ExpressibleByArgument {
  static var allValueStrings: [String] { [] }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
  init(argument: String) throws(ArgumentValueError) {
    guard let value = Self(rawValue: argument) else {
      throw ArgumentValueError(reason: "expected \(Self.allValueStrings.joinedAsAlternatives())")
    }
    self = value
  }

  static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
  init(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
  init(argument: String) throws(ArgumentValueError) {
    guard let value = Int(argument) else { throw ArgumentValueError(reason: "expected a whole number") }
    self = value
  }
}

extension [String] {
  /// `a`, `a or b`, `a, b or c`: how errors list alternatives.
  func joinedAsAlternatives(conjunction: String = "or") -> String {
    switch count {
    case 0: return ""
    case 1: return self[0]
    default: return dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
  }
}
