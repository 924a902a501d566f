/// Returns a deterministic, multi-line, structural description of a value, for test failure messages.
///
/// The dump is built with `Mirror`, so it works for any value without conformances. Output for the
/// same value is always the same: dictionaries and sets are sorted, class instances are numbered in
/// printed order, and no memory addresses or module names appear.
///
/// ```swift
/// enum Counter {
///   struct State { var count = 1; var tags: [String] = ["a"]; var limit: Int? = nil }
/// }
/// print(customDump(Counter.State()))
/// // Counter.State(
/// //   count: 1
/// //   tags: [
/// //     [0]: "a"
/// //   ]
/// //   limit: nil
/// // )
/// ```
///
/// ## Format
///
/// Each child sits on its own line, indented two spaces per level. There are no trailing commas, so
/// a change to one child never changes the line of another.
///
/// | Value | Dump |
/// | --- | --- |
/// | struct | `Counter.State(` fields `)`; with no fields `Counter.State()` |
/// | field | `label: value` |
/// | enum case | `Status.active`; with associated values `Action.move(` fields `)`, labelled ones as `from: 1` (a case without associated values of an enum with a `description` of its own prints that: `Mood.😀`) |
/// | tuple | `(` elements, labelled ones as `label: value` `)` |
/// | optional | `nil`, or the wrapped value with no `Optional(…)` around it |
/// | array | `[` `[0]: value` … `]`; empty `[]` |
/// | dictionary | `[` `"key": value` … `]`, sorted by key; empty `[:]` |
/// | set | `Set([` member … `])`, sorted by dump; empty `Set([])` |
/// | string, substring, character | a quoted literal on one line, with `"`, `\`, newlines and control characters escaped: `"a\"b\n"` |
/// | number, bool | its `description`: `42`, `1.5`, `true` |
/// | `UUID`, `Date`, `URL`, `Data` | `UUID(DEADBEEF-…)`, `Date(2009-02-13T23:31:30.000Z)`, `URL(https://…)`, `Data(3 bytes)` |
/// | class instance | `Model#1(` fields `)`, numbered in printed order; a later occurrence of the same instance, including a cycle, prints `Model#1(↩)` |
/// | metatype | `Int.self` |
/// | closure | `(Function)` |
///
/// Type names have no module prefixes, also inside generic arguments (`IdentifiedArray<UUID, Row>`),
/// and use the sugared spellings `[Int]`, `[String: Int]` and `Int?`.
///
/// Numbers sort numerically and before other dictionary keys and set members; everything else
/// sorts by its dump text. Ordering within a dictionary or set looks only at the keys or members
/// themselves, never at where they are printed.
///
/// ## Customising
///
/// - Conform to ``CustomDumpStringConvertible`` to print a value as one line of your own.
/// - Conform to ``CustomDumpReflectable`` to give dumps a mirror different from the type's
///   `customMirror`; otherwise `CustomReflectable.customMirror` is used.
/// - A mirror's `displayStyle` picks the layout. A collection type whose mirror uses `.collection`
///   prints its elements like an array, with its type name before the bracket:
///   `IdentifiedArray<UUID, Row>[` `[0]: Row(…)` `]` (an empty one prints `IdentifiedArray<UUID, Row>[]`).
///   `.dictionary` prints like a dictionary (`Type[` … `]`, empty `Type[:]`), and `.set` like a set
///   (`Type([` … `])`).
///
/// - Parameter value: Any value.
/// - Returns: The dump, lines separated by `"\n"`, with no trailing newline.
public func customDump<T>(_ value: T) -> String {
  DumpBuilder(cache: DumpTypeCache()).node(value).rendered
}

/// A type that prints itself in ``customDump(_:)`` and ``diff(_:_:)`` as a description of its own
/// instead of its reflected structure.
///
/// ```swift
/// struct Hex: CustomDumpStringConvertible {
///   var value: Int
///   var customDumpDescription: String { "0x" + String(value, radix: 16) }
/// }
/// customDump(Hex(value: 255))  // "0xff"
/// ```
///
/// The description should be a single line. If it contains newlines, further lines are printed at the
/// indentation of the first.
public protocol CustomDumpStringConvertible {
  /// The text that ``customDump(_:)`` prints for this value.
  var customDumpDescription: String { get }
}

/// A type that gives ``customDump(_:)`` and ``diff(_:_:)`` a mirror of its own, without changing
/// its `CustomReflectable` behaviour elsewhere.
///
/// ```swift
/// struct Token: CustomDumpReflectable {
///   var id: Int
///   var secret: String
///   var customDumpMirror: Mirror { Mirror(self, children: ["id": id], displayStyle: .struct) }
/// }
/// customDump(Token(id: 1, secret: "hunter2"))
/// // Token(
/// //   id: 1
/// // )
/// ```
///
/// The mirror's `displayStyle` chooses the layout, as described in ``customDump(_:)``.
public protocol CustomDumpReflectable {
  /// The mirror used to dump this value.
  var customDumpMirror: Mirror { get }
}

/// A property wrapper that dumps as the value it wraps, under the property's own name (a
/// presentation's `@PresentationState var alert` shows as `alert: …`).
package protocol DumpedAsWrappedValue {
  var wrappedValueForDump: Any { get }
}

/// Which of the two values of a ``diff(_:_:)`` a dump is of.
package enum DumpSide: Sendable {
  case expected
  case actual
}

/// A value whose dump depends on the side of a diff it is on: a shared value, which a test store
/// compares as it was asserted (expected) against as it is (actual), although both sides hold
/// the same reference. Outside a diff the side is `nil`. A stored property of this type named
/// `_name` (a property wrapper's storage) dumps as `name`.
package protocol DumpedPerSide {
  func valueForDump(on side: DumpSide?) -> Any
}
