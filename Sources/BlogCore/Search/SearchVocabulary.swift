/// Counts one document's words at a time into terms, and remembers every word it has met with its term:
/// each rendering worker keeps one for all the posts it renders
/// (``Swift/Array/parallelMapChunks(chunk:progress:state:_:)``), so that a word met in an earlier post is
/// not folded or stemmed again, and no table is made for each post. A site's posts share most of their
/// words: stemming each post's distinct words again, and a table of them for each post, cost a fifth of
/// what the index adds to a clean build.
///
/// What it makes of a document depends on the document alone, never on the documents it met before: the
/// terms come in the order their words first occur.
struct SearchVocabulary: SearchTokenSink, ~Copyable {
    let words: SearchWords
    /// The document's words, counted by their bytes (ASCII words lowercased, the others as read).
    private var document = SearchWordTable(capacity: 128)
    /// Every word met, numbered by its bytes, and the number of its term (-1 when nothing is left of it).
    private var known = SearchWordTable(capacity: 1024)
    private var termOfWord: [Int32] = []
    /// Every term made, numbered by its bytes, and where each ends in ``termBytes``.
    private var termNumbers = SearchWordTable(capacity: 1024)
    private var termBytes: [UInt8] = []
    private var termEnds: [Int] = []
    /// For each term, its position among the document's terms plus one; 0 while the document has none.
    private var positions: [Int32] = []
    private var drained = SearchWordTable.Drained()
    /// The weight of the text being added.
    private var weight = 1
    private var scratch: [UInt8] = []

    /// Past this many words the vocabulary starts again, so that a site of millions of distinct tokens
    /// (hashes, numbers) holds memory for no more than this many.
    static let wordLimit = 1 << 20

    init(_ words: SearchWords) {
        self.words = words
    }

    /// Counts the terms of UTF-8 text (valid, as a Swift string's or cmark's text is) `weight` times.
    ///
    /// - Returns: The text's words as its reading time counts them (``ReadingWords``).
    @discardableResult
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, weight: Int = 1) -> Int {
        self.weight = weight
        return SearchWords.scan(bytes, into: &self)
    }

    /// Counts a token of the text being added in the document's table (``SearchWords/scan(_:into:)``).
    @inline(__always)
    mutating func take(_ token: UnsafeBufferPointer<UInt8>, _ kind: SearchWords.Token) {
        if case .ascii(let packed) = kind {
            document.add(token, packed: packed, weight: weight)
        } else {
            document.add(token, packed: SearchWordTable.packed(token), weight: weight)
        }
    }

    @discardableResult
    mutating func add(_ text: String, weight: Int = 1) -> Int {
        var text = text
        return text.withUTF8 { add($0, weight: weight) }
    }

    /// The terms of what was added since the last call, with their counts, in the order their words first
    /// occur; the next call starts a new document.
    mutating func takeTerms() -> SearchTerms {
        if known.count > Self.wordLimit { forgetWords() }
        var drained = SearchWordTable.Drained()
        swap(&drained, &self.drained)
        defer { swap(&drained, &self.drained) }
        document.drain(into: &drained)
        var terms = SearchTerms()
        var held: [Int32] = []
        held.reserveCapacity(drained.entries.count)
        drained.bytes.withUnsafeBufferPointer { all in
            for entry in drained.entries {
                let term = term(of: UnsafeBufferPointer(rebasing: all[entry.start..<entry.end]))
                guard term >= 0 else { continue }
                let position = positions[Int(term)]
                if position > 0 {
                    terms.add(entry.count, at: Int(position) - 1)
                } else {
                    held.append(term)
                    positions[Int(term)] = Int32(held.count)
                    termBytes.withUnsafeBufferPointer { bytes in
                        let start = term == 0 ? 0 : termEnds[Int(term) - 1]
                        terms.append(
                            UnsafeBufferPointer(rebasing: bytes[start..<termEnds[Int(term)]]), count: entry.count)
                    }
                }
            }
        }
        for term in held { positions[Int(term)] = 0 }
        return terms
    }

    /// The number of a word's term, made when the word is new; -1 when folding leaves nothing of it.
    private mutating func term(of word: UnsafeBufferPointer<UInt8>) -> Int32 {
        let number = known.number(of: word)
        if number < termOfWord.count { return termOfWord[number] }
        let term = makeTerm(word)
        termOfWord.append(term)
        return term
    }

    /// Folds and stems a new word and numbers its term: a word of ASCII letters and digits is stemmed, one
    /// with letters past ASCII folded and stemmed, ideographs kept as they are.
    @inline(never)
    private mutating func makeTerm(_ word: UnsafeBufferPointer<UInt8>) -> Int32 {
        scratch.removeAll(keepingCapacity: true)
        if word.allSatisfy({ $0 < 0x80 }) {
            scratch.append(contentsOf: word)
            if words.stems { SearchStemmer.stem(&scratch) }
        } else {
            let kind: SearchWords.Token =
                SearchWords.isIdeographic(SearchWords.decode(word, at: 0).0.value) ? .ideographs : .word
            guard let term = words.term(ofToken: word, kind) else { return -1 }
            scratch.append(contentsOf: term.utf8)
        }
        return scratch.withUnsafeBufferPointer { term in
            let number = termNumbers.number(of: term)
            if number == termEnds.count {
                termBytes.append(contentsOf: term)
                termEnds.append(termBytes.count)
                positions.append(0)
            }
            return Int32(number)
        }
    }

    private mutating func forgetWords() {
        known = SearchWordTable(capacity: 1024)
        termOfWord.removeAll()
        termNumbers = SearchWordTable(capacity: 1024)
        termBytes.removeAll()
        termEnds.removeAll()
        positions.removeAll()
    }
}
