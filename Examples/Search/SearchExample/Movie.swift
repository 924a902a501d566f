import Foundation

/// A film in the catalogue.
public struct Movie: Equatable, Identifiable, Sendable {
  /// The film's number in the catalogue.
  public var id: Int
  /// The film's title.
  public var title: String
  /// The year the film came out.
  public var year: Int

  /// Creates a film.
  public init(id: Int, title: String, year: Int) {
    self.id = id
    self.title = title
    self.year = year
  }
}
