#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import TaskManager

/// `taskman edit <id> [<text>...]`
struct EditCommand: ParsableCommand, Equatable {
  var id = ""
  var text: [String] = []
  var replaceTags = false

  static let configuration = CommandConfiguration<Self>(
    name: "edit",
    abstract: "Change an item's text, or edit it and everything under it in your editor.",
    discussion: """
      With text, replaces the item's title; tags in the new text replace the item's tags of the same name, and its other tags stay (--replace-tags: the new text's tags replace them all), as do its notes and subtasks. Without text, opens $VISUAL (else $EDITOR, else vi) on the item and everything under it as TaskPaper; what you save replaces them as one change that 'taskman undo' reverts. The editor needs a terminal: without one on standard input and output (a script, a pipe), 'edit <id>' without text is refused and starts none. The file is not locked while the editor is open; if the item changes meanwhile, nothing is written and your text is kept in a file whose path is printed.
      """,
    examples: ["taskman edit 3f2a Buy oat milk", "taskman edit 3f2a"],
    parameters: [
      .argument(\.id, name: "id", value: .id, help: "The item's id, or any unique prefix of it."),
      .arguments(
        \.text, name: "text", isOptional: true, value: .text,
        help: "The new TaskPaper line: a title, and tags to replace those of the same name. Without it, your editor opens."
      ),
      .flag(\.replaceTags, name: "replace-tags", help: "Let the new text's tags replace all of the item's tags, not only those of the same name."),
    ]
  )

  func run(in context: CommandContext) async throws(TaskmanError) -> ExitCode {
    if text.isEmpty {
      return try await OutlineEditing(id: id, context: context).run()
    }
    let typed = text.joined(separator: " ")
    let app = try context.appStore()
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      let item = try app.resolve([id])[0]
      app.send(.editTask(item))
      guard case .editTask? = app.state.destination else {
        throw TaskmanError(.usage, "the task list did not open its edit form")
      }
      let line = try Self.line(typed, replacing: item, replacingAllTags: replaceTags)
      app.send(.destination(.presented(.editTask(.binding(.set(\.text, line))))))
      app.send(.destination(.presented(.editTask(.saveButtonTapped))))
      await app.waitForEffects()
      if case .editTask(let refused)? = app.state.destination {
        app.send(.destination(.dismiss))
        throw .usage(
          refused.errorMessage ?? "the item was not changed",
          hint: AddCommand.hasTagsButNoTitle(line)
            ? "The new text needs a title before its tags; to change only the tags, use 'taskman tag \(id) <@tag…>' or 'taskman untag \(id) <name…>'."
            : "The new text is one line of TaskPaper: a title, then tags, like: taskman edit \(id) Buy oat milk @shopping"
        )
      }
      try await app.finishChanges()
      context.warnAboutDates(in: app.state.item(withID: item.id)?.tags ?? [])
      context.output.write(TaskRowRenderer.render(app.rows(for: [item.id], index: app.shortIDs()), style: context.style))
      return .success
    }
  }

  /// The line to type into the edit form for `typed`: the item stays what it is (a task, a
  /// project, a note); the tags `typed` names replace the item's of the same name (ignoring case)
  /// where they stand, and the item keeps its others (as Taskwarrior's `modify` does), unless
  /// `replacingAllTags`, when tags typed replace them all.
  ///
  /// - Throws: A usage error when `typed` would turn a note or a project into something else.
  static func line(_ typed: String, replacing item: Item, replacingAllTags: Bool = false) throws(TaskmanError) -> String {
    let parsed: Item
    switch item.kind {
    case .task:
      guard let task = try? TaskPaperParser.parseTask(AddCommand.taskLine(typed), makeID: { item.id }) else { return typed }
      parsed = task
    case .project:
      // `Home:` and `Home` both name the project Home; its tags may follow either.
      guard var project = try? TaskPaperParser.parseTask("- " + typed, makeID: { item.id }) else { return typed }
      project.title = OutlinePosition.projectTitle(project.title)
      parsed = project
    case .note:
      guard let note = TaskPaperParser.parse(typed, makeID: { item.id }).items.first else { return typed }
      // `- text` or `Text:` typed for a note would lose its marker or colon without a word.
      guard note.kind == .note else {
        throw .usage(
          "Unable to change this note to “\(typed)”: the line would read back as a \(note.kind == .project ? "project" : "task"), not a note with that text.",
          hint: TaskList.noteAdvice(typed)
        )
      }
      parsed = note
    }
    var edited = item
    edited.children = []
    edited.title = parsed.title
    // Without tags of its own, the new text keeps every tag of the old line: those written
    // inside the old text too (a `@due` in mid-line), which then follow the new text rather
    // than vanish with the words around them.
    if !parsed.tags.isEmpty {
      edited.tags = replacingAllTags ? parsed.tags : Self.merging(parsed.tags, into: item.tags)
    }
    let line = TaskPaperPrinter.line(for: edited)
    let reread = TaskPaperParser.parse(line, makeID: { item.id }).items
    if item.kind != .task, typed.contains(where: \.isNewline) == false,
      reread.count != 1 || reread[0].kind != item.kind || reread[0].title != edited.title
    {
      let kind = item.kind == .note ? "note" : "project"
      throw .usage(
        "Unable to change this \(kind) to “\(typed)”: the line would read back as \(reread.first.map { "a \($0.kind == .note ? "note" : $0.kind == .project ? "project" : "task")" } ?? "nothing"), not a \(kind) with that text.",
        hint: item.kind == .note
          ? TaskList.noteAdvice(typed)
          : "A project’s name is the text of its line before the “:”, like: Home renovation"
      )
    }
    return line
  }
}

extension EditCommand {
  /// `old` with each tag of a name in `new` (ignoring case) replaced, where the first of that name
  /// stood, by the new tags of that name; the new tags of other names follow at the end.
  static func merging(_ new: [Tag], into old: [Tag]) -> [Tag] {
    let newNames = Set(new.map { $0.name.lowercased() })
    var placed = Set<String>()
    var merged: [Tag] = []
    for tag in old {
      let name = tag.name.lowercased()
      guard newNames.contains(name) else {
        merged.append(tag)
        continue
      }
      if placed.insert(name).inserted { merged += new.filter { $0.name.lowercased() == name } }
    }
    merged += new.filter { !placed.contains($0.name.lowercased()) }
    return merged
  }
}

/// `taskman edit <id>` without text: the item and everything under it in the person's editor.
@MainActor
struct OutlineEditing {
  let id: String
  let context: CommandContext

  func run() async throws(TaskmanError) -> ExitCode {
    try Self.checkTerminal(context.session, id: id)
    let app = try context.appStore()
    // Read under the lock, then let it go while the person edits.
    let (item, opened) = try await app.withLoadedTasks(readOnly: true) { () throws(TaskmanError) in
      let item = try app.resolve([id])[0]
      return (item, OutlineEditor.State(item: item).text)
    }
    let file = try TemporaryText(opened, shortID: app.shortIDs().shortID(for: item.id))
    var edited: String
    let shortID = app.shortIDs().shortID(for: item.id)
    while true {
      do throws(TaskmanError) {
        try runEditor(on: file.path)
      } catch {
        // What the editor saved before failing is kept; an untouched copy is not.
        if let bytes = try? file.read(), bytes != Array(opened.utf8) { throw error.keeping(file) }
        file.remove()
        throw error
      }
      let bytes = try file.read()
      do throws(TaskmanError) {
        edited = try InputText.decodeDocument(bytes, name: file.path)
        try Self.check(edited, path: file.path, shortID: shortID)
        break
      } catch {
        guard context.session.inputIsTerminal else { throw error.keeping(file) }
        context.session.report(error)
        context.errors.write("Edit again? [Y/n] ")
        context.errors.flush()
        guard case .text(let answer)? = context.session.input.readLine(),
          !String(decoding: answer, as: UTF8.self).lowercased().hasPrefix("n")
        else { throw error.keeping(file) }
      }
    }
    if edited == opened || edited + "\n" == opened {
      file.remove()
      context.output.write("No changes.\n")
      return .success
    }
    let text = edited
    return try await app.withLoadedTasks { () throws(TaskmanError) in
      guard let current = app.state.item(withID: item.id) else {
        throw TaskmanError(.dataFileUnreadable, "the item was deleted while you were editing it; nothing was changed")
          .keeping(file)
      }
      guard OutlineEditor.State(item: current).text == opened else {
        throw TaskmanError(.dataFileUnreadable, "the item was changed elsewhere while you were editing it; nothing was written over that change")
          .keeping(file)
      }
      // The editor is pushed on the app's stack, on top, and popped once it has saved.
      let editor = app.store.state.path.nextID
      app.store.send(.editOutlineButtonTapped(id: item.id))
      app.store.send(.path(.element(id: editor, action: .outlineEditor(.textChanged(text)))))
      app.store.send(.path(.element(id: editor, action: .outlineEditor(.saveButtonTapped))))
      app.store.send(.path(.popFrom(id: editor)))
      try await app.finishChanges()
      file.remove()
      // Lines only re-indented, nested as they were: the list takes it as no change.
      if app.state.item(withID: item.id) == current {
        context.output.write("No changes.\n")
        return .success
      }
      context.warnAboutDates(in: app.state.item(withID: item.id)?.tags ?? [])
      context.output.write(TaskRowRenderer.render(app.rows(for: [item.id], index: app.shortIDs()), style: context.style))
      return .success
    }
  }

  /// An editor works with a person at a terminal: without one on standard input and output
  /// (a script, a pipe, a cron job) it would wait for keys that never come and fill the output
  /// with escape codes, so none is started.
  static func checkTerminal(_ session: Session, id: String) throws(TaskmanError) {
    let notTerminals = [(session.inputIsTerminal, "input"), (session.outputIsTerminal, "output")].filter { !$0.0 }.map(\.1)
    guard !notTerminals.isEmpty else { return }
    let which = notTerminals.count == 2 ? "neither standard input nor standard output is one" : "standard \(notTerminals[0]) is not one"
    throw .usage(
      "'edit \(id)' without text opens an editor, which needs a terminal, but \(which); nothing was changed",
      hint: "Run it in a terminal, or give the new text: taskman edit \(id) <text…>"
    )
  }

  /// The edited text must hold one item at the top (with what is under it).
  static func check(_ text: String, path: String, shortID: String) throws(TaskmanError) {
    var roots: [Int] = []
    var hasText = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) { hasText = true }
      guard let first = line.first, first != " ", first != "\t", first != "\r" else { continue }
      roots.append(number + 1)
    }
    if !hasText {
      throw .usage("\(path) is empty; nothing was changed", hint: "To delete the item, use: taskman delete \(shortID)")
    }
    if roots.isEmpty {
      throw .usage(
        "\(path) has no line at the left edge; nothing was changed",
        hint: "The item's own line starts at the left edge, with everything under it indented below it."
      )
    }
    if roots.count > 1 {
      throw .usage(
        "\(path), line \(roots[1]), starts a second item at the top; nothing was changed",
        hint: "Keep one item at the top and indent everything else under it, with tabs or spaces."
      )
    }
  }

  /// Runs `$VISUAL`, else `$EDITOR`, else `vi` on `path`, through the shell so that an editor
  /// given with arguments (`code --wait`) works, with this process's terminal.
  private func runEditor(on path: String) throws(TaskmanError) {
    let environment = context.session.environment
    let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    context.output.flush()
    var pid = pid_t()
    let words: [String] = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
    guard spawned == 0 else {
      throw TaskmanError(.usage, "cannot start the editor '\(editor)': \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7f == 0
    guard exited, (status >> 8) & 0xff == 0 else {
      throw TaskmanError(.usage, "the editor '\(editor)' failed (status \(exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))); nothing was changed")
    }
  }
}

/// The text being edited, in a file of the person's own (`0600`) in the temporary directory.
struct TemporaryText {
  let path: String

  init(_ text: String, shortID: String) throws(TaskmanError) {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(directory)/taskman-\(shortID)-XXXXXX.taskpaper".utf8CString)
    let fd = mkstemps(&template, Int32(".taskpaper".utf8.count))
    guard fd >= 0 else {
      throw TaskmanError(.usage, "cannot create a file to edit in \(directory): \(String(cString: strerror(errno)))")
    }
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else {
      throw TaskmanError(.usage, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  func read() throws(TaskmanError) -> [UInt8] {
    switch FileReader(path: path).read(maximumBytes: InputText.maximumDocumentBytes) {
    case .success(let bytes): return bytes
    case .failure(let failure):
      let reason: String
      switch failure {
      case .tooLarge: reason = "it is larger than \(InputText.maximumDocumentBytes / (1024 * 1024)) MiB"
      case .isDirectory: reason = "it is a directory now"
      case .system(ENOENT): reason = "the editor removed it"
      case .system(let code): reason = TaskmanError.reason(errno: code)
      }
      throw TaskmanError(
        .usage, "cannot read \(path) back from the editor: \(reason)",
        hint: "Nothing was changed. An editor must save the text in the file it was given."
      )
    }
  }

  func remove() { unlink(path) }
}

extension TaskmanError {
  /// The error, telling where the edited text is kept; a text of nothing but whitespace is not
  /// worth keeping, and its file is removed instead.
  func keeping(_ file: TemporaryText) -> TaskmanError {
    if let bytes = try? file.read(), bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      file.remove()
      return self
    }
    var error = self
    error.hint = (hint.map { $0 + "\n" } ?? "") + "Your text is kept in \(file.path)."
    return error
  }
}
