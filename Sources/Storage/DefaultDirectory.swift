import Dependencies
import Foundation

extension StorageClient {
  /// Where an application named `applicationName` keeps its data by the platform's
  /// conventions: a directory for ``fileSystem(directory:)`` when the app has no better one.
  ///
  /// - Linux and others: `$XDG_DATA_HOME/<applicationName>` when `XDG_DATA_HOME` is an absolute
  ///   path, otherwise `$HOME/.local/share/<applicationName>` (the XDG base directory spec).
  /// - Apple platforms: `~/Library/Application Support/<applicationName>`.
  ///
  /// Only environment variables are read; nothing is created.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.storage = .fileSystem(directory: StorageClient.defaultDirectory(applicationName: "todos"))
  /// } operation: { … }
  /// ```
  public static func defaultDirectory(
    applicationName: String = ProcessInfo.processInfo.processName
  ) -> URL {
    #if canImport(Darwin)
      return URL.applicationSupportDirectory.appending(path: applicationName, directoryHint: .isDirectory)
    #else
      return defaultDirectory(
        applicationName: applicationName,
        environment: ProcessInfo.processInfo.environment,
        home: FileManager.default.homeDirectoryForCurrentUser.path
      )
    #endif
  }

  /// The XDG rule of ``defaultDirectory(applicationName:)``, given the environment and the
  /// home directory to fall back on when `HOME` is not an absolute path.
  @_spi(Testing)
  public static func defaultDirectory(
    applicationName: String,
    environment: [String: String],
    home: @autoclosure () -> String
  ) -> URL {
    // The spec says relative values are invalid and must be ignored.
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return URL(fileURLWithPath: dataHome, isDirectory: true)
        .appendingPathComponent(applicationName, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share", isDirectory: true)
      .appendingPathComponent(applicationName, isDirectory: true)
  }
}
