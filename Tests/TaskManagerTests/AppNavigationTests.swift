import Composable
import ComposableTesting
import Dependencies
import Foundation
import TaskManager
import Testing

// Drilling into items: the stack of item screens and outline editors that `AppFeature` pushes on
// the task list.

private let mow = Item(id: testID(102), kind: .task, title: "Mow", level: 2)
private let weed = Item(id: testID(103), kind: .task, title: "Weed", level: 2)
private let garden = Item(id: testID(101), kind: .task, title: "Garden", level: 1, children: [mow, weed])
private let dishes = Item(id: testID(104), kind: .task, title: "Dishes", level: 1)
private let home = Item(id: testID(100), kind: .project, title: "Home", children: [garden, dishes])

@MainActor
private func makeStore(
  path: StackState<AppFeature.Path.State> = StackState()
) -> (TestStore<AppFeature.State, AppFeature.Action>, StorageClient, TestClock) {
  let storage = StorageClient.inMemory
  let clock = TestClock()
  let store = TestStore(
    initialState: AppFeature.State(
      taskList: TaskList.State(tasks: [home], loadStatus: .loaded, journal: TaskJournal()),
      path: path
    )
  ) {
    AppFeature()
  } withDependencies: {
    $0.uuid = .incrementing
    $0.date = .constant(Date(timeIntervalSince1970: 1_795_341_600))  // 2026-11-22 10:00 UTC
    $0.storage = storage
    $0.clock = clock
  }
  return (store, storage, clock)
}

/// `home` with `garden` replaced by what `change` makes of it.
private func changingGarden(_ change: (inout Item) -> Void) -> Item {
  var changed = home
  change(&changed.children[0])
  return changed
}

@MainActor
@Suite struct AppNavigationTests {
  @Test func drillingDownPushesAScreenPerItemAndBackPopsIt() async {
    let (store, _, _) = makeStore()

    await store.send(.itemTapped(id: home.id)) {
      $0.path.append(.itemScreen(ItemScreen.State(item: home)))
    }
    await store.send(.path(.element(id: 0, action: .itemScreen(.childTapped(id: garden.id)))))
    await store.receive(.path(.element(id: 0, action: .itemScreen(.delegate(.openItem(id: garden.id)))))) {
      $0.path.append(.itemScreen(ItemScreen.State(item: garden)))
    }
    await store.send(.path(.element(id: 1, action: .itemScreen(.childTapped(id: mow.id)))))
    await store.receive(.path(.element(id: 1, action: .itemScreen(.delegate(.openItem(id: mow.id)))))) {
      $0.path.append(.itemScreen(ItemScreen.State(item: mow)))
    }
    #expect(store.state.path.ids == [0, 1, 2])

    // The top screen's back button: it dismisses itself.
    await store.send(.path(.element(id: 2, action: .itemScreen(.backButtonTapped))))
    await store.receive(.path(.popFrom(id: 2))) {
      $0.path.removeLast()
    }
    // Back to the list from two screens up, as a navigation bar's long press does.
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
    // Ids are never reused: the next screen is #3.
    await store.send(.itemTapped(id: dishes.id)) {
      $0.path.append(.itemScreen(ItemScreen.State(item: dishes)))
    }
    #expect(store.state.path.ids == [3])
  }

  @Test func aRowThatIsNotAChildOpensNothing() async {
    let (store, _, _) = makeStore(path: [.itemScreen(ItemScreen.State(item: garden))])
    // Dishes is in the list, but not under Garden; an unknown id is nowhere.
    await store.send(.path(.element(id: 0, action: .itemScreen(.childTapped(id: dishes.id)))))
    await store.send(.itemTapped(id: testID(999)))
  }

  @Test func anOutlineEditorDeepInTheStackSavesToTheListAndTheScreensBelowFollow() async throws {
    let (store, storage, _) = makeStore()

    await store.send(.itemTapped(id: home.id)) {
      $0.path.append(.itemScreen(ItemScreen.State(item: home)))
    }
    await store.send(.path(.element(id: 0, action: .itemScreen(.childTapped(id: garden.id)))))
    await store.receive(.path(.element(id: 0, action: .itemScreen(.delegate(.openItem(id: garden.id)))))) {
      $0.path.append(.itemScreen(ItemScreen.State(item: garden)))
    }
    await store.send(.path(.element(id: 1, action: .itemScreen(.editOutlineButtonTapped))))
    await store.receive(.path(.element(id: 1, action: .itemScreen(.delegate(.editOutline(id: garden.id)))))) {
      $0.path.append(.outlineEditor(OutlineEditor.State(item: garden)))
    }
    #expect(store.state.path[id: 2, case: .outlineEditor]?.text == "- Garden\n\t- Mow\n\t- Weed\n")

    let text = "- Garden @weekend\n\t- Mow\n\t- Weed\n\t- Rake leaves\n"
    await store.send(.path(.element(id: 2, action: .outlineEditor(.textChanged(text))))) {
      $0.path[id: 2, case: .outlineEditor]?.text = text
    }
    let saved = Item(
      id: garden.id, kind: .task, title: "Garden", tags: [tag("weekend")], level: 1,
      children: [mow, weed, Item(id: testID(0), kind: .task, title: "Rake leaves", level: 2)]
    )
    await store.send(.path(.element(id: 2, action: .outlineEditor(.saveButtonTapped)))) {
      $0.path[id: 2, case: .outlineEditor]?.item = saved
    }
    await store.receive(.path(.element(id: 2, action: .outlineEditor(.delegate(.save(saved))))))
    let newHome = changingGarden { $0 = saved }
    await store.receive(.taskList(.replaceItem(saved))) {
      $0.taskList.tasks = [newHome]
      $0.taskList.journal?.record(entry("edit “Garden”", from: [home], to: [newHome]))
      // The screens under the editor show the list as it is now.
      $0.path[id: 0, case: .itemScreen]?.item = newHome
      $0.path[id: 1, case: .itemScreen]?.item = saved
    }
    await store.send(.path(.popFrom(id: 2))) {
      $0.path.removeLast()
    }
    await store.finish()
    #expect(try TaskFile.load(from: storage, withJournal: false).outline.items == [newHome])
  }

  @Test func markingDoneShowsAMessageThatExpires() async {
    let (store, _, clock) = makeStore(path: [.itemScreen(ItemScreen.State(item: garden))])

    await store.send(.path(.element(id: 0, action: .itemScreen(.toggleDoneButtonTapped)))) {
      $0.path[id: 0, case: .itemScreen]?.message = "Marked done."
    }
    await store.receive(.path(.element(id: 0, action: .itemScreen(.delegate(.setDone(true, id: garden.id))))))
    let done = changingGarden { $0.tags.append(tag("done", "2026-11-22")) }
    await store.receive(.taskList(.markDone(ids: [garden.id]))) {
      $0.taskList.tasks = [done]
      $0.taskList.journal?.record(entry("done “Garden”", from: [home], to: [done]))
      $0.path[id: 0, case: .itemScreen]?.item = done.children[0]
    }
    await clock.advance(by: ItemScreen.messageDuration)
    await store.receive(.path(.element(id: 0, action: .itemScreen(.messageExpired)))) {
      $0.path[id: 0, case: .itemScreen]?.message = nil
    }
    await store.finish()
  }

  @Test func poppingAScreenCancelsItsEffects() async {
    let (store, _, clock) = makeStore(
      path: [.itemScreen(ItemScreen.State(item: home)), .itemScreen(ItemScreen.State(item: garden))]
    )

    await store.send(.path(.element(id: 1, action: .itemScreen(.toggleDoneButtonTapped)))) {
      $0.path[id: 1, case: .itemScreen]?.message = "Marked done."
    }
    await store.receive(.path(.element(id: 1, action: .itemScreen(.delegate(.setDone(true, id: garden.id))))))
    let done = changingGarden { $0.tags.append(tag("done", "2026-11-22")) }
    await store.receive(.taskList(.markDone(ids: [garden.id]))) {
      $0.taskList.tasks = [done]
      $0.taskList.journal?.record(entry("done “Garden”", from: [home], to: [done]))
      $0.path[id: 0, case: .itemScreen]?.item = done
      $0.path[id: 1, case: .itemScreen]?.item = done.children[0]
    }
    // Back before the message expires: its timer goes with the screen, and nothing arrives.
    await store.send(.path(.element(id: 1, action: .itemScreen(.backButtonTapped))))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
    }
    await clock.advance(by: ItemScreen.messageDuration)
    await store.finish()
  }

  @Test func deletingAnItemPopsItsScreenAndEverythingAboveIt() async {
    let (store, _, _) = makeStore(
      path: [
        .itemScreen(ItemScreen.State(item: home)),
        .itemScreen(ItemScreen.State(item: garden)),
        .itemScreen(ItemScreen.State(item: mow)),
        .outlineEditor(OutlineEditor.State(item: mow)),
      ]
    )
    let withoutGarden = Item(id: home.id, kind: .project, title: "Home", children: [dishes])
    await store.send(.taskList(.deleteItems(ids: [garden.id]))) {
      $0.taskList.tasks = [withoutGarden]
      $0.taskList.journal?.record(entry("delete “Garden”", from: [home], to: [withoutGarden]))
      $0.path[id: 0, case: .itemScreen]?.item = withoutGarden
      $0.path.pop(from: 1)
    }
    await store.finish()
  }

  @Test func anotherProgramsEditPopsTheScreensOfItemsItRemoved() async throws {
    let (store, storage, _) = makeStore()

    // A first change saves the file, and the ids of its lines beside it.
    await store.send(.taskList(.markDone(ids: [dishes.id]))) {
      $0.taskList.tasks[0].children[1].tags.append(tag("done", "2026-11-22"))
      $0.taskList.journal?.record(entry("done “Dishes”", from: [home], to: $0.taskList.tasks.elements))
    }
    await store.finish()
    let saved = store.state.taskList.tasks[0]
    await store.send(.itemTapped(id: home.id)) {
      $0.path.append(.itemScreen(ItemScreen.State(item: saved)))
    }
    await store.send(.itemTapped(id: garden.id)) {
      $0.path.append(.itemScreen(ItemScreen.State(item: garden)))
    }

    // Another program removes Garden and its tasks; the list is loaded again.
    try storage.save(Data("Home:\n\t- Dishes @done(2026-11-22)\n".utf8), TaskFile.documentName)
    await store.send(.taskList(.load))
    let loaded = try TaskFile.load(from: storage, withJournal: true, now: Date(timeIntervalSince1970: 1_795_341_600))
    let reloadedHome = try #require(loaded.outline.items.first)
    #expect(reloadedHome.id == home.id && reloadedHome.children.map(\.id) == [dishes.id])
    await store.receive(.taskList(.loadResponse(.success(loaded)))) {
      $0.taskList.tasks = IdentifiedArray(uniqueElements: loaded.outline.items)
      $0.taskList.source = loaded.source
      $0.taskList.journal = loaded.journal
      $0.path[id: 0, case: .itemScreen]?.item = reloadedHome
      $0.path.pop(from: 1)
    }
    await store.finish()
  }
}
