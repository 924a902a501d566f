// `customDump(_:)`, `diff(_:_:)` and their protocols come with the library, as they always have:
// they live in a module of their own, which test stores and `_printChanges` use.
@_exported import ValueDump
