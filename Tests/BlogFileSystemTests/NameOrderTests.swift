import Foundation
import Testing

@testable import BlogFileSystem

/// NameOrder sorts as `String`'s `<` does, whatever the names: its byte order is a shortcut, never
/// another order.
@Suite struct NameOrderTests {
    /// Names that meet every edge of the shortcut: lengths around its 8- and 16-byte words, shared
    /// prefixes of those lengths, names that are prefixes of others, and non-ASCII names (composed and
    /// decomposed), which must send the whole list the Unicode way.
    @Test func sortsAsStringOrderForEveryShapeOfName() {
        var generator = SystemRandomNumberGenerator()
        let alphabets: [[String]] = [
            ["a", "b", "-", ".", "0", "9", "Z", "_", "~"],
            ["a", "b", "é", "e\u{301}", "ß", "日", "-", "0"],
        ]
        for alphabet in alphabets {
            for round in 0..<200 {
                let prefix = String(repeating: "2019-05-17-", count: round % 3)
                var names = Set<String>()
                for _ in 0..<Int.random(in: 0...60, using: &generator) {
                    let length = Int.random(in: 0...20, using: &generator)
                    names.insert(prefix + (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined())
                }
                // Compared with the standard sort of the same input order: mixing composed and
                // decomposed forms can make the standard sort's result depend on that order.
                let input = Array(names).shuffled(using: &generator)
                var sorted = input
                NameOrder.sort(&sorted)
                #expect(sorted == input.sorted(), "round \(round)")
                var entries = input.map { FolderWalk.Entry(name: $0, kind: .file, hasValidName: true) }
                NameOrder.sort(&entries)
                #expect(entries.map(\.name) == input.sorted(), "round \(round)")
            }
        }
    }

    /// A decomposed `é` sorts after `f` as `String` sorts it (by its composed form), not before it as its
    /// bytes (`e` then a combining accent) would.
    @Test func decomposedNamesSortByTheirComposedForm() {
        var names = ["f.md", "e\u{301}.md", "e.md"]
        NameOrder.sort(&names)
        #expect(names == ["e.md", "f.md", "e\u{301}.md"])
        #expect(names == names.sorted())
    }
}
