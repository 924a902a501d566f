/// One declared flag, option or argument of a command, with where its value goes.
///
/// A command lists its parameters once, in its ``CommandConfiguration``; the parser reads the
/// command line with them, writes each value through its key path into a fresh command value,
/// and the help page is generated from the same list, so help cannot drift from parsing.
///
/// ```swift
/// struct ShowCommand: ParsableCommand {
///   var id = ""
///   var json = false
///   static let configuration = CommandConfiguration<Self>(
///     name: "show", abstract: "Show one item with its notes and subtasks.",
///     parameters: [
///       .argument(\.id, name: "id", value: .id, help: "The item's id, or any unique prefix of it."),
///       .flag(\.json, name: "json", help: "Print JSON instead of TaskPaper text."),
///     ]
///   )
/// }
/// ```
///
/// Options and flags may come in any order and anywhere among the arguments, before `--`.
/// A non-repeating option given twice keeps its last value, as most Unix tools do.
struct Parameter<Root>: Sendable {
  /// Usually one; several for a group of mutually exclusive flags (`--done | --all`).
  let definitions: [ParameterDefinition]
  /// Writes the parsed words of ``definitions`` into the command; leaves it as it was when none
  /// was given, so defaults live in the command's property initialisers.
  let apply: @Sendable (inout Root, ParsedValues) throws(TaskmanError) -> Void
}

/// The words the parser found, by definition, in the order written, for ``Parameter/apply``.
struct ParsedValues: Sendable {
  /// Each given flag, option or argument's words (an empty string per flag occurrence), keyed
  /// by ``ParameterDefinition/key``.
  var words: [String: [String]] = [:]
  /// The flag keys in the order they were written, so an exclusive group can name both.
  var flagOrder: [String] = []
  /// The usage line of the command being parsed, for error messages.
  var usage: String { makeUsage() }
  /// The command's name for hints (`list`), or nil for the options before any command.
  var commandName: String?
  /// Makes ``usage``: only a command line in error needs it.
  private let makeUsage: @Sendable () -> String

  init(usage: @escaping @autoclosure @Sendable () -> String, commandName: String?) {
    makeUsage = usage
    self.commandName = commandName
  }

  subscript(definition: ParameterDefinition) -> [String] { words[definition.key] ?? [] }

  /// A usage error about a value, with the usage line and a pointer to the command's help.
  func invalidValue(_ word: String, for definition: ParameterDefinition, reason: String) -> TaskmanError {
    .usage(
      "invalid value '\(word)' for \(definition.synopsis): \(reason)",
      usage: usage,
      hint: helpHint
    )
  }

  var helpHint: String {
    "Run 'taskman help\(commandName.map { " \($0)" } ?? "")' for more."
  }
}

extension Parameter {
  /// `--name`: sets the Bool to true when present.
  static func flag(
    _ keyPath: WritableKeyPath<Root, Bool> & Sendable,
    name: String,
    short: Character? = nil,
    help: String
  ) -> Parameter {
    let definition = ParameterDefinition(kind: .flag, name: name, shortName: short, valueName: "", help: help)
    return Parameter(definitions: [definition]) { root, values in
      if !values[definition].isEmpty { root[keyPath: keyPath] = true }
    }
  }

  /// Mutually exclusive flags that choose one value, e.g. `--done` or `--all` for which items
  /// to list; giving two different ones is a usage error.
  static func flags<Value: Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    _ choices: [(name: String, value: Value, help: String)]
  ) -> Parameter {
    let definitions = choices.map {
      ParameterDefinition(kind: .flag, name: $0.name, valueName: "", help: $0.help)
    }
    let values = choices.map(\.value)
    return Parameter(definitions: definitions) { root, parsed throws(TaskmanError) in
      let given = parsed.flagOrder.filter { key in definitions.contains { $0.key == key } }
      guard let last = given.last else { return }
      if let other = given.first(where: { $0 != last }) {
        throw .usage("\(other) and \(last) cannot be used together", usage: parsed.usage, hint: parsed.helpHint)
      }
      let index = definitions.firstIndex { $0.key == last }!
      root[keyPath: keyPath] = values[index]
    }
  }

  /// `--name <value>` (or `-n <value>`, `-n<value>` with a `short` name) whose property has a
  /// default: the last occurrence wins.
  static func option<Value: ExpressibleByArgument>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    name: String,
    short: Character? = nil,
    valueName: String,
    value valueKind: ParameterDefinition.ValueKind,
    help: String
  ) -> Parameter {
    let definition = ParameterDefinition(
      kind: .option, name: name, shortName: short, valueName: valueName, help: help, allowedValues: Value.allValueStrings, valueKind: valueKind
    )
    return Parameter(definitions: [definition]) { root, values throws(TaskmanError) in
      if let word = values[definition].last {
        root[keyPath: keyPath] = try convert(word, Value.self, definition, values)
      }
    }
  }

  /// `--name <value>` that may be left out: nil unless given; the last occurrence wins.
  static func option<Value: ExpressibleByArgument>(
    _ keyPath: WritableKeyPath<Root, Value?> & Sendable,
    name: String,
    short: Character? = nil,
    valueName: String,
    value valueKind: ParameterDefinition.ValueKind,
    help: String
  ) -> Parameter {
    let definition = ParameterDefinition(
      kind: .option, name: name, shortName: short, valueName: valueName, help: help, allowedValues: Value.allValueStrings, valueKind: valueKind
    )
    return Parameter(definitions: [definition]) { root, values throws(TaskmanError) in
      if let word = values[definition].last {
        root[keyPath: keyPath] = try convert(word, Value.self, definition, values)
      }
    }
  }

  /// `--name <value>` that may be repeated: every occurrence, in order.
  static func option<Value: ExpressibleByArgument>(
    _ keyPath: WritableKeyPath<Root, [Value]> & Sendable,
    name: String,
    short: Character? = nil,
    valueName: String,
    value valueKind: ParameterDefinition.ValueKind,
    help: String
  ) -> Parameter {
    let definition = ParameterDefinition(
      kind: .option, name: name, shortName: short, valueName: valueName, help: help, isRepeating: true,
      allowedValues: Value.allValueStrings, valueKind: valueKind
    )
    return Parameter(definitions: [definition]) { root, values throws(TaskmanError) in
      let words = values[definition]
      if words.isEmpty { return }
      var converted: [Value] = []
      for word in words { converted.append(try convert(word, Value.self, definition, values)) }
      root[keyPath: keyPath] = converted
    }
  }

  /// `<name>`: a required word in this position; with `replacedBy`, the option given instead
  /// (see ``ParameterDefinition/replacedBy``).
  static func argument<Value: ExpressibleByArgument>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    name: String,
    value valueKind: ParameterDefinition.ValueKind,
    replacedBy: String? = nil,
    help: String
  ) -> Parameter {
    let definition = ParameterDefinition(
      kind: .argument, name: name, valueName: name, help: help, allowedValues: Value.allValueStrings, valueKind: valueKind,
      replacedBy: replacedBy
    )
    return Parameter(definitions: [definition]) { root, values throws(TaskmanError) in
      if let word = values[definition].first {
        root[keyPath: keyPath] = try convert(word, Value.self, definition, values)
      }
    }
  }

  /// `[<name>]`: a word in this position that may be left out.
  static func argument<Value: ExpressibleByArgument>(
    _ keyPath: WritableKeyPath<Root, Value?> & Sendable,
    name: String,
    value valueKind: ParameterDefinition.ValueKind,
    help: String
  ) -> Parameter {
    let definition = ParameterDefinition(
      kind: .argument, name: name, valueName: name, help: help, isOptional: true,
      allowedValues: Value.allValueStrings, valueKind: valueKind
    )
    return Parameter(definitions: [definition]) { root, values throws(TaskmanError) in
      if let word = values[definition].first {
        root[keyPath: keyPath] = try convert(word, Value.self, definition, values)
      }
    }
  }

  /// `<name> ...`: every remaining word; at least one unless `isOptional`, or the option
  /// `replacedBy` given instead (see ``ParameterDefinition/replacedBy``). Must come last.
  static func arguments<Value: ExpressibleByArgument>(
    _ keyPath: WritableKeyPath<Root, [Value]> & Sendable,
    name: String,
    isOptional: Bool = false,
    value valueKind: ParameterDefinition.ValueKind,
    replacedBy: String? = nil,
    help: String
  ) -> Parameter {
    let definition = ParameterDefinition(
      kind: .argument, name: name, valueName: name, help: help, isRepeating: true, isOptional: isOptional,
      allowedValues: Value.allValueStrings, valueKind: valueKind, replacedBy: replacedBy
    )
    return Parameter(definitions: [definition]) { root, values throws(TaskmanError) in
      var converted: [Value] = []
      for word in values[definition] { converted.append(try convert(word, Value.self, definition, values)) }
      if !converted.isEmpty { root[keyPath: keyPath] = converted }
    }
  }
}

private func convert<Value: ExpressibleByArgument>(
  _ word: String,
  _ type: Value.Type,
  _ definition: ParameterDefinition,
  _ values: ParsedValues
) throws(TaskmanError) -> Value {
  do {
    return try Value(argument: word)
  } catch {
    throw values.invalidValue(word, for: definition, reason: error.reason)
  }
}
