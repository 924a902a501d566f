#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Composable
import Dependencies
import Foundation

/// The settings: the config file (``SettingsFile``) loaded through the `configStorage`
/// dependency, with the values a program gives for one run (environment variables, flags) over
/// it, and a form of one text field per key (``State/texts``) whose changes are bindings: a
/// change of one key is saved as a change of its line.
///
/// ```swift
/// let store = Store(initialState: SettingsFeature.State()) { SettingsFeature() }
/// store.send(.load)
/// store.send(.overridesChanged([SettingsOverride(.color, "never", origin: .flag("--color"))]))
/// store.send(.binding(.set(\.texts.listSort, "due")))
/// ```
///
/// ``State/settings`` is what applies: each key's value from the highest of a flag, an
/// environment variable, the file and the default (``State/origin(of:)`` says which). A file
/// with lines taskman cannot read still applies the lines it can (``SettingsFile/problems``
/// says which it could not), and is never written: a change is refused with the first such line.
public struct SettingsFeature: Reducer {
  /// The config file's name in ``DependencyValues/configStorage``.
  public static let documentName = "config"

  @Dependency(\.configStorage) var configStorage

  /// The settings' state.
  public struct State: Equatable, Sendable {
    /// The stored settings, shared by every holder in the store tree (``SharedKey/Default/settings``):
    /// loaded from the config file when the state is made, saved by a binding of ``texts``.
    @Shared(.settings) public var stored: Settings
    /// The config file as last loaded or saved: its lines, for where each value comes from.
    public var file: SettingsFile
    /// Values given for this run, in increasing precedence.
    public var overrides: [SettingsOverride]
    /// Whether ``file`` is the stored file.
    public var loadStatus: LoadStatus
    /// Why the last change was refused, until the next one.
    public var failure: SettingsFailure?
    /// The form: each key's value in the file as text, or as typed. A binding of a key's field
    /// (``SettingsKey/field``) saves the key; a refused one stays as typed, with ``failure``.
    public var texts: SettingsTexts
    /// ``settings``, shared with the list and the forms of the store tree
    /// (``SharedKey/Default/appliedSettings``); kept equal to it after every action.
    @Shared(.appliedSettings) public var applied: Settings

    /// Settings at their defaults, from an empty file.
    public init(
      file: SettingsFile = .empty, overrides: [SettingsOverride] = [], loadStatus: LoadStatus = .notLoaded,
      failure: SettingsFailure? = nil
    ) {
      self.file = file
      self.overrides = overrides
      self.loadStatus = loadStatus
      self.failure = failure
      // The form shows the stored values, readable once every field has one.
      self.texts = SettingsTexts()
      texts = SettingsTexts(stored)
      let settings = self.settings
      $applied.withLock { $0 = settings }
    }

    /// The settings that apply: the file's, with ``overrides`` over them.
    public var settings: Settings { resolved.settings }

    /// Where `key`'s value in ``settings`` came from.
    public func origin(of key: SettingsKey) -> SettingsOrigin {
      resolved.origins[key.name] ?? .default
    }

    // Derived rather than stored, so that the state cannot disagree with itself (and a test
    // describes a change by the file or the overrides alone).
    private var resolved: (settings: Settings, origins: [String: SettingsOrigin]) {
      var settings = stored
      var origins: [String: SettingsOrigin] = [:]
      for entry in file.entries where SettingsKey.named(entry.name) != nil {
        origins[entry.name] = .file(line: entry.line)
      }
      for override in overrides {
        // A value the program did not check first is left out rather than half applied.
        guard (try? override.key.set(override.value, in: &settings)) != nil else { continue }
        origins[override.key.name] = override.origin
      }
      return (settings, origins)
    }
  }

  /// Whether the state reflects the stored file.
  public enum LoadStatus: Equatable, Sendable {
    /// Not loaded yet: the defaults (and overrides).
    case notLoaded
    /// Loaded (a missing file is an empty one).
    case loaded
    /// The file could not be read; changes are refused.
    case failed(SettingsFailure)
  }

  /// What can happen to the settings.
  public enum Action: BindableAction, Equatable, Sendable {
    /// Reads the config file.
    case load
    /// The file as read, or why it could not be.
    case loadResponse(Result<SettingsFile, SettingsFailure>)
    /// The values given for this run (environment, flags), in increasing precedence.
    case overridesChanged([SettingsOverride])
    /// A field of the form changed: `.binding(.set(\.texts.listSort, "due"))` sets the key to
    /// the value the text says, in the file (the key's line changes, nothing else).
    /// ``SettingsKey/binding(_:)`` makes one from a key.
    case binding(BindingAction<State>)
    /// The file as saved, or why it was not.
    case saveResponse(Result<SettingsFile, SettingsFailure>)

    /// The binding this action carries, if it is ``binding(_:)``.
    public var binding: BindingAction<State>? { if case let .binding(action) = self { action } else { nil } }
  }

  /// Creates the settings' reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .load:
        return .run { [stored = state.$stored, configStorage] send in
          // The shared value loaded when it was made; take what changed since.
          try? await stored.load()
          await send(
            .loadResponse(
              Result { () throws(SettingsFailure) in
                do throws(StorageError) {
                  return SettingsFile(data: try configStorage.load(Self.documentName) ?? Data())
                } catch {
                  throw .storage(error)
                }
              }
            )
          )
        }

      case let .loadResponse(.success(file)):
        state.file = file
        state.loadStatus = .loaded
        state.texts = SettingsTexts(state.stored)
        return .none

      case let .loadResponse(.failure(failure)):
        state.loadStatus = .failed(failure)
        return .none

      case let .overridesChanged(overrides):
        state.overrides = overrides
        return .none

      case let .binding(binding):
        // The table of keys says which key the field is; a field of no key changes nothing.
        guard let key = SettingsKey.all.first(where: { binding.keyPath == $0.field }) else { return .none }
        let text = state[keyPath: key.field]
        state.failure = nil
        if case let .failed(failure) = state.loadStatus {
          state.failure = failure
          return .none
        }
        // Checked here too, so that a refusal is in the state at once; the save checks the
        // file as it is then.
        var checked = state.file
        do throws(SettingsFailure) {
          try checked.set(key, to: text)
        } catch {
          state.failure = error
          return .none
        }
        state.$stored.withLock { try? key.set(text, in: &$0) }
        return .run { [stored = state.$stored, configStorage] send in
          await send(.saveResponse(await Self.save(stored, in: configStorage)))
        }

      case let .saveResponse(.success(file)):
        state.file = file
        state.loadStatus = .loaded
        state.texts = SettingsTexts(state.stored)
        return .none

      case let .saveResponse(.failure(failure)):
        state.failure = failure
        return .none
      }
    }
    // The settings that apply, for the list and the forms holding them.
    Reduce { state, _ in
      let settings = state.settings
      if state.applied != settings { state.$applied.withLock { $0 = settings } }
      return .none
    }
  }

  /// Saves the shared settings now (the key's codec merges the change into the file as it is
  /// then, under its lock), and reads the file as saved.
  static func save(_ stored: Shared<Settings>, in storage: StorageClient) async -> Result<SettingsFile, SettingsFailure> {
    do {
      try await stored.save()
      return .success(SettingsFile(data: try storage.load(documentName) ?? Data()))
    } catch let error as SharedPersistenceError {
      switch error {
      case let .refused(_, reason as SettingsFailure):
        return .failure(reason)
      case let .storage(error):
        return .failure(.storage(error))
      case .refused, .unreadable:
        return .failure(.storage(.fileSystem(operation: .replace, path: documentName, code: EIO)))
      }
    } catch let error as StorageError {
      return .failure(.storage(error))
    } catch {
      return .failure(.storage(.fileSystem(operation: .replace, path: documentName, code: ECANCELED)))
    }
  }
}
