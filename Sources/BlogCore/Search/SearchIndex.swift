import Foundation

/// The search index of a site as static files: a small manifest, word shards that each hold the postings
/// of a range of terms, and document shards that each hold the metadata of a run of documents. A query
/// reads the manifest, the shards of its words, and the document shards of the results it shows.
///
/// Term order is UTF-16 code unit order, JavaScript's `<`, so that the script finds a term's shard by the
/// same comparison the build cut the shards with.
struct SearchIndex: Sendable {
    /// One published post or page, as the index knows it.
    struct Entry: Sendable {
        var title: String
        var url: String
        /// `2026-11-14` in the site's zone; nil for a page.
        var date: String?
        var tags: [String]
        /// Its terms, its title's, tags' and summary's among them, and its excerpt.
        var document: SearchDocument
    }

    /// A range of terms in one file: its first prefix (a lower bound of its terms) and its file's name.
    struct WordShard: Sendable, Equatable {
        var key: String
        var name: String
        var terms: [(term: String, postings: String)]

        static func == (a: WordShard, b: WordShard) -> Bool {
            a.key == b.key && a.name == b.name && a.terms.elementsEqual(b.terms) { $0 == $1 }
        }
    }

    static let formatVersion = 1
    /// The highest count a posting holds, so that it takes at most two characters.
    static let countLimit = 1023

    var wordShards: [WordShard]
    /// Documents' metadata, as JSON objects, in id order.
    var documents: [String]
    var documentsPerShard: Int
    var averageLength: Double
    var stems: Bool

    /// Makes the index of `entries`, whose positions are their document ids.
    ///
    /// - Parameter shardTarget: The size a word shard is cut down to, in bytes; by default 16 KiB, or the
    ///   power of two above a 120th of the postings when that is more, so that a site of any size has a
    ///   couple of hundred word shards at most and a small one a few.
    init(_ entries: [Entry], words: SearchWords, shardTarget: Int? = nil) {
        // Terms by number, found by their bytes (600,000 lookups at 10,000 posts), and a string made only
        // for each new one. Postings are kept in document order in flat arrays, then laid out term by
        // term by counting (each term's postings stay in document order), not in an array for each term:
        // tens of thousands of arrays grown one posting at a time, or chains followed through memory,
        // cost more than the lookups.
        var ids = SearchWordTable(capacity: 1 << 14)
        var terms: [String] = []
        var postings = Postings()
        var lengths: [Int] = []
        lengths.reserveCapacity(entries.count)
        for (doc, entry) in entries.enumerated() {
            var length = 0
            entry.document.terms.forEach { term, count in
                let id = ids.number(of: term)
                if id == terms.count { terms.append(String(decoding: term, as: UTF8.self)) }
                postings.append(term: id, doc: doc, count: count)
                length += count
            }
            lengths.append(length)
        }
        let quantized = lengths.map(Self.quantizedLength)
        averageLength = Self.averageLength(ofQuantized: quantized)
        let sorted = terms.indices.sorted { Self.precedes(terms[$0], terms[$1]) }
        let byTerm = postings.byTerm(terms: terms.count)
        var buffer: [UInt8] = []
        let encoded: [(term: String, postings: String)] = sorted.map { id in
            buffer.removeAll(keepingCapacity: true)
            var previous = 0
            for position in byTerm.starts[id]..<byTerm.starts[id + 1] {
                let doc = Int(byTerm.docs[position])
                Self.append((doc, Int(byTerm.counts[position]), quantized[doc]), after: previous, to: &buffer)
                previous = doc
            }
            return (terms[id], String(decoding: buffer, as: UTF8.self))
        }
        wordShards = SearchShards.partition(encoded, target: shardTarget ?? Self.shardTarget(forTerms: encoded))
        documents = entries.map(Self.metadata)
        documentsPerShard = max(16, (entries.count + 159) / 160)
        stems = words.stems
    }

    /// Every term's postings in document order, each with its term's number.
    private struct Postings {
        var terms: [Int32] = []
        var docs: [Int32] = []
        var counts: [Int32] = []

        mutating func append(term: Int, doc: Int, count: Int) {
            terms.append(Int32(term))
            docs.append(Int32(doc))
            counts.append(Int32(clamping: count))
        }

        /// The postings term by term, each term's in document order: term `id`'s are at
        /// `starts[id]..<starts[id + 1]`.
        func byTerm(terms termCount: Int) -> (starts: [Int], docs: [Int32], counts: [Int32]) {
            var starts = [Int](repeating: 0, count: termCount + 1)
            for term in terms { starts[Int(term) + 1] += 1 }
            for id in 0..<termCount { starts[id + 1] += starts[id] }
            var next = starts
            var sortedDocs = [Int32](repeating: 0, count: docs.count)
            var sortedCounts = [Int32](repeating: 0, count: docs.count)
            for (posting, term) in terms.enumerated() {
                let position = next[Int(term)]
                next[Int(term)] = position + 1
                sortedDocs[position] = docs[posting]
                sortedCounts[position] = counts[posting]
            }
            return (starts, sortedDocs, sortedCounts)
        }
    }

    /// One document's hit on a term: its id, the term's weighted count in it, its quantized length.
    typealias Posting = (doc: Int, count: Int, length: Int)

    /// A term's postings, in id order, as characters: each id as the gap from the one before, each count
    /// at most ``countLimit``; `buffer` is scratch space kept between terms.
    static func text(of postings: [Posting], _ buffer: inout [UInt8]) -> String {
        buffer.removeAll(keepingCapacity: true)
        var previous = 0
        for posting in postings {
            append(posting, after: previous, to: &buffer)
            previous = posting.doc
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends one posting to a term's postings, whose last document is `previous`.
    private static func append(_ posting: Posting, after previous: Int, to buffer: inout [UInt8]) {
        SearchVarint.append(posting.doc - previous, to: &buffer)
        SearchVarint.append(min(posting.count, countLimit), to: &buffer)
        SearchVarint.append(posting.length, to: &buffer)
    }

    /// The weighted count of each term of one entry.
    static func weightedTerms(_ entry: Entry) -> [String: Int] {
        entry.document.terms.dictionary
    }

    /// A document's length in a posting: 4·log2(1 + length), rounded, at most 63, so that it takes one
    /// character and a shard need not be made again when another document's length moves the average.
    static func quantizedLength(_ length: Int) -> Int {
        min(63, Int((4 * log2(1 + Double(length))).rounded()))
    }

    static func length(ofQuantized value: Int) -> Double {
        pow(2, Double(value) / 4) - 1
    }

    /// The mean of documents' lengths from their quantized lengths, summed in id order; 1 for no document.
    static func averageLength(ofQuantized quantized: [Int]) -> Double {
        quantized.isEmpty ? 1 : quantized.map(length(ofQuantized:)).reduce(0, +) / Double(quantized.count)
    }

    /// The size word shards are cut down to for `terms`: 16 KiB, or the power of two above a 120th of
    /// the index's total when that is more. A power of two: a target that followed every byte of the
    /// total would move shards' bounds with every edit; this one moves when the index doubles.
    static func shardTarget(forTerms terms: [SearchShards.Term]) -> Int {
        shardTarget(forTotal: terms.reduce(0) { $0 + $1.term.utf8.count + $1.postings.utf8.count + 7 })
    }

    /// The target for an index whose terms and postings, with seven bytes each for the quotes, colon,
    /// comma and line end around them, total `total` bytes: the word shards' files' sizes less three bytes
    /// each (a shard's text is `{` and a line end, its members apart by a comma and a line end, then a
    /// line end, `}` and a line end), so that an edit knows the target from the sizes the record holds
    /// without reading every shard.
    static func shardTarget(forTotal total: Int) -> Int {
        var target = 16_384
        while target * 120 < total { target *= 2 }
        return target
    }

    /// JavaScript's string order: by UTF-16 code units.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }

    /// The number of document shards.
    var documentShardCount: Int { (documents.count + documentsPerShard - 1) / documentsPerShard }

    /// The document shard `number`, a JSON array of its documents.
    func documentShard(_ number: Int) -> String {
        let start = number * documentsPerShard
        let end = min(documents.count, start + documentsPerShard)
        return "[\n" + documents[start..<end].joined(separator: ",\n") + "\n]\n"
    }

    /// A word shard as a JSON object of terms to postings, in term order.
    static func text(of shard: WordShard) -> String {
        var text: [UInt8] = Array("{\n".utf8)
        // Room for each member's quotes and escapes, which postings never need and terms rarely do.
        text.reserveCapacity(shard.terms.reduce(8) { $0 + $1.term.utf8.count + $1.postings.utf8.count + 16 })
        for (position, member) in shard.terms.enumerated() {
            if position > 0 { text.append(contentsOf: ",\n".utf8) }
            SearchJSON.append(member.term, to: &text)
            text.append(UInt8(ascii: ":"))
            SearchJSON.append(member.postings, to: &text)
        }
        text.append(contentsOf: "\n}\n".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    /// The manifest: format, counts, the average length, the shards' keys and names and where their files are.
    func manifest(wordsURL: String, documentsURL: String) -> String {
        Self.manifest(
            Manifest(
                documents: documents.count, averageLength: averageLength, stems: stems,
                documentsPerShard: documentsPerShard, wordsURL: wordsURL, documentsURL: documentsURL),
            shards: wordShards.map { ($0.key, $0.name) })
    }

    /// What the manifest says besides the shards.
    struct Manifest: Equatable {
        var documents: Int
        var averageLength: Double
        var stems: Bool
        var documentsPerShard: Int
        var wordsURL: String
        var documentsURL: String
    }

    static func manifest(_ manifest: Manifest, shards: [(key: String, name: String)]) -> String {
        let shards = shards.map { "[\(SearchJSON.string($0.key)),\(SearchJSON.string($0.name))]" }
        let average = (manifest.averageLength * 100).rounded() / 100
        return """
            {"version":\(Self.formatVersion),"documents":\(manifest.documents),"average_length":\(average),\
            "stems":\(manifest.stems),"documents_per_shard":\(manifest.documentsPerShard),\
            "words_url":\(SearchJSON.string(manifest.wordsURL)),\
            "documents_url":\(SearchJSON.string(manifest.documentsURL)),
            "shards":[\n\(shards.joined(separator: ",\n"))\n]}

            """
    }

    /// A document's metadata as a JSON object, written as bytes: one buffer for each document, where
    /// string interpolation grew a string and made one for each field.
    static func metadata(_ entry: Entry) -> String {
        var json: [UInt8] = []
        json.reserveCapacity(entry.title.utf8.count + entry.url.utf8.count + entry.document.excerpt.utf8.count + 96)
        json.append(contentsOf: #"{"title":"#.utf8)
        SearchJSON.append(entry.title, to: &json)
        json.append(contentsOf: #","url":"#.utf8)
        SearchJSON.append(entry.url, to: &json)
        json.append(contentsOf: #","date":"#.utf8)
        SearchJSON.append(entry.date ?? "", to: &json)
        json.append(contentsOf: #","tags":["#.utf8)
        for (position, tag) in entry.tags.enumerated() {
            if position > 0 { json.append(UInt8(ascii: ",")) }
            SearchJSON.append(tag, to: &json)
        }
        json.append(contentsOf: #"],"text":"#.utf8)
        SearchJSON.append(entry.document.excerpt, to: &json)
        json.append(UInt8(ascii: "}"))
        return String(decoding: json, as: UTF8.self)
    }
}

/// Non-negative integers as characters of a JSON string: five bits a character, least significant first,
/// the alphabet's upper half marking that more characters follow.
enum SearchVarint {
    static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".unicodeScalars)

    /// The alphabet's bytes where the program holds them: a static array is reached through a check that it
    /// was made, for each of a site's millions of characters.
    static let bytes: StaticString = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"

    static func append(_ value: Int, to text: inout String) {
        var buffer: [UInt8] = []
        append(value, to: &buffer)
        text += String(decoding: buffer, as: UTF8.self)
    }

    /// The same into UTF-8 bytes: a site's postings are millions of characters.
    static func append(_ value: Int, to buffer: inout [UInt8]) {
        let alphabet = bytes.utf8Start
        var rest = value
        while rest >= 32 {
            buffer.append(alphabet[32 + (rest & 31)])
            rest >>= 5
        }
        buffer.append(alphabet[rest])
    }

    /// The integers of a string made by ``append(_:to:)``; nil when it holds another character.
    static func decode(_ text: String) -> [Int]? {
        var values: [Int] = []
        var text = text
        let complete = text.withUTF8 { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                guard let value = read(bytes, &index) else { return false }
                values.append(value)
            }
            return true
        }
        return complete ? values : nil
    }

    /// The integer at `index` of `bytes` written by ``append(_:to:)``, with `index` moved past it; nil when
    /// a byte is not of the alphabet or the bytes end inside the integer.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int? {
        var value = 0
        var shift = 0
        while index < bytes.count, shift < 60 {
            guard let digit = digit(bytes[index]) else { return nil }
            index += 1
            value |= (digit & 31) << shift
            if digit < 32 { return value }
            shift += 5
        }
        return nil
    }

    /// The value of one of the alphabet's bytes.
    private static func digit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 36
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}

/// JSON string literals with the escapes RFC 8259 §7 requires and no others, so bytes are the same on
/// every machine.
enum SearchJSON {
    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\r` or `\u00XX`, and
    /// U+2028 and U+2029, which end a line in older JavaScript parsers, as `\u2028` and `\u2029`. By byte,
    /// copying the runs between escapes whole: every post's title and excerpt comes here, and an excerpt
    /// with a dash or a curly quote was read scalar by scalar.
    static func string(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        append(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends ``string(_:)`` of `text` to UTF-8 `result`, which grows as an array grows: a caller that
    /// knows the size reserves it.
    static func append(_ text: String, to result: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            result.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Nearly every byte is copied as it is: one test for those before the switch's cases.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                    index += 1
                    continue
                }
                let escape: [UInt8]
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = Array("\\\"".utf8)
                case UInt8(ascii: "\\"): escape = Array("\\\\".utf8)
                case 0x0A: escape = Array("\\n".utf8)
                case 0x09: escape = Array("\\t".utf8)
                case 0x0D: escape = Array("\\r".utf8)
                case 0..<0x20: escape = Array("\\u00\(String(byte, radix: 16).leftPadded(to: 2))".utf8)
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    length = 3
                default:
                    index += 1
                    continue
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                result.append(contentsOf: escape)
                index += length
                runStart = index
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            result.append(UInt8(ascii: "\""))
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
