import Foundation
import Testing

@testable import BlogCore

@Suite struct SearchIndexTests {
    static let english = SearchWords(stems: true)
    static let plain = SearchWords(stems: false)

    @Test(arguments: [
        ("Café au lait", ["cafe", "au", "lait"]),
        ("CAFÉ, crème brûlée!", ["cafe", "creme", "brulee"]),
        ("Ünïcödé & friends", ["unicode", "friends"]),
        ("ΟΔΟΣ οδός", ["οδοσ", "οδοσ"]),
        ("東京都に行く", ["東京", "京都", "都に", "に行", "行く"]),
        ("日 and 本", ["日", "and", "本"]),
        ("Swift6 and 2026-11-14", ["swift6", "and", "2026", "11", "14"]),
        ("नमस्ते दुनिया", ["नमस्ते", "दुनिया"]),
    ])
    func termsAreFoldedWords(text: String, expected: [String]) {
        #expect(Self.plain.terms(in: text) == expected)
    }

    /// The table's fold of a word below U+0300 is Foundation's fold of the whole word: each scalar alone,
    /// after an accented capital and before a letter, and words whose scalars decompose or lowercase to
    /// more than one (`İ`, `ŉ`, `ǅ`, `ß`).
    /// The index's strings decode back to the text, with only the escapes RFC 8259 requires and U+2028 and
    /// U+2029 escaped, whatever sits around them.
    @Test(arguments: [
        ("plain", #""plain""#), ("a \"q\" \\ b", #""a \"q\" \\ b""#), ("tab\there\nnext\r", #""tab\there\nnext\r""#),
        ("\u{1}\u{1F}\u{7F}", "\"\\u0001\\u001f\u{7F}\""), ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#),
        ("“quoted” — dash…", #""“quoted” — dash…""#), ("\u{2027}\u{202A}😀", "\"\u{2027}\u{202A}😀\""),
        ("", #""""#), ("\u{E2}\u{80}", "\"\u{E2}\u{80}\""),
    ])
    func jsonStringsEscapeWhatJSONAndJavaScriptNeed(_ text: String, _ expected: String) throws {
        let json = SearchJSON.string(text)
        #expect(json == expected)
        #expect(try JSONDecoder().decode(String.self, from: Data(json.utf8)) == text)
    }

    @Test func aLatinWordFoldsByTableAsByNormalization() {
        var words = (0..<0x300).compactMap { Unicode.Scalar(UInt32($0)).map { "É\($0)e" } }
        words += ["İstanbul", "ŉoo", "ǅemal", "Straße", "ÆØÅ", "Œuvre", "ǰ", "Ǖber", "ﬁ", "Ωmega", "e\u{301}"]
        for word in words {
            var bytes: [UInt8] = []
            var text = word
            let isLatin = text.withUTF8 { SearchWords.foldLatin($0, into: &bytes) }
            #expect(isLatin == word.unicodeScalars.allSatisfy { $0.value < 0x300 }, "\(word)")
            if isLatin { #expect(String(decoding: bytes, as: UTF8.self) == SearchWords.fold(word), "\(word)") }
        }
        #expect(Self.english.terms(in: "Crème brûlées, İstanbul") == ["creme", "brulee", "istanbul"])
    }

    @Test(arguments: [
        ("running", "run"), ("runs", "run"), ("run", "run"), ("caresses", "caress"), ("ponies", "poni"),
        ("pony", "poni"), ("hopping", "hop"), ("hoping", "hope"), ("agreed", "agree"), ("feed", "feed"),
        ("conflated", "conflate"), ("filing", "file"), ("falling", "fall"), ("is", "is"), ("café", "café"),
    ])
    func englishStemsAreStepOneOfPorter(word: String, stem: String) {
        #expect(SearchStemmer.stem(word) == stem)
    }

    @Test func stemmingFollowsTheSearchLanguage() throws {
        #expect(try configuration().search == SearchSettings(language: "en"))
        #expect(try configuration().search?.stems == true)
        let german = try configuration("title: T\nbase_url: https://example.com/\nlanguage: de\n")
        #expect(german.search?.stems == false)
        let setting = try configuration("title: T\nbase_url: https://example.com/\nsearch:\n  language: en-GB\n")
        #expect(setting.search?.stems == true)
        #expect(try configuration("title: T\nbase_url: https://example.com/\nsearch: false\n").search == nil)
    }

    @Test(arguments: [SearchWords(stems: true), SearchWords(stems: false)])
    func countsAreTheTermsCounted(words: SearchWords) {
        for entry in Self.generatedEntries(count: 40, seed: 3) {
            // Thousands of distinct words, so that the table of words grows while counting.
            let many = (0..<3_000).map { "w\($0 % 1_700)" }.joined(separator: " ")
            let text = entry.title + " Running, RUNS; café Café 東京都 " + entry.document.excerpt + many
            #expect(words.counts(in: text) == Dictionary(words.terms(in: text).map { ($0, 1) }, uniquingKeysWith: +))
        }
    }

    /// A rendering worker counts post after post in one vocabulary: what it makes of a document, terms and
    /// their order included, is what a vocabulary that met no document before makes of it.
    @Test(arguments: [SearchWords(stems: true), SearchWords(stems: false)])
    func aDocumentsTermsDoNotDependOnTheDocumentsBefore(words: SearchWords) {
        var shared = SearchVocabulary(words)
        let texts = Self.generatedEntries(count: 30, seed: 5).map {
            $0.title + " Running runs RUN café Cafe CAFÉ 東京都 ΟΔΟΣ οδός " + $0.document.excerpt
        }
        for text in texts + texts.reversed() {
            var fresh = SearchVocabulary(words)
            fresh.add(text)
            shared.add(text)
            let alone = fresh.takeTerms()
            let after = shared.takeTerms()
            #expect(alone.bytes == after.bytes && alone.ends == after.ends && alone.counts == after.counts)
            #expect(alone.dictionary == words.counts(in: text))
        }
    }

    /// The scanner that reads ASCII 16 bytes at a time finds the tokens the scalar-by-scalar reader finds,
    /// wherever words, ideographs and bytes past ASCII fall against its 16-byte steps.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func scanFindsTheTokensOfTheScalarReader(seed: UInt64) {
        var random = SplitMix(state: seed)
        let pieces = [
            "a", "Ab", "swift", "SWIFT", "Markdown", "abcdefgh", "ABCDEFGHI", "antidisestablishment", "x9", "2026",
            " ", "  ", ", ", ".", "-", "_", "@", "[", "`", "{", "\n", "\t", "\u{0}", "café", "Café", "ÉCOLE",
            "naïve", "東京都", "日", "に", "한국어", "“", "”", "—", "…", "\u{00A0}", "ΟΔΟΣ", "οδός", "नमस्ते",
            "e\u{301}", "\u{301}", "😀", "𠀋", "Ⅻ", "½", "ｆｕｌｌ",
        ]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(random.next() % 40) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            var utf8 = Array(text.utf8)
            var fast: [([UInt8], SearchWords.Token)] = []
            var reference: [([UInt8], SearchWords.Token)] = []
            utf8.withUnsafeMutableBufferPointer { buffer in
                let bytes = UnsafeBufferPointer(buffer)
                SearchWords.scan(bytes) { fast.append((Array($0), $1)) }
                SearchWords.scanScalars(bytes) { reference.append((Array($0), $1)) }
            }
            #expect(fast.elementsEqual(reference) { $0.0 == $1.0 && $0.1 == $1.1 }, "\(text.debugDescription)")
        }
    }

    /// Every ASCII byte, controls and punctuation included, is a letter, a digit, white space or a separator
    /// to the 16-byte scanner as to the scalar reader, and to its reading time as to the reading time's own
    /// count, in texts that run over several 16-byte steps and end in a part of one.
    @Test(arguments: [11, 12, 13, 14])
    func scanClassifiesEveryASCIIByteAsTheScalarReader(seed: UInt64) {
        var random = SplitMix(state: seed)
        for length in 0..<200 {
            var utf8 = (0..<length).map { _ in
                // Half letters, so that words run over the steps' edges, half any ASCII byte.
                random.next() % 2 == 0 ? UInt8(ascii: "k") : UInt8(random.next() % 128)
            }
            var fast: [([UInt8], SearchWords.Token)] = []
            var reference: [([UInt8], SearchWords.Token)] = []
            var words = (scanned: 0, counted: 0)
            utf8.withUnsafeMutableBufferPointer { buffer in
                let bytes = UnsafeBufferPointer(buffer)
                words.scanned = SearchWords.scan(bytes) { fast.append((Array($0), $1)) }
                SearchWords.scanScalars(bytes) { reference.append((Array($0), $1)) }
                words.counted = PostRenderer.wordCount(inUTF8: bytes)
            }
            #expect(fast.elementsEqual(reference) { $0.0 == $1.0 && $0.1 == $1.1 }, "\(utf8)")
            #expect(words.scanned == words.counted, "\(utf8)")
        }
    }

    /// A result's snippet is the text's first scalars, white space (Unicode's) collapsed to one space and
    /// none at the ends, as a plain reading by scalar gives it, whatever the text mixes.
    @Test func theExcerptIsTheTextsFirstScalarsWithItsSpacesCollapsed() {
        var random = SplitMix(state: 21)
        let pieces = [
            "a", "Word", " ", "  ", "\t", "\n", "\r\n", "\u{B}", "\u{C}", "\u{0}", "\u{85}", "\u{A0}", "\u{2003}",
            "\u{3000}", "é", "東京", "😀", "e\u{301}", "—", ".",
        ]
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int(random.next() % 400) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            var expected = String.UnicodeScalarView()
            var length = 0
            var pendingSpace = false
            for scalar in text.unicodeScalars where length < SearchDocument.excerptLimit {
                if scalar.properties.isWhitespace {
                    pendingSpace = length > 0
                    continue
                }
                if pendingSpace {
                    expected.append(" ")
                    length += 1
                    pendingSpace = false
                }
                expected.append(scalar)
                length += 1
            }
            #expect(SearchDocument.excerpt(of: text) == String(expected), "\(text.debugDescription)")
        }
    }

    @Test func queryWordsMatchStemsAndTheLastWordAsAPrefix() {
        let query = SearchQuery("Running caf", stems: true)
        #expect(query.words == [.init(exact: "run", prefix: nil), .init(exact: "caf", prefix: "caf")])
        #expect(SearchQuery("caf ", stems: true).words == [.init(exact: "caf", prefix: nil)])
        #expect(SearchQuery("x", stems: true).words == [.init(exact: "x", prefix: nil)])
        #expect(SearchQuery("東", stems: true).words == [.init(exact: "東", prefix: "東")])
    }

    @Test func aDocumentCountsItsFieldsByTheirWeights() {
        let fields = SearchDocument.Fields(title: "Running cafés", tags: ["Café", "Swift"], summary: "A café run.")
        let document = SearchDocument(body: "café swift 東京", headings: ["Swift"], fields: fields, words: Self.english)
        // Words that fold or stem alike (`cafés`, `Café`, `café`) are one term, from either table of words.
        #expect(document.terms.count == 5)
        #expect(document.terms.dictionary == ["cafe": 10, "run": 6, "swift": 5, "東京": 1, "a": 2])
        #expect(document.terms.length == 24)
    }

    @Test func aDocumentIsReadBackFromItsRecordText() throws {
        let body = "Line\u{1F}one: café CAFÉ 東京都 " + String(repeating: "often ", count: 12) + "Ünïcödé"
        let fields = SearchDocument.Fields(title: "Title", tags: [], summary: nil)
        let document = SearchDocument(body: body, headings: [], fields: fields, words: Self.english)
        let read = try #require(SearchDocument(recordText: document.recordText))
        #expect(read.terms == document.terms)
        #expect(read.excerpt == document.excerpt.replacingOccurrences(of: "\u{1F}", with: " "))
        #expect(read.terms.dictionary["often"] == 12)
        #expect(SearchDocument(recordText: "Only an excerpt")?.terms.count == 0)
    }

    @Test(arguments: ["", "x\u{1F}term", "x\u{1F}term\u{1F}", "x\u{1F}term\u{1F}12a", "x\u{1F}t\u{1F}-1"])
    func aDamagedRecordTextGivesNoDocument(text: String) {
        #expect(SearchDocument(recordText: text) == nil)
    }

    @Test func varintsRoundTrip() {
        var text = ""
        let values = [0, 1, 31, 32, 1023, 1024, 99_999, 7]
        for value in values { SearchVarint.append(value, to: &text) }
        #expect(SearchVarint.decode(text) == values)
    }

    /// Documents from a small vocabulary with accents, CJK and inflections, so that queries hit many
    /// documents, share prefixes and cross shard bounds.
    static func generatedEntries(count: Int, seed: UInt64) -> [SearchIndex.Entry] {
        var random = SplitMix(state: seed)
        let vocabulary = [
            "café", "Cafe", "cafés", "caffeine", "run", "running", "runner", "swift", "swiftly", "東京", "京都",
            "東京都", "über", "uber", "naïve", "naive", "feed", "feeds", "static", "station", "page", "pages",
            "paging", "Ünïcödé", "unicode", "日本語", "blog", "blogging", "zeta", "zebra", "ΟΔΟΣ", "οδός",
        ]
        func text(_ words: Int) -> String {
            (0..<words).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
        }
        return (0..<count).map { index in
            let headings = (0..<Int(random.next() % 3)).map { _ in text(2) }
            let body = text(Int(random.next() % 40)) + " " + headings.joined(separator: " ")
            let fields = SearchDocument.Fields(
                title: text(3), tags: [text(1)], summary: random.next() % 4 == 0 ? text(5) : nil)
            return SearchIndex.Entry(
                title: fields.title, url: "/posts/\(index)/", date: "2026-01-01", tags: fields.tags,
                document: SearchDocument(body: body, headings: headings, fields: fields, words: english))
        }
    }

    /// The documents a query finds, best first, by reading every document's terms: no shards, no postings.
    static func scan(_ entries: [SearchIndex.Entry], _ query: String) -> [Int] {
        let counts = entries.map(SearchIndex.weightedTerms)
        let lengths = counts.map { SearchIndex.quantizedLength($0.values.reduce(0, +)) }
        let average = lengths.map(SearchIndex.length(ofQuantized:)).reduce(0, +) / Double(entries.count)
        let parsed = SearchQuery(query, stems: true)
        return parsed.rank(
            postings: { word in
                let terms = Set(counts.flatMap(\.keys)).filter(word.matches)
                return terms.map { term in
                    counts.indices.compactMap { doc in counts[doc][term].map { (doc, $0, lengths[doc]) } }
                }
            }, documents: entries.count, averageLength: (average * 100).rounded() / 100)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func resultsAgreeWithAPlainScan(seed: UInt64) {
        let entries = Self.generatedEntries(count: 150, seed: seed)
        let index = SearchIndex(entries, words: Self.english, shardTarget: 400)
        #expect(index.wordShards.count > 5)
        let queries = [
            "cafe", "CAFÉ", "café ", "caf", "running", "runs ", "run", "swift static", "東京", "東", "京都 ", "uber",
            "Über naive", "unicode feed page", "pag", "blogging ", "zeta zebra", "ze", "οδος", "nothing", "s",
            "feeds running café",
        ]
        for query in queries {
            let found = index.search(query)
            #expect(found == Self.scan(entries, query), "\(query)")
        }
        #expect(!index.search("café").isEmpty)
    }

    @Test func theSameDocumentsGiveTheSameBytes() {
        let entries = Self.generatedEntries(count: 80, seed: 9)
        let first = SearchIndex(entries, words: Self.english, shardTarget: 400)
        let second = SearchIndex(entries, words: Self.english, shardTarget: 400)
        #expect(first.wordShards == second.wordShards)
        #expect(first.documents == second.documents)
        #expect(
            first.manifest(wordsURL: "/w/", documentsURL: "/d/")
                == second.manifest(wordsURL: "/w/", documentsURL: "/d/"))
    }

    @Test func anEditChangesOnlyTheShardsOfItsTerms() {
        var entries = Self.generatedEntries(count: 120, seed: 11)
        let before = SearchIndex(entries, words: Self.english, shardTarget: 2_000)
        var terms = entries[40].document.terms.dictionary
        terms["zebra", default: 0] += 1
        entries[40].document.terms = SearchTerms(terms)
        let after = SearchIndex(entries, words: Self.english, shardTarget: 2_000)
        let changed = zip(before.wordShards, after.wordShards).filter { $0 != $1 }
        #expect(before.wordShards.map(\.name) == after.wordShards.map(\.name))
        #expect(changed.count == 1)
        #expect(changed.first?.0.terms.contains { $0.term == "zebra" } == true)
    }

    @Test func theIndexHoldsNoDraftOrFuturePost() async throws {
        let site = try makeSite(posts: [
            "a.md": post("Published", "2024-01-01", body: "The word pangolin is here."),
            "b.md": "---\ntitle: Draft\ndate: 2024-01-02\ndraft: true\n---\nOnly the draft says quokka.\n",
            "c.md": post("Future", "2099-01-01", body: "Only the future says axolotl."),
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        let folder = site.root.appending(path: "public/search")
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        var all = ""
        for name in names where name.hasSuffix(".json") {
            all += try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        }
        #expect(all.contains("\"pangolin\""))
        #expect(!all.contains("quokka") && !all.contains("axolotl") && !all.contains("Draft"))
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "index.html").path))
    }

    @Test func searchFetchNamesTheFilesTheScriptFetches() async throws {
        let site = try makeSite(posts: [
            "a.md": post("Pangolins", "2024-01-01", body: "The word pangolin is here."),
            "b.md": post("Other", "2024-01-02", body: "Nothing of the kind."),
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        let fetched = try #require(SearchFetch.files(for: "pangolin", site: site))
        let shards = try FileManager.default.contentsOfDirectory(
            atPath: site.root.appending(path: "public/search/words").path)
        #expect(fetched.results == 1)
        #expect(
            fetched.files.map(\.path) == [
                "search/index.json", "search/words/\(try #require(shards.first))", "search/documents/0.json",
            ])
        #expect(fetched.files.allSatisfy { $0.bytes > 0 })
    }

    @Test func searchFalseWritesNoIndex() async throws {
        let site = try makeSite(
            yaml: "title: T\nbase_url: https://example.com/blog/\nsearch: false\n",
            posts: ["a.md": post("A", "2024-01-01")])
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        #expect(!FileManager.default.fileExists(atPath: site.root.appending(path: "public/search").path))
        let index = try String(contentsOf: site.root.appending(path: "public/index.html"), encoding: .utf8)
        #expect(!index.contains("role=\"search\""))
    }
}

/// A small deterministic generator (SplitMix64), so that generated documents are the same on every run.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
