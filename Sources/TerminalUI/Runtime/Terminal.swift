/// The terminal a ``TerminalApp`` runs in, as a few functions: where its input comes from,
/// where its output goes, its size, and taking it over and giving it back.
///
/// ``standard(input:output:)`` is the process's own terminal. A test builds one from closures
/// instead, and runs the whole app in-process with no terminal, no threads and no sleeps:
///
/// ```swift
/// final class Output: Sendable { let bytes = Mutex<[UInt8]>([]) }
/// let output = Output()
/// let terminal = Terminal(
///   events: {
///     AsyncStream { continuation in
///       continuation.yield(.input(Array("++q".utf8)))
///       continuation.finish()
///     }
///   },
///   write: { bytes in output.bytes.withLock { $0 += bytes } },
///   size: { Terminal.Size(columns: 40, rows: 5) }
/// )
/// let exit = await TerminalApp(store: store, view: CounterView()).run(on: terminal)
/// ```
public struct Terminal: Sendable {
  /// A terminal's size in cells.
  public struct Size: Hashable, Sendable {
    /// How many columns.
    public var columns: Int
    /// How many rows.
    public var rows: Int

    /// A size of `columns` by `rows`.
    public init(columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
    }
  }

  /// Something that happened at the terminal.
  public enum Event: Hashable, Sendable {
    /// Bytes typed (or pasted), as read: a chunk may hold several keys.
    case input([UInt8])
    /// The terminal changed size (`SIGWINCH`): the screen is repainted in full.
    case resized
  }

  /// The terminal's events from the moment the app takes it over; the stream's end is the end
  /// of input, which ends the app. Called once per run.
  public var events: @Sendable () -> AsyncStream<Event>
  /// Writes bytes to the terminal: the runtime writes each frame in one call.
  public var write: @Sendable ([UInt8]) -> Void
  /// The terminal's current size.
  public var size: @Sendable () -> Size
  /// Whether output goes to a terminal: without one there is no colour.
  public var isTerminal: Bool
  /// Takes the terminal over for a run: raw mode (after saving the modes), and whatever must
  /// be undone on every exit path. `restoreBytes` are what the runtime writes to give the
  /// screen back; a real terminal also writes them itself when a signal ends the process.
  public var takeOver: @Sendable (_ restoreBytes: [UInt8]) -> Void
  /// Gives the terminal back after a run: the saved modes again (the runtime has written the
  /// restore bytes just before).
  public var giveBack: @Sendable () -> Void

  /// A terminal made of the given functions: a fake one for tests, or a real one over
  /// something other than the process's own descriptors.
  public init(
    events: @escaping @Sendable () -> AsyncStream<Event>,
    write: @escaping @Sendable ([UInt8]) -> Void,
    size: @escaping @Sendable () -> Size,
    isTerminal: Bool = true,
    takeOver: @escaping @Sendable (_ restoreBytes: [UInt8]) -> Void = { _ in },
    giveBack: @escaping @Sendable () -> Void = {}
  ) {
    self.events = events
    self.write = write
    self.size = size
    self.isTerminal = isTerminal
    self.takeOver = takeOver
    self.giveBack = giveBack
  }
}
