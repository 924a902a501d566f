import TaskManager
import TerminalUI

/// ``TaskmanScreen`` as the runtime runs it: the same frames, with each key's action routed
/// through the ``UISession`` (a change of the file is made under its lock after a reload, not
/// sent straight to the store), and the list's page as high as the terminal is.
///
/// The runtime sends the action a key map gives; the action a change needs is taken by the
/// session instead, and the key map then answers nil. No key that changes the file is a quit
/// key (`q` and Ctrl-C only), so that answer never quits.
struct RoutedScreen: View {
  var screen: TaskmanScreen
  let session: UISession
  /// The terminal's rows now.
  var rows: @Sendable () -> Int
  /// A key whose handler crashes the program: set only in debug builds, from
  /// `TASKMAN_UI_DEBUG_CRASH_KEY`, for the end-to-end test that the terminal is given back after
  /// a crash inside a key handler.
  var crashKey: Key?

  func render(_ state: AppFeature.State, in canvas: inout Canvas) {
    var screen = screen
    screen.pageRows = max(1, canvas.height - TaskmanScreen.barRows)
    screen.render(state, in: &canvas)
  }

  func keyMap(for state: AppFeature.State) -> KeyMap<AppFeature.Action> {
    var screen = screen
    screen.pageRows = max(1, rows() - TaskmanScreen.barRows)
    let session = session
    let crash = crashKey.map { crashKey in
      KeyBinding<AppFeature.Action>(label: "crash", help: nil) { key in
        guard key == crashKey else { return nil }
        fatalError("the key handler crashed, as TASKMAN_UI_DEBUG_CRASH_KEY asked")
      }
    }
    return KeyMap(
      Array(crash.map { [$0] } ?? []) + screen.keyMap(for: state).bindings.map { binding in
        var routed = KeyBinding<AppFeature.Action>(label: binding.label, help: binding.help) { key in
          guard let action = binding.action(key) else { return nil }
          return MainActor.assumeIsolated { session.route(action) }
        }
        routed.keys = binding.keys
        return routed
      }
    )
  }
}
