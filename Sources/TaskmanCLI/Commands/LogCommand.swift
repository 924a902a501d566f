import Foundation
import TaskManager

/// `taskman log [--since <date>] [--json]`
struct LogCommand: ParsableCommand, Equatable {
  var since: DateArgument?
  var json = false

  static let configuration = CommandConfiguration<Self>(
    name: "log",
    abstract: "List the changes taskman made, newest first: when, what, and which items; the history 'taskman undo' steps through.",
    discussion: "Each change shows its time (in your time zone), what it did, and the lines it touched as they are after it (or were, for an item it removed), up to five of them. Changes undone since are marked (undone); 'taskman redo' makes them again. taskman keeps its last \(TaskJournal.entryLimit) changes; a change recorded before taskman kept the time shows none, and --since leaves it out. Edits made in an editor or the TaskPaper app are not in the history.",
    examples: ["taskman log", "taskman log --since yesterday", "taskman log --json"],
    parameters: [
      .option(\.since, name: "since", valueName: "date", value: .date, help: "Only changes made on this day or later, like 2026-12-01, today or yesterday."),
      .flag(\.json, name: "json", help: "Print JSON (see Documentation/taskman-json.md) instead of text."),
    ]
  )

  /// One change as `log` shows it.
  struct Change {
    var record: TaskJournal.Record
    var undone: Bool
    /// The lines it touched, without their indentation, with the item's id.
    var lines: [(id: UUID, line: String)]
  }

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    let app = try context.appStore(forReading: true)
    return try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let changes = try self.changes(in: app)
      let index = app.shortIDs()
      let outline = app.state.outline
      // A short id for an item still in the file; "-" for one gone since.
      let shortID: (UUID) -> String? = { outline.item(withID: $0) == nil ? nil : index.shortID(for: $0) }
      if json {
        context.output.write(Self.json(changes, shortID: shortID).text)
        return .success
      }
      guard !changes.isEmpty else {
        context.output.write(since == nil ? "No changes recorded yet.\n" : "No changes since then.\n")
        return .success
      }
      let timeZone = TimeZone.current
      for change in changes {
        let time = change.record.date.map { TaskDate.Point($0, in: timeZone).description } ?? "(time unknown)"
        let mark = change.undone ? " (undone)" : ""
        context.output.write(context.style.bold(time) + "  " + TextStyle.printable(change.record.description) + mark + "\n")
        for (id, line) in change.lines.prefix(5) {
          context.output.write("  \(shortID(id) ?? "-")  \(TextStyle.printable(line))\n")
        }
        if change.lines.count > 5 { context.output.write("  … and \(change.lines.count - 5) more\n") }
      }
      return .success
    }
  }

  /// The journal's changes, newest first, made on `since`'s day or later.
  @MainActor
  private func changes(in app: AppStore) throws(TaskmanError) -> [Change] {
    let journal: TaskJournal
    do {
      guard let data = try app.storage.load(TaskFile.journalName) else { return [] }
      journal = try TaskJournal(decoding: data)
    } catch {
      throw TaskmanError(.dataFileUnreadable, "the undo history cannot be read: \(error)", hint: "'taskman doctor' says more.")
    }
    let start = since.map { $0.resolve(today: app.today).start.day }.map { TaskDate.Point(day: $0).date(in: TimeZone.current) }
    var result: [Change] = []
    for (position, record) in journal.records.enumerated().reversed() {
      if let start { guard let date = record.date, date >= start else { continue } }
      // An entry that cannot be read still names its change.
      let entry = try? TaskFile.loadEntry(of: record, from: app.storage)
      let lines = entry?.changes.compactMap { change -> (UUID, String)? in
        switch change {
        case let .line(id, _, after): (id, after.trimmingCharacters(in: .whitespaces))
        case let .place(id, before, after): (after ?? before).map { (id, $0.line.trimmingCharacters(in: .whitespaces)) }
        }
      }
      result.append(Change(record: record, undone: position >= journal.applied, lines: (lines ?? []).filter { !$0.1.isEmpty }))
    }
    return result
  }

  /// `{"changes": [{"time", "description", "undone", "items": [{"id", "shortId", "line"}]}]}`.
  static func json(_ changes: [Change], shortID: (UUID) -> String?) -> JSONValue {
    .object([
      "changes": .array(
        changes.map { change in
          .object([
            "time": change.record.date.map { .string(TaskJournal.timeText($0)) } ?? .null,
            "description": .string(change.record.description),
            "undone": .bool(change.undone),
            "items": .array(
              change.lines.map { id, line in
                .object(["id": .string(TaskJSON.id(id)), "shortId": shortID(id).map(JSONValue.string) ?? .null, "line": .string(line)])
              }
            ),
          ])
        }
      )
    ])
  }
}
