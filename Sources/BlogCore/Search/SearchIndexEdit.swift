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

    /// The word shards whose terms or postings changed, or that are new, as a build of every document
    /// would cut them.
    private(set) var changedShards: [SearchIndex.WordShard]
    /// The names of the shards that the edits' terms cut away (a shard's name follows from its key).
    private(set) var removed: [String]
    /// Every shard's key and name, in order, when the edits moved the shards' bounds: the manifest, which
    /// lists them, changes too. Nil when the bounds stay.
    private(set) var movedBounds: [(key: String, name: String)]?
    /// The average length, made again when an edit moved a document's quantized length; else nil.
    private(set) var averageLength: Double?

    /// The shards after `edits`, from `shards` as the last build wrote them over `documents` documents;
    /// nil when a shard's text is not as the index writes it.
    init?(_ shards: [SearchIndex.WordShard], documents: Int, edits: [Document]) {
        var terms = shards.flatMap(\.terms)
        guard
            let (updated, lengthsMoved) = Self.updatedPostings(
                edits, everyTermOnLength: true,
                old: { [terms] term in
                    Self.position(of: term, in: terms).map { terms[$0].postings } ?? ""
                })
        else { return nil }
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
        changedShards = cut.filter { before[$0.name] != $0 }
        let names = Set(cut.map(\.name))
        removed = shards.map(\.name).filter { !names.contains($0) }
        let moved = !removed.isEmpty || changedShards.contains { before[$0.name] == nil }
        movedBounds = moved ? cut.map { ($0.key, $0.name) } : nil
        averageLength = nil
        if lengthsMoved {
            guard let average = Self.averageLength(shards, documents: documents, edits: edits) else { return nil }
            averageLength = average
        }
    }

    private init(changedShards: [SearchIndex.WordShard]) {
        self.changedShards = changedShards
        removed = []
        movedBounds = nil
        averageLength = nil
    }

    /// The new postings of every term the edits touch, from `old` (a term's postings as the last build
    /// wrote them, "" for a term it did not have), and whether a document's quantized length moved; nil
    /// for postings ``SearchVarint`` did not write. Every posting of a document holds its length: when
    /// that moves, all of its terms change, or with `everyTermOnLength` false the edit is not made (nil).
    private static func updatedPostings(
        _ edits: [Document], everyTermOnLength: Bool, old: (String) -> String
    ) -> (updated: [String: String], lengthsMoved: Bool)? {
        var updated: [String: String] = [:]
        var buffer: [UInt8] = []
        var lengthsMoved = false
        for edit in edits {
            let before = SearchIndex.quantizedLength(edit.before.values.reduce(0, +))
            let after = SearchIndex.quantizedLength(edit.after.values.reduce(0, +))
            if before != after {
                guard everyTermOnLength else { return nil }
                lengthsMoved = true
            }
            let touched =
                before == after ? Self.differing(edit.before, edit.after) : Set(edit.before.keys).union(edit.after.keys)
            for term in touched {
                let posting = edit.after[term].map { (count: $0, length: after) }
                guard let postings = Self.splice(updated[term] ?? old(term), doc: edit.id, posting, &buffer)
                else { return nil }
                updated[term] = postings
            }
        }
        return (updated, lengthsMoved)
    }

    /// `postings` with document `doc`'s posting replaced by `posting`, or taken out when that is nil, as
    /// ``SearchIndex/text(of:_:)`` writes the whole list: the bytes before it and after the posting that
    /// follows it are kept, and only that posting's gap from the document before it is written again. A
    /// common word's postings hold a posting for most documents, so an edit does not decode them all.
    /// Nil for a text ``SearchVarint`` did not write.
    static func splice(
        _ postings: String, doc: Int, _ posting: (count: Int, length: Int)?, _ buffer: inout [UInt8]
    ) -> String? {
        var postings = postings
        buffer.removeAll(keepingCapacity: true)
        let made = postings.withUTF8 { bytes -> Bool in
            // The first posting whose document is not before `doc`, and the document before it.
            var (start, previous) = (0, 0)
            var next: (doc: Int, end: Int)?
            while start < bytes.count {
                var index = start
                guard let gap = SearchVarint.read(bytes, &index), SearchVarint.read(bytes, &index) != nil,
                    SearchVarint.read(bytes, &index) != nil
                else { return false }
                if previous + gap >= doc {
                    next = (previous + gap, index)
                    break
                }
                previous += gap
                start = index
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<start]))
            var last = previous
            if let posting {
                SearchVarint.append(doc - previous, to: &buffer)
                SearchVarint.append(min(posting.count, SearchIndex.countLimit), to: &buffer)
                SearchVarint.append(posting.length, to: &buffer)
                last = doc
            }
            guard var next else { return true }
            var rest = start
            if next.doc == doc {
                // The document's own posting goes: the one after it, if any, follows.
                rest = next.end
                guard rest < bytes.count else { return true }
                var index = rest
                guard let gap = SearchVarint.read(bytes, &index) else { return false }
                next = (doc + gap, index)
            } else {
                var index = rest
                _ = SearchVarint.read(bytes, &index)
                next.end = index
            }
            // `next.end` is past the following posting's gap; its count, its length and the rest stay.
            SearchVarint.append(next.doc - last, to: &buffer)
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[next.end...]))
            return true
        }
        return made ? String(decoding: buffer, as: UTF8.self) : nil
    }

    /// The edit made from the shards its terms are in alone, when that is shown to be what a build of
    /// every document writes; nil when it is not shown, and the whole index must be read and cut again
    /// (``init(_:documents:edits:)``).
    ///
    /// It is shown when the edits keep every document's quantized length (the average length, which every
    /// document's length makes, stays), add and remove no term, and make no term's postings shorter; and
    /// when each shard they touch, grown, is still within the target or holds one term, and the target
    /// stays. Then every comparison ``SearchShards/partition(_:target:)`` made comes out as before: a
    /// prefix split because it was over the target only grew; a group joined with its neighbour because
    /// both fit is still within its shard's size; groups kept apart because together they were over the
    /// target only grew. So the bounds, keys and names stay, and only the touched shards' postings change.
    ///
    /// - Parameters:
    ///   - keys: Every shard's key, in order, as the manifest lists them.
    ///   - fileSizes: Every shard's file size, as the record vouches for them: the index's total, which the
    ///     target follows, is their sum less three bytes each (``SearchIndex/shardTarget(forTotal:)``;
    ///     terms are letters, digits and marks and postings ``SearchVarint``'s digits, which JSON writes
    ///     as they are).
    ///   - read: The shards at the positions asked, as the last build wrote them.
    static func local(
        keys: [String], fileSizes: [Int], edits: [Document], read: ([Int]) -> [Int: SearchIndex.WordShard]?
    ) -> SearchIndexEdit? {
        var touched: [Int: Set<String>] = [:]
        var shardOf: [String: Int] = [:]
        for edit in edits {
            for term in Self.differing(edit.before, edit.after) {
                let position = Self.shard(of: term, keys: keys)
                shardOf[term] = position
                touched[position, default: []].insert(term)
            }
        }
        guard !touched.isEmpty else { return SearchIndexEdit(changedShards: []) }
        guard !keys.isEmpty, keys.count == fileSizes.count, let shards = read(touched.keys.sorted()) else { return nil }
        let old: (String) -> String = { [shardOf] term in
            guard let position = shardOf[term], let shard = shards[position],
                let at = Self.position(of: term, in: shard.terms)
            else { return "" }
            return shard.terms[at].postings
        }
        guard let (updated, _) = Self.updatedPostings(edits, everyTermOnLength: false, old: old) else { return nil }
        let total = fileSizes.reduce(0) { $0 + $1 - 3 }
        var grown = 0
        var changed: [SearchIndex.WordShard] = []
        for (position, terms) in touched.sorted(by: { $0.key < $1.key }) {
            guard var shard = shards[position] else { return nil }
            let before = shard
            for term in terms {
                guard let at = Self.position(of: term, in: shard.terms), let postings = updated[term],
                    !postings.isEmpty,
                    postings.utf8.count >= shard.terms[at].postings.utf8.count
                else { return nil }
                grown += postings.utf8.count - shard.terms[at].postings.utf8.count
                shard.terms[at].postings = postings
            }
            let size = shard.terms.reduce(0) { $0 + SearchShards.size(of: $1) }
            guard shard.terms.count == 1 || size <= SearchIndex.shardTarget(forTotal: total) else { return nil }
            if shard != before { changed.append(shard) }
        }
        guard SearchIndex.shardTarget(forTotal: total + grown) == SearchIndex.shardTarget(forTotal: total) else {
            return nil
        }
        return SearchIndexEdit(changedShards: changed)
    }

    /// The position of the shard whose terms `term` sorts among: the last whose key is not after it (the
    /// first shard's key is empty and takes whatever sorts first), as the search page looks a term up.
    static func shard(of term: String, keys: [String]) -> Int {
        var (low, high) = (1, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if SearchIndex.precedes(term, keys[middle]) { high = middle } else { low = middle + 1 }
        }
        return low - 1
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
