import Foundation

/// `files`: the TaskPaper files taskman works on when `--file` is not given, the first the
/// primary (where `add` puts new tasks): paths separated by commas.
///
/// ```swift
/// let files = try FilesSetting(settingText: "~/tasks.taskpaper, work.taskpaper")
/// files.paths  // ["~/tasks.taskpaper", "work.taskpaper"]
/// ```
///
/// The paths are kept as written: a relative one is taken from the config file's directory,
/// and `~/` from the home directory, by the command that uses them. Empty (the default): no
/// set, `TASKMAN_FILE` or the data directory's file.
public struct FilesSetting: Hashable, Sendable, SettingValue {
  /// The paths as written, in order, each once.
  public var paths: [String]

  /// The paths `paths`, or none.
  public init(_ paths: [String] = []) {
    self.paths = paths
  }

  /// Paths separated by commas; spaces around each are dropped.
  public init(settingText: String) throws(SettingValueError) {
    let text = settingText.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else {
      self.init()
      return
    }
    var paths: [String] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let path = part.trimmingCharacters(in: .whitespaces)
      guard !path.isEmpty else {
        throw SettingValueError(reason: "expected paths of TaskPaper files separated by commas, like ~/tasks.taskpaper, work.taskpaper, with none empty")
      }
      if !paths.contains(path) { paths.append(path) }
    }
    self.init(paths)
  }

  /// The paths joined by `, `, or empty.
  public var settingText: String { paths.joined(separator: ", ") }

  /// Any paths: an open set.
  public static var allowedSettingTexts: [String] { [] }
}
