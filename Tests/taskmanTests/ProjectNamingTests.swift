import Foundation
import Testing

/// `--project` names one project, never a guess (issue 39): two projects of one name are told
/// apart by their paths, a near miss is not created silently, and a new project looks like the
/// file's other blocks.
@Suite("projects named on the command line")
struct ProjectNamingTests {
  private let gardens = "Home:\n\tGarden:\n\t\t- Weed\nOffice:\n\tGarden:\n\t\t- Water the ficus\n"

  @Test func anAmbiguousNameIsRefusedListingEachProjectByItsPath() throws {
    let file = try UserFile(gardens)
    let refused = try file.run(["add", "Rake", "--project", "garden"])
    #expect(refused.status == 2)
    #expect(refused.errors.contains("“Home/Garden”, “Office/Garden”"), "\(refused.errors)")
    #expect(file.text == gardens)
    #expect(try file.run(["add", "Rake", "--project", "office/garden"]).status == 0)
    #expect(file.text.hasSuffix("\t\t- Water the ficus\n\t\t- Rake\n"))
    let ids = try file.ids()
    let moved = try file.run(["move", try #require(ids["Weed"]), "--project", "Office/Garden"])
    #expect(moved.status == 0, "\(moved.errors)")
  }

  @Test func aFlatListNamesEachTasksProjectByItsPath() throws {
    let file = try UserFile(gardens)
    let listed = try file.run(["list", "--flat"])
    #expect(listed.output.contains("Weed  (Home/Garden)"), "\(listed.output)")
    #expect(listed.output.contains("Water the ficus  (Office/Garden)"), "\(listed.output)")
  }

  @Test func aNameCloseToAProjectIsRefusedWithTheSuggestionUnlessNewProjectIsGiven() throws {
    let text = "Office:\n\t- Call Bob\n"
    let file = try UserFile(text)
    let refused = try file.run(["add", "Print slides", "--project", "Offce"])
    #expect(refused.status == 2)
    #expect(refused.errors.contains("did you mean “Office”?"), "\(refused.errors)")
    #expect(refused.errors.contains("--new-project"), "\(refused.errors)")
    #expect(file.text == text)
    #expect(try file.run(["add", "Print slides", "--project", "Offce", "--new-project"]).status == 0)
    #expect(file.text == text + "Offce:\n\t- Print slides\n")
    // A name like no project's is created as before.
    #expect(try file.run(["add", "Feed the cat", "--project", "Pets"]).status == 0)
    #expect(file.text.hasSuffix("Pets:\n\t- Feed the cat\n"))
  }

  @Test func aNewProjectFollowsABlankLineWhenTheFileSeparatesItsProjectsSo() throws {
    let separated = "Home:\n\t- Weed\n\nOffice:\n\t- Call Bob\n"
    let file = try UserFile(separated)
    #expect(try file.run(["add", "Feed the cat", "--project", "Pets"]).status == 0)
    #expect(try file.run(["project", "Garage"]).status == 0)
    #expect(file.text == separated + "\nPets:\n\t- Feed the cat\n\nGarage:\n")
    #expect(try file.run(["undo"]).status == 0)
    #expect(try file.run(["undo"]).status == 0)
    #expect(file.text == separated)
    // A file whose projects follow each other directly gets none.
    let glued = try UserFile("Home:\n\t- Weed\nOffice:\n", name: "glued.taskpaper")
    #expect(try glued.run(["project", "Garage"]).status == 0)
    #expect(glued.text == "Home:\n\t- Weed\nOffice:\nGarage:\n")
  }
}
