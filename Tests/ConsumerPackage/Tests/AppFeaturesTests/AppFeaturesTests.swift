import AppFeatures
import Composable
import ComposableTesting
import CounterFeature
import Dependencies
import Foundation
import SearchFeature
import Testing

@MainActor
@Suite struct AppFeaturesTests {
  @Test func theTickerTicksUntilStopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) { Ticker() } withDependencies: { $0.clock = clock }
    await store.send(.startButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.seconds = 1 }
    await store.receive(.tick) { $0.seconds = 2 }
    await store.send(.stopButtonTapped) { $0.isRunning = false }
  }

  @Test func aContactIsAddedInAPresentedEditorThatClosesItself() async {
    let store = TestStore(initialState: Contacts.State()) { Contacts() } withDependencies: {
      $0.uuid = .incrementing
    }
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    await store.send(.addButtonTapped) { $0.editor = ContactEditor.State(id: id, name: "") }
    await store.send(.editor(.presented(.nameChanged(" Blob ")))) { $0.editor?.name = " Blob " }
    await store.send(.editor(.presented(.saveButtonTapped)))
    await store.receive(.editor(.presented(.delegate(.save(id: id, name: "Blob"))))) {
      $0.contacts = [Contacts.Contact(id: id, name: "Blob")]
    }
    await store.receive(.editor(.dismiss)) { $0.editor = nil }
  }

  @Test func aContactIsDeletedOnlyOnceTheAlertIsConfirmed() async {
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let store = TestStore(initialState: Contacts.State(contacts: [Contacts.Contact(id: id, name: "Blob")])) {
      Contacts()
    }
    let alert = AlertState<Contacts.Action.Alert>(
      title: TextState("Delete Blob?"),
      buttons: [.destructive("Delete", action: .confirmDeletion(id: id)), .cancel("Cancel")]
    )
    await store.send(.deleteButtonTapped(id: id)) { $0.alert = alert }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.send(.deleteButtonTapped(id: id)) { $0.alert = alert }
    await store.send(.alert(.presented(.confirmDeletion(id: id)))) {
      $0.alert = nil
      $0.contacts = []
    }
  }

  @Test func theDashboardRunsThreeChildrenAndResetsThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: Dashboard.State()) { Dashboard() } withDependencies: {
      $0.clock = clock
      $0.movieClient = MovieClient { _ in [] }
    }
    await store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    await store.send(.ticker(.startButtonTapped)) { $0.ticker.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0.ticker.seconds = 1 }
    await store.send(.search(.queryChanged("zzz"))) {
      $0.search.query = "zzz"
      $0.search.status = .loading
    }
    await clock.advance(by: Search.debounceDuration)
    await store.receive(.search(.searchResponse([]))) { $0.search.status = .noResults }
    await store.send(.resetAllButtonTapped) { $0.counter.count = 0 }
    await store.receive(.ticker(.stopButtonTapped)) { $0.ticker.isRunning = false }
  }
}
