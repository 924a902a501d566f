import Dependencies

/// A readable description of a value for runtime warnings:
/// `Parent.Action.child(Child.Action.increment)` rather than
/// `MyApp.(unknown context at $10a3f5c).Parent.Action.child(MyApp.(unknown context at $10a3f5c).Child.Action.increment)`.
@usableFromInline
func describeForWarning<Value>(_ value: Value) -> String {
  let reflectedType = String(reflecting: Value.self)
  let modules = moduleNames(in: reflectedType)
  let typeName = readableTypeNames(in: reflectedType, modules: modules)
  let description = readableTypeNames(in: String(reflecting: value), modules: modules)
  if description.hasPrefix(typeName) { return description }
  return "\(typeName).\(description)"
}

/// The case an enum value is in, without its associated values: `Parent.State.loggedOut`.
@usableFromInline
func describeCaseForWarning<Value>(_ value: Value) -> String {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let label = mirror.children.first?.label else {
    // A case without associated values describes as its name.
    return describeForWarning(value)
  }
  let reflectedType = String(reflecting: Value.self)
  return "\(readableTypeNames(in: reflectedType, modules: moduleNames(in: reflectedType))).\(label)"
}

/// The modules named in a reflected type name (the first component of each qualified name),
/// and those of the standard library, Foundation and this library, whose types appear in actions
/// (`FoundationEssentials.UUID` is `UUID` to a reader).
private func moduleNames(in reflectedType: String) -> Set<Substring> {
  var modules: Set<Substring> = [
    "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch",
    "Composable", "Dependencies", "ValueDump",
  ]
  var index = reflectedType.startIndex
  while index < reflectedType.endIndex {
    let character = reflectedType[index]
    guard isIdentifierCharacter(character) else {
      index = reflectedType.index(after: index)
      continue
    }
    let start = index
    while index < reflectedType.endIndex, isIdentifierCharacter(reflectedType[index]) {
      index = reflectedType.index(after: index)
    }
    let isQualifiedHead =
      index < reflectedType.endIndex && reflectedType[index] == "."
      && (start == reflectedType.startIndex || reflectedType[reflectedType.index(before: start)] != ".")
    if isQualifiedHead { modules.insert(reflectedType[start..<index]) }
  }
  return modules
}

/// Removes from reflected text the `Module.` prefixes of `modules`, and the
/// `(unknown context at $…).` that private and local types reflect with, whose address changes
/// from run to run. The contents of string literals are left alone.
private func readableTypeNames(in text: String, modules: Set<Substring>) -> String {
  let unknownContext = "(unknown context at $"
  var result = ""
  var index = text.startIndex
  while index < text.endIndex {
    let character = text[index]
    if character == "\"" {
      // Copy a string literal, escapes included, as is.
      result.append(character)
      index = text.index(after: index)
      while index < text.endIndex {
        let literalCharacter = text[index]
        result.append(literalCharacter)
        index = text.index(after: index)
        if literalCharacter == "\\", index < text.endIndex {
          result.append(text[index])
          index = text.index(after: index)
        } else if literalCharacter == "\"" {
          break
        }
      }
    } else if text[index...].hasPrefix(unknownContext),
      let close = text[index...].firstIndex(of: ")"),
      text.index(after: close) < text.endIndex, text[text.index(after: close)] == "."
    {
      index = text.index(close, offsetBy: 2)
    } else if isIdentifierCharacter(character) {
      let start = index
      while index < text.endIndex, isIdentifierCharacter(text[index]) {
        index = text.index(after: index)
      }
      let isModulePrefix =
        index < text.endIndex && text[index] == "." && modules.contains(text[start..<index])
        && (start == text.startIndex || text[text.index(before: start)] != ".")
      if isModulePrefix {
        index = text.index(after: index)
      } else {
        result += text[start..<index]
      }
    } else {
      result.append(character)
      index = text.index(after: index)
    }
  }
  return result
}

private func isIdentifierCharacter(_ character: Character) -> Bool {
  character == "_" || character.isLetter || character.isNumber
}

/// Reports an action that reached a child operator while the child was absent.
///
/// `state` names what the parent's state held instead, when that helps (the case of an enum).
@usableFromInline
func reportMissingChild<Action>(
  operatorName: String,
  action: Action,
  state: String? = nil,
  problem: String,
  advice: String,
  location: SourceLocation
) {
  let stateLines = state.map { "\n  State:\n    \($0)" } ?? ""
  DependencyValues.current.issueReporter(
    """
    \(operatorName) at "\(location)" received an action \(problem):

      Action:
        \(describeForWarning(action))\(stateLines)

    \(advice)
    """,
    at: location
  )
}
