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
                Self.expectStringOrder(Array(names).shuffled(using: &generator), "round \(round)")
            }
        }
    }

    /// Long lists, as a folder of posts gives: dated names that share most of their first 24 bytes, names
    /// that share all 24 and differ after (or are longer), short names, names equal to others, and bytes
    /// across the ASCII range.
    @Test(arguments: [1, 2, 3, 4])
    func longListsSortAsStringOrder(seed: UInt64) {
        var state = seed
        func pick(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for size in [256, 300, 2_000, 5_000] {
            var names: [String] = []
            for _ in 0..<size {
                switch pick(6) {
                case 0: names.append("20\(10 + pick(15))-0\(1 + pick(9))-1\(pick(10))-post-\(pick(100_000)).md")
                case 1: names.append("2015-01-01-post-number-\(pick(40))x\(String(repeating: "y", count: pick(4)))")
                case 2: names.append(String((0..<pick(30)).map { _ in Character(UnicodeScalar(UInt8(1 + pick(126)))) }))
                case 3: names.append(names.isEmpty ? "a" : names[pick(names.count)])
                case 4: names.append(String(repeating: "a", count: pick(30)))
                default: names.append("\(pick(1_000))")
                }
            }
            Self.expectStringOrder(names, "\(size) names, seed \(seed)")
        }
    }

    /// Names and entries of those names sort as the standard sort of the same input order does.
    static func expectStringOrder(_ input: [String], _ comment: Comment) {
        var sorted = input
        NameOrder.sort(&sorted)
        #expect(sorted == input.sorted(), comment)
        var entries = input.map { FolderWalk.Entry(name: $0, kind: .file, hasValidName: true) }
        NameOrder.sort(&entries)
        #expect(entries.map(\.name) == input.sorted(), comment)
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
