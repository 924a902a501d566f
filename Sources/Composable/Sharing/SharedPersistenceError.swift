import Dependencies

/// Why a stored ``Shared`` value could not be loaded or saved.
public enum SharedPersistenceError: Error, Sendable, CustomStringConvertible {
  /// The document exists but its codec could not read it; it is not written over.
  case unreadable(name: String, reason: any Error)
  /// The codec refused to write the value (for example, because the document has lines it
  /// could not read).
  case refused(name: String, reason: any Error)
  /// The storage failed.
  case storage(StorageError)

  public var description: String {
    switch self {
    case let .unreadable(name, reason):
      "\(name) could not be read, so it is left as it is: \(reason)"
    case let .refused(name, reason):
      "\(name) was not saved: \(reason)"
    case let .storage(error):
      "\(error)"
    }
  }
}
