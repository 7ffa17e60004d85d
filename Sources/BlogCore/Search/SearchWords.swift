import Foundation

/// Splits text into the terms the search index holds and a query looks up, by the rules the theme's
/// `search.js` repeats: the two must agree term for term, so each rule here is one the script can say in
/// a line of JavaScript.
///
/// - A word is a run of letters, digits and combining marks (`\p{Alphabetic}`, `\p{N}`, `\p{M}`); it is
///   folded by canonical decomposition (NFD), dropping the combining diacritical marks (U+0300 to U+036F,
///   the accents of Latin, Greek and Cyrillic letters; an Indic vowel sign is part of its word) and
///   lowercasing: `Café` is `cafe`.
/// - Han, kana and Hangul have no spaces between words: each run of them gives its overlapping character
///   pairs (`東京都` gives `東京` and `京都`), and a run of one character gives that character.
/// - With stemming, a word of ASCII letters loses its English inflection (``SearchStemmer``).
struct SearchWords: Sendable, Equatable {
    var stems: Bool

    /// Calls `found` with each term of `text`, in order.
    func forEachTerm(in text: String, _ found: (String) -> Void) {
        var stem: [UInt8] = []
        var text = text
        _ = text.withUTF8 { bytes in
            Self.scan(bytes) { token, kind in
                switch kind {
                case .ascii: found(term(ofASCII: token, scratch: &stem))
                case .word, .ideographs:
                    if let term = term(ofToken: token, kind) { found(term) }
                }
            }
        }
    }

    /// The term of a lowercased ASCII word: the word, stemmed when the site stems, made in `scratch`.
    private func term(ofASCII word: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> String {
        guard stems else { return String(decoding: word, as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: word)
        SearchStemmer.stem(&scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The term of a token that is not a word of ASCII letters: a word folded (nil when nothing is left of
    /// it) and stemmed, or one or two ideographs as they are.
    func term(ofToken token: UnsafeBufferPointer<UInt8>, _ kind: Token) -> String? {
        var bytes: [UInt8] = []
        if kind == .word, Self.foldLatin(token, into: &bytes) {
            guard !bytes.isEmpty else { return nil }
            if stems { SearchStemmer.stem(&bytes) }
            return String(decoding: bytes, as: UTF8.self)
        }
        let text = String(decoding: token, as: UTF8.self)
        guard kind == .word else { return text }
        let folded = Self.fold(text)
        guard !folded.isEmpty else { return nil }
        return stems ? SearchStemmer.stem(folded) : folded
    }

    /// Each term of `text` with how often it occurs.
    func counts(in text: String) -> [String: Int] {
        var vocabulary = SearchVocabulary(self)
        vocabulary.add(text)
        return vocabulary.takeTerms().dictionary
    }

    /// Every term of `text`, in order.
    func terms(in text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append($0) }
        return terms
    }

    /// NFD, accents dropped, lowercased, final sigma as sigma: JavaScript's
    /// `normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ς/g, 'σ')`.
    static func fold(_ word: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            kept.append(scalar)
        }
        // JavaScript lowercases a final capital sigma to ς and Swift to σ: both become σ. Its UTF-8 starts
        // with 0xCF, which few words have: the search for it is Foundation's, and slow.
        let lowered = String(kept).lowercased()
        guard lowered.utf8.contains(0xCF) else { return lowered }
        return lowered.replacingOccurrences(of: "ς", with: "σ")
    }

    /// Folds a word whose scalars are all below U+0300 (Latin-1, Latin Extended-A and -B, IPA) into
    /// `folded` as ``fold(_:)`` does, by a table of each scalar's fold; false for any other word. For these
    /// scalars the fold is the same scalar by scalar: none is a combining mark, so no decomposition is
    /// reordered across them, and none lowercases by what is around it (only the Greek final sigma does).
    /// Foundation's NFD of a string, for every accented word of every post, cost a fifth of the terms' time.
    static func foldLatin(_ word: UnsafeBufferPointer<UInt8>, into folded: inout [UInt8]) -> Bool {
        folded.removeAll(keepingCapacity: true)
        var index = 0
        while index < word.count {
            // `decode` is for scalars past ASCII only.
            let (scalar, length) = word[index] < 0x80 ? (Unicode.Scalar(word[index]), 1) : decode(word, at: index)
            guard scalar.value < 0x300 else { return false }
            folded.append(contentsOf: latinFolds[Int(scalar.value)])
            index += length
        }
        return true
    }

    private static let latinFolds: [[UInt8]] = (0..<0x300).map { value in
        Unicode.Scalar(UInt32(value)).map { Array(fold(String($0)).utf8) } ?? []
    }

    /// Han (with its extensions and compatibility ideographs), hiragana, katakana and Hangul syllables.
    static func isIdeographic(_ value: UInt32) -> Bool {
        switch value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            true
        default: false
        }
    }
}
