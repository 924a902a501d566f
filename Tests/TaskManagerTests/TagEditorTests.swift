import ComposableTesting
import Foundation
import Testing
import TaskManager

@MainActor
@Suite("Tag editor")
struct TagEditorTests {
  @Test func editingSavesTheCanonicalTagAndTellsTheParent() async {
    let store = TestStore(initialState: TagEditor.State(tag: Tag(name: "tag"))) { TagEditor() }
    await store.send(.tapped) { $0.isEditing = true }
    await store.send(.textChanged("@updatedTag()")) { $0.text = "@updatedTag()" }
    await store.send(.submitted) {
      $0.tag = Tag(name: "updatedTag")
      $0.text = "@updatedTag"
      $0.isEditing = false
    }
    await store.receive(.delegate(.saved(Tag(name: "updatedTag"), replacing: Tag(name: "tag"))))
  }

  @Test func aValueIsKeptAndSurroundingWhitespaceDropped() async {
    let store = TestStore(initialState: TagEditor.State(tag: Tag(name: "due", value: "2024-10-31"))) { TagEditor() }
    #expect(store.state.text == "@due(2024-10-31)")
    await store.send(.tapped) { $0.isEditing = true }
    await store.send(.textChanged("  @due(2024-11-01 10:00) ")) { $0.text = "  @due(2024-11-01 10:00) " }
    await store.send(.submitted) {
      $0.tag = Tag(name: "due", value: "2024-11-01 10:00")
      $0.text = "@due(2024-11-01 10:00)"
      $0.isEditing = false
    }
    await store.receive(
      .delegate(.saved(Tag(name: "due", value: "2024-11-01 10:00"), replacing: Tag(name: "due", value: "2024-10-31"))))
  }

  @Test func textThatIsNotOneTagIsAnErrorAndEditingGoesOn() async {
    let store = TestStore(initialState: TagEditor.State(tag: Tag(name: "tag"))) { TagEditor() }
    await store.send(.tapped) { $0.isEditing = true }
    await store.send(.textChanged("not a tag")) { $0.text = "not a tag" }
    await store.send(.submitted) { $0.errorMessage = "Unable to convert not a tag into a tag." }
    await store.send(.textChanged("@a @b")) { $0.text = "@a @b" }
    await store.send(.submitted) { $0.errorMessage = "Unable to convert @a @b into a tag." }
    await store.send(.textChanged("")) { $0.text = "" }
    await store.send(.submitted) { $0.errorMessage = "Unable to convert  into a tag." }
  }

  @Test func aSuccessfulSubmissionClearsTheError() async {
    let store = TestStore(initialState: TagEditor.State(tag: Tag(name: "tag"))) { TagEditor() }
    await store.send(.tapped) { $0.isEditing = true }
    await store.send(.textChanged("@")) { $0.text = "@" }
    await store.send(.submitted) { $0.errorMessage = "Unable to convert @ into a tag." }
    await store.send(.textChanged("@home")) { $0.text = "@home" }
    await store.send(.submitted) {
      $0.tag = Tag(name: "home")
      $0.isEditing = false
      $0.errorMessage = nil
    }
    await store.receive(.delegate(.saved(Tag(name: "home"), replacing: Tag(name: "tag"))))
  }

  @Test func aFailedSubmissionWithoutTappingStartsEditing() async {
    var state = TagEditor.State(tag: Tag(name: "tag"))
    state.text = "tag"
    let store = TestStore(initialState: state) { TagEditor() }
    await store.send(.submitted) {
      $0.isEditing = true
      $0.errorMessage = "Unable to convert tag into a tag."
    }
  }
}
