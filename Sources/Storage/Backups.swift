import Dependencies

extension StorageClient {
  /// Which documents a file-system storage keeps the previous version of.
  public enum Backups: Sendable {
    /// Every document.
    case all
    /// Only the documents with these names.
    case only(Set<String>)

    func includes(_ name: String) -> Bool {
      switch self {
      case .all: true
      case .only(let names): names.contains(name)
      }
    }
  }
}
