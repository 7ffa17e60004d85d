import CommonMark
import Foundation

/// The word shards and average length of a search index after edits to a few of its documents' terms,
/// made from the shards the last build wrote rather than from every document: the postings of the terms
/// the edits touch are changed, and the shards are cut again as ``SearchIndex`` cuts them, so the files
/// are the bytes a build of every document gives.
struct SearchIndexEdit {
    /// One edited document: its id and its weighted terms before and after (``SearchIndex/weightedTerms``).
    struct Document {
        var id: Int
        var before: [String: Int]
        var after: [String: Int]
    }

    /// Every word shard, in order, as a build of every document would cut them.
    private(set) var wordShards: [SearchIndex.WordShard]
    /// The positions in ``wordShards`` of the shards whose terms or postings changed, or that are new.
    private(set) var changed: [Int]
    /// The names of the shards that the edits' terms cut away (a shard's name follows from its key).
    private(set) var removed: [String]
    /// Whether the shards' bounds moved: the manifest, which lists them, changes too.
    var boundsMoved: Bool { !removed.isEmpty || changed.contains { !previousNames.contains(wordShards[$0].name) } }
    private let previousNames: Set<String>
    /// The average length, made again when an edit moved a document's quantized length; else nil.
    private(set) var averageLength: Double?

    /// The shards after `edits`, from `shards` as the last build wrote them over `documents` documents;
    /// nil when a shard's text is not as the index writes it.
    init?(_ shards: [SearchIndex.WordShard], documents: Int, edits: [Document]) {
        var terms = shards.flatMap(\.terms)
        var updated: [String: String] = [:]
        var buffer: [UInt8] = []
        var lengthsMoved = false
        for edit in edits {
            let before = SearchIndex.quantizedLength(edit.before.values.reduce(0, +))
            let after = SearchIndex.quantizedLength(edit.after.values.reduce(0, +))
            lengthsMoved = lengthsMoved || before != after
            // Every posting of the document holds its length: when that moves, all of its terms change.
            let all = Set(edit.before.keys).union(edit.after.keys)
            let touched = before == after ? Self.differing(edit.before, edit.after) : all
            for term in touched {
                let old = updated[term] ?? Self.position(of: term, in: terms).map { terms[$0].postings } ?? ""
                guard var postings = Self.decode(old) else { return nil }
                postings.removeAll { $0.doc == edit.id }
                if let count = edit.after[term] {
                    let at = postings.firstIndex { $0.doc > edit.id } ?? postings.count
                    postings.insert((edit.id, count, after), at: at)
                }
                updated[term] = SearchIndex.text(of: postings, &buffer)
            }
        }
        for term in updated.keys.sorted(by: SearchIndex.precedes) {
            let postings = updated[term] ?? ""
            let at = Self.insertionPoint(of: term, in: terms)
            if at < terms.count, terms[at].term == term {
                if postings.isEmpty { terms.remove(at: at) } else { terms[at].postings = postings }
            } else if !postings.isEmpty {
                terms.insert((term, postings), at: at)
            }
        }
        let cut = SearchShards.partition(terms, target: SearchIndex.shardTarget(forTerms: terms))
        var before: [String: SearchIndex.WordShard] = [:]
        for shard in shards { before[shard.name] = shard }
        wordShards = cut
        changed = cut.indices.filter { before[cut[$0].name] != cut[$0] }
        let names = Set(cut.map(\.name))
        removed = shards.map(\.name).filter { !names.contains($0) }
        previousNames = Set(before.keys)
        averageLength = nil
        if lengthsMoved {
            guard let average = Self.averageLength(shards, documents: documents, edits: edits) else { return nil }
            averageLength = average
        }
    }

    /// A word shard from the text ``SearchIndex/text(of:)`` wrote for it; nil for any other text, or a
    /// term or postings with an escape, which that text never needs (terms are letters, digits and marks).
    static func shard(key: String, name: String, text: Data) -> SearchIndex.WordShard? {
        text.withUnsafeBytes { bytes -> SearchIndex.WordShard? in
            let (open, close) = (Array("{\n".utf8), Array("\n}\n".utf8))
            guard bytes.count >= open.count + close.count, bytes.starts(with: open),
                bytes.suffix(close.count).elementsEqual(close),
                ByteSearch.firstIndex(of: [UInt8(ascii: "\\")], in: bytes) == nil
            else { return nil }
            let end = bytes.count - close.count
            var terms: [SearchShards.Term] = []
            var start = open.count
            while start < end {
                let lineEnd = ByteSearch.next(UInt8(ascii: "\n"), in: bytes, from: start, to: end)
                defer { start = lineEnd + 1 }
                guard lineEnd > start else { continue }
                // `"term":"postings"`, with a comma after all but the last.
                let last = bytes[lineEnd - 1] == UInt8(ascii: ",") ? lineEnd - 2 : lineEnd - 1
                guard let (term, postings) = member(bytes, start, last) else { return nil }
                terms.append((term, postings))
            }
            return SearchIndex.WordShard(key: key, name: name, terms: terms)
        }
    }

    /// The term and postings of the line `bytes[first...last]` when it is `"term":"postings"` with no
    /// other quote.
    private static func member(_ bytes: UnsafeRawBufferPointer, _ first: Int, _ last: Int) -> (String, String)? {
        let quote = UInt8(ascii: "\"")
        guard last > first, bytes[first] == quote, bytes[last] == quote else { return nil }
        let termEnd = ByteSearch.next(quote, in: bytes, from: first + 1, to: last)
        guard termEnd + 2 < last, bytes[termEnd + 1] == UInt8(ascii: ":"), bytes[termEnd + 2] == quote,
            ByteSearch.next(quote, in: bytes, from: termEnd + 3, to: last) == last
        else { return nil }
        return (
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(first + 1)..<termEnd]), as: UTF8.self),
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(termEnd + 3)..<last]), as: UTF8.self)
        )
    }

    /// The terms whose weighted counts differ between two documents.
    private static func differing(_ a: [String: Int], _ b: [String: Int]) -> Set<String> {
        Set(a.keys.filter { b[$0] != a[$0] }).union(b.keys.filter { a[$0] == nil })
    }

    private static func insertionPoint(of term: String, in terms: [SearchShards.Term]) -> Int {
        var (low, high) = (0, terms.count)
        while low < high {
            let middle = (low + high) / 2
            if SearchIndex.precedes(terms[middle].term, term) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func position(of term: String, in terms: [SearchShards.Term]) -> Int? {
        let at = insertionPoint(of: term, in: terms)
        return at < terms.count && terms[at].term == term ? at : nil
    }

    typealias Posting = SearchIndex.Posting

    /// A term's postings with their documents' ids; nil for a text ``SearchVarint`` did not write.
    static func decode(_ text: String) -> [Posting]? {
        guard let values = SearchVarint.decode(text), values.count % 3 == 0 else { return nil }
        var postings: [Posting] = []
        var doc = 0
        for start in stride(from: 0, to: values.count, by: 3) {
            doc += values[start]
            postings.append((doc, values[start + 1], values[start + 2]))
        }
        return postings
    }

    /// The average length of every document, each document's quantized length read from its postings
    /// (a document without terms has length 0) and the edited ones' from their new terms.
    private static func averageLength(_ shards: [SearchIndex.WordShard], documents: Int, edits: [Document]) -> Double? {
        var quantized = [Int](repeating: 0, count: documents)
        for shard in shards {
            for term in shard.terms {
                guard let postings = decode(term.postings) else { return nil }
                for posting in postings where posting.doc < documents { quantized[posting.doc] = posting.length }
            }
        }
        for edit in edits where edit.id < documents {
            quantized[edit.id] = SearchIndex.quantizedLength(edit.after.values.reduce(0, +))
        }
        return SearchIndex.averageLength(ofQuantized: quantized)
    }
}
