import CommonMark
import Foundation
import Testing

@testable import BlogCore

/// The pieces an edit-only rebuild reads the last build's search index with: they read the files byte by
/// byte, and must find what a reading by Swift's strings finds.
@Suite struct SearchIndexEditTests {
    @Test func aWordShardIsReadBackFromItsText() throws {
        let shard = SearchIndex.WordShard(
            key: "ca", name: "abc", terms: [("ca", ""), ("cafe", "1a2B3"), ("caf\u{E9}", "z"), ("ca東京", "Z_-0")])
        let text = Data(SearchIndex.text(of: shard).utf8)
        #expect(SearchIndexEdit.shard(key: "ca", name: "abc", text: text) == shard)
        let one = SearchIndex.WordShard(key: "", name: "0", terms: [("x", "1")])
        #expect(SearchIndexEdit.shard(key: "", name: "0", text: Data(SearchIndex.text(of: one).utf8)) == one)
    }

    @Test(arguments: [
        "", "{\n}\n", "{\n\n}", "[\n\"a\":\"1\"\n}\n", "{\n\"a\":\"1\"\n}", "{\n\"a\":\"1\"\n}\n\n",
        "{\n\"a\":1\n}\n", "{\n\"a\" :\"1\"\n}\n", "{\n\"a\":\"1\"x\n}\n", "{\n\"a\":\"1\",,\n}\n", "{\n\"a\"\n}\n",
        "{\n\"\"\n}\n", "{\n\",\n}\n", "{\n\"a\":\"1\":\"2\"\n}\n", "{\n\"a\\\"\":\"1\"\n}\n", "{\n\"a\":\"1\"\"\n}\n",
        "{\nx\"a\":\"1\"\n}\n",
    ])
    func aTextTheIndexDoesNotWriteIsNoWordShard(text: String) {
        #expect(SearchIndexEdit.shard(key: "", name: "0", text: Data(text.utf8)) == nil)
    }

    @Test func blankLinesAndAnEmptyShardAreRead() throws {
        let text = Data("{\n\"a\":\"1\",\n\n\"b\":\"2\"\n}\n".utf8)
        let shard = try #require(SearchIndexEdit.shard(key: "", name: "0", text: text))
        #expect(shard.terms.map(\.term) == ["a", "b"])
        #expect(SearchIndexEdit.shard(key: "", name: "0", text: Data("{\n\n}\n".utf8))?.terms.isEmpty == true)
    }

    @Test func aDocumentLineIsReplacedInPlace() throws {
        let shards = [
            Data("[\n{\"t\":\"a\"},\n{\"t\":\"ab\"},\n{\"t\":\"b\"}\n]\n".utf8),
            Data("[\n{\"t\":\"c\"},\n{\"t\":\"c\"}\n]\n".utf8),
        ]
        var lines = SearchDocumentLines(shards)
        // A line that starts another is not that line.
        #expect(lines.replace("{\"t\":\"a", with: "x") == nil)
        #expect(lines.replace("{\"t\":\"ab\"}", with: "{\"t\":\"AB\"}")! == (0, 2))
        #expect(lines.replace("{\"t\":\"b\"}", with: "{\"t\":\"long b\"}")! == (0, 3))
        #expect(lines.replace("{\"t\":\"a\"}", with: "{}")! == (0, 1))
        // Equal lines: the first, then the next.
        #expect(lines.replace("{\"t\":\"c\"}", with: "{\"t\":\"d\"}")! == (1, 1))
        #expect(lines.replace("{\"t\":\"c\"}", with: "{\"t\":\"e\"}")! == (1, 2))
        #expect(lines.replace("{\"t\":\"c\"}", with: "{}") == nil)
        #expect(lines.edited.count == 2)
        #expect(
            String(decoding: lines.edited[0] ?? [], as: UTF8.self) == "[\n{},\n{\"t\":\"AB\"},\n{\"t\":\"long b\"}\n]\n"
        )
        #expect(String(decoding: lines.edited[1] ?? [], as: UTF8.self) == "[\n{\"t\":\"d\"},\n{\"t\":\"e\"}\n]\n")
    }

    /// Against Swift's own search, on random bytes from a small alphabet (so that near matches are many).
    @Test(arguments: [1, 2, 3])
    func byteFindFindsWhatASwiftSearchFinds(seed: UInt64) {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<400 {
            let bytes = (0..<next(40)).map { _ in UInt8(97 + next(3)) }
            let pattern = (0..<(1 + next(4))).map { _ in UInt8(97 + next(3)) }
            let from = next(bytes.count + 2)
            let expected =
                from > bytes.count
                ? nil
                : (from...max(from, bytes.count)).first { start in
                    start + pattern.count <= bytes.count
                        && bytes[start..<(start + pattern.count)].elementsEqual(pattern)
                }
            let found = bytes.withUnsafeBytes { ByteSearch.firstIndex(of: pattern, in: $0, from: from) }
            #expect(found == expected, "\(bytes) \(pattern) from \(from)")
            let end = next(bytes.count + 1)
            let count = bytes.withUnsafeBytes { ByteSearch.count(97, in: $0, before: end) }
            #expect(count == bytes[..<end].filter { $0 == 97 }.count)
        }
    }
}
