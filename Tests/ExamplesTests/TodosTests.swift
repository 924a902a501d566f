import Composable
import ComposableTesting
import Dependencies
import Foundation
import Storage
import Testing
import TodosExample

/// The UUIDs `.incrementing` hands out: 0, 1, 2…
private func id(_ number: Int) -> UUID {
  UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012x", number))")!
}

/// The todos saved in `storage`, once every save has finished.
private func savedTodos(_ storage: StorageClient) throws -> IdentifiedArrayOf<Todo.State>? {
  try storage.load(TodosDocument.name).map { try TodosDocument.decode($0) }
}

@MainActor
@Suite struct TodosTests {
  let milk = Todo.State(id: id(0), title: "Buy milk")
  let dog = Todo.State(id: id(1), title: "Walk the dog", isComplete: true)

  // MARK: Loading

  @Test func loadingWithoutADocumentStartsAnEmptyList() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.storage = .inMemory
    }
    await store.send(.load)
    await store.receive(.loadResponse([])) { $0.document = .loaded }
  }

  @Test func loadingReadsTheSavedTodos() async throws {
    let storage = StorageClient.inMemory(documents: [
      TodosDocument.name: try TodosDocument.encode([milk, dog])
    ])
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.storage = storage
    }
    await store.send(.load)
    await store.receive(.loadResponse([milk, dog])) {
      $0.todos = [milk, dog]
      $0.document = .loaded
    }
  }

  @Test func aDamagedDocumentIsReportedAndNeverOverwritten() async throws {
    let damaged = Data(#"[{"id": "00000000-0000-0000-0000-000000000000", "title": "Buy milk"}]"#.utf8)
    let storage = StorageClient.inMemory(documents: [TodosDocument.name: damaged])
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.storage = storage
      $0.uuid = .incrementing
    }
    await store.send(.load)
    let reason = TodosDocument.Damaged(reason: #"at [0]: "isComplete" is missing."#).description
    await store.receive(.loadFailed(reason)) { $0.document = .unreadable(reason) }
    // Every edit is refused: no state change, and no save.
    await store.send(.addTodo(title: "Walk the dog"))
    await store.send(.clearCompletedButtonTapped)
    await store.finish()
    #expect(try storage.load(TodosDocument.name) == damaged)
  }

  @Test func duplicateIDsMakeADamagedDocument() async throws {
    // Two todos with the same id, as a careless hand edit could leave them.
    let twice = Data(
      """
      [{"id": "\(milk.id)", "title": "Buy milk", "isComplete": false},
       {"id": "\(milk.id)", "title": "Buy bread", "isComplete": false}]
      """.utf8
    )
    let storage = StorageClient.inMemory(documents: [TodosDocument.name: twice])

    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.storage = storage
    }
    await store.send(.load)
    let reason = TodosDocument.Damaged(
      reason: """
        at [1]: Duplicate id \(milk.id) at offset 1, already at offset 0; an IdentifiedArray's ids \
        must be unique.
        """
    ).description
    await store.receive(.loadFailed(reason)) { $0.document = .unreadable(reason) }
    #expect(try storage.load(TodosDocument.name) == twice)
  }

  @Test func editsBeforeTheDocumentHasLoadedAreRefused() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.storage = .inMemory
      $0.uuid = .incrementing
    }
    await store.send(.addTodo(title: "Buy milk"))
  }

  // MARK: Editing

  @Test func addingTodosSavesThem() async throws {
    let storage = StorageClient.inMemory
    let store = TestStore(initialState: Todos.State(document: .loaded)) {
      Todos()
    } withDependencies: {
      $0.storage = storage
      $0.uuid = .incrementing
    }
    await store.send(.addTodo(title: "  Buy milk ")) {
      $0.todos = [Todo.State(id: id(0), title: "Buy milk")]
    }
    await store.send(.addTodo(title: "   "))
    await store.send(.addTodo(title: "Walk the dog")) {
      $0.todos.append(Todo.State(id: id(1), title: "Walk the dog"))
    }
    await store.finish()
    #expect(try savedTodos(storage) == store.state.todos)
  }

  @Test func togglingAndEditingARowSavesTheList() async throws {
    let storage = StorageClient.inMemory
    let store = TestStore(initialState: Todos.State(todos: [milk, dog], document: .loaded)) {
      Todos()
    } withDependencies: {
      $0.storage = storage
    }
    await store.send(.todos(.element(id: milk.id, action: .toggleCompleted))) {
      $0.todos[id: milk.id]?.isComplete = true
    }
    await store.send(.todos(.element(id: dog.id, action: .toggleCompleted))) {
      $0.todos[id: dog.id]?.isComplete = false
    }
    await store.send(.todos(.element(id: dog.id, action: .titleChanged("Walk the cat ")))) {
      $0.todos[id: dog.id]?.title = "Walk the cat"
    }
    // A blank title leaves the old one.
    await store.send(.todos(.element(id: dog.id, action: .titleChanged(""))))
    await store.finish()
    #expect(
      try savedTodos(storage) == [
        Todo.State(id: milk.id, title: "Buy milk", isComplete: true),
        Todo.State(id: dog.id, title: "Walk the cat", isComplete: false),
      ]
    )
  }

  @Test func deletingATodoSavesTheRest() async throws {
    let storage = StorageClient.inMemory
    let store = TestStore(initialState: Todos.State(todos: [milk, dog], document: .loaded)) {
      Todos()
    } withDependencies: {
      $0.storage = storage
    }
    await store.send(.deleteTodo(id: milk.id)) { $0.todos = [dog] }
    await store.finish()
    #expect(try savedTodos(storage) == [dog])
  }

  @Test func clearingCompletedTodosKeepsTheActiveOnes() async throws {
    let storage = StorageClient.inMemory
    let store = TestStore(initialState: Todos.State(todos: [milk, dog], document: .loaded)) {
      Todos()
    } withDependencies: {
      $0.storage = storage
    }
    await store.send(.clearCompletedButtonTapped) { $0.todos = [milk] }
    await store.finish()
    #expect(try savedTodos(storage) == [milk])
  }

  @Test func theFilterChoosesTheVisibleTodosAndSavesNothing() async throws {
    let storage = StorageClient.inMemory
    let store = TestStore(initialState: Todos.State(todos: [milk, dog], document: .loaded)) {
      Todos()
    } withDependencies: {
      $0.storage = storage
    }
    #expect(store.state.visibleTodos == [milk, dog])
    await store.send(.filterChanged(.active)) { $0.filter = .active }
    #expect(store.state.visibleTodos == [milk])
    await store.send(.filterChanged(.completed)) { $0.filter = .completed }
    #expect(store.state.visibleTodos == [dog])
    await store.send(.filterChanged(.all)) { $0.filter = .all }
    #expect(store.state.visibleTodos == [milk, dog])
    await store.finish()
    #expect(try savedTodos(storage) == nil)
  }

  @Test func quickEditsLeaveTheLastListSaved() async throws {
    let storage = StorageClient.inMemory
    let store = TestStore(initialState: Todos.State(document: .loaded)) {
      Todos()
    } withDependencies: {
      $0.storage = storage
      $0.uuid = .incrementing
    }
    for number in 0..<20 {
      await store.send(.addTodo(title: "Todo \(number)")) {
        $0.todos.append(Todo.State(id: id(number), title: "Todo \(number)"))
      }
    }
    await store.finish()
    #expect(try savedTodos(storage) == store.state.todos)
  }

  @Test func aFailedSaveIsShownUntilTheNextEdit() async throws {
    // A directory that cannot be created: "/dev/null" is a file.
    let directory = URL(fileURLWithPath: "/dev/null/todos", isDirectory: true)
    let store = TestStore(initialState: Todos.State(document: .loaded)) {
      Todos()
    } withDependencies: {
      $0.storage = .fileSystem(directory: directory)
      $0.uuid = .incrementing
    }
    var reason = ""
    do {
      try StorageClient.fileSystem(directory: directory)
        .withExclusiveAccess(to: TodosDocument.name, timeout: .zero) { _ in }
    } catch {
      reason = "\(error)"
    }
    #expect(reason.contains("/dev/null/todos"))

    await store.send(.addTodo(title: "Buy milk")) {
      $0.todos = [Todo.State(id: id(0), title: "Buy milk")]
    }
    await store.receive(.saveFailed(reason)) { $0.saveError = reason }
    await store.send(.filterChanged(.active)) { $0.filter = .active }
    await store.send(.deleteTodo(id: id(0))) {
      $0.todos = []
      $0.saveError = nil
    }
    await store.receive(.saveFailed(reason)) { $0.saveError = reason }
  }
}

@Suite struct TodosExecutableTests {
  /// A fresh directory for one test's todos.json.
  private func makeDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("TodosExecutableTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func editsPipedCommandsAndKeepsTheListForTheNextRun() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ["TODOS_DIRECTORY": directory.path]
    let file = directory.appendingPathComponent("todos.json").path

    let first = try ExampleProcess(
      "Todos",
      input: "add Buy milk\nadd Walk the dog\ntoggle 1\nfilter active\nedit 1 Walk the cat\ndelete 7\n",
      environment: environment
    )
    #expect(first.status == 0)
    #expect(first.errorOutput == "")
    #expect(
      first.output == """
        Saving to \(file)
        Commands: add <title>, toggle <n>, edit <n> <title>, delete <n>, filter all|active|completed, clear (removes completed todos), help, quit.
        Todos (all): 0 of 0 left
          (none)
        > add Buy milk
        Todos (all): 1 of 1 left
          1. [ ] Buy milk
        > add Walk the dog
        Todos (all): 2 of 2 left
          1. [ ] Buy milk
          2. [ ] Walk the dog
        > toggle 1
        Todos (all): 1 of 2 left
          1. [x] Buy milk
          2. [ ] Walk the dog
        > filter active
        Todos (active): 1 of 2 left
          1. [ ] Walk the dog
        > edit 1 Walk the cat
        Todos (active): 1 of 2 left
          1. [ ] Walk the cat
        > delete 7
        There is no todo numbered "7" on screen.

        """
    )

    let second = try ExampleProcess("Todos", input: "clear\n", environment: environment)
    #expect(second.status == 0)
    #expect(
      second.output.hasSuffix(
        """
        Todos (all): 1 of 2 left
          1. [x] Buy milk
          2. [ ] Walk the cat
        > clear
        Todos (all): 1 of 1 left
          1. [ ] Walk the cat

        """
      )
    )
  }

  @Test func refusesToStartOnADamagedDocumentAndLeavesItAlone() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json")
    let damaged = Data("- Buy milk\n".utf8)
    try damaged.write(to: file)

    let run = try ExampleProcess(
      "Todos", input: "add Walk the dog\n", environment: ["TODOS_DIRECTORY": directory.path])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(run.errorOutput.hasPrefix("error: todos.json is damaged: "))
    #expect(run.errorOutput.hasSuffix("Todos will not overwrite it.\n  (\(file.path))\n"))
    #expect(try Data(contentsOf: file) == damaged)
  }
}
