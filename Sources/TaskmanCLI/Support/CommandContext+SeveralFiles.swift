import Foundation
import TaskManager

/// A command that acts on items it names by id (`done 3f2a`, `show 9c01`): with several files,
/// it runs in the file of its items, once per file when they are in several (see
/// ``CommandContext/run(_:)``).
protocol NamesItems {
  /// The ids (or prefixes) as typed; none for a command that acts on every file (`archive`).
  var namedIDs: [String] { get set }
  /// The `--where` search a change names its items by instead, if any.
  var changesWhere: String? { get }
}

extension NamesItems {
  var changesWhere: String? { nil }
}

/// A command that puts new items into a file: with several, the primary unless ``destination``
/// names another of the set.
protocol AddsItems {
  /// `--to <file>`: the file of the set to add to, as typed.
  var destination: String? { get }
}

extension CommandContext {
  /// Runs `command` on the files it concerns: one file as always; of several (``taskFiles``),
  /// a reading command reads them all, a change goes to the file its items are in (each file
  /// under its own lock, one after another), and a command that cannot span files says so.
  @MainActor
  func run(_ command: any ParsableCommand) async throws(TaskmanError) -> ExitCode {
    if command is HelpCommand || command is VersionCommand || command is ManCommand || command is CompletionCommand
      || command is ConfigCommand || command is ShellCommand
    {
      return try await command.run(in: self)
    }
    // One file, the common case, as before: nothing more is looked at.
    if globals.files.count <= 1, globals.file != nil || settings.files.paths.count <= 1 || session.environment["TASKMAN_FILE"]?.isEmpty == false,
      (command as? AddsItems)?.destination == nil
    {
      return try await command.run(in: self)
    }
    let files = taskFiles
    guard files.count > 1 else {
      if let adding = command as? AddsItems, let destination = adding.destination {
        _ = try self.destination(destination, in: TaskFileSet(files: files))
      }
      return try await command.run(in: self)
    }
    let set = TaskFileSet(files: files)
    session.notesSaid = []
    defer {
      session.notesSaid = nil
      session.otherFiles = []
    }
    let name = type(of: command).name
    switch command {
    case is UndoCommand, is RedoCommand:
      return try await stepThroughHistory(command, in: set)
    case let adding as AddsItems:
      let target = try adding.destination.map { text throws(TaskmanError) in try destination(text, in: set) } ?? set.files[0]
      let read = try await readEvery(set, forChange: true)
      return try await run(command, in: target, of: read)
    case let list as ListCommand:
      return try await list.runAcrossFiles(set, in: self)
    case let query as QueryCommand:
      return try await query.runAcrossFiles(set, in: self)
    case let agenda as AgendaCommand:
      return try await agenda.runAcrossFiles(set, in: self)
    case let tags as TagsCommand:
      return try await tags.runAcrossFiles(set, in: self)
    case let projects as ProjectsCommand:
      return try await projects.runAcrossFiles(set, in: self)
    case let doctor as DoctorCommand where !doctor.json:
      return try await runInEach(command, of: set)
    case let log as LogCommand where !log.json:
      // Each file keeps its own history: shown file by file.
      return try await runInEach(command, of: set)
    case let searches as SearchesCommand:
      return try await searches.runAcrossFiles(set, in: self)
    case let sync as SyncCommand where sync.action == nil:
      // Each file syncs through the repository it is in (one repository may hold several).
      return try await runInEach(command, of: set)
    case let naming as NamesItems where naming.changesWhere != nil:
      // One search, one question and one undoable change are what --where promises; over
      // several files (each with its own lock and undo history) it could keep none of them.
      throw .usage(
        "taskman \(name) --where changes one file at a time, and \(files.count) are chosen (\(set.files.map { set.label(of: $0) }.joined(separator: ", ")))",
        hint: "Name the file: taskman --file <path> \(name) --where … ('taskman query' shows which file each match is in)."
      )
    case let naming as NamesItems:
      return try await runWhereNamed(naming, command: command, in: set)
    default:
      throw .usage(
        "taskman \(name) works on one file, and \(files.count) are chosen (\(set.files.map { set.label(of: $0) }.joined(separator: ", ")))",
        hint: "Name the one to use: taskman --file <path> \(name)"
      )
    }
  }

  /// What every file of `set` holds, read in turn, each under its shared lock: its store, or
  /// why it cannot be read. For a change (`forChange`) a file that cannot be read stops it (the
  /// ids typed could name its items), before anything is changed.
  @MainActor
  func readEvery(_ set: TaskFileSet, forChange: Bool) async throws(TaskmanError) -> [FileRead] {
    var reads: [FileRead] = []
    for file in set.files {
      do throws(TaskmanError) {
        let app = try narrowed(to: file).appStore(forReading: true)
        try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in }
        reads.append(FileRead(file: file, label: set.label(of: file), app: app, failure: nil))
      } catch {
        if forChange {
          var error = error
          error.message += "; nothing was changed: the ids of the other files are told apart from this one's"
          throw error
        }
        reads.append(FileRead(file: file, label: set.label(of: file), app: nil, failure: error))
      }
    }
    return reads
  }

  /// One file of a set as read: its store, whose state is what it held, or why it could not be
  /// read.
  struct FileRead {
    var file: TaskFileLocation
    var label: String
    var app: AppStore?
    var failure: TaskmanError?
  }

  /// The other files' items, as `reads` found them, for short ids while `file` is worked on.
  @MainActor
  func otherFiles(than file: TaskFileLocation, in reads: [FileRead]) -> [TaskFileSet.OtherFile] {
    reads.compactMap { read in
      guard read.file.path != file.path, let app = read.app else { return nil }
      return TaskFileSet.OtherFile(path: read.file.path, items: app.state.tasks.elements)
    }
  }

  /// Runs `command` on `file` alone, with short ids unique across the files of `reads`.
  @MainActor
  func run(_ command: any ParsableCommand, in file: TaskFileLocation, of reads: [FileRead]) async throws(TaskmanError) -> ExitCode {
    session.otherFiles = otherFiles(than: file, in: reads)
    defer { session.otherFiles = [] }
    return try await command.run(in: narrowed(to: file))
  }

  /// The heading that starts a file's part of the output, as `head` marks files.
  func fileHeading(_ label: String, first: Bool) -> String {
    (first ? "" : "\n") + style.bold("==> \(label) <==") + "\n"
  }

  /// Runs `command` on each file of `set` in turn under its heading; a file that fails is
  /// reported and the others still run. The worst status wins.
  @MainActor
  func runInEach(_ command: any ParsableCommand, of set: TaskFileSet) async throws(TaskmanError) -> ExitCode {
    let reads = try await readEvery(set, forChange: false)
    var status = ExitCode.success
    for (number, read) in reads.enumerated() {
      output.write(fileHeading(read.label, first: number == 0))
      do throws(TaskmanError) {
        if let failure = read.failure { throw failure }
        status = max(status, try await run(command, in: read.file, of: reads))
      } catch {
        session.report(error)
        status = max(status, error.exitCode)
      }
    }
    return status
  }

  /// Runs a command that names items in the file of its items, once per file when they are
  /// in several (in the set's order, each under its own lock); with no id named, in every file.
  @MainActor
  private func runWhereNamed(_ naming: NamesItems, command: any ParsableCommand, in set: TaskFileSet) async throws(TaskmanError) -> ExitCode {
    let reads = try await readEvery(set, forChange: !(command is ShowCommand))
    guard !naming.namedIDs.isEmpty else {
      var status = ExitCode.success
      for (number, read) in reads.enumerated() {
        output.write(fileHeading(read.label, first: number == 0))
        status = max(status, try await run(command, in: read.file, of: reads))
      }
      return status
    }
    let readable = reads.filter { $0.app != nil }
    let files = readable.map { TaskFileSet.OtherFile(path: $0.file.path, items: $0.app!.state.tasks.elements) }
    let index = TaskFileSet.shortIDs(over: files.map(\.items))
    var texts: [[String]] = Array(repeating: [], count: readable.count)
    for text in naming.namedIDs {
      let id = try index.resolve(text, describe: { TaskFileSet.item(withID: $0, in: files)?.item.title })
      let holders = files.indices.filter { TaskFileSet.item(withID: id, in: [files[$0]]) != nil }
      guard let first = holders.first else { throw .nothingMatched("no item has the id '\(TextStyle.printable(text))'") }
      guard holders.count == 1 else {
        let names = holders.map { readable[$0].label }
        throw .usage(
          "'\(TextStyle.printable(text))' names the same line in \(names.joinedAsAlternatives(conjunction: "and")): taskman derives an unchanged line's id from its text, so the files share it",
          hint: "Name the file too: taskman --file <path> \(type(of: command).name) …"
        )
      }
      texts[first].append(text)
    }
    var status = ExitCode.success
    for (position, read) in readable.enumerated() where !texts[position].isEmpty {
      var narrowedCommand = naming
      narrowedCommand.namedIDs = texts[position]
      if command is ShowCommand, !(command as! ShowCommand).json { output.write(fileHeading(read.label, first: true)) }
      status = max(status, try await run(narrowedCommand as! any ParsableCommand, in: read.file, of: reads))
    }
    return status
  }

  /// The file of `set` that `text` (`--to`) names: by its path (relative to the current
  /// directory), or by the label taskman shows for it.
  func destination(_ text: String, in set: TaskFileSet) throws(TaskmanError) -> TaskFileLocation {
    let named = TaskFileLocation(option: text, environment: [:], dataDirectory: dataDirectory, currentDirectory: session.currentDirectory)
    if let file = set.files.first(where: { $0.realPath == named.realPath || set.label(of: $0) == text }) { return file }
    throw .usage(
      "--to \(TextStyle.printable(text)) is not one of the files taskman works on (\(set.files.map { set.label(of: $0) }.joined(separator: ", ")))",
      hint: "Give --to the path (or the name shown) of one of them, or add it with --file."
    )
  }
}

extension CommandContext {
  /// `undo` and `redo` with several files: each file keeps its own history, so the step is
  /// taken in one file, said on standard error. `undo` takes the file whose newest change in
  /// effect was made last (by the journal records' times, to the second; of equal times, the
  /// journal written last); `redo` the file whose journal was written last among those with a
  /// change to make again (the file of the last undo).
  @MainActor
  func stepThroughHistory(_ command: any ParsableCommand, in set: TaskFileSet) async throws(TaskmanError) -> ExitCode {
    let undoes = command is UndoCommand
    var chosen: (file: TaskFileLocation, key: (Date, Date))?
    var candidates = 0
    for file in set.files {
      let app = try narrowed(to: file).appStore(forReading: true)
      guard let head = (try? app.storage.load(TaskFile.journalName)) ?? nil, let journal = try? TaskJournal(decoding: head) else { continue }
      let written =
        ((try? FileManager.default.attributesOfItem(atPath: file.stateDirectory + "/" + TaskFile.journalName))?[.modificationDate] as? Date)
        ?? .distantPast
      let key: (Date, Date)
      if undoes {
        guard let record = journal.undoable else { continue }
        key = (record.date ?? .distantPast, written)
      } else {
        guard journal.redoable != nil else { continue }
        key = (written, written)
      }
      candidates += 1
      if chosen.map({ key > $0.key }) ?? true { chosen = (file, key) }
    }
    let file = chosen?.file ?? set.files[0]
    if candidates > 1 {
      errors.write(
        "taskman: \(undoes ? "undoing" : "redoing") in \(set.label(of: file)), \(undoes ? "whose change is the newest" : "where the last undo was") of the \(set.files.count) files; name one with --file to choose.\n"
      )
    }
    return try await run(command, in: file, of: [])
  }
}

extension ExitCode: Comparable {
  /// By number: of two statuses, the greater is the worse.
  static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
