import Foundation
import TaskManager
import Testing

@Suite("TaskPaper searches: parsing")
struct TaskPaperSearchParserTests {
  typealias S = TaskPaperSearch

  func parse(_ text: String) throws -> S.Expression {
    try S(parsing: text).expression
  }

  func step(_ predicate: S.Predicate, axis: S.Axis = .descendant, type: Item.Kind? = nil, slice: S.Slice? = nil) -> S.Step {
    S.Step(axis: axis, type: type, predicate: predicate, slice: slice)
  }

  func path(_ steps: S.Step..., absolute: Bool = false) -> S.Expression {
    .path(S.Path(isAbsolute: absolute, steps: steps))
  }

  func text(_ value: String, _ relation: S.Relation = .contains, attribute: String = "text", modifier: S.Modifier = .init()) -> S.Predicate {
    .comparison(.init(left: .attribute(attribute), relation: relation, modifier: modifier, value: .text(value)))
  }

  @Test func defaultsFillInTheAttributeAndRelation() throws {
    let inbox = path(step(text("Inbox")))
    #expect(try parse("Inbox") == inbox)
    #expect(try parse("@text Inbox") == inbox)
    #expect(try parse("contains Inbox") == inbox)
    #expect(try parse("@text contains Inbox") == inbox)
    #expect(try parse("  Inbox  ") == inbox)
    #expect(try parse("buy  fresh milk") == path(step(text("buy fresh milk"))))
    #expect(try parse("@done") == path(step(.has(attribute: "done"))))
    #expect(try parse("@Due") == path(step(.has(attribute: "due"))))
    #expect(try parse("*") == path(step(.all)))
  }

  @Test func relationsModifiersAndValues() throws {
    for relation in S.Relation.allCases {
      #expect(try parse("@due \(relation.rawValue) x") == path(step(text("x", relation, attribute: "due"))))
    }
    #expect(try parse("@due<[d]today") == path(step(text("today", .less, attribute: "due", modifier: .init(kind: .date)))))
    #expect(try parse("@p >= [n]2") == path(step(text("2", .greaterOrEqual, attribute: "p", modifier: .init(kind: .number)))))
    #expect(try parse("[s]Inbox") == path(step(text("Inbox", modifier: .init(isCaseSensitive: true)))))
    #expect(try parse("@t = [i]x") == path(step(text("x", .equal, attribute: "t"))))
    #expect(try parse("@t = [dl]x") == path(step(text("x", .equal, attribute: "t", modifier: .init(kind: .date, isList: true)))))
    #expect(try parse("@t = \"a \\\"quoted\\\" and \\\\ value\"") == path(step(text("a \"quoted\" and \\ value", .equal, attribute: "t"))))
    #expect(try parse("@t = @m") == path(step(.comparison(.init(left: .attribute("t"), relation: .equal, value: .attribute("m"))))))
    #expect(try parse("notandor") == path(step(text("notandor"))))
    #expect(try parse("@due < [d]+3 days") == path(step(text("+3 days", .less, attribute: "due", modifier: .init(kind: .date)))))
    let count = S.Path(isAbsolute: false, steps: [step(.all)])
    #expect(try parse("count(*) = 0") == path(step(.comparison(.init(left: .count(count), relation: .equal, value: .text("0"))))))
  }

  @Test func notAndOrAndParentheses() throws {
    let (a, b, c) = (S.Predicate.has(attribute: "a"), S.Predicate.has(attribute: "b"), S.Predicate.has(attribute: "c"))
    #expect(try parse("@a or @b and @c") == path(step(.or(a, .and(b, c)))))
    #expect(try parse("(@a or @b) and @c") == path(step(.and(.or(a, b), c))))
    #expect(try parse("not @a and @b") == path(step(.and(.not(a), b))))
    #expect(try parse("not not @a") == path(step(.not(.not(a)))))
    #expect(try parse("@a and not (@b or @c)") == path(step(.and(a, .not(.or(b, c))))))
  }

  @Test func typesPathsAndAxes() throws {
    #expect(try parse("project") == path(step(.all, type: .project)))
    #expect(try parse("project Work") == path(step(text("Work"), type: .project)))
    let typeIsTask = S.Predicate.comparison(.init(left: .attribute("type"), relation: .equal, value: .text("task")))
    #expect(try parse("task and @a") == path(step(.and(typeIsTask, .has(attribute: "a")))))
    #expect(try parse("/x") == path(step(text("x"), axis: .child), absolute: true))
    #expect(try parse("//x") == path(step(text("x"), axis: .descendant), absolute: true))
    #expect(try parse("///x") == path(step(text("x"), axis: .descendantOrSelf), absolute: true))
    #expect(try parse("a/b") == path(step(text("a")), step(text("b"), axis: .child)))
    #expect(try parse("a//b") == path(step(text("a")), step(text("b"), axis: .descendant)))
    #expect(try parse("a/..*") == path(step(text("a")), step(.all, axis: .parent)))
    #expect(try parse(".a") == path(step(text("a"), axis: .child)))
    for axis in S.Axis.allCases {
      #expect(try parse("a/\(axis.rawValue)::task") == path(step(text("a")), step(.all, axis: axis, type: .task)))
    }
    #expect(try parse("project Work//not @done") == path(step(text("Work"), type: .project), step(.not(.has(attribute: "done")))))
  }

  @Test func setOperationsAndSlices() throws {
    let (a, b, c) = (path(step(text("a"))), path(step(text("b"))), path(step(text("c"))))
    #expect(try parse("a union b union c") == .union(a, .union(b, c)))
    #expect(try parse("a union b except c") == .union(a, .except(b, c)))
    #expect(try parse("a except b intersect c") == .except(a, .intersect(b, c)))
    #expect(try parse("(a union b) except c") == .except(.union(a, b), c))
    #expect(try parse("(//x)[0:3]") == .sliced(path(step(text("x")), absolute: true), S.Slice(start: 0, end: 3, isRange: true)))
    #expect(try parse("(a union b)[-1]") == .sliced(.union(a, b), S.Slice(start: -1, end: nil, isRange: false)))
    #expect(try parse("task[1:]") == path(step(.all, type: .task, slice: S.Slice(start: 1, end: nil, isRange: true))))
    #expect(try parse("x[:2]") == path(step(text("x"), slice: S.Slice(start: nil, end: 2, isRange: true))))
  }

  @Test func slicesClampAsTheSpecSays() {
    #expect(S.Slice(start: 0, end: nil, isRange: false).range(count: 3) == 0..<1)
    #expect(S.Slice(start: -1, end: nil, isRange: false).range(count: 3) == 2..<3)
    #expect(S.Slice(start: 7, end: nil, isRange: false).range(count: 3) == 2..<3)
    #expect(S.Slice(start: -7, end: nil, isRange: false).range(count: 3) == 0..<1)
    #expect(S.Slice(start: 1, end: 9, isRange: true).range(count: 3) == 1..<3)
    #expect(S.Slice(start: -2, end: nil, isRange: true).range(count: 3) == 1..<3)
    #expect(S.Slice(start: 0, end: -1, isRange: true).range(count: 3) == 0..<2)
    #expect(S.Slice(start: 0, end: 1, isRange: false).range(count: 0).isEmpty)
  }

  @Test(arguments: [
    ("", 0, "a search"),
    ("   ", 3, "a search"),
    ("@due < ", 7, "a value after '<'"),
    ("@due < [d]", 10, "a value after '[d]'"),
    ("@a and", 6, "a predicate after 'and'"),
    ("@a or ", 6, "a predicate after 'or'"),
    ("not", 3, "a predicate after 'not'"),
    ("(@a or @b", 9, "')'"),
    ("@", 1, "an attribute name after '@'"),
    ("@a = \"open", 10, "'\"' to end the quoted value"),
    ("a union", 7, "a search after 'union'"),
    ("a except ", 9, "a search after 'except'"),
    ("a intersect", 11, "a search after 'intersect'"),
    ("a/", 2, "a step after '/'"),
    ("(//x)[1", 7, "':' or ']' to end the slice"),
    ("(//x)[1:2", 9, "a number or ']' to end the slice"),
    ("x[ ]", 3, "a number or ':' in the slice"),
    ("count(", 6, "a path after 'count('"),
    ("count(* = 0", 8, "')' to end 'count('"),
    ("@a )", 3, "an operator ('and', 'or', 'union', 'except', 'intersect') or the end of the search"),
  ])
  func errorsNameThePositionAndWhatWasExpected(search: String, offset: Int, expected: String) {
    #expect(throws: TaskPaperSearchError(search: search, offset: offset, expected: expected)) {
      try TaskPaperSearch(parsing: search)
    }
  }

  @Test func theMessageGivesTheColumn() {
    let error = TaskPaperSearchError(search: "@priority < ", offset: 12, expected: "a value after '<'")
    #expect(error.description == "expected a value after '<' at column 13")
  }
}
