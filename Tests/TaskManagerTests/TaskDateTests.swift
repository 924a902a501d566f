import Foundation
import Testing
import TaskManager

@Suite("Tag dates")
struct TaskDateTests {
  static let utc = TimeZone(secondsFromGMT: 0)!

  // MARK: Valid values and their canonical form

  @Test(arguments: [
    ("2024-10-31", "2024-10-31"),
    ("  2024-10-31\t", "2024-10-31"),
    ("2024-10-31 10:31", "2024-10-31 10:31"),
    ("2024-10-31 9:05", "2024-10-31 09:05"),
    ("2024-10-31   10:31", "2024-10-31 10:31"),
    // A range on one day.
    ("2024-10-31 10:31-13:00", "2024-10-31 10:31-13:00"),
    ("2024-10-31 10:31 - 13:00", "2024-10-31 10:31-13:00"),
    ("2024-10-31 10:31thru13:00", "2024-10-31 10:31-13:00"),
    ("2024-10-31 10:31 thru 13:00", "2024-10-31 10:31-13:00"),
    ("2024-10-31 10:31 through 13:00", "2024-10-31 10:31-13:00"),
    ("2024-10-31 10:31 THRU 13:00", "2024-10-31 10:31-13:00"),
    ("2024-10-31 10:00 thru 2024-10-31 11:00", "2024-10-31 10:00-11:00"),
    ("2024-11-24 10:00-10:30", "2024-11-24 10:00-10:30"),
    // A range across days.
    ("2024-10-31 10:31 thru 2024-11-02 13:00", "2024-10-31 10:31 thru 2024-11-02 13:00"),
    ("2024-10-31 10:31-2024-11-02 13:00", "2024-10-31 10:31 thru 2024-11-02 13:00"),
    ("2024-10-31 10:31 - 2024-11-02 13:00", "2024-10-31 10:31 thru 2024-11-02 13:00"),
    ("2024-10-31 10:31 through 2024-11-02 13:00", "2024-10-31 10:31 thru 2024-11-02 13:00"),
    ("2024-10-31 10:31thru2024-11-02 13:00", "2024-10-31 10:31 thru 2024-11-02 13:00"),
    ("2024-11-23 11:00 thru 2024-11-24 10:00", "2024-11-23 11:00 thru 2024-11-24 10:00"),
    // Either end of a cross-day range may be a bare day.
    ("2024-10-31 thru 2024-11-02", "2024-10-31 thru 2024-11-02"),
    ("2024-10-31-2024-11-02", "2024-10-31 thru 2024-11-02"),
    ("2024-10-31 10:00 thru 2024-11-02", "2024-10-31 10:00 thru 2024-11-02"),
    ("2024-10-31 thru 2024-10-31 00:01", "2024-10-31 thru 2024-10-31 00:01"),
    // Calendar corners.
    ("2024-02-29", "2024-02-29"),
    ("2000-02-29 23:59", "2000-02-29 23:59"),
    ("0001-01-01 00:00", "0001-01-01 00:00"),
    ("9999-12-31", "9999-12-31"),
  ])
  func validValuesFormatCanonically(value: String, canonical: String) throws {
    let date = try #require(try TaskDate.parse(value))
    #expect(date.description == canonical)
    #expect(try TaskDate.parse(canonical) == date)
  }

  @Test func parsedComponents() throws {
    let day = try #require(try TaskDate.parse("2024-10-31"))
    #expect(day.start == TaskDate.Point(day: TaskDate.Day(year: 2024, month: 10, day: 31)!))
    #expect(day.start.time == nil)
    #expect(day.end == nil)

    let range = try #require(try TaskDate.parse("2024-10-31 10:31-13:00"))
    #expect(range.start.time == TaskDate.Time(hour: 10, minute: 31))
    #expect(range.end == TaskDate.Point(day: range.start.day, time: TaskDate.Time(hour: 13, minute: 0)))

    let across = try #require(try TaskDate.parse("2024-10-31 10:31 thru 2024-11-02 13:00"))
    #expect(across.end?.day == TaskDate.Day(year: 2024, month: 11, day: 2))
    #expect(across.end?.time == TaskDate.Time(hour: 13, minute: 0))
  }

  // MARK: Not a date

  @Test(arguments: [
    "", "   ", "soon", "tomorrow 10:00", "2024-1-5", "24-10-31", "20241031", "2024/10/31", "x2024-10-31",
    "2024-10-31T10:31", "2024-10-31 10:31:00", "2024-10-31 10", "2024-10-31 1031", "2024-10-31 10:311",
    "2024-10-31 10:31 thru", "2024-10-31 10:31 -", "2024-10-31 to 2024-11-01", "2024-10-31 - 13:00",
    "2024-10-31 10:31 13:00", "2024-10-31 10:31-13:00-14:00", "2024-10-31 10:31 @", "2024-10-312",
    // The shape is checked before the values, so an impossible date in another shape is not a date.
    "2024-02-30 soon", "2024-10-31 25:00 later",
  ])
  func otherShapesAreNotDates(value: String) throws {
    #expect(try TaskDate.parse(value) == nil)
  }

  // MARK: Invalid dates

  @Test(arguments: [
    ("2024-02-30", "Invalid date 2024-02-30"),
    ("2023-02-29", "Invalid date 2023-02-29"),
    ("1900-02-29 10:00", "Invalid date 1900-02-29"),
    ("2024-13-01", "Invalid date 2024-13-01"),
    ("2024-00-10", "Invalid date 2024-00-10"),
    ("2024-04-31", "Invalid date 2024-04-31"),
    ("0000-01-01", "Invalid date 0000-01-01"),
    ("2024-10-31 24:00", "Invalid time 24:00"),
    ("2024-10-31 12:70", "Invalid time 12:70"),
    ("2024-10-31 10:00-25:00", "Invalid time 25:00"),
    ("2024-10-31 10:00 thru 2024-11-31 10:00", "Invalid date 2024-11-31"),
    ("2024-10-31 10:00 thru 2024-11-01 9:60", "Invalid time 9:60"),
    ("2024-10-31 10:31-10:31", "End date 2024-10-31 10:31 must be after start date 2024-10-31 10:31"),
    ("2024-10-31 13:00-10:31", "End date 2024-10-31 10:31 must be after start date 2024-10-31 13:00"),
    ("2024-11-02 thru 2024-10-31", "End date 2024-10-31 must be after start date 2024-11-02"),
    ("2024-10-31 thru 2024-10-31", "End date 2024-10-31 must be after start date 2024-10-31"),
    ("2024-10-31 thru 2024-10-31 00:00", "End date 2024-10-31 00:00 must be after start date 2024-10-31"),
    (
      "2024-11-02 10:00 thru 2024-11-01 11:00",
      "End date 2024-11-01 11:00 must be after start date 2024-11-02 10:00"
    ),
  ])
  func invalidValuesThrowNamingTheValue(value: String, message: String) {
    do {
      let date = try TaskDate.parse(value)
      Issue.record("expected an error, got \(String(describing: date))")
    } catch {
      #expect(error.description == message)
      #expect(error.localizedDescription == message)
    }
  }

  @Test func errorCases() {
    #expect(throws: TaskDateError.invalidDate("2024-02-30")) { try TaskDate.parse("2024-02-30") }
    #expect(throws: TaskDateError.invalidTime("24:00")) { try TaskDate.parse("2024-10-31 24:00") }
    #expect(throws: TaskDateError.endNotAfterStart(start: "2024-10-31 10:31", end: "2024-10-31 10:31")) {
      try TaskDate.parse("2024-10-31 10:31-10:31")
    }
  }

  // MARK: Building and formatting

  @Test func componentsValidate() {
    #expect(TaskDate.Day(year: 2024, month: 2, day: 29) != nil)
    #expect(TaskDate.Day(year: 2023, month: 2, day: 29) == nil)
    #expect(TaskDate.Day(year: 10_000, month: 1, day: 1) == nil)
    #expect(TaskDate.Time(hour: 23, minute: 59) != nil)
    #expect(TaskDate.Time(hour: 24, minute: 0) == nil)
    #expect(TaskDate.Time(hour: 0, minute: -1) == nil)
  }

  @Test func rangesMustEndAfterTheyStart() throws {
    let day = TaskDate.Day(year: 2024, month: 10, day: 31)!
    let morning = TaskDate.Point(day: day, time: TaskDate.Time(hour: 9, minute: 0))
    let noon = TaskDate.Point(day: day, time: TaskDate.Time(hour: 12, minute: 0))
    #expect(try TaskDate(start: morning, end: noon).description == "2024-10-31 09:00-12:00")
    #expect(try TaskDate(start: morning, end: nil) == TaskDate(morning))
    #expect(throws: TaskDateError.endNotAfterStart(start: "2024-10-31 12:00", end: "2024-10-31 09:00")) {
      try TaskDate(start: noon, end: morning)
    }
  }

  @Test func pointsOrderChronologically() throws {
    let values = ["2024-10-31 10:00", "2024-10-31", "2024-11-01", "2024-10-31 00:00", "2023-12-31 23:59"]
    let points = try values.map { try #require(try TaskDate.parse($0)).start }
    #expect(
      points.sorted().map(\.description) == [
        "2023-12-31 23:59", "2024-10-31", "2024-10-31 00:00", "2024-10-31 10:00", "2024-11-01",
      ]
    )
  }

  @Test func daysSince1970RoundTrip() {
    #expect(TaskDate.Day(year: 1970, month: 1, day: 1)!.daysSince1970 == 0)
    #expect(TaskDate.Day(year: 2024, month: 10, day: 31)!.daysSince1970 == 20_027)
    #expect(TaskDate.Day(year: 1969, month: 12, day: 31)!.daysSince1970 == -1)
    var days = TaskDate.Day(year: 1, month: 1, day: 1)!.daysSince1970
    var previous: TaskDate.Day?
    while days <= TaskDate.Day(year: 9999, month: 12, day: 31)!.daysSince1970 {
      let day = TaskDate.Day(daysSince1970: days)
      #expect(day.daysSince1970 == days)
      if let previous { #expect(previous < day) }
      previous = day
      days += 997
    }
    #expect(TaskDate.Day(daysSince1970: .min).description == "0001-01-01")
    #expect(TaskDate.Day(daysSince1970: .max).description == "9999-12-31")
  }

  // MARK: Date conversion

  @Test func convertsToDateInTheGivenTimeZone() throws {
    let date = try #require(try TaskDate.parse("2024-10-31 10:31"))
    #expect(date.startDate(in: Self.utc) == Date(timeIntervalSince1970: 1_730_370_660))
    #expect(date.startDate(in: TimeZone(secondsFromGMT: 3600)!) == Date(timeIntervalSince1970: 1_730_367_060))
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    #expect(date.startDate(in: berlin) == Date(timeIntervalSince1970: 1_730_367_060))
    #expect(date.startDate(in: newYork) == Date(timeIntervalSince1970: 1_730_385_060))

    let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
    #expect(try TaskDate.parse("2024-10-31")?.startDate(in: kolkata) == Date(timeIntervalSince1970: 1_730_313_000))

    let range = try #require(try TaskDate.parse("2024-10-31 10:31-13:00"))
    #expect(range.endDate(in: Self.utc) == Date(timeIntervalSince1970: 1_730_379_600))
    #expect(date.endDate(in: Self.utc) == nil)
  }

  @Test func daylightSavingCorners() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    // 02:30 does not exist on 2024-03-31 in Berlin: read with the offset from before the change.
    #expect(try TaskDate.parse("2024-03-31 02:30")?.startDate(in: berlin) == Date(timeIntervalSince1970: 1_711_848_600))
    // 02:30 happens twice on 2024-10-27: the later one.
    #expect(try TaskDate.parse("2024-10-27 02:30")?.startDate(in: berlin) == Date(timeIntervalSince1970: 1_729_992_600))
  }

  @Test func convertsFromDateInTheGivenTimeZone() throws {
    let instant = Date(timeIntervalSince1970: 1_730_370_660.75)
    #expect(TaskDate.Point(instant, in: Self.utc).description == "2024-10-31 10:31")
    #expect(TaskDate.Point(instant, in: Self.utc, includingTime: false).description == "2024-10-31")
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    #expect(TaskDate.Point(instant, in: newYork).description == "2024-10-31 06:31")
    let tonga = try #require(TimeZone(identifier: "Pacific/Tongatapu"))
    #expect(TaskDate.Point(instant, in: tonga).description == "2024-10-31 23:31")
    #expect(TaskDate.Point(Date(timeIntervalSince1970: -1), in: Self.utc).description == "1969-12-31 23:59")

    for zone in [Self.utc, newYork, tonga] {
      for value in ["2024-01-15 08:00", "2024-07-01 23:59", "1999-12-31 00:00"] {
        let point = try #require(try TaskDate.parse(value)).start
        #expect(TaskDate.Point(point.date(in: zone), in: zone) == point)
      }
    }
  }

  // MARK: Codable

  @Test func codableAsCanonicalText() throws {
    let date = try #require(try TaskDate.parse("2024-10-31 10:31 through 13:00"))
    let data = try JSONEncoder().encode([date])
    #expect(String(decoding: data, as: UTF8.self) == #"["2024-10-31 10:31-13:00"]"#)
    #expect(try JSONDecoder().decode([TaskDate].self, from: data) == [date])

    let point = date.start
    #expect(try JSONDecoder().decode(TaskDate.Point.self, from: JSONEncoder().encode(point)) == point)
    #expect(try JSONDecoder().decode(TaskDate.Day.self, from: JSONEncoder().encode(point.day)) == point.day)
    let time = try #require(point.time)
    #expect(try JSONDecoder().decode(TaskDate.Time.self, from: JSONEncoder().encode(time)) == time)

    for invalid in [#"["2024-02-30"]"#, #"["soon"]"#] {
      #expect(throws: DecodingError.self) { try JSONDecoder().decode([TaskDate].self, from: Data(invalid.utf8)) }
    }
  }

  // MARK: Tags

  @Test func tagsCarryDates() throws {
    #expect(try Tag(name: "due", value: "2024-10-31").date()?.description == "2024-10-31")
    #expect(try Tag(name: "done").date() == nil)
    #expect(try Tag(name: "due", value: "someday").date() == nil)
    #expect(throws: TaskDateError.invalidDate("2024-02-30")) { try Tag(name: "due", value: "2024-02-30").date() }

    let date = try #require(try TaskDate.parse("2024-11-23 11:00 - 2024-11-24 10:00"))
    let tag = Tag(name: "due", date: date)
    #expect(tag.description == "@due(2024-11-23 11:00 thru 2024-11-24 10:00)")
  }

  @Test func exampleDocumentDatesParse() throws {
    let outline = parseOutline(TaskPaperPrinterTests.example)
    let dues = try outline.allTags.filter { $0.name == "due" }.map { try #require(try $0.date()).description }
    #expect(dues == ["2024-11-24 10:00-10:30", "2024-11-23 11:00 thru 2024-11-24 10:00"])
  }
}
