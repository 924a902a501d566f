import Foundation

/// The `taskman` command-line tool: `Sources/taskman/main.swift` only calls ``runAndExit()``.
///
/// ```swift
/// Taskman.runAndExit()
/// ```
public enum Taskman {
  /// What `taskman --version` prints after `taskman `.
  public static let version = "0.2.0"

  /// Runs ``main()`` with the main thread serving the main actor, and exits with its status.
  ///
  /// An `async` top-level `main.swift` would leave the main actor, at its first suspension, to
  /// a thread the concurrency runtime starts then (on Linux, `dispatch_main` ends the main
  /// thread): the main run loop keeps it here, where the store's effects run too (see
  /// `MainQueueExecutor`).
  ///
  /// The command's task has no executor preference: with `MainQueueExecutor` as its preference,
  /// every call into a main-actor function went through the main queue again (the runtime does
  /// not know that the two are one thread), some forty times a command. It takes that
  /// preference only while it waits for the store's effects (`AppStore.waitForEffects()`).
  @MainActor
  public static func runAndExit() -> Never {
    Task { @MainActor in
      exit(await main())
    }
    RunLoop.main.run()
    // Only if the run loop found nothing to wait for: let Dispatch serve the main queue.
    dispatchMain()
  }

  /// Runs the command line of this process with its standard streams and environment, and
  /// returns the exit status (0 success, 1 nothing matched, 2 usage, 3 unreadable data file,
  /// 4 lock timeout, 5 confirmation impossible).
  @MainActor
  public static func main() async -> Int32 {
    let session = Session.standard()
    // Never released: the process exits right after, and freeing a large task list item by
    // item would only delay that.
    processSession = session
    let status = await run(rawArguments: rawArguments(), session: session)
    session.output.flush()
    // Output that could not be written (`taskman export > backup.taskpaper` on a full disk) is
    // a failure, never a silent success.
    if let failure = session.output.failure {
      session.errors.write("taskman: could not write the output: \(TaskmanError.reason(errno: failure))\n")
      session.errors.flush()
      return status == .success ? ExitCode.dataFileUnreadable.rawValue : status.rawValue
    }
    session.errors.flush()
    return status.rawValue
  }

  /// The session of ``main()``, kept alive until the process exits.
  @MainActor private static var processSession: Session?

  /// Runs one command line given as raw bytes (without the program name), so invalid UTF-8 is
  /// seen rather than silently repaired.
  @MainActor
  static func run(rawArguments: [[UInt8]], session: Session) async -> ExitCode {
    // Hidden: what the shells' completion scripts run at each Tab; see `CompletionEngine`.
    if rawArguments.first == Array(CompletionEngine.entryPoint.utf8) {
      return await CompletionEngine.run(rawArguments.dropFirst().map { String(decoding: $0, as: UTF8.self) }, session: session)
    }
    // Hidden: what git runs to merge task files (see `MergeDriverCommand`); before settings
    // are read, as it needs none.
    if rawArguments.first == Array(MergeDriverCommand.entryPoint.utf8) {
      return MergeDriverCommand.run(Array(rawArguments.dropFirst()), session: session)
    }
    let arguments: [String]
    do {
      arguments = try InputText.decodeArguments(rawArguments)
    } catch {
      session.report(error)
      return error.exitCode
    }
    return await execute(arguments, session: session)
  }

  /// Parses and runs one command line (a process's arguments, or a shell line's words); errors
  /// are reported on standard error and become the returned status.
  @MainActor
  static func execute(_ arguments: [String], session: Session) async -> ExitCode {
    var arguments = arguments
    // Typing `taskman list` at the shell's prompt is a habit worth forgiving.
    if session.shellGlobals != nil, arguments.first == "taskman" { arguments.removeFirst() }
    do throws(TaskmanError) {
      var invocation = try Invocation.parse(arguments, configured: { ConfiguredCommandLines.load(for: session) })
      if let shellGlobals = session.shellGlobals {
        if invocation.command is ShellCommand {
          throw TaskmanError.usage("this is already a taskman shell", hint: "Type 'exit' to leave it.")
        }
        if invocation.globals.dataDirectory != nil || !invocation.globals.files.isEmpty {
          let option = invocation.globals.file != nil ? "--file" : "--data-dir"
          throw TaskmanError.usage(
            "\(option) cannot change inside a shell",
            hint: "Leave the shell and start another: taskman \(option) <\(option == "--file" ? "path" : "dir")> shell"
          )
        }
        invocation.globals.dataDirectory = shellGlobals.dataDirectory
        invocation.globals.files = shellGlobals.files
        invocation.globals.color = invocation.globals.color ?? shellGlobals.color
      }
      let context = CommandContext(session: session, globals: invocation.globals)
      if invocation.command is HelpCommand || invocation.command is VersionCommand || invocation.command is ManCommand {
        // Help is always at hand, whatever the settings say.
        try? context.prepareSettings(warns: false)
      } else {
        try context.prepareSettings(warns: !(invocation.command is ConfigCommand))
      }
      let status = try await context.run(invocation.command)
      session.output.flush()
      return status
    } catch {
      session.report(error)
      return error.exitCode
    }
  }

  /// The process's arguments after the program name, as the bytes the kernel passed.
  /// `CommandLine.arguments` cannot be used: it replaces invalid UTF-8 with U+FFFD.
  private static func rawArguments() -> [[UInt8]] {
    let count = Int(CommandLine.argc)
    guard count > 1 else { return [] }
    return (1..<count).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
      return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    }
  }
}
