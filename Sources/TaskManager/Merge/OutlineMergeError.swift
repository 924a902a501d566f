/// Why ``OutlineMerge`` could not merge three versions of a task file: one of them is not text
/// taskman reads (bytes that are not UTF-8, or lines ending with lone carriage returns). Nothing
/// is merged then; `taskman merge-driver` leaves ours as it is and tells git the merge failed.
public struct OutlineMergeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which version could not be read.
  public var side: OutlineMerge.Side
  /// What is wrong with it.
  public var problem: TaskDocumentError

  /// Creates an error for `side`.
  public init(side: OutlineMerge.Side, problem: TaskDocumentError) {
    self.side = side
    self.problem = problem
  }

  /// The version and the problem, as `taskman merge-driver` reports it.
  public var description: String { "\(side) version: \(problem)" }
}
