import TaskManager

/// The project `--project <name>` names (for `add` and `move`): one project by its title or its
/// path (`Home/Garden`), or a new one, never a guess.
///
/// - Several projects with that name: an error listing them by path, to name one by.
/// - None, but one close to it (`Offce` for `Office`, `off` for `Office`) or a path: an error
///   with the suggestion; `--new-project` creates it all the same.
/// - None and nothing close: a new top-level project, as before.
struct ProjectChoice {
  /// Where the item goes.
  var position: OutlinePosition
  /// The title of the project that the change creates, if it creates one.
  var created: String?

  init(_ name: String, in outline: Outline, allowingNew: Bool) throws(TaskmanError) {
    let title = try AddCommand.projectTitle(name)
    let matches = outline.projects(named: title)
    if matches.count == 1 {
      self.init(position: .inside(matches[0].project.id), created: nil)
      return
    }
    if matches.count > 1 {
      let paths = matches.map { "“\($0.path)”" }
      throw .usage(
        "“\(title)” names \(matches.count) projects: \(paths.joined(separator: ", "))",
        hint: "Name one by its path, like: --project '\(matches[0].path)'"
      )
    }
    if !allowingNew {
      let known = outline.projectsWithPaths()
      let suggestion = Suggestion.nearest(to: title, in: known.map(\.project.title))
      if let suggestion {
        throw .usage(
          "There is no project “\(title)”; did you mean “\(suggestion)”?",
          hint: "To create a project “\(title)” all the same, add --new-project."
        )
      }
      if title.contains("/") {
        throw .usage(
          "There is no project at the path “\(title)”",
          hint: "'taskman projects' lists them; to create a project named “\(title)”, add --new-project."
        )
      }
    }
    self.init(position: .project(title), created: title)
  }

  private init(position: OutlinePosition, created: String?) {
    self.position = position
    self.created = created
  }
}
