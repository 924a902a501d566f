// swift-tools-version: 6.2
import PackageDescription

// Release builds reach generic types' metadata through accessor functions rather than by
// demangling their names: a command-line run meets each such type for the first time, and the
// runtime then demangles the name and searches every protocol conformance of the binary for the
// type's requirements (about a millisecond of each `taskman` command). It changes only how a
// module finds metadata, not its interface. An unsafe flag, so this manifest needs tools 6.2:
// from Swift 6.2 on, a package that depends on this one by version may carry unsafe flags.
let accessorsForMetadata: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
  name: "taskman",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Dependencies", targets: ["Dependencies"]),
    .library(name: "Storage", targets: ["Storage"]),
    .library(name: "ValueDump", targets: ["ValueDump"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "TaskManager", targets: ["TaskManager"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .executable(name: "taskman", targets: ["taskman"]),
    // The examples: `swift run Counter`, `swift run CounterUI`, `swift run Todos`, `swift run Search`.
    .executable(name: "Counter", targets: ["Counter"]),
    .executable(name: "CounterUI", targets: ["CounterUI"]),
    .executable(name: "Todos", targets: ["Todos"]),
    .executable(name: "Search", targets: ["Search"]),
  ],
  targets: [
    // Library layers: taskman → TaskmanCLI → TaskManager → Composable → Dependencies, ValueDump;
    // TaskmanCLI → TerminalUI → Composable;
    // TaskmanCLI → Storage → Dependencies (the file backend of `Dependencies`' `StorageClient`).
    .target(name: "Dependencies", dependencies: ["DependenciesThreadLocal"], swiftSettings: accessorsForMetadata),
    // The thread-local variable that holds the current dependency scope (Swift has none).
    .target(name: "DependenciesThreadLocal"),
    // Documents as files (`StorageClient.fileSystem(directory:)`: atomic saves, locks, backups),
    // and the POSIX layer under it, which taskman's own file probes use too.
    .target(name: "Storage", dependencies: ["Dependencies", "StorageFileSystem"], swiftSettings: accessorsForMetadata),
    // File-system calls the Glibc module leaves out (sync_file_range, renameat2).
    .target(name: "StorageFileSystem"),
    // `customDump` and `diff`: readable dumps and diffs of any value, for test failures.
    .target(name: "ValueDump", swiftSettings: accessorsForMetadata),
    .target(name: "Composable", dependencies: ["Dependencies", "ValueDump"], swiftSettings: accessorsForMetadata),
    .target(name: "ComposableTesting", dependencies: ["Composable", "Dependencies", "ValueDump"]),
    .target(name: "TaskManager", dependencies: ["Composable", "Dependencies"], swiftSettings: accessorsForMetadata),
    // Views as functions of state drawn into cell grids, key maps, and the runtime that owns a
    // terminal: the framework's view layer, with nothing of taskman in it.
    .target(name: "TerminalUI", dependencies: ["Composable"], swiftSettings: accessorsForMetadata),
    // The command-line layer lives in a library so its tests can import it; `taskman` only starts it.
    .target(
      name: "TaskmanCLI", dependencies: ["TaskManager", "Composable", "Dependencies", "Storage", "TaskmanSystem", "TerminalUI"],
      swiftSettings: accessorsForMetadata
    ),
    // Released as one static executable on Linux (the Swift runtime, Foundation and the C
    // library linked in): a command then starts in a third of the time (no shared libraries to
    // load and relocate), which at 10,000 tasks is a good part of each command. Nothing in it
    // ends a thread with `pthread_exit` (the main thread runs its run loop until `exit`), which
    // in a static binary would make the unwinder sort the frame table of the whole binary
    // first. The C library's account look-up (`getpwuid_r`, only when HOME is not set) then
    // loads the system's NSS modules. Debug builds (tests) link as usual, which is quicker.
    .executableTarget(
      name: "taskman", dependencies: ["TaskmanCLI", "TaskmanSystem"],
      // Compiled too with the flag, so that the modules record the static libraries for the
      // linker.
      swiftSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))],
      // Not position-independent: a position-independent binary of this size has 76,000
      // pointers for the loader to relocate at every start, about a millisecond per command.
      linkerSettings: [
        .unsafeFlags(["-static-executable", "-Xlinker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
      ]
    ),

    // What taskman asks of the system for speed: the process's heap in 2 MiB pages where the
    // kernel offers them, faulted in ahead of a parse by a thread with nothing else to do (see
    // TaskmanHeap.c), and the reading thread started on another core (TaskmanThreads.c).
    .target(name: "TaskmanSystem"),

    // A tiny process used by StorageTests to contend for the storage lock from another process.
    .executableTarget(
      name: "storage-lock-probe",
      dependencies: ["Dependencies", "Storage"],
      path: "Tests/Support/StorageLockProbe"
    ),

    // A full-screen app with a key that crashes, for the end-to-end tests of TerminalUI's
    // runtime: the terminal is given back before the process dies.
    .executableTarget(
      name: "terminal-crash-probe",
      dependencies: ["Composable", "TerminalUI"],
      path: "Tests/Support/TerminalCrashProbe"
    ),

    // The fuzz target (scripts/fuzz builds it with libFuzzer); built as usual, it replays the
    // seed corpus through the same checks for the tests.
    .executableTarget(
      name: "taskpaper-fuzz",
      dependencies: ["TaskManager", "TaskPaperFuzzDriver"],
      path: "Tests/Fuzz/TaskPaperFuzz"
    ),
    // Hands the fuzz build's entry point to libFuzzer (empty in a usual build).
    .target(name: "TaskPaperFuzzDriver", path: "Tests/Fuzz/TaskPaperFuzzDriver"),

    // Release-mode benchmarks: `swift run -c release composable-bench`.
    .executableTarget(
      name: "composable-bench",
      dependencies: ["Composable", "ComposableTesting", "TaskManager", "TerminalUI", "TaskmanCLI"],
      path: "Benchmarks/ComposableBenchmarks"
    ),

    // Examples: each feature is a library tested with TestStore, driven by a small executable.
    .target(
      name: "CounterExample",
      dependencies: ["Composable", "Dependencies"],
      path: "Examples/Counter/CounterExample"
    ),
    .executableTarget(
      name: "Counter",
      dependencies: ["CounterExample", "Composable", "Dependencies"],
      path: "Examples/Counter/Counter"
    ),
    // The counter full screen: a view, its key map, and TerminalApp.
    .executableTarget(
      name: "CounterUI",
      dependencies: ["CounterExample", "Composable", "Dependencies", "TerminalUI"],
      path: "Examples/Counter/CounterUI"
    ),
    .target(
      name: "TodosExample",
      dependencies: ["Composable", "Dependencies"],
      path: "Examples/Todos/TodosExample"
    ),
    .executableTarget(
      name: "Todos",
      dependencies: ["TodosExample", "Composable", "Dependencies", "Storage"],
      path: "Examples/Todos/Todos"
    ),
    .target(
      name: "SearchExample",
      dependencies: ["Composable", "Dependencies"],
      path: "Examples/Search/SearchExample"
    ),
    .executableTarget(
      name: "Search",
      dependencies: ["SearchExample", "Composable", "Dependencies"],
      path: "Examples/Search/Search"
    ),

    // A real terminal for end-to-end tests: tmux sessions driven with send-keys and capture-pane.
    .target(name: "TmuxTesting", path: "Tests/Support/TmuxTesting"),

    .testTarget(name: "DependenciesTests", dependencies: ["Dependencies"]),
    // Depends on `storage-lock-probe` so the tests find it next to the test bundle.
    .testTarget(name: "StorageTests", dependencies: ["Storage", "Dependencies", "StorageFileSystem", "storage-lock-probe"]),
    .testTarget(name: "ValueDumpTests", dependencies: ["ValueDump"]),
    .testTarget(name: "ComposableTests", dependencies: ["Composable", "ComposableTesting"]),
    .testTarget(name: "ComposableTestingTests", dependencies: ["ComposableTesting"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Composable", "ComposableTesting"]),
    // Depends on `taskpaper-fuzz` so a test can replay the fuzzing corpus through it.
    .testTarget(name: "TaskManagerTests", dependencies: ["TaskManager", "ComposableTesting", "taskpaper-fuzz"]),
    // Depends on the example executables too, so that they are built for the tests that run them.
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        "CounterExample", "TodosExample", "SearchExample", "ComposableTesting", "Storage",
        "Counter", "CounterUI", "Todos", "Search", "terminal-crash-probe", "TmuxTesting",
      ]
    ),
    // Depends on `taskman` so the end-to-end tests find the built binary next to the test bundle.
    .testTarget(
      name: "taskmanTests",
      dependencies: [
        "TaskmanCLI", "TaskManager", "Dependencies", "Storage", "TaskmanSystem", "taskman", "TerminalUI", "ComposableTesting",
        "TmuxTesting",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
