import Foundation

/// Lets the builder unwrap an optional held in an `Any` without reflection.
protocol OptionalValue {
  var dumpWrapped: Any? { get }
}

extension Optional: OptionalValue {
  var dumpWrapped: Any? {
    switch self {
    case .some(let wrapped): wrapped
    case .none: nil
    }
  }
}

/// Lets the builder read an `Array` held in an `Any` without reflection.
protocol ArrayValue {
  var dumpElements: [Any] { get }
}

extension Array: ArrayValue {
  var dumpElements: [Any] { map { $0 } }
}

/// Lets the builder read a `Dictionary` held in an `Any` without reflection.
protocol DictionaryValue {
  var dumpEntries: [(key: Any, value: Any)] { get }
}

extension Dictionary: DictionaryValue {
  var dumpEntries: [(key: Any, value: Any)] { map { (key: $0.key, value: $0.value) } }
}

/// Lets the builder read a `Set` held in an `Any` without reflection.
protocol SetValue {
  var dumpMembers: [Any] { get }
}

extension Set: SetValue {
  var dumpMembers: [Any] { map { $0 } }
}
