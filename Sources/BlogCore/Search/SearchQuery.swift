import Foundation

/// A query as the theme's `search.js` reads it, and its results from an index: the script's rules in
/// Swift, so that tests can hold the index's answers against a plain scan of the documents.
///
/// Every word must match (AND). A word matches a term equal to its stem; the last word, while it is
/// being typed (the query does not end in a space) and is two characters or more or an ideograph, also
/// matches every term it begins. A document scores, for each word, the best BM25 score of the terms it
/// matches (k1 = 1.2, b = 0.75, counts weighted by field); ties go to the newer document (higher id).
struct SearchQuery: Sendable, Equatable {
    struct Word: Sendable, Equatable {
        var exact: String
        var prefix: String?

        func matches(_ term: String) -> Bool {
            term == exact || prefix.map { term.unicodeScalars.starts(with: $0.unicodeScalars) } == true
        }
    }

    var words: [Word]

    init(_ text: String, stems: Bool) {
        let terms = SearchWords(stems: false).terms(in: text)
        let typing = text.last.map { !$0.isWhitespace } ?? false
        words = terms.enumerated().map { index, term in
            let exact = stems ? SearchStemmer.stem(term) : term
            let isLast = index == terms.count - 1
            let long =
                term.unicodeScalars.count >= 2
                || term.unicodeScalars.first.map { SearchWords.isIdeographic($0.value) } == true
            return Word(exact: exact, prefix: isLast && typing && long ? term : nil)
        }
    }

    static let k1 = 1.2
    static let b = 0.75

    /// BM25 of one term in one document.
    static func score(
        count: Int, quantizedLength: Int, documentFrequency: Int, documents: Int, averageLength: Double
    ) -> Double {
        let n = Double(documents)
        let frequency = Double(documentFrequency)
        let idf = log(1 + (n - frequency + 0.5) / (frequency + 0.5))
        let length = SearchIndex.length(ofQuantized: quantizedLength)
        let tf = Double(count)
        return idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / averageLength))
    }

    /// The ids of the matching documents, best first, given each term's postings as `(doc, count,
    /// quantized length)`.
    func rank(
        postings: (Word) -> [[(doc: Int, count: Int, length: Int)]], documents: Int, averageLength: Double
    ) -> [Int] {
        guard !words.isEmpty else { return [] }
        var total: [Int: Double] = [:]
        for (position, word) in words.enumerated() {
            var best: [Int: Double] = [:]
            for list in postings(word) {
                for posting in list {
                    let score = Self.score(
                        count: posting.count, quantizedLength: posting.length, documentFrequency: list.count,
                        documents: documents, averageLength: averageLength)
                    best[posting.doc] = max(best[posting.doc] ?? 0, score)
                }
            }
            if position == 0 {
                total = best
            } else {
                var both: [Int: Double] = [:]
                for (doc, score) in total { if let more = best[doc] { both[doc] = score + more } }
                total = both
            }
        }
        return total.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key > $1.key }.map(\.key)
    }
}

extension SearchIndex {
    /// The ids of the documents that `query` finds, best first, read from the shards as the script reads them.
    func search(_ query: String) -> [Int] {
        let parsed = SearchQuery(query, stems: stems)
        return parsed.rank(
            postings: { word in
                shards(for: word).flatMap { wordShards[$0].terms }.filter { word.matches($0.term) }.map {
                    Self.postings($0.postings)
                }
            }, documents: documents.count, averageLength: averageLength)
    }

    /// The shards a word's terms are in (``shards(for:keys:)``).
    func shards(for word: SearchQuery.Word) -> [Int] {
        Self.shards(for: word, keys: wordShards.map(\.key))
    }

    /// The shards a word's terms are in, by the shards' keys: the last whose key is not after the word,
    /// and for a prefix the shards after it whose keys start with the prefix.
    static func shards(for word: SearchQuery.Word, keys: [String]) -> [Int] {
        let first = word.prefix ?? word.exact
        guard let start = keys.lastIndex(where: { !precedes(first, $0) }) else { return [] }
        var found = [start]
        if word.exact != first, let exact = keys.lastIndex(where: { !precedes(word.exact, $0) }) {
            found.append(exact)
        }
        if let prefix = word.prefix {
            var next = start + 1
            while next < keys.count, keys[next].unicodeScalars.starts(with: prefix.unicodeScalars) {
                found.append(next)
                next += 1
            }
        }
        return Set(found).sorted()
    }

    /// Postings decoded: document ids from their differences, counts and quantized lengths.
    static func postings(_ text: String) -> [(doc: Int, count: Int, length: Int)] {
        let values = SearchVarint.decode(text) ?? []
        var result: [(doc: Int, count: Int, length: Int)] = []
        var doc = 0
        var index = 0
        while index + 2 < values.count {
            doc += values[index]
            result.append((doc, values[index + 1], values[index + 2]))
            index += 3
        }
        return result
    }
}
