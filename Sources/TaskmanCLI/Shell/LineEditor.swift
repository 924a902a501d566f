import TerminalUI

/// Reads the lines of `taskman shell` at a terminal, with the keys of readline: the cursor
/// moves, words are deleted, earlier lines come back with ↑, Tab completes.
///
/// | Keys | |
/// |---|---|
/// | ← → (Ctrl-B, Ctrl-F) | a character left or right |
/// | Alt-B, Alt-F, Ctrl-← Ctrl-→ | a word left or right |
/// | Home End (Ctrl-A, Ctrl-E) | the start or the end of the line |
/// | Backspace, Delete | the character before the cursor, or at it |
/// | Ctrl-U, Ctrl-K | delete to the start, or to the end |
/// | Ctrl-W, Alt-Backspace | delete the word before the cursor |
/// | ↑ ↓ (Ctrl-P, Ctrl-N) | earlier and later lines of the history |
/// | Tab | complete; a second Tab lists the choices |
/// | Ctrl-C | drop the line (`^C`) and start a new one |
/// | Ctrl-D | end the session on an empty line, else delete the character at the cursor |
/// | Ctrl-L | clear the screen and draw the line at its top |
/// | Enter | run the line |
///
/// The terminal is in raw mode only while a line is read (see ``Console``): a command runs,
/// and a confirmation reads its answer, in the terminal's usual mode. The editor reads no
/// further than the Enter that ends a line, so what is typed ahead stays for the command's
/// question or the next line. Drawing: see ``LineRenderer`` (one row, scrolled sideways).
///
/// Tests give it a ``Console`` of their own and feed it bytes:
///
/// ```swift
/// let editor = LineEditor(console: console, prompt: "taskman> ", history: ShellHistory(), completion: .commands)
/// await editor.readLine()  // "list", after "lsit", ←, ←, Backspace, Backspace, "is" and Enter typed
/// ```
@MainActor
final class LineEditor {
  /// The terminal as the line editor needs it.
  struct Console {
    /// Something that happened at the terminal.
    enum Event: Equatable {
      /// Bytes typed; a real terminal stops a chunk after the Enter that ends a line.
      case input([UInt8])
      /// The terminal's width changed.
      case resized
    }

    /// Puts the terminal in raw mode (and installs what gives it back on a signal).
    var begin: () -> Void
    /// Gives the terminal back its modes.
    var end: () -> Void
    /// Waits for the next event; nil at the end of input.
    var read: () -> Event?
    /// Writes output (on standard error, where the prompt has always gone).
    var write: ([UInt8]) -> Void
    /// The terminal's width in columns.
    var columns: () -> Int
  }

  let console: Console
  let prompt: String
  private(set) var history: ShellHistory
  var completion: ShellCompletion
  /// How many lines ``readLine()`` has returned.
  private(set) var linesRead = 0
  private var decoder = KeyDecoder()
  /// Keys decoded but not handled yet: typed after the Enter of the line before.
  /// Kept in order, reversed: the next key is the last, so taking one is O(1) even for the
  /// many keys of a paste.
  private var pending: [Key] = []

  /// The longest line taken, in UTF-8 bytes.
  let maximumLineBytes: Int

  init(
    console: Console, prompt: String, history: ShellHistory, completion: ShellCompletion,
    maximumLineBytes: Int = InputText.maximumLineBytes
  ) {
    self.console = console
    self.maximumLineBytes = maximumLineBytes
    self.prompt = prompt
    self.history = history
    self.completion = completion
  }

  /// The next line, recorded in the history; nil at the end of input (Ctrl-D on an empty
  /// line, or the terminal gone).
  func readLine() async -> String? {
    console.begin()
    defer { console.end() }
    var state = LineEditorState(history: history.entries, maximumLineBytes: maximumLineBytes)
    var renderer = LineRenderer(prompt: prompt, columns: console.columns())
    write(renderer.update(state.field))
    while true {
      guard !pending.isEmpty else {
        switch console.read() {
        case nil: return nil
        case .resized?:
          renderer.columns = console.columns()
          write(renderer.redraw(state.field))
        case let .input(bytes)?:
          pending.insert(contentsOf: decoder.decode(bytes).reversed(), at: 0)
        }
        continue
      }
      let key = pending.removeLast()
      var outcome: LineEditorState.Outcome
      if let typed = key.typedCharacter {
        var text = String(typed)
        while let next = pending.last?.typedCharacter {
          text.append(next)
          pending.removeLast()
        }
        outcome = state.insert(text)
      } else {
        outcome = state.handle(key)
      }
      if case let .completion(words, partial) = outcome {
        outcome = state.complete(with: await completion.complete(words, partial))
      }
      switch outcome {
      case .edited:
        // Drawn once the keys read so far are handled: a burst of keys is drawn once.
        if pending.isEmpty { write(renderer.update(state.field)) }
      case let .submit(line):
        write(renderer.update(state.field, leavingCursorAtEnd: true) + "\r\n")
        history.add(line)
        linesRead += 1
        return line
      case .endOfInput:
        return nil
      case .interrupt:
        write(renderer.update(state.field, leavingCursorAtEnd: true) + "^C\r\n")
        renderer.forget()
        state = LineEditorState(history: history.entries, maximumLineBytes: maximumLineBytes)
        write(renderer.update(state.field))
      case .clearScreen:
        renderer.forget()
        write("\u{1B}[H\u{1B}[2J" + renderer.update(state.field))
      case let .list(candidates):
        write(renderer.update(state.field, leavingCursorAtEnd: true) + "\r\n" + Self.listing(candidates, columns: renderer.columns))
        renderer.forget()
        write(renderer.update(state.field))
      case .bell, .completion:
        write(renderer.update(state.field) + "\u{07}")
      }
    }
  }

  private func write(_ text: String) {
    guard !text.isEmpty else { return }
    console.write(Array(text.utf8))
  }

  /// Completion candidates as lines (each ending in `\r\n`): with descriptions, one a line
  /// (`value  description`, cut to the width); without, in columns.
  static func listing(_ candidates: [CompletionCandidate], columns: Int, maximumLines: Int = 40) -> String {
    let shown = candidates.map { TextStyle.printable($0.value, keepingLayout: false) }
    let widest = shown.map(DisplayWidth.of).max() ?? 0
    var lines: [String] = []
    if candidates.contains(where: { $0.description != nil }) {
      for (value, candidate) in zip(shown, candidates) {
        var line = value + String(repeating: " ", count: widest - DisplayWidth.of(value))
        if let description = candidate.description {
          line += "  " + TextStyle.printable(description, keepingLayout: false)
        }
        lines.append(Self.cut(line, to: columns - 1))
      }
    } else {
      let perLine = max(1, (columns - 1 + 2) / (widest + 2))
      var index = 0
      while index < shown.count {
        let row = shown[index..<min(index + perLine, shown.count)]
        lines.append(
          row.map { $0 + String(repeating: " ", count: widest - DisplayWidth.of($0)) }.joined(separator: "  ")
            .trimmingWhitespace)
        index += perLine
      }
    }
    if lines.count > maximumLines {
      let more = lines.count - (maximumLines - 1)
      lines = Array(lines.prefix(maximumLines - 1)) + ["… and \(more) more lines"]
    }
    return lines.map { $0 + "\r\n" }.joined()
  }

  /// `text` cut to `width` columns, with `…` at the end when cut.
  private static func cut(_ text: String, to width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = DisplayWidth.of(character)
      guard used + columns <= width - 1 else { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }
}
