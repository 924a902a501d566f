import Composable
import ComposableTesting
import Dependencies
import Foundation
import TaskManager
import Testing

/// 2026-11-22 10:00 UTC.
private let now = Date(timeIntervalSince1970: 1_795_341_600)

@MainActor
private func makeStore(
  _ text: String? = nil,
  state: SettingsFeature.State = SettingsFeature.State()
) -> (TestStore<SettingsFeature.State, SettingsFeature.Action>, StorageClient) {
  let storage = StorageClient.inMemory(documents: text.map { [SettingsFeature.documentName: Data($0.utf8)] } ?? [:])
  let store = TestStore(initialState: state) { SettingsFeature() } withDependencies: { $0.configStorage = storage }
  return (store, storage)
}

private func stored(_ storage: StorageClient) throws -> String? {
  try storage.load(SettingsFeature.documentName).map { String(decoding: $0, as: UTF8.self) }
}

private func file(_ text: String) -> SettingsFile { SettingsFile(data: Data(text.utf8)) }

@MainActor
@Suite struct SettingsFeatureTests {
  @Test func loadingReadsTheFileAndTheSettingsFollowIt() async throws {
    let (store, _) = makeStore("# mine\nlist.sort = due\n")
    await store.send(.load)
    await store.receive(.loadResponse(.success(file("# mine\nlist.sort = due\n")))) {
      $0.file = file("# mine\nlist.sort = due\n")
      $0.loadStatus = .loaded
    }
    #expect(store.state.settings == Settings(listSort: .due))
    #expect(store.state.origin(of: .listSort) == .file(line: 2))
    #expect(store.state.origin(of: .color) == .default)
  }

  @Test func aMissingFileIsTheDefaults() async throws {
    let (store, storage) = makeStore()
    await store.send(.load)
    await store.receive(.loadResponse(.success(.empty))) { $0.loadStatus = .loaded }
    #expect(store.state.settings == Settings())
    #expect(try stored(storage) == nil, "loading creates nothing")
  }

  @Test func environmentAndFlagsOverrideTheFileInThatOrder() async throws {
    let (store, _) = makeStore(state: SettingsFeature.State(file: file("color = never\nlist.sort = text\n"), loadStatus: .loaded))
    let overrides = [
      SettingsOverride(.color, "auto", origin: .environment("TASKMAN_COLOR")),
      SettingsOverride(.listSort, "due", origin: .environment("TASKMAN_LIST_SORT")),
      SettingsOverride(.color, "always", origin: .flag("--color")),
    ]
    await store.send(.overridesChanged(overrides)) { $0.overrides = overrides }
    #expect(store.state.settings == Settings(color: .always, listSort: .due))
    #expect(store.state.origin(of: .color) == .flag("--color"))
    #expect(store.state.origin(of: .listSort) == .environment("TASKMAN_LIST_SORT"))
    #expect(store.state.origin(of: .listShowDone) == .default)
  }

  @Test func settingAKeySavesOnlyItsLine() async throws {
    let text = "# Colour for less -R.\r\ncolor = always\r\nfuture.key = kept\r\n"
    let (store, storage) = makeStore(text, state: SettingsFeature.State(file: file(text), loadStatus: .loaded))
    await store.send(.set(.listShowDone, "true"))
    let saved = text + "list.show-done = true\r\n"
    await store.receive(.saveResponse(.success(file(saved)))) { $0.file = file(saved) }
    #expect(try stored(storage) == saved)
    #expect(store.state.settings == Settings(color: .always, listShowDone: true))

    await store.send(.set(.color, "never"))
    let changed = saved.replacingOccurrences(of: "color = always", with: "color = never")
    await store.receive(.saveResponse(.success(file(changed)))) { $0.file = file(changed) }
    #expect(try stored(storage) == changed)
  }

  @Test func aSaveKeepsWhatAPersonWroteSinceTheLoad() async throws {
    let (store, storage) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    try storage.save(Data("color = auto\n# added by hand\nlist.sort = text\n".utf8), SettingsFeature.documentName)
    await store.send(.set(.color, "never"))
    let saved = "color = never\n# added by hand\nlist.sort = text\n"
    await store.receive(.saveResponse(.success(file(saved)))) { $0.file = file(saved) }
    #expect(store.state.settings == Settings(color: .never, listSort: .text))
  }

  @Test func aBadValueIsRefusedAtOnceAndNothingIsSaved() async throws {
    let (store, storage) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    await store.send(.set(.listSort, "size")) {
      $0.failure = .invalidValue(key: "list.sort", value: "size", reason: "expected none, due, project, created or text")
    }
    #expect(try stored(storage) == "color = auto\n")
    // The next change clears the refusal.
    await store.send(.set(.listSort, "due")) { $0.failure = nil }
    await store.receive(.saveResponse(.success(file("color = auto\nlist.sort = due\n")))) {
      $0.file = file("color = auto\nlist.sort = due\n")
    }
  }

  @Test func aFileWithALineTaskmanCannotReadAppliesTheRestAndIsNeverWritten() async throws {
    let text = "color = never\nlist.sort: due\n"
    let (store, storage) = makeStore(text)
    await store.send(.load)
    await store.receive(.loadResponse(.success(file(text)))) {
      $0.file = file(text)
      $0.loadStatus = .loaded
    }
    #expect(store.state.settings == Settings(color: .never))
    await store.send(.set(.listSort, "due")) { $0.failure = .fileHasProblems($0.file.problems) }
    #expect(store.state.file.problems.map(\.line) == [2])
    #expect(try stored(storage) == text)
  }

  @Test func aLineBrokenByHandSinceTheLoadStopsTheSave() async throws {
    let (store, storage) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    try storage.save(Data("color = auto\noops\n".utf8), SettingsFeature.documentName)
    await store.send(.set(.color, "never"))
    await store.receive(.saveResponse(.failure(.fileHasProblems(file("color = auto\noops\n").problems)))) {
      $0.failure = .fileHasProblems(file("color = auto\noops\n").problems)
    }
    #expect(try stored(storage) == "color = auto\noops\n")
  }

  @Test func aFileThatCannotBeReadRefusesChanges() async throws {
    let error = StorageError.fileSystem(operation: .read, path: "/config", code: 13)
    var storage = StorageClient.inMemory
    storage = StorageClient.failing(load: error, base: storage)
    let store = TestStore(initialState: SettingsFeature.State()) { SettingsFeature() } withDependencies: { $0.configStorage = storage }
    await store.send(.load)
    await store.receive(.loadResponse(.failure(.storage(error)))) { $0.loadStatus = .failed(.storage(error)) }
    await store.send(.set(.color, "never")) { $0.failure = .storage(error) }
    #expect(store.state.settings == Settings())
  }

  @Test func everyKeyReadsBackWhatItWrites() throws {
    for key in SettingsKey.all {
      var settings = Settings()
      for value in key.allowedValues.isEmpty ? ["--tag x", ""] : key.allowedValues {
        try key.set(value, in: &settings)
        #expect(key.value(in: settings) == value)
      }
      #expect(SettingsKey.named(key.name) == key)
      #expect(SettingsKey.isValidName(key.name))
    }
    #expect(SettingsKey.named("colour") == nil)
    #expect(!SettingsKey.isValidName("List.Sort") && !SettingsKey.isValidName("a..b") && !SettingsKey.isValidName("-a"))
  }

  // MARK: The settings in the task list

  @Test func doneStampsTheMinuteWhenTheSettingsSayDatetime() async throws {
    let milk = Item(id: testID(1), kind: .task, title: "Buy milk")
    let store = TestStore(
      initialState: TaskList.State(tasks: [milk], loadStatus: .loaded, journal: TaskJournal())
    ) {
      TaskList()
    } withDependencies: {
      $0.date = .constant(now)
      $0.storage = .inMemory
    }
    await store.send(.settingsChanged(Settings(doneDateFormat: .datetime))) { $0.settings.doneDateFormat = .datetime }
    await store.send(.markDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags = [tag("done", "2026-11-22 10:00")]
      $0.journal?.record(entry("done “Buy milk”", from: [milk], to: $0.tasks.elements))
    }
    await store.finish()
  }
}

extension StorageClient {
  /// `base`, except that every load throws `error`.
  fileprivate static func failing(load error: StorageError, base: StorageClient) -> StorageClient {
    StorageClient(
      backend: Backend(
        load: { _ throws(StorageError) in throw error },
        save: { data, name throws(StorageError) in try base.save(data, name) },
        remove: { name throws(StorageError) in try base.remove(name) },
        tryLock: { _, _ in nil },
        lockFile: { _ in nil }
      )
    )
  }
}
