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
    ///
    /// By UTF-8 byte, with one buffer for the word being read: a site's every word goes through here, and
    /// scalar by scalar, with a string made for each word before it is folded, it cost most of the time
    /// that rendering takes.
    func forEachTerm(in text: String, _ found: (String) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var reader = Reader(stems: stems)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    reader.endRun(found)
                    switch byte {
                    case 0x61...0x7A, 0x30...0x39: reader.word.append(byte)
                    case 0x41...0x5A: reader.word.append(byte + 0x20)
                    default: reader.endWord(found)
                    }
                    index += 1
                    continue
                }
                let (scalar, length) = Self.decode(bytes, at: index)
                if Self.isIdeographic(scalar.value) {
                    reader.endWord(found)
                    if let previous = reader.previousIdeograph {
                        var pair = String.UnicodeScalarView()
                        pair.append(previous)
                        pair.append(scalar)
                        found(String(pair))
                    }
                    reader.previousIdeograph = scalar
                    reader.runLength += 1
                } else if Self.isWordScalar(scalar) {
                    reader.endRun(found)
                    reader.word.append(contentsOf: bytes[index..<index + length])
                    reader.isASCII = false
                } else {
                    reader.endRun(found)
                    reader.endWord(found)
                }
                index += length
            }
            reader.endRun(found)
            reader.endWord(found)
        }
    }

    /// The word and the run of ideographs being read.
    private struct Reader {
        let stems: Bool
        var word: [UInt8] = []
        var isASCII = true
        var previousIdeograph: Unicode.Scalar?
        var runLength = 0

        init(stems: Bool) {
            self.stems = stems
            word.reserveCapacity(64)
        }

        mutating func endWord(_ found: (String) -> Void) {
            guard !word.isEmpty else { return }
            if isASCII {
                if stems { SearchStemmer.stem(&word) }
                found(String(decoding: word, as: UTF8.self))
            } else {
                let folded = SearchWords.fold(String(decoding: word, as: UTF8.self))
                if !folded.isEmpty { found(stems ? SearchStemmer.stem(folded) : folded) }
            }
            word.removeAll(keepingCapacity: true)
            isASCII = true
        }

        mutating func endRun(_ found: (String) -> Void) {
            if runLength == 1, let single = previousIdeograph { found(String(single)) }
            previousIdeograph = nil
            runLength = 0
        }
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8 (a Swift string's), and its length.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        func next(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
        let (value, length): (UInt32, Int) =
            switch lead {
            case 0xF0...: ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
            case 0xE0...: ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
            default: ((lead & 0x1F) << 6 | next(1), 2)
            }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
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
