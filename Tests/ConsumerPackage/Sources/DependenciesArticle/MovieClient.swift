import Dependencies
import Foundation

/// A film, which the article's client finds.
public struct Movie: Equatable, Identifiable, Sendable {
  public let id: Int
  public let title: String
}

/// Why a search failed.
public enum MovieClientError: Error, Equatable {
  case unimplemented
  case serviceUnavailable
}

// snippet: client

extension MovieClient {
  static let latency: Duration = .milliseconds(300)
  static let catalogue = [Movie(id: 1, title: "Alien"), Movie(id: 2, title: "Aliens"), Movie(id: 3, title: "Star Wars")]

  // snippet: live
}
