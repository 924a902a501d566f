// Which commands name items by id, and which add items, for ``CommandContext/run(_:)`` with
// several files: kept in one place so each command's own file says nothing about sets.

extension DoneCommand: NamesItems {
  var changesWhere: String? { whereSearch }
  var namedIDs: [String] {
    get { ids }
    set { ids = newValue }
  }
}

extension UndoneCommand: NamesItems {
  var changesWhere: String? { whereSearch }
  var namedIDs: [String] {
    get { ids }
    set { ids = newValue }
  }
}

extension SkipCommand: NamesItems {
  var namedIDs: [String] {
    get { ids }
    set { ids = newValue }
  }
}

extension DeleteCommand: NamesItems {
  var changesWhere: String? { whereSearch }
  var namedIDs: [String] {
    get { ids }
    set { ids = newValue }
  }
}

extension TagCommand: NamesItems {
  var changesWhere: String? { whereSearch }
  var namedIDs: [String] {
    get { [id] }
    set { id = newValue.first ?? id }
  }
}

extension UntagCommand: NamesItems {
  var changesWhere: String? { whereSearch }
  var namedIDs: [String] {
    get { [id] }
    set { id = newValue.first ?? id }
  }
}

extension EditCommand: NamesItems {
  var namedIDs: [String] {
    get { [id] }
    set { id = newValue.first ?? id }
  }
}

extension NoteCommand: NamesItems {
  var namedIDs: [String] {
    get { [id] }
    set { id = newValue.first ?? id }
  }
}

extension MoveCommand: NamesItems {
  var changesWhere: String? { whereSearch }
  var namedIDs: [String] {
    get { [id] }
    set { id = newValue.first ?? id }
  }
}

extension ShowCommand: NamesItems {
  var namedIDs: [String] {
    get { [id] }
    set { id = newValue.first ?? id }
  }
}

/// `archive` names no items: with several files it archives in each, under each one's lock.
extension ArchiveCommand: NamesItems {
  var changesWhere: String? { whereSearch }
  var namedIDs: [String] {
    get { [] }
    set {}
  }
}

extension AddCommand: AddsItems {}
extension ProjectCommand: AddsItems {}
extension ImportCommand: AddsItems {}
