/// What a person chose about how taskman behaves: the typed value of the config file
/// (``SettingsFile``), with every field at its default until the file, an environment variable
/// or a flag says otherwise.
///
/// Each field has a key in ``SettingsKey`` (`color`, `list.show-done`, …), which is how the
/// file, `taskman config` and help name it:
///
/// ```swift
/// var settings = Settings()
/// try SettingsKey.listSort.set("due", in: &settings)
/// settings.listSort  // .due
/// ```
public struct Settings: Equatable, Sendable {
  /// `color`: whether output is coloured.
  public var color: ColorSetting
  /// `list.show-done`: whether `list` shows done items too when given no `--done` or `--all`.
  public var listShowDone: Bool
  /// `list.sort`: the order `list` uses when given no `--sort`.
  public var listSort: ListSort
  /// `list.filter`: the filter options `list` uses when given none of its own.
  public var listFilter: ListFilterSetting
  /// `done.date-format`: what `done` writes into `@done(…)`.
  public var doneDateFormat: DoneDateFormat
  /// `add.project`: the project a new task goes in when the add form is given no place.
  public var addProject: AddProjectSetting
  /// `default`: the command line `taskman` runs when given no command; empty means `list`.
  public var defaultCommand: CommandLineSetting
  /// `files`: the TaskPaper files to work on when `--file` is not given.
  public var files: FilesSetting

  /// Settings at their defaults, or as given.
  public init(
    color: ColorSetting = .auto,
    listShowDone: Bool = false,
    listSort: ListSort = .none,
    listFilter: ListFilterSetting = ListFilterSetting(),
    doneDateFormat: DoneDateFormat = .date,
    addProject: AddProjectSetting = AddProjectSetting(),
    defaultCommand: CommandLineSetting = CommandLineSetting(),
    files: FilesSetting = FilesSetting()
  ) {
    self.color = color
    self.listShowDone = listShowDone
    self.listSort = listSort
    self.listFilter = listFilter
    self.doneDateFormat = doneDateFormat
    self.addProject = addProject
    self.defaultCommand = defaultCommand
    self.files = files
  }
}
