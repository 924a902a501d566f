import Foundation

// The history section of a task document, after its `undo` line:
//
//   step "add “Buy milk”"
//   added 6F1C…  9A0B…
//   previous 3 2
//   - Plan trip @id(…)
//   	- Book train @id(…)
//
// Each step is a `step` line with its description as a JSON string, an `added` line with the ids
// of the top-level items it added (possibly none), then one `previous <index> <line count>` line
// per item it changed or removed, followed by that item's lines in the task format. Counting the
// lines keeps an item titled `step …` from being read as a step.

extension TaskHistory {
  func encode(into encoder: inout TaskDocumentEncoder) {
    for step in steps {
      encoder.appendLine("step " + quoted(step.description))
      encoder.appendLine((["added"] + step.addedIDs.map(\.uuidString)).joined(separator: " "))
      for previous in step.previousItems {
        var block = TaskDocumentEncoder()
        let lines = block.appendItems([previous.item])
        encoder.appendLine("previous \(previous.index) \(lines)")
        block.output.withUnsafeBufferPointer { encoder.appendBytes($0) }
      }
    }
  }

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int) throws(TaskDocumentError) -> TaskHistory {
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    if lines.last?.isEmpty == true { lines.removeLast() }

    var history = TaskHistory()
    var index = 0
    func fail(_ message: String) -> TaskDocumentError {
      TaskDocumentError(line: firstLine + index, problem: .malformedHistory(message))
    }
    while index < lines.count {
      guard lines[index].hasPrefix("step "),
        let description = unquoted(lines[index].dropFirst(5))
      else { throw fail("expected a step: step \"<description>\"") }
      var step = Step(description: description)
      index += 1
      guard index < lines.count, lines[index] == "added" || lines[index].hasPrefix("added ") else {
        throw fail("expected the ids the step added: added <id>…")
      }
      for word in lines[index].split(separator: " ").dropFirst() {
        guard let id = UUID(uuidString: String(word)) else { throw fail("invalid id \"\(word)\"") }
        step.addedIDs.append(id)
      }
      index += 1
      while index < lines.count, lines[index].hasPrefix("previous ") {
        let words = lines[index].split(separator: " ")
        guard words.count == 3, let position = Int(words[1]), position >= 0,
          let count = Int(words[2]), count > 0, index + count < lines.count
        else { throw fail("expected: previous <index> <line count>, followed by that many lines") }
        let block = TaskDocument.header + "\n" + lines[(index + 1)...(index + count)].joined(separator: "\n") + "\n"
        let outline: Outline
        do throws(TaskDocumentError) {
          outline = try TaskDocument.decode(Data(block.utf8))
        } catch {
          // Line 2 of the block is the line after `previous`.
          throw TaskDocumentError(line: firstLine + index + error.line - 1, problem: error.problem)
        }
        guard outline.items.count == 1 else { throw fail("a previous item must be one item with its children") }
        step.previousItems.append(PreviousItem(index: position, item: outline.items[0]))
        index += count + 1
      }
      history.steps.append(step)
    }
    return history
  }
}

private func quoted(_ text: String) -> String {
  // A JSON string: escapes quotes, backslashes and control characters, keeps everything else.
  String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
}

private func unquoted(_ text: Substring) -> String? {
  try? JSONDecoder().decode(String.self, from: Data(text.utf8))
}
