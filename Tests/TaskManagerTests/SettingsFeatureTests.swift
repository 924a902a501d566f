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
  state: @autoclosure () -> SettingsFeature.State = SettingsFeature.State()
) -> (TestStore<SettingsFeature.State, SettingsFeature.Action>, StorageClient) {
  let storage = StorageClient.inMemory(documents: text.map { [SettingsFeature.documentName: Data($0.utf8)] } ?? [:])
  // The state is made with the store's dependencies, so that its shared settings load from
  // `storage`.
  let store = TestStore(initialState: state()) {
    SettingsFeature()
  } withDependencies: {
    $0.configStorage = storage
    $0.clock = TestClock()
  }
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
    await store.send(.overridesChanged(overrides)) {
      $0.overrides = overrides
      $0.$applied.withLock { $0 = Settings(color: .always, listSort: .due) }
    }
    #expect(store.state.settings == Settings(color: .always, listSort: .due))
    #expect(store.state.origin(of: .color) == .flag("--color"))
    #expect(store.state.origin(of: .listSort) == .environment("TASKMAN_LIST_SORT"))
    #expect(store.state.origin(of: .listShowDone) == .default)
  }

  @Test func settingAKeySavesOnlyItsLine() async throws {
    let text = "# Colour for less -R.\r\ncolor = always\r\nfuture.key = kept\r\n"
    let (store, storage) = makeStore(text, state: SettingsFeature.State(file: file(text), loadStatus: .loaded))
    await store.send(.binding(.set(\.texts.listShowDone, "true"))) {
      $0.texts.listShowDone = "true"
      $0.$stored.withLock { $0.listShowDone = true }
      $0.$applied.withLock { $0.listShowDone = true }
    }
    let saved = text + "list.show-done = true\r\n"
    await store.receive(.saveResponse(.success(file(saved)))) { $0.file = file(saved) }
    #expect(try stored(storage) == saved)
    #expect(store.state.settings == Settings(color: .always, listShowDone: true))

    await store.send(.binding(.set(\.texts.color, "never"))) {
      $0.texts.color = "never"
      $0.$stored.withLock { $0.color = .never }
      $0.$applied.withLock { $0.color = .never }
    }
    let changed = saved.replacingOccurrences(of: "color = always", with: "color = never")
    await store.receive(.saveResponse(.success(file(changed)))) { $0.file = file(changed) }
    #expect(try stored(storage) == changed)
  }

  @Test func aSaveKeepsWhatAPersonWroteSinceTheLoad() async throws {
    let (store, storage) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    try storage.save(Data("color = auto\n# added by hand\nlist.sort = text\n".utf8), SettingsFeature.documentName)
    await store.send(.binding(.set(\.texts.color, "never"))) {
      $0.texts.color = "never"
      $0.$stored.withLock { $0.color = .never }
      $0.$applied.withLock { $0.color = .never }
    }
    let saved = "color = never\n# added by hand\nlist.sort = text\n"
    await store.receive(.saveResponse(.success(file(saved)))) {
      $0.file = file(saved)
      // What the person wrote meanwhile is now the shared value's too.
      $0.$stored.withLock { $0.listSort = .text }
      $0.$applied.withLock { $0.listSort = .text }
      $0.texts.listSort = "text"
    }
    #expect(store.state.settings == Settings(color: .never, listSort: .text))
  }

  @Test func aBadValueIsRefusedAtOnceAndNothingIsSaved() async throws {
    let (store, storage) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    await store.send(.binding(.set(\.texts.listSort, "size"))) {
      $0.texts.listSort = "size"
      $0.failure = .invalidValue(key: "list.sort", value: "size", reason: "expected none, due, project, created or text")
    }
    #expect(try stored(storage) == "color = auto\n")
    // The next change clears the refusal.
    await store.send(.binding(.set(\.texts.listSort, "due"))) {
      $0.texts.listSort = "due"
      $0.failure = nil
      $0.$stored.withLock { $0.listSort = .due }
      $0.$applied.withLock { $0.listSort = .due }
    }
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
    await store.send(.binding(.set(\.texts.listSort, "due"))) {
      $0.texts.listSort = "due"
      $0.failure = .fileHasProblems($0.file.problems)
    }
    #expect(store.state.file.problems.map(\.line) == [2])
    #expect(try stored(storage) == text)
  }

  @Test func aLineBrokenByHandSinceTheLoadStopsTheSave() async throws {
    let (store, storage) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    try storage.save(Data("color = auto\noops\n".utf8), SettingsFeature.documentName)
    // The change is made, and stays unsaved (pending) until the file is fixed.
    await store.send(.binding(.set(\.texts.color, "never"))) {
      $0.texts.color = "never"
      $0.$stored.withLock { $0.color = .never }
      $0.$applied.withLock { $0.color = .never }
    }
    await store.receive(.saveResponse(.failure(.fileHasProblems(file("color = auto\noops\n").problems)))) {
      $0.failure = .fileHasProblems(file("color = auto\noops\n").problems)
    }
    #expect(try stored(storage) == "color = auto\noops\n")
  }

  @Test func aFileThatCannotBeReadRefusesChanges() async throws {
    let error = StorageError.fileSystem(operation: .read, path: "/config", code: 13)
    var storage = StorageClient.inMemory
    storage = StorageClient.failing(load: error, base: storage)
    let warnings = Lock<[String]>([])
    let store = TestStore(initialState: SettingsFeature.State()) {
      SettingsFeature()
    } withDependencies: {
      $0.configStorage = storage
      $0.clock = TestClock()
      // The shared settings say they could not load; the feature says it in its state.
      $0.issueReporter = IssueReporter { message, _ in warnings.withLock { $0.append(message) } }
    }
    #expect(warnings.withLock { $0 }.contains { $0.contains("Permission denied") })
    await store.send(.load)
    await store.receive(.loadResponse(.failure(.storage(error)))) { $0.loadStatus = .failed(.storage(error)) }
    await store.send(.binding(.set(\.texts.color, "never"))) {
      $0.texts.color = "never"
      $0.failure = .storage(error)
    }
    #expect(store.state.settings == Settings())
  }

  @Test func everyHolderOfTheSharedSettingsSeesAChange() async throws {
    let (store, _) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    // Another feature of the same store tree (the list, a form) holding the settings.
    let list = withDependencies { $0 = store.dependencies } operation: { Shared(.settings) }
    await store.send(.binding(.set(\.texts.color, "never"))) {
      $0.texts.color = "never"
      $0.$stored.withLock { $0.color = .never }
      $0.$applied.withLock { $0.color = .never }
    }
    #expect(list.wrappedValue.color == .never)
    await store.receive(.saveResponse(.success(file("color = never\n")))) { $0.file = file("color = never\n") }
  }

  @Test func loadingAgainTakesWhatAnotherProgramSaved() async throws {
    let (store, storage) = makeStore("color = auto\n", state: SettingsFeature.State(file: file("color = auto\n"), loadStatus: .loaded))
    try storage.save(Data("color = always\n".utf8), SettingsFeature.documentName)
    await store.send(.load)
    await store.receive(.loadResponse(.success(file("color = always\n")))) {
      $0.file = file("color = always\n")
      $0.$stored.withLock { $0.color = .always }
      $0.$applied.withLock { $0.color = .always }
      // The form shows the file as it is now.
      $0.texts.color = "always"
    }
    #expect(store.state.settings.color == .always)
  }

  @Test func everyKeyReadsBackWhatItWrites() throws {
    for key in SettingsKey.all {
      var settings = Settings()
      for value in !key.allowedValues.isEmpty ? key.allowedValues : key == .addProject ? ["Inbox", ""] : ["--tag x", ""] {
        try key.set(value, in: &settings)
        #expect(key.value(in: settings) == value)
      }
      #expect(SettingsKey.named(key.name) == key)
      #expect(SettingsKey.isValidName(key.name))
    }
    #expect(SettingsKey.named("colour") == nil)
    #expect(throws: SettingValueError.self) { try SettingsKey.addProject.validate("- Buy milk") }
    #expect(!SettingsKey.isValidName("List.Sort") && !SettingsKey.isValidName("a..b") && !SettingsKey.isValidName("-a"))
  }

  @Test func eachKeyHasAFieldOfTheFormOfItsOwn() {
    // The table `taskman config set` goes through: a key's binding sets its field, and no two
    // keys share one.
    for key in SettingsKey.all {
      #expect(key.binding("x") == .set(key.field, "x"))
    }
    #expect(Set(SettingsKey.all.map { $0.field as AnyKeyPath }).count == SettingsKey.all.count)
    #expect(SettingsKey.listSort.binding("due") == .set(\.texts.listSort, "due"))
    #expect("\(SettingsKey.listSort.binding("due"))" == #".set(\.texts.listSort, "due")"#)
  }

  @Test func theFormShowsTheFileAndABindingOfAFieldSavesItsKey() async throws {
    let text = "# Inbox first.\nlist.sort = due\n"
    let (store, storage) = makeStore(text, state: SettingsFeature.State(file: file(text), loadStatus: .loaded))
    #expect(store.state.texts == SettingsTexts(Settings(listSort: .due)))
    // What `taskman config set add.project Inbox` sends.
    await store.send(.binding(SettingsKey.addProject.binding("Inbox"))) {
      $0.texts.addProject = "Inbox"
      $0.$stored.withLock { $0.addProject = AddProjectSetting("Inbox") }
      $0.$applied.withLock { $0.addProject = AddProjectSetting("Inbox") }
    }
    let saved = text + "add.project = Inbox\n"
    await store.receive(.saveResponse(.success(file(saved)))) { $0.file = file(saved) }
    #expect(try stored(storage) == saved)
    // A value the key refuses (a task, not a project) stays in the form, as typed, with the reason.
    await store.send(.binding(.set(\.texts.addProject, "- Buy milk"))) {
      $0.texts.addProject = "- Buy milk"
      $0.failure = .invalidValue(
        key: "add.project", value: "- Buy milk", reason: "expected a project's name, like Inbox, one line without tags"
      )
    }
    #expect(try stored(storage) == saved)
    await store.finish()
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
    await store.send(.settingsChanged(Settings(doneDateFormat: .datetime))) {
      $0.$settings.withLock { $0.doneDateFormat = .datetime }
    }
    await store.send(.markDone(ids: [milk.id])) {
      $0.tasks[id: milk.id]?.tags = [tag("done", "2026-11-22 10:00")]
      $0.journal?.record(entry("done “Buy milk”", from: [milk], to: $0.tasks.elements))
    }
    await store.finish()
  }
}

/// The settings tab and the list of one app share the settings that apply.
@MainActor
@Suite struct AppSettingsTabTests {
  @Test func aSettingChangedOnTheSettingsTabAppliesToTheListAtOnce() async throws {
    let milk = Item(id: testID(1), kind: .task, title: "Buy milk")
    let config = StorageClient.inMemory(documents: [SettingsFeature.documentName: Data("# mine\ncolor = never\n".utf8)])
    let store = TestStore(
      initialState: AppFeature.State(taskList: TaskList.State(tasks: [milk], loadStatus: .loaded, journal: TaskJournal()))
    ) {
      AppFeature()
    } withDependencies: {
      $0.date = .constant(now)
      $0.storage = .inMemory
      $0.configStorage = config
      $0.clock = TestClock()
    }
    await store.send(.settingsTabOpened) {
      $0.settings = SettingsFeature.State()
      // The tab's settings are the list's: what applies is the file's from now on.
      $0.taskList.$settings.withLock { $0.color = .never }
    }
    await store.receive(.settings(.load))
    await store.receive(.settings(.loadResponse(.success(SettingsFile(data: Data("# mine\ncolor = never\n".utf8)))))) {
      $0.settings?.file = SettingsFile(data: Data("# mine\ncolor = never\n".utf8))
      $0.settings?.loadStatus = .loaded
    }
    await store.send(.settings(.binding(.set(\.texts.doneDateFormat, "datetime")))) {
      $0.settings?.texts.doneDateFormat = "datetime"
      $0.settings?.$stored.withLock { $0.doneDateFormat = .datetime }
      $0.taskList.$settings.withLock { $0.doneDateFormat = .datetime }
    }
    await store.receive(.settings(.saveResponse(.success(SettingsFile(data: Data("# mine\ncolor = never\ndone.date-format = datetime\n".utf8)))))) {
      $0.settings?.file = SettingsFile(data: Data("# mine\ncolor = never\ndone.date-format = datetime\n".utf8))
    }
    #expect(try config.load(SettingsFeature.documentName) == Data("# mine\ncolor = never\ndone.date-format = datetime\n".utf8))
    // No action carried the setting to the list: it holds the same value.
    await store.send(.taskList(.markDone(ids: [milk.id]))) {
      $0.taskList.tasks[id: milk.id]?.tags = [tag("done", "2026-11-22 10:00")]
      $0.taskList.journal?.record(entry("done “Buy milk”", from: [milk], to: $0.taskList.tasks.elements))
    }
    await store.send(.settingsTabClosed) { $0.settings = nil }
    await store.finish()
  }
}

/// The forms read the same settings: a change on the settings tab applies to a form already
/// open, with no action carrying it.
@MainActor
@Suite struct SettingsInTheFormTests {
  @Test func anInboxChosenOnTheSettingsTabPlacesTheTaskOfTheOpenAddForm() async throws {
    let loose = Item(id: testID(100), kind: .task, title: "Loose end")
    let config = StorageClient.inMemory(documents: [:])
    let store = TestStore(
      initialState: AppFeature.State(taskList: TaskList.State(tasks: [loose], loadStatus: .loaded, journal: TaskJournal()))
    ) {
      AppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(now)
      $0.storage = .inMemory
      $0.configStorage = config
      $0.clock = TestClock()
    }
    await store.send(.settingsTabOpened) { $0.settings = SettingsFeature.State() }
    await store.receive(.settings(.load))
    await store.receive(.settings(.loadResponse(.success(.empty)))) { $0.settings?.loadStatus = .loaded }
    // The form opens with no place given, while no inbox is set.
    await store.send(.taskList(.addButtonTapped)) {
      $0.taskList.destination = .addTask(.add(id: testID(0)))
    }
    await store.send(.taskList(.destination(.presented(.addTask(.binding(.set(\.text, "Buy milk"))))))) {
      $0.taskList.destination = .addTask(TaskForm.State(mode: .add, task: Item(id: testID(0), kind: .task, title: ""), text: "Buy milk"))
    }
    #expect(addForm(store.state)?.effectivePosition == .top)

    await store.send(.settings(.binding(.set(\.texts.addProject, "Inbox")))) {
      $0.settings?.texts.addProject = "Inbox"
      $0.settings?.$stored.withLock { $0.addProject = AddProjectSetting("Inbox") }
      $0.taskList.$settings.withLock { $0.addProject = AddProjectSetting("Inbox") }
    }
    await store.receive(.settings(.saveResponse(.success(SettingsFile(data: Data("add.project = Inbox\n".utf8)))))) {
      $0.settings?.file = SettingsFile(data: Data("add.project = Inbox\n".utf8))
    }
    // No action reached the form: it holds the same settings.
    #expect(addForm(store.state)?.effectivePosition == .project("Inbox"))

    await store.send(.taskList(.destination(.presented(.addTask(.saveButtonTapped)))))
    let milk = Item(id: testID(0), kind: .task, title: "Buy milk", level: 1)
    let inbox = Item(id: testID(1), kind: .project, title: "Inbox", children: [milk])
    await store.receive(.taskList(.destination(.presented(.addTask(.delegate(.saveTask(Item(id: testID(0), kind: .task, title: "Buy milk")))))))) {
      $0.taskList.tasks.append(inbox)
      $0.taskList.journal?.record(entry("add “Buy milk”", from: [loose], to: [loose, inbox]))
    }
    await store.receive(.taskList(.destination(.dismiss))) { $0.taskList.destination = nil }
    await store.send(.settingsTabClosed) { $0.settings = nil }
    await store.finish()
  }

  @Test func aPlaceGivenToTheFormWinsOverTheSetting() {
    var form = TaskForm.State.add(id: testID(0), at: .first)
    form.$settings.withLock { $0.addProject = AddProjectSetting("Inbox") }
    #expect(form.effectivePosition == .first)
    form.position = nil
    #expect(form.effectivePosition == .project("Inbox"))
  }
}

private func addForm(_ state: AppFeature.State) -> TaskForm.State? {
  if case let .addTask(form)? = state.taskList.destination { form } else { nil }
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
