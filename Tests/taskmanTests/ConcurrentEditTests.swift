import Foundation
import TaskManager
import Testing

@testable import TaskmanCLI

/// Another program that saves the task file while a change is being made (an editor, a sync
/// client: none takes taskman's lock) never has its change written over, and the change is made
/// again on the file as that program left it (issue 39).
@MainActor
@Suite("changes beside another program saving the file")
struct ConcurrentEditTests {
  private func store(_ data: TaskmanDataDirectory) -> AppStore {
    let location = TaskFileLocation(
      option: nil, environment: [:], dataDirectory: DataDirectory.standardized(data.path, from: "/"), currentDirectory: "/"
    )
    return AppStore(file: location, lockTimeout: .seconds(5), output: TextOutput(), errors: TextOutput())
  }

  @Test func aChangeIsMadeAgainOnTheFileAsAnotherProgramSavedIt() async throws {
    let data = try TaskmanDataDirectory()
    try Data("- Buy milk\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let app = store(data)
    var attempts = 0
    try await app.withLoadedTasks { () throws(TaskmanError) in
      attempts += 1
      // Between taskman's read and its save, twice, another program saves the file.
      if attempts <= 2 {
        try? Data("- Buy milk\n- Call Bob \(attempts)\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
      }
      app.send(.addProject("Garden"))
      try await app.finishChanges()
    }
    #expect(attempts == 3)
    #expect(data.dataFileText == "- Buy milk\n- Call Bob 2\nGarden:\n")
  }

  @Test func aProgramThatNeverStopsSavingMakesTheChangeFailWithoutWritingOverIt() async throws {
    let data = try TaskmanDataDirectory()
    try Data("- Buy milk\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let app = store(data)
    var attempts = 0
    await #expect(throws: TaskmanError.self) {
      try await app.withLoadedTasks { () throws(TaskmanError) in
        attempts += 1
        try? Data("- Their text \(attempts)\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
        app.send(.addProject("Garden"))
        try await app.finishChanges()
      }
    }
    #expect(attempts == AppStore.attemptsAtAChange)
    #expect(data.dataFileText == "- Their text \(AppStore.attemptsAtAChange)\n")
  }

  @Test func aChangeThatAlreadySaidSomethingIsNotMadeAgain() async throws {
    let data = try TaskmanDataDirectory()
    try Data("- Buy milk\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
    let app = store(data)
    var attempts = 0
    await #expect(throws: TaskmanError.self) {
      try await app.withLoadedTasks { () throws(TaskmanError) in
        attempts += 1
        app.output.write("Delete “Buy milk”? ")
        try? Data("- Their text\n".utf8).write(to: URL(fileURLWithPath: data.dataFile))
        app.send(.addProject("Garden"))
        try await app.finishChanges()
      }
    }
    #expect(attempts == 1)
    #expect(data.dataFileText == "- Their text\n")
  }
}
