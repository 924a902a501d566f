import Composable
import Dependencies
import Foundation
import TaskManager
import TerminalUI

/// What `taskman ui` keeps while the screen is open: the same ``AppStore`` as the commands
/// (lock, journal, save), the one store the screen shows, and the file's last known state.
///
/// - A key's action that changes the file (``ScreenEdits/isEdit(_:in:)``) runs as a command's
///   does, inside ``AppStore/withLoadedTasks(readOnly:_:)``: under the file's lock, after
///   reloading it (another program may have changed it), recorded in the journal (so `taskman
///   undo` undoes it) and saved before the lock is released. Any other action is sent at once.
///   Actions run in the order of their keys: while a change is being made, later keys wait.
/// - Every ``checkInterval`` on the `clock` dependency the file's size, time and inode are
///   looked at; when another program changed it, the list is reloaded for reading, so the
///   screen shows the change and the next change is made on top of it.
@MainActor
final class UISession {
  /// The task file, as the commands hold it.
  let app: AppStore
  /// Where the timer of ``watchFile()`` waits.
  let clock: any Clock<Duration>
  /// How often the file is looked at.
  static let checkInterval: Duration = .seconds(1)

  /// The store the screen shows.
  var store: StoreOf<AppFeature> { app.store }

  /// The file as last loaded or saved here, to tell another program's change.
  private(set) var stamp: FileStamp?
  /// Actions waiting for a change before them to be made.
  private var queue: [AppFeature.Action] = []
  /// Whether the queue is being worked through.
  private var isWorking = false
  /// The task working through the queue.
  private var worker: Task<Void, Never>?
  /// How many times the file was reloaded because another program changed it (counted once
  /// the reload is done).
  private(set) var reloads = 0

  init(app: AppStore, clock: any Clock<Duration>) {
    self.app = app
    self.clock = clock
  }

  /// Loads the list for reading, with the settings that apply, and the outline as `list`
  /// shows it: every kind of item, done ones as `list.show-done` says, and items not yet
  /// actionable (a `@start` or `@defer` after today) hidden with them.
  func start(settings: Settings) async {
    app.send(.settingsChanged(settings))
    let showsAll = settings.listShowDone
    app.send(
      .filterChanged(
        TaskFilter(kinds: Set(Item.Kind.allCases), status: showsAll ? .all : .notDone, actionableOn: showsAll ? nil : app.today)
      ))
    await reload()
  }

  // MARK: - Keys

  /// Where a key's action goes: returned to be sent at once, or nil when the session runs it
  /// (a change of the file, or any action while a change is being made).
  func route(_ action: AppFeature.Action) -> AppFeature.Action? {
    guard isWorking || ScreenEdits.isEdit(action, in: store.state) else { return action }
    queue.append(action)
    guard !isWorking else { return nil }
    isWorking = true
    worker = Task { await workThroughQueue() }
    return nil
  }

  /// Runs `action` as a key would, and waits until it and everything queued before it is done.
  func perform(_ action: AppFeature.Action) async {
    if let action = route(action) {
      store.send(action)
      return
    }
    await finish()
  }

  /// Waits until every action queued is done.
  func finish() async {
    while isWorking, let worker { await worker.value }
  }

  private func workThroughQueue() async {
    while !queue.isEmpty {
      let action = queue.removeFirst()
      if ScreenEdits.isEdit(action, in: store.state) {
        await change(action)
      } else {
        store.send(action)
      }
    }
    isWorking = false
  }

  /// Makes the change as a command would: under the lock, on the file as it is now.
  private func change(_ action: AppFeature.Action) async {
    let app = self.app
    do {
      try await app.withLoadedTasks { () throws(TaskmanError) in
        app.store.send(action)
        try await app.finishChanges()
      }
    } catch {
      app.send(.saveFailed(error.message))
    }
    stamp = FileStamp(path: app.dataFilePath)
  }

  // MARK: - Another program's changes

  /// Looks at the file every ``checkInterval`` until the task is cancelled, reloading it when
  /// another program changed it.
  func watchFile() async {
    while !Task.isCancelled {
      do {
        try await clock.sleep(for: Self.checkInterval)
      } catch {
        return
      }
      await checkForChanges()
    }
  }

  /// Reloads the list for reading when the file is not as last loaded or saved here (and no
  /// change of this session's is being made).
  func checkForChanges() async {
    guard !isWorking, FileStamp(path: app.dataFilePath) != stamp else { return }
    await reload()
    reloads += 1
  }

  private func reload() async {
    let app = self.app
    let path = app.dataFilePath
    do {
      try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in }
    } catch {
      app.send(.saveFailed(error.message))
    }
    stamp = FileStamp(path: path)
  }
}

/// What tells a file changed without reading it: its inode (an editor's save replaces the
/// file), size and modification time, to the nanosecond.
struct FileStamp: Hashable, Sendable {
  var inode: UInt64
  var size: Int64
  var seconds: Int
  var nanoseconds: Int

  /// The file at `path` as it is now, or nil when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    seconds = Int(info.st_mtim.tv_sec)
    nanoseconds = Int(info.st_mtim.tv_nsec)
  }
}
