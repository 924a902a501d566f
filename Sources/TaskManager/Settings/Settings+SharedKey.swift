import Composable
import Dependencies
import Foundation

extension SharedKey<Settings>.Default {
  /// The person's settings, shared by every holder in a store tree and kept in the config file
  /// (``DependencyValues/configStorage``, document ``SettingsFeature/documentName``) in its
  /// hand-editable `key = value` form: a save changes only the lines of the keys this program
  /// changed, under the file's lock, keeps everything else byte for byte, and is refused while
  /// the file has a line taskman cannot read.
  public static var settings: Self {
    SharedKey.stored(
      SettingsFeature.documentName,
      codec: .settingsFile,
      in: \.configStorage,
      saveDelay: .milliseconds(500)
    )
    .withDefault(Settings())
  }
}

extension SharedKey<Settings>.Default {
  /// The settings that apply in a store tree: the stored ones with this run's overrides
  /// (environment, flags) over them. ``SettingsFeature`` keeps it up to date; the list and the
  /// forms read it, and see a change made on the settings screen at once. In memory: overrides
  /// are never written to the file.
  public static var appliedSettings: Self {
    SharedKey.inMemory("settings.applied").withDefault(Settings())
  }
}

extension SharedCodec<Settings> {
  /// The config file's codec: reads what it can (a line it cannot read is one of the file's
  /// ``SettingsFile/problems``, and the rest applies); saves by setting, in the file as it is
  /// now, each key whose value differs from the base.
  public static var settingsFile: Self {
    SharedCodec(
      decode: { SettingsFile(data: $0).settings },
      merge: { settings, base, current in
        var file = SettingsFile(data: current ?? Data())
        guard file.problems.isEmpty else { throw SettingsFailure.fileHasProblems(file.problems) }
        let base = base ?? Settings()
        for key in SettingsKey.all where key.value(in: settings) != key.value(in: base) {
          try file.set(key, to: key.value(in: settings))
        }
        return file.data
      }
    )
  }
}
