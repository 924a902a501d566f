import TaskManager

/// `--tag <name[=value]>`: a tag an item must carry, with a value it must have if one is given.
///
/// Also accepted: a leading `@` (`--tag @today`) and TaskPaper's own form
/// (`--tag '@due(2026-12-01)'`).
struct TagFilter: Hashable, Sendable, ExpressibleByArgument {
  var name: String
  var value: String?

  init(name: String, value: String? = nil) {
    self.name = name
    self.value = value
  }

  init(argument: String) throws(ArgumentValueError) {
    if argument.hasPrefix("@"), argument.hasSuffix(")"), let tag = try? TaskPaperParser.parseTag(argument) {
      self.init(name: tag.name, value: tag.value)
      return
    }
    let text = argument.hasPrefix("@") ? String(argument.dropFirst()) : argument
    let (name, value): (String, String?) =
      if let equals = text.firstIndex(of: "=") {
        (String(text[..<equals]), String(text[text.index(after: equals)...]))
      } else {
        (text, nil)
      }
    try TagName.check(name)
    self.init(name: name, value: value)
  }
}

/// `--not-tag <name>`: a tag name, with or without its `@`.
struct TagName: Hashable, Sendable, ExpressibleByArgument {
  var name: String

  init(name: String) { self.name = name }

  init(argument: String) throws(ArgumentValueError) {
    let name = argument.hasPrefix("@") ? String(argument.dropFirst()) : argument
    try Self.check(name)
    self.init(name: name)
  }

  static func check(_ name: String) throws(ArgumentValueError) {
    guard Tag.isValidName(name) else {
      throw ArgumentValueError(reason: "a tag name is letters, digits, '_', '-' and '.', like 'due' or 'waiting-for'")
    }
  }
}

extension TaskDate: ExpressibleByArgument {
  init(argument: String) throws(ArgumentValueError) {
    let parsed: TaskDate?
    do {
      parsed = try TaskDate.parse(argument)
    } catch {
      throw ArgumentValueError(reason: error.description)
    }
    guard let parsed else { throw ArgumentValueError(reason: "expected a date like 2026-12-01 or 2026-12-01 14:30") }
    self = parsed
  }
}
