import Foundation

extension StorageClient {
  /// `base`, calling `didSave` with the name of every document saved through it, after the
  /// save: for tests that check what a feature writes, and how much.
  @_spi(Testing)
  public static func observing(_ base: StorageClient, didSave: @escaping @Sendable (String) -> Void) -> StorageClient {
    var backend = base.backend
    let save = backend.save
    backend.save = { data, name throws(StorageError) in
      try save(data, name)
      didSave(name)
    }
    if let saveAll = backend.saveAll {
      backend.saveAll = { documents throws(StorageError) in
        try saveAll(documents)
        for document in documents { didSave(document.name) }
      }
    }
    return StorageClient(backend: backend)
  }
}

