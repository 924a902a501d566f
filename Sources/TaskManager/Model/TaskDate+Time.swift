import Foundation

extension TaskDate {
  /// A minute of a day, 00:00 to 23:59.
  public struct Time: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int

    /// Creates the time, or `nil` outside 00:00…23:59 (`24:00` is not a time: use the next day).
    public init?(hour: Int, minute: Int) {
      guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
      self.hour = hour
      self.minute = minute
    }

    /// Minutes since midnight.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:MM`.
    public var description: String {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(5)
      appendDigits(of: hour, count: 2, to: &bytes)
      bytes.append(ASCII.colon)
      appendDigits(of: minute, count: 2, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Chronological order.
    public static func < (lhs: Time, rhs: Time) -> Bool {
      lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    /// Decodes `HH:MM`, rejecting impossible times.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = try? TaskDate.parse("2000-01-01 " + text), date.end == nil, let time = date.start.time
      else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a time: \(text)")
      }
      self = time
    }

    /// Encodes as `HH:MM`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }
  }
}
