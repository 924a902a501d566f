import Composable
import Dependencies
import Foundation

// Tagging, untagging and moving items, one or many at a time: a change to several items is one
// change, which one undo reverts (`taskman tag --where …`).
extension TaskList {
  /// ``Action/addTags(_:to:replacingValues:)`` and ``Action/addTagsToItems(_:ids:replacingValues:)``:
  /// parses each text as a tag (a relative date value resolved against today) and sets the
  /// tags on every item. A text that is no tag, or a tag without a value over one with a value
  /// on any item (unless `replacingValues`), refuses the whole change.
  func addTags(_ state: inout State, _ texts: [String], to ids: [UUID], replacingValues: Bool) -> Effect<Action> {
    var tags: [Tag] = []
    for text in texts {
      do throws(TaskPaperError) {
        var tag = try TaskPaperParser.parseTag(text)
        if TaskDate.isDateTagName(tag.name), let value = tag.value, (try? TaskDate.parse(value)) == nil {
          do throws(TaskDateError) {
            guard let resolved = try TaskDate.resolve(value, today: today) else { throw .notADate(value) }
            tag = Tag(name: tag.name, date: resolved)
          } catch {
            state.errorMessage = "\(TaskPaperError.invalidTag(text).description) \(error.description)."
            return .none
          }
        }
        tags.append(tag)
      } catch {
        state.errorMessage = error.description
        return .none
      }
    }
    if !replacingValues {
      for id in ids {
        guard let item = state.item(withID: id),
          let (old, new) = tags.lazy.compactMap({ new in
            new.value == nil ? item.tags.first { $0.hasName(new.name) && $0.value != nil }.map { ($0, new) } : nil
          }).first
        else { continue }
        state.errorMessage =
          "“\(item.title)” has \(old.description): \(new.description) alone would drop its value. To change the value, give the new one (\(new.description)(…)); to drop it, add --replace."
        return .none
      }
    }
    let tagList = tags.map(\.description).joined(separator: " ")
    return change(&state, "tag \(state.titles(of: ids)) \(tagList)") { tasks in
      for id in ids {
        _ = tasks.modifyItem(withID: id) { item in
          for tag in tags { item.setTag(tag) }
        }
      }
    }
  }

  /// ``Action/removeTags(names:from:)`` and ``Action/removeTagsFromItems(names:ids:)``.
  func removeTags(_ state: inout State, _ names: [String], from ids: [UUID]) -> Effect<Action> {
    change(&state, "untag \(state.titles(of: ids)) \(names.joined(separator: " "))") { tasks throws(OutlineError) in
      for id in ids { try tasks.removeTags(named: names, from: id) }
    }
  }

  /// ``Action/moveItems(ids:to:)``: the outermost of the items, in document order, the first to
  /// `position` and each next one right after the one before.
  func moveItems(_ state: inout State, ids: [UUID], to position: OutlinePosition) -> Effect<Action> {
    // An item under another of them moves with it: moving it as well would take it out.
    let outermost = state.outline.outermostItems(among: Set(ids))
    guard !outermost.isEmpty else { return .none }
    return change(&state, "move \(state.titles(of: outermost))", moved: Set(outermost)) { tasks throws(OutlineError) in
      var outline = Outline(items: tasks.elements)
      var previous: UUID?
      for id in outermost {
        try outline.move(id, to: previous.map { .after($0) } ?? position, newProjectID: uuid())
        previous = id
      }
      tasks = IdentifiedArray(uniqueElements: outline.items)
    }
  }
}
