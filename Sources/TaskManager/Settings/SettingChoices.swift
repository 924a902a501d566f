/// `color`: whether output is coloured (`auto`, `always`, `never`).
///
/// `auto` colours only on a terminal, and not when `NO_COLOR` is set; `always` and `never`
/// say so whatever the terminal and `NO_COLOR` (a setting the person made for this program
/// overrides the general variable, as no-color.org asks).
public enum ColorSetting: String, CaseIterable, Hashable, Sendable, SettingValue {
  /// Colour on a terminal, unless `NO_COLOR` is set.
  case auto
  /// Colour even into a pipe.
  case always
  /// Never colour.
  case never
}

/// `list.sort`: the order of `list` (`none`, `due`, `project`, `created`, `text`).
public enum ListSort: String, CaseIterable, Hashable, Sendable, SettingValue {
  /// No sorting: the outline, or for a flat list document order.
  case none
  /// By deadline (``TaskOrder/due``); the list is flat.
  case due
  /// By project (``TaskOrder/project``); the list is flat.
  case project
  /// By when taskman first saw each task (``TaskOrder/created``); the list is flat.
  case created
  /// By title (``TaskOrder/text``); the list is flat.
  case text

  /// The order, or nil for ``none``.
  public var order: TaskOrder? { TaskOrder(rawValue: rawValue) }
}

/// `done.date-format`: what `done` writes into `@done(…)`.
public enum DoneDateFormat: String, CaseIterable, Hashable, Sendable, SettingValue {
  /// Today's day: `@done(2026-11-28)` (the default, as taskman always wrote it).
  case date
  /// Today's day and the minute: `@done(2026-11-28 14:05)`.
  case datetime
}
