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
struct SearchWords: Sendable {
    var stems: Bool

    /// Calls `found` with each term of `text`, in order.
    func forEachTerm(in text: String, _ found: (String) -> Void) {
        var word = String.UnicodeScalarView()
        var isASCII = true
        var previousIdeograph: Unicode.Scalar?
        var runLength = 0
        func endWord() {
            guard !word.isEmpty else { return }
            let folded = isASCII ? String(word) : Self.fold(String(word))
            if !folded.isEmpty { found(stems ? SearchStemmer.stem(folded) : folded) }
            word.removeAll(keepingCapacity: true)
            isASCII = true
        }
        func endRun() {
            if runLength == 1, let single = previousIdeograph { found(String(single)) }
            previousIdeograph = nil
            runLength = 0
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                endRun()
                switch value {
                case 0x61...0x7A, 0x30...0x39: word.append(scalar)
                case 0x41...0x5A: word.append(Unicode.Scalar(UInt8(value + 0x20)))
                default: endWord()
                }
            } else if Self.isIdeographic(value) {
                endWord()
                if let previous = previousIdeograph {
                    var pair = String.UnicodeScalarView()
                    pair.append(previous)
                    pair.append(scalar)
                    found(String(pair))
                }
                previousIdeograph = scalar
                runLength += 1
            } else if Self.isWordScalar(scalar) {
                endRun()
                word.append(scalar)
                isASCII = false
            } else {
                endRun()
                endWord()
            }
        }
        endRun()
        endWord()
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
        // JavaScript lowercases a final capital sigma to ς and Swift to σ: both become σ.
        return String(kept).lowercased().replacingOccurrences(of: "ς", with: "σ")
    }

    /// Han (with its extensions and compatibility ideographs), hiragana, katakana and Hangul syllables.
    static func isIdeographic(_ value: UInt32) -> Bool {
        switch value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            true
        default: false
        }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
