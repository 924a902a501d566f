import TerminalUI

// TerminalUI's frame diff writer: the bytes written for a one-row change of an 80x24 screen
// against the cells that changed, and the time to diff a 200x60 screen (a one-row change, and
// every cell changed).

/// A screen of `width` by `height` of text, with row `changedRow` (if any) drawn reversed.
func terminalFrame(width: Int, height: Int, changedRow: Int?, shift: Int = 0) -> Frame {
  var canvas = Canvas(width: width, height: height)
  let text = String(repeating: "- [ ] buy milk @today 日本 ", count: width / 20 + 2)
  for row in 0..<height {
    let line = String(text.dropFirst((row + shift) % 7))
    canvas.draw(line, column: 0, row: row, style: row == changedRow ? Style(reverse: true) : .plain)
  }
  return canvas.frame
}

@MainActor
func runTerminal() {
  let base = terminalFrame(width: 80, height: 24, changedRow: nil)
  let selected = terminalFrame(width: 80, height: 24, changedRow: 11)
  var writer = ScreenWriter(colors: true)
  _ = writer.update(to: base)
  let bytes = writer.update(to: selected).count
  let changed = zip(base.cells, selected.cells).filter { $0 != $1 && !$1.isContinuation }.count
  print("TerminalUI, 80x24, one row selected: \(changed) cells changed, \(bytes) bytes written")

  let wideBase = terminalFrame(width: 200, height: 60, changedRow: nil)
  let wideRow = terminalFrame(width: 200, height: 60, changedRow: 30)
  let wideAll = terminalFrame(width: 200, height: 60, changedRow: nil, shift: 1)
  var wideWriter = ScreenWriter(colors: true)
  let oneRow = measure(2_000) { n in
    for index in 0..<n {
      blackHole(wideWriter.update(to: index % 2 == 0 ? wideRow : wideBase).count)
    }
  }
  report("TerminalUI diff, 200x60, one row changed", oneRow, unit: "µs")
  let everything = measure(200) { n in
    for index in 0..<n {
      blackHole(wideWriter.update(to: index % 2 == 0 ? wideAll : wideBase).count)
    }
  }
  report("TerminalUI diff, 200x60, every row changed", everything, unit: "µs")
}
