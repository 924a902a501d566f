/// What completion offers for the word being typed: candidates, or the shell's own completion
/// of file or directory paths (which only the shell can do well: `~`, quoting, its settings).
///
/// `taskman __complete` prints ``FileCompletion/marker`` as its only line for the latter.
struct Completions: Hashable, Sendable {
  /// Paths the shell completes itself.
  enum FileCompletion: String, Hashable, Sendable {
    /// Any file (`--file`, `import`).
    case files
    /// Directories only (`--data-dir`).
    case directories

    /// The line `taskman __complete` prints for it, alone: `:files` or `:directories`. It is
    /// never printed with candidates, and no command, option, id or tag starts with a colon
    /// (only a project named `:files` could look like it).
    var marker: String { ":" + rawValue }
  }

  /// The words that complete the partial word, in the order to show them.
  var candidates: [CompletionCandidate] = []
  /// Set when the word is a path: the shell completes it.
  var files: FileCompletion?

  /// The lines of `taskman __complete`, each ending with a line break.
  var text: String {
    if let files { return files.marker + "\n" }
    return candidates.map { $0.line + "\n" }.joined()
  }
}
