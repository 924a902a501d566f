import Composable
import ComposableTesting
import Foundation
import Testing

private struct Sheet: Equatable, Codable {
  var text = ""
}

private struct Screen: Equatable, Codable {
  var title = "Inbox"
  @PresentationState var sheet: Sheet?
}

@Suite struct PresentationStateTests {
  @Test func aPresentationDumpsUnderItsPropertyNameLikeAnOptional() {
    #expect(
      customDump(Screen(sheet: Sheet(text: "Hi"))) == """
        Screen(
          title: "Inbox"
          sheet: Sheet(
            text: "Hi"
          )
        )
        """
    )
    #expect(
      customDump(Screen()) == """
        Screen(
          title: "Inbox"
          sheet: nil
        )
        """
    )
  }

  @Test func aDiffOfAPresentationNamesTheProperty() {
    #expect(
      diff(Screen(), Screen(sheet: Sheet(text: "Hi"))) == """
         Screen(
           title: "Inbox"
        −  sheet: nil
        +  sheet: Sheet(
        +    text: "Hi"
        +  )
         )
        """
    )
  }

  @Test func theProjectionIsTheWrapperItself() {
    var screen = Screen()
    screen.$sheet.wrappedValue = Sheet(text: "Hi")
    #expect(screen.sheet == Sheet(text: "Hi"))
  }

  @Test func aPresentationEncodesAsThePlainOptional() throws {
    let screen = Screen(sheet: Sheet(text: "Hi"))
    let json = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
    #expect(json.contains(#""text":"Hi""#))
    #expect(try JSONDecoder().decode(Screen.self, from: Data(json.utf8)) == screen)
    let empty = try JSONEncoder().encode(Screen())
    #expect(try JSONDecoder().decode(Screen.self, from: empty) == Screen())
  }
}
