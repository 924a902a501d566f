// swift-tools-version: 6.1
import PackageDescription

// An app package that depends on the library by path, as a new user's does (see README.md):
// `scripts/check-consumer` pastes every Swift snippet of the library's README and Documentation/
// into it, builds it with warnings as errors, and runs its tests and the README's example.

let composable: Target.Dependency = .product(name: "Composable", package: "taskman")
let dependencies: Target.Dependency = .product(name: "Dependencies", package: "taskman")
let testing: Target.Dependency = .product(name: "ComposableTesting", package: "taskman")
// The files behind the `storage` dependency, for the app code that chooses where they go.
let storage: Target.Dependency = .product(name: "Storage", package: "taskman")

let package = Package(
  name: "ConsumerPackage",
  platforms: [.macOS(.v15)],
  // Getting Started's manifest, line for line (the check compares them).
  dependencies: [
    .package(path: "../taskman"),  // or .package(url: …, branch: "main")
  ],
  targets: [
    .target(
      name: "CounterFeature",
      dependencies: [
        .product(name: "Composable", package: "taskman"),
        .product(name: "Dependencies", package: "taskman"),
      ]
    ),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: ["CounterFeature", .product(name: "ComposableTesting", package: "taskman")]
    ),

    // The README's example, a program: `swift run ReadmeExample`.
    .executableTarget(name: "ReadmeExample", dependencies: [composable, dependencies, testing]),

    // The library's Todos and Search examples (symbolic links to Examples/), which the articles
    // quote, built here as an app's own features.
    .target(name: "TodosFeature", dependencies: [composable, dependencies]),
    .target(name: "SearchFeature", dependencies: [composable, dependencies]),
    // What an app is made of beyond the examples: a timer, a list with a presented detail that
    // dismisses itself and a delete alert, and a parent of three children.
    .target(name: "AppFeatures", dependencies: ["CounterFeature", "SearchFeature", composable, dependencies]),
    .testTarget(
      name: "AppFeaturesTests",
      dependencies: ["AppFeatures", "CounterFeature", "SearchFeature", composable, dependencies, testing]
    ),

    // One module per article, so that the articles' examples may reuse names.
    .target(
      name: "ComposingFeaturesArticle",
      dependencies: ["CounterFeature", "TodosFeature", "SearchFeature", composable, dependencies]
    ),
    .testTarget(
      name: "ComposingFeaturesArticleTests",
      dependencies: ["ComposingFeaturesArticle", "CounterFeature", "TodosFeature", composable, dependencies, testing]
    ),
    .target(
      name: "DependenciesArticle", dependencies: ["CounterFeature", "TodosFeature", composable, dependencies, storage]
    ),
    .testTarget(name: "DependenciesArticleTests", dependencies: ["DependenciesArticle", "TodosFeature", dependencies, testing]),
    .target(name: "EffectsArticle", dependencies: ["TodosFeature", "SearchFeature", composable, dependencies]),
    .testTarget(
      name: "EffectsArticleTests",
      dependencies: ["EffectsArticle", "TodosFeature", "SearchFeature", dependencies, testing]
    ),
    .target(name: "BindingsArticle", dependencies: [composable, dependencies]),
    .testTarget(name: "BindingsArticleTests", dependencies: ["BindingsArticle", composable, testing]),
    .target(name: "NavigationArticle", dependencies: ["CounterFeature", composable, dependencies]),
    .testTarget(
      name: "NavigationArticleTests",
      dependencies: ["NavigationArticle", "CounterFeature", composable, dependencies, testing]
    ),
    .target(name: "OrderingArticle", dependencies: [composable, dependencies]),
    .target(name: "SharingArticle", dependencies: [composable, dependencies]),
    .testTarget(name: "SharingArticleTests", dependencies: ["SharingArticle", dependencies, testing]),
    .target(
      name: "TerminalRuntimeArticle",
      dependencies: ["CounterFeature", composable, .product(name: "TerminalUI", package: "taskman")]
    ),
    .testTarget(
      name: "TerminalRuntimeArticleTests",
      dependencies: ["TerminalRuntimeArticle", "CounterFeature", composable, .product(name: "TerminalUI", package: "taskman")]
    ),
    .testTarget(name: "OrderingArticleTests", dependencies: ["OrderingArticle", testing]),
    .testTarget(
      name: "TestingArticleTests",
      dependencies: ["CounterFeature", "TodosFeature", "SearchFeature", composable, dependencies, testing]
    ),
  ]
)
