import Composable
import Foundation
import Testing

@Suite struct IdentifiedArrayRemoveAtOffsetsTests {
  private struct Row: Identifiable, Equatable {
    var id: Int
    var title: String
  }

  private let rows: IdentifiedArrayOf<Row> = [
    Row(id: 10, title: "a"), Row(id: 11, title: "b"), Row(id: 12, title: "c"), Row(id: 13, title: "d"),
  ]

  @Test func theElementsAtTheOffsetsGoAndTheOthersKeepTheirOrderAndIds() {
    var array = rows
    array.remove(atOffsets: [1, 3])
    #expect(array.map(\.title) == ["a", "c"])
    #expect(array.ids == [10, 12])
    #expect(array[id: 12]?.title == "c")
    #expect(array[id: 11] == nil)
    #expect(array.index(id: 12) == 1)
  }

  @Test func noOffsetsChangeNothingAndAllOffsetsEmptyIt() {
    var array = rows
    array.remove(atOffsets: [])
    #expect(array == rows)
    array.remove(atOffsets: IndexSet(0..<4))
    #expect(array.isEmpty)
    #expect(array[id: 10] == nil)
  }
}
