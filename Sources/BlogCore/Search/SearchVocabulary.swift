/// Every word a rendering worker has met, each with its term, and the counts of the document being read:
/// each worker keeps one for all the posts it renders (``Swift/Array/parallelMapChunks(chunk:progress:state:_:)``),
/// so that a word met in an earlier post is found in one table and not folded or stemmed again, and no
/// table is made, emptied or read again for each post. A site's posts share most of their words: stemming
/// each post's distinct words again, and a table of them for each post, cost a fifth of what the index
/// added to a clean build.
///
/// What it makes of a document depends on the document alone, never on the documents it met before: the
/// terms come in the order their words first occur.
struct SearchVocabulary: SearchTokenSink, ~Copyable {
    let words: SearchWords
    /// Every word met, numbered by its bytes (ASCII words lowercased, the others as read).
    private var known = SearchWordTable(capacity: 4096)
    /// By word number: its term's number (-1 when folding leaves nothing of it), and its count in the
    /// document being read.
    /// The counts are memory of its own, not an array's: they change for every word of every post, and an
    /// array checks its bounds and whether it is shared on each change.
    private var termOfWord: [Int32] = []
    private var counts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 4096)
    /// The numbers of the document's words, in the order they first occur: memory of its own, as
    /// ``counts``, appended to for a word's first occurrence in each post.
    private var found = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 4096)
    private var foundCount = 0
    /// The number of words met: ``termOfWord``'s count, kept apart so that a word's look-up reads no array.
    private var wordsMet = 0
    /// Every term made, numbered by its bytes, and where each ends in ``termBytes``.
    private var termNumbers = SearchWordTable(capacity: 4096)
    private var termBytes: [UInt8] = []
    private var termEnds: [Int] = []
    /// By term number: its position among the document's terms plus one; 0 while the document has none.
    private var positions: [Int32] = []
    /// The terms of the document being taken, by number.
    private var held: [Int32] = []
    private var scratch: [UInt8] = []
    /// The weight of the text being added.
    private var weight: Int32 = 1

    /// Past this many words the vocabulary starts again, so that a site of millions of distinct tokens
    /// (hashes, numbers) holds memory for no more than this many.
    static let wordLimit = 1 << 20

    init(_ words: SearchWords) {
        self.words = words
        counts.initialize(repeating: 0)
        found.initialize(repeating: 0)
    }

    deinit {
        counts.deallocate()
        found.deallocate()
    }

    /// Counts the terms of UTF-8 text (valid, as a Swift string's or cmark's text is) `weight` times.
    ///
    /// - Returns: The text's words as its reading time counts them (``ReadingWords``).
    @discardableResult
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, weight: Int = 1) -> Int {
        self.weight = Int32(clamping: weight)
        return SearchWords.scan(bytes, into: &self)
    }

    @discardableResult
    mutating func add(_ text: String, weight: Int = 1) -> Int {
        var text = text
        return text.withUTF8 { add($0, weight: weight) }
    }

    /// Counts a token of the text being added (``SearchWords/scan(_:into:)``).
    @inline(__always)
    mutating func take(_ token: UnsafeBufferPointer<UInt8>, _ kind: SearchWords.Token) {
        let packed: UInt64 = if case .ascii(let packed) = kind { packed } else { SearchWordTable.packed(token) }
        let number = known.number(of: token, packed: packed)
        if number == wordsMet { meet(token) }
        if counts[number] == 0 {
            if foundCount == found.count { growFound() }
            found[foundCount] = Int32(truncatingIfNeeded: number)
            foundCount &+= 1
        }
        counts[number] &+= weight
    }

    @inline(never)
    private mutating func growFound() {
        let more = UnsafeMutableBufferPointer<Int32>.allocate(capacity: found.count * 2)
        more.initialize(repeating: 0)
        _ = more.update(fromContentsOf: found)
        found.deallocate()
        found = more
    }

    /// Makes a new word's term.
    @inline(never)
    private mutating func meet(_ word: UnsafeBufferPointer<UInt8>) {
        if termOfWord.count == counts.count {
            let more = UnsafeMutableBufferPointer<Int32>.allocate(capacity: counts.count * 2)
            more.initialize(repeating: 0)
            _ = more.update(fromContentsOf: counts)
            counts.deallocate()
            counts = more
        }
        termOfWord.append(makeTerm(word))
        wordsMet = termOfWord.count
    }

    /// The terms of what was added since the last call, with their counts, in the order their words first
    /// occur; the next call starts a new document.
    mutating func takeTerms() -> SearchTerms {
        var terms = SearchTerms(reservingCapacity: foundCount, bytes: foundCount * 8)
        held.removeAll(keepingCapacity: true)
        termBytes.withUnsafeBufferPointer { bytes in
            for word in found[..<foundCount] {
                let count = Int(counts[Int(word)])
                counts[Int(word)] = 0
                let term = termOfWord[Int(word)]
                guard term >= 0 else { continue }
                let position = positions[Int(term)]
                if position > 0 {
                    terms.add(count, at: Int(position) - 1)
                } else {
                    held.append(term)
                    positions[Int(term)] = Int32(held.count)
                    let start = term == 0 ? 0 : termEnds[Int(term) - 1]
                    terms.append(UnsafeBufferPointer(rebasing: bytes[start..<termEnds[Int(term)]]), count: count)
                }
            }
        }
        for term in held { positions[Int(term)] = 0 }
        foundCount = 0
        if known.count > Self.wordLimit { forgetWords() }
        return terms
    }

    /// Folds and stems a new word and numbers its term: a word of ASCII letters and digits is stemmed, one
    /// with letters past ASCII folded and stemmed, ideographs kept as they are; -1 when nothing is left.
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
        known = SearchWordTable(capacity: 4096)
        termOfWord.removeAll()
        wordsMet = 0
        termNumbers = SearchWordTable(capacity: 4096)
        termBytes.removeAll()
        termEnds.removeAll()
        positions.removeAll()
    }
}
