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

    /// An edit made from the touched shards alone (``SearchIndexEdit/local(keys:fileSizes:edits:read:)``)
    /// writes what an index of every document writes, whenever it is made; and the edit from every shard
    /// always does. Random edits to random documents over a vocabulary large enough for many shards at the
    /// default target: words added, counted again or dropped, now and then a word the index lacks, long new words
    /// under one prefix that split its shard, or a document emptied.
    @Test(arguments: [1, 2, 3])
    func anEditFromItsShardsAloneIsACleanIndex(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let vocabulary = (0..<2_500).map { "w" + String($0 &* 7_919 % 46_656, radix: 36) } + ["café", "東京", "über"]
        func body(_ words: Int) -> [String] { (0..<words).map { _ in vocabulary[pick(vocabulary.count)] } }
        let words = SearchWords(stems: false)
        func entry(_ id: Int, _ body: [String]) -> SearchIndex.Entry {
            let fields = SearchDocument.Fields(title: "Post \(id)", tags: [], summary: nil)
            return SearchIndex.Entry(
                title: fields.title, url: "/posts/\(id)/", date: nil, tags: [],
                document: SearchDocument(
                    body: body.joined(separator: " "), headings: [], fields: fields, words: words))
        }
        var bodies = (0..<600).map { _ in body(20 + pick(60)) }
        var index = SearchIndex(bodies.enumerated().map { entry($0, $1) }, words: words)
        #expect(index.wordShards.count > 5, "\(index.wordShards.count) shards")
        var (local, moved) = (0, 0)
        for round in 0..<30 {
            let id = pick(bodies.count)
            var edited = bodies[id]
            switch round % 10 {
            case 0: edited.append("novel\(round)")
            case 1: edited += (0..<120).map { "zq\($0)" + String(repeating: "a", count: 150) }
            case 2: edited = []
            case 3: edited.removeFirst(min(3, edited.count))
            default: edited += body(1 + pick(3))
            }
            let (before, after) = (entry(id, bodies[id]), entry(id, edited))
            bodies[id] = edited
            let clean = SearchIndex(bodies.enumerated().map { entry($0, $1) }, words: words)
            let edit = SearchIndexEdit.Document(
                id: id, before: SearchIndex.weightedTerms(before), after: SearchIndex.weightedTerms(after))
            let shards = index.wordShards
            let full = try #require(SearchIndexEdit(shards, documents: bodies.count, edits: [edit]))
            let cleanChanged = clean.wordShards.filter { shard in !shards.contains { $0 == shard } }
            #expect(full.changedShards == cleanChanged, "round \(round)")
            #expect(full.movedBounds.map { $0.map(\.name) } ?? shards.map(\.name) == clean.wordShards.map(\.name))
            if full.movedBounds != nil { moved += 1 }
            if let made = SearchIndexEdit.local(
                keys: shards.map(\.key), fileSizes: shards.map { SearchIndex.text(of: $0).utf8.count }, edits: [edit],
                read: { positions in Dictionary(uniqueKeysWithValues: positions.map { ($0, shards[$0]) }) })
            {
                local += 1
                #expect(made.changedShards == cleanChanged, "round \(round)")
                #expect(made.movedBounds == nil && made.removed.isEmpty && made.averageLength == nil)
                #expect(shards.map(\.name) == clean.wordShards.map(\.name), "round \(round)")
                #expect(index.averageLength == clean.averageLength, "round \(round)")
            }
            index = clean
        }
        #expect(local >= 10, "\(local) of 30 edits made from their shards alone")
        #expect(moved >= 1, "no edit moved the shards' bounds")
    }

    /// A posting spliced into a term's postings gives the bytes of the whole list written again: for a
    /// document before the first, between two, after the last, in place of its own posting or taken out,
    /// with gaps and counts long enough to take several characters.
    @Test(arguments: [1, 2, 3, 4])
    func aSplicedPostingIsTheListWrittenAgain(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        func pick(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        var buffer: [UInt8] = []
        for _ in 0..<300 {
            var docs = Set<Int>()
            for _ in 0..<pick(8) { docs.insert(pick(2) == 0 ? pick(40) : pick(100_000)) }
            let postings = docs.sorted().map { (doc: $0, count: 1 + pick(2_000), length: pick(64)) }
            let text = SearchIndex.text(of: postings, &buffer)
            let doc = pick(3) == 0 && !postings.isEmpty ? postings[pick(postings.count)].doc : pick(100_100)
            let posting = pick(3) == 0 ? nil : (count: 1 + pick(3_000), length: pick(64))
            var expected = postings.filter { $0.doc != doc }
            if let posting {
                expected.append((doc, posting.count, posting.length))
                expected.sort { $0.doc < $1.doc }
            }
            let spliced = try #require(SearchIndexEdit.splice(text, doc: doc, posting, &buffer))
            #expect(
                spliced == SearchIndex.text(of: expected, &buffer), "\(postings) \(doc) \(String(describing: posting))")
        }
        #expect(SearchIndexEdit.splice("1a!", doc: 1, nil, &buffer) == nil)
        #expect(SearchIndexEdit.splice("1a", doc: 9, nil, &buffer) == nil)
        #expect(SearchIndexEdit.splice("W", doc: 9, nil, &buffer) == nil)
    }

    /// A word the index lacks, or a word's last posting dropped, changes the terms: the edit is made from
    /// every shard.
    @Test func termsAddedOrRemovedTakeTheEditFromEveryShard() {
        var buffer: [UInt8] = []
        func postings(_ docs: [Int]) -> String { SearchIndex.text(of: docs.map { ($0, 100, 27) }, &buffer) }
        let shards = [
            SearchIndex.WordShard(key: "", name: "a", terms: [("apple", postings([0])), ("banana", postings([1]))]),
            SearchIndex.WordShard(key: "c", name: "c", terms: [("cherry", postings([0, 2]))]),
        ]
        let sizes = shards.map { SearchIndex.text(of: $0).utf8.count }
        let read: ([Int]) -> [Int: SearchIndex.WordShard]? = { positions in
            Dictionary(uniqueKeysWithValues: positions.map { ($0, shards[$0]) })
        }
        let keys = shards.map(\.key)
        // Lengths of 100 and 101 words are both quantized to 27.
        let add = SearchIndexEdit.Document(id: 1, before: ["banana": 100], after: ["banana": 100, "date": 1])
        #expect(SearchIndexEdit.local(keys: keys, fileSizes: sizes, edits: [add], read: read) == nil)
        let drop = SearchIndexEdit.Document(id: 1, before: ["banana": 100], after: ["fig": 100])
        #expect(SearchIndexEdit.local(keys: keys, fileSizes: sizes, edits: [drop], read: read) == nil)
        let count = SearchIndexEdit.Document(id: 2, before: ["cherry": 100], after: ["cherry": 101])
        let made = SearchIndexEdit.local(keys: keys, fileSizes: sizes, edits: [count], read: read)
        #expect(made?.changedShards.map(\.name) == ["c"])
        #expect(SearchIndexEdit.shard(of: "a", keys: keys) == 0)
        #expect(SearchIndexEdit.shard(of: "c", keys: keys) == 1)
        #expect(SearchIndexEdit.shard(of: "bzz", keys: keys) == 0)
        #expect(SearchIndexEdit.shard(of: "zz", keys: keys) == 1)
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
