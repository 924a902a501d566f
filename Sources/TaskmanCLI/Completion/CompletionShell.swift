/// A shell `taskman completion` writes a script for.
enum CompletionShell: String, CaseIterable, Hashable, Sendable, ExpressibleByArgument {
  case bash
  case zsh
  case fish

  /// The completion script: ``CompletionScript``'s for this shell.
  var script: String {
    switch self {
    case .bash: CompletionScript.bash
    case .zsh: CompletionScript.zsh
    case .fish: CompletionScript.fish
    }
  }
}
