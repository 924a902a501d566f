import Composable
import ComposableTesting
import TerminalUI
import Testing

extension TestStore {
  /// Presses `key` on `view`: sends the action its key map gives the key in the store's state,
  /// asserted as `send` asserts it. A key the view does not answer is a test failure.
  func press<V: View>(
    _ key: Key,
    on view: V,
    assert update: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where V.State == State, V.Action == Action {
    guard let action = view.keyMap(for: state).action(for: key) else {
      let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
      Issue.record("\(key) sends nothing", sourceLocation: location)
      return
    }
    await send(action, assert: update, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
