/// Returns a structural, line-by-line difference between two values, or `nil` when they are equal.
///
/// Both values are dumped as by ``customDump(_:)`` and compared as trees, not as text. Each line starts
/// with a marker:
///
/// - `−` (U+2212 MINUS SIGN): from `expected` only,
/// - `+`: from `actual` only,
/// - a space: unchanged context.
///
/// Output rules:
///
/// - A changed value that has the same type on both sides (and, for an enum, the same case) is shown
///   with its opening and closing lines as context and only its changed children inside, recursively.
///   So a changed leaf shows as a `−`/`+` pair of just that line.
/// - Any other change (a leaf, a different enum case, `nil` against a value, different types, or an
///   empty against a non-empty collection) shows the whole expected value, then the whole actual value.
/// - An unchanged child shows on one line, an aggregate collapsed to `Type(…)` or `[…]`. A run of
///   more than three unchanged fields, or of more than one unchanged collection element, dictionary
///   entry or set member, collapses to a single `… (N unchanged)` line. A run of elements whose
///   indices moved (after an insertion or removal) always collapses.
/// - Fields match by name and dictionary entries by key. Array and set elements that are
///   `Identifiable` match by `id`, so a changed row is reported against the row with the same `id`
///   even when rows around it were inserted or removed; other elements match by value, and an
///   unmatched expected array element next to an unmatched actual one is shown as one changed
///   element. An element only in `expected` shows only with `−`, one only in `actual` only with `+`.
///
/// Equality: two values of the same `Equatable` type that are `==` are unchanged, without being dumped
/// (so differences that `==` deliberately ignores are not reported); everything else is compared by
/// its dump. So `diff` returns `nil` whenever the dumps are equal (even for `Double.nan`, which is not
/// `==` to itself), and otherwise only when an `Equatable` value is `==`.
///
/// ```swift
/// enum Counter { struct State: Equatable { var count: Int; var settings = Settings() } }
/// struct Settings: Equatable { var isOn = false }
///
/// diff(Counter.State(count: 1), Counter.State(count: 2))
/// //  Counter.State(
/// // −  count: 1
/// // +  count: 2
/// //    settings: Settings(…)
/// //  )
/// ```
///
/// Performance: only values that differ are dumped when the values are `Equatable`, and children are
/// matched in linear time when few changed, so one changed row among 1,000 `Equatable` rows is diffed
/// in about a millisecond and printed in about ten lines. Values that are not `Equatable` are
/// reflected in full, which costs a few microseconds per value.
///
/// - Parameters:
///   - expected: The expected value; its lines are marked `−`.
///   - actual: The actual value; its lines are marked `+`.
/// - Returns: The diff lines separated by `"\n"` with no trailing newline, or `nil` if the values are equal.
public func diff<T>(_ expected: T, _ actual: T) -> String? {
  Differ().diff(
    DiffChild(label: "", key: nil, content: .value(expected, nil)),
    DiffChild(label: "", key: nil, content: .value(actual, nil)),
    indent: 0
  )?.output
}
