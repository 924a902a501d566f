import Foundation

extension Outline {
  /// A project with its path: the titles of the projects it sits in, outermost first, and its
  /// own, joined by `/` (`Home/Garden`).
  public struct ProjectMatch: Hashable, Sendable {
    /// The project, children included.
    public var project: Item
    /// `Home/Garden`: how a person names this project apart from another `Garden`.
    public var path: String
  }

  /// Every project, in document order, with its path.
  ///
  /// ```swift
  /// // "Home:\n\tGarden:\nOffice:\n\tGarden:\n"
  /// outline.projectsWithPaths().map(\.path)  // ["Home", "Home/Garden", "Office", "Office/Garden"]
  /// ```
  public func projectsWithPaths() -> [ProjectMatch] {
    var result: [ProjectMatch] = []
    var paths: [UUID: String] = [:]
    forEachEntry { entry in
      guard entry.item.kind == .project else { return }
      let path = entry.project.flatMap { paths[$0.id] }.map { $0 + "/" + entry.item.title } ?? entry.item.title
      paths[entry.item.id] = path
      result.append(ProjectMatch(project: entry.item, path: path))
    }
    return result
  }

  /// The path of every project by its id: what a flat list shows after a task (`(Home/Garden)`).
  public func projectPaths() -> [UUID: String] {
    Dictionary(projectsWithPaths().map { ($0.project.id, $0.path) }, uniquingKeysWith: { first, _ in first })
  }

  /// The projects a person means by `name`, ignoring case and a trailing `:`: those with that
  /// title, and those whose path ends with it (`Home/Garden`, `home/garden:`). More than one
  /// means the name is ambiguous; none, that there is no such project.
  public func projects(named name: String) -> [ProjectMatch] {
    let wanted = OutlinePosition.projectTitle(name).lowercased()
    let components = wanted.split(separator: "/", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    return projectsWithPaths().filter { match in
      if match.project.title.lowercased() == wanted { return true }
      guard components.count > 1 else { return false }
      let path = match.path.lowercased().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      return path.count >= components.count && Array(path.suffix(components.count)) == components
    }
  }
}
