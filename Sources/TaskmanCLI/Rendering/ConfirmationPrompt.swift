import Composable

/// One answer a confirmation offers, e.g. `Delete` (destructive) or `Cancel`: a feature's
/// `ButtonState` without its action, which stays with the alert (see ``ConfirmationPrompt/button(for:in:)``).
struct PromptChoice: Hashable, Sendable {
  enum Role: Hashable, Sendable {
    /// Changes nothing; the answer on an empty line or at the end of input.
    case cancel
    /// Destroys something.
    case destructive
  }

  var label: String
  var role: Role?

  init(_ label: String, role: Role? = nil) {
    self.label = label
    self.role = role
  }
}

/// A question with choices, rendered from an alert: title, optional message, buttons.
struct ConfirmationPrompt: Hashable, Sendable {
  var title: String
  var message: String?
  var choices: [PromptChoice]

  init(title: String, message: String? = nil, choices: [PromptChoice]) {
    self.title = title
    self.message = message
    self.choices = choices
  }

  /// The prompt for a feature's alert: its title, message and buttons in order.
  init<Action>(_ alert: AlertState<Action>) {
    self.init(
      title: alert.title.string,
      message: alert.message?.string,
      choices: alert.buttons.map { button in
        PromptChoice(
          button.label.string,
          role: button.role.map { role in
            switch role {
            case .cancel: .cancel
            case .destructive: .destructive
            }
          }
        )
      }
    )
  }

  /// The button of `alert` (the alert this prompt was made from) that `choice` stands for.
  func button<Action>(for choice: PromptChoice, in alert: AlertState<Action>) -> ButtonState<Action>? {
    guard let index = choices.firstIndex(of: choice), alert.buttons.indices.contains(index) else { return nil }
    return alert.buttons[index]
  }

  /// The choice taken without asking (`--yes`): the destructive one, else the first that is not
  /// Cancel.
  var confirmingChoice: PromptChoice? {
    choices.first { $0.role == .destructive } ?? choices.first { $0.role != .cancel }
  }

  /// The choice taken on an empty answer or at the end of input.
  var cancelChoice: PromptChoice? { choices.first { $0.role == .cancel } }

  /// Asks on `output` (standard error: prompts are conversation, not output) and reads answers
  /// from `input` until one names a choice:
  ///
  /// ```
  /// Are you sure?
  /// Delete 2 items and everything under them.
  /// Delete or Cancel? [d/C]
  /// ```
  ///
  /// An answer is a label or a prefix of it in any case (`d`, `del`, `Delete`); `y`/`yes` picks
  /// the confirming choice and `n`/`no` the cancel choice when the prompt has exactly those two.
  /// An empty line or the end of input picks Cancel. On a terminal (`asksAgain`), an answer that
  /// names nothing asks again, and after three such answers Cancel is taken; from piped input
  /// the answer is read once, and one that names nothing is taken as Cancel, saying so, so that
  /// the lines after it stay commands.
  func ask(output: TextOutput, input: LineReader, style: TextStyle = .plain, asksAgain: Bool = true) -> PromptChoice? {
    output.write(style.bold(TextStyle.printable(title)) + "\n")
    if let message { output.write(TextStyle.printable(message) + "\n") }
    let keys = Self.keys(for: choices.map(\.label))
    let defaultChoice = cancelChoice
    let legend = zip(choices, keys).map { choice, key in choice == defaultChoice ? key.uppercased() : key }
    let question = choices.map(\.label).joinedAsAlternatives() + "? [" + legend.joined(separator: "/") + "] "
    for _ in 0..<3 {
      output.write(question)
      output.flush()
      guard case .text(let bytes)? = input.readLine() else {
        output.write("\n")
        return defaultChoice
      }
      let answer = String(decoding: bytes, as: UTF8.self).trimmingWhitespace.lowercased()
      if answer.isEmpty, let defaultChoice { return defaultChoice }
      if let choice = choice(for: answer) { return choice }
      guard asksAgain else {
        let quoted = "“" + TextStyle.printable(String(decoding: bytes, as: UTF8.self).trimmingWhitespace) + "”"
        let alternatives = choices.map { $0.label.lowercased() }.joinedAsAlternatives()
        output.write("\(quoted) is not an answer (\(alternatives))" + (defaultChoice.map { "; taken as \($0.label)" } ?? "") + ".\n")
        return defaultChoice
      }
      output.write("Please answer \(choices.map { $0.label.lowercased() }.joinedAsAlternatives()).\n")
    }
    return defaultChoice
  }

  private func choice(for answer: String) -> PromptChoice? {
    if let exact = choices.first(where: { $0.label.lowercased() == answer }) { return exact }
    let prefixed = choices.filter { $0.label.lowercased().hasPrefix(answer) }
    if prefixed.count == 1 { return prefixed[0] }
    let twoWay = choices.count == 2 && cancelChoice != nil
    if twoWay && (answer == "y" || answer == "yes") { return confirmingChoice }
    if twoWay && (answer == "n" || answer == "no") { return cancelChoice }
    return nil
  }

  /// The shortest distinct lowercase prefix of each label (at least one letter).
  static func keys(for labels: [String]) -> [String] {
    let lowered = labels.map { Array($0.lowercased()) }
    return lowered.enumerated().map { index, label in
      var length = 1
      while length < label.count,
        lowered.enumerated().contains(where: { $0.offset != index && $0.element.starts(with: label.prefix(length)) })
      {
        length += 1
      }
      return String(label.prefix(length))
    }
  }
}

extension String {
  var trimmingWhitespace: String {
    var slice = self[...]
    while slice.first?.isWhitespace == true { slice.removeFirst() }
    while slice.last?.isWhitespace == true { slice.removeLast() }
    return String(slice)
  }
}
