// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "taskman",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Dependencies", targets: ["Dependencies"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "TaskManager", targets: ["TaskManager"]),
    .executable(name: "taskman", targets: ["taskman"]),
  ],
  targets: [
    // Library layers: taskman → TaskManager → Composable → Dependencies.
    .target(name: "Dependencies", dependencies: ["DependenciesThreadLocal"]),
    // The thread-local variable that holds the current dependency scope (Swift has none).
    .target(name: "DependenciesThreadLocal"),
    .target(name: "Composable", dependencies: ["Dependencies"]),
    .target(name: "ComposableTesting", dependencies: ["Composable", "Dependencies"]),
    .target(name: "TaskManager", dependencies: ["Composable", "Dependencies"]),
    .executableTarget(name: "taskman", dependencies: ["TaskManager", "Composable", "Dependencies"]),

    // A tiny process used by DependenciesTests to contend for the storage lock from another process.
    .executableTarget(
      name: "storage-lock-probe",
      dependencies: ["Dependencies"],
      path: "Tests/Support/StorageLockProbe"
    ),

    // Release-mode benchmarks: `swift run -c release composable-bench`.
    .executableTarget(
      name: "composable-bench",
      dependencies: ["Composable", "ComposableTesting", "TaskManager"],
      path: "Benchmarks/ComposableBenchmarks"
    ),

    .testTarget(name: "DependenciesTests", dependencies: ["Dependencies", "storage-lock-probe"]),
    .testTarget(name: "ComposableTests", dependencies: ["Composable", "ComposableTesting"]),
    .testTarget(name: "ComposableTestingTests", dependencies: ["ComposableTesting"]),
    .testTarget(name: "TaskManagerTests", dependencies: ["TaskManager", "ComposableTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
