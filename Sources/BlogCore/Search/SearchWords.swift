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
        var stem: [UInt8] = []
        scan(
            text,
            ascii: { bytes in
                guard stems else { return found(String(decoding: bytes, as: UTF8.self)) }
                stem.removeAll(keepingCapacity: true)
                stem.append(contentsOf: bytes)
                SearchStemmer.stem(&stem)
                found(String(decoding: stem, as: UTF8.self))
            },
            other: { found(stems ? SearchStemmer.stem($0) : $0) })
    }

    /// Each term of `text` with how often it occurs. Words are counted before they are stemmed, each
    /// ASCII word in a table of its bytes (``WordCounts``): a string, a hash of it and a stem for each of a
    /// site's millions of words cost more than rendering the posts they are in.
    func counts(in text: String) -> [String: Int] {
        var ascii = WordCounts()
        var other: [String: Int] = [:]
        scan(text, ascii: { ascii.add($0) }, other: { other[$0, default: 0] += 1 })
        var counts: [String: Int] = [:]
        counts.reserveCapacity(ascii.counts.count + other.count)
        var stem: [UInt8] = []
        ascii.forEachWord { word, count in
            guard stems else {
                counts[String(decoding: word, as: UTF8.self), default: 0] += count
                return
            }
            stem.removeAll(keepingCapacity: true)
            stem.append(contentsOf: word)
            SearchStemmer.stem(&stem)
            counts[String(decoding: stem, as: UTF8.self), default: 0] += count
        }
        for (word, count) in other { counts[stems ? SearchStemmer.stem(word) : word, default: 0] += count }
        return counts
    }

    /// Reads `text` by UTF-8 byte, with one buffer for the word being read: `ascii` gets each word of
    /// ASCII letters and digits, lowercased, in that buffer; `other` each other word folded, and each pair
    /// or lone ideograph; neither is stemmed.
    private func scan(_ text: String, ascii: (UnsafeBufferPointer<UInt8>) -> Void, other: (String) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var reader = Reader()
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    reader.endRun(other)
                    // A whole word of lowercase ASCII is handed over where it lies, not copied byte by byte.
                    if reader.word.isEmpty, let end = Self.lowercaseWordEnd(bytes, from: index) {
                        ascii(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                        index = end
                        continue
                    }
                    switch byte {
                    case 0x61...0x7A, 0x30...0x39: reader.word.append(byte)
                    case 0x41...0x5A: reader.word.append(byte + 0x20)
                    default: reader.endWord(ascii, other)
                    }
                    index += 1
                    continue
                }
                let (scalar, length) = Self.decode(bytes, at: index)
                if Self.isIdeographic(scalar.value) {
                    reader.endWord(ascii, other)
                    if let previous = reader.previousIdeograph {
                        var pair = String.UnicodeScalarView()
                        pair.append(previous)
                        pair.append(scalar)
                        other(String(pair))
                    }
                    reader.previousIdeograph = scalar
                    reader.runLength += 1
                } else if Self.isWordScalar(scalar) {
                    reader.endRun(other)
                    reader.word.append(contentsOf: bytes[index..<index + length])
                    reader.isASCII = false
                } else {
                    reader.endRun(other)
                    reader.endWord(ascii, other)
                }
                index += length
            }
            reader.endRun(other)
            reader.endWord(ascii, other)
        }
    }

    /// The word and the run of ideographs being read.
    private struct Reader {
        var word: [UInt8] = []
        var isASCII = true
        var previousIdeograph: Unicode.Scalar?
        var runLength = 0

        init() {
            word.reserveCapacity(64)
        }

        mutating func endWord(_ ascii: (UnsafeBufferPointer<UInt8>) -> Void, _ other: (String) -> Void) {
            guard !word.isEmpty else { return }
            if isASCII {
                word.withUnsafeBufferPointer(ascii)
            } else {
                let folded = SearchWords.fold(String(decoding: word, as: UTF8.self))
                if !folded.isEmpty { other(folded) }
            }
            word.removeAll(keepingCapacity: true)
            isASCII = true
        }

        mutating func endRun(_ other: (String) -> Void) {
            if runLength == 1, let single = previousIdeograph { other(String(single)) }
            previousIdeograph = nil
            runLength = 0
        }
    }

    /// Where the word of lowercase ASCII letters and digits that starts at `start` ends, when it is all
    /// such (no capital, no letter past ASCII after it); nil otherwise.
    private static func lowercaseWordEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var end = start
        while end < bytes.count {
            switch bytes[end] {
            case 0x61...0x7A, 0x30...0x39: end += 1
            case 0x41...0x5A, 0x80...: return nil
            default: return end > start ? end : nil
            }
        }
        return end > start ? end : nil
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

/// Counts of words given as bytes: an open-addressing table by a digest of each word, which compares a
/// word's bytes only with those of the word already there. The words' bytes lie end to end in
/// one buffer, not an array each.
private struct WordCounts {
    private var slots = [Int32](repeating: 0, count: 512)
    private var digests: [UInt64] = []
    private var bytes: [UInt8] = []
    /// Where each word's bytes end in ``bytes``; the next word's start there.
    private var ends: [Int] = []
    private(set) var counts: [Int] = []

    init() {
        bytes.reserveCapacity(4096)
    }

    /// Calls `body` with each word's bytes and its count, in the order first seen.
    func forEachWord(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for (end, count) in zip(ends, counts) {
                body(UnsafeBufferPointer(rebasing: all[start..<end]), count)
                start = end
            }
        }
    }

    mutating func add(_ word: UnsafeBufferPointer<UInt8>) {
        // A word of up to 8 bytes (most words) is its own digest: its bytes, never 0, packed in one integer,
        // so that two such words of one length with one digest are one word, found without comparing bytes.
        // A longer word's digest is its FNV-1a hash, and its bytes are compared.
        var digest: UInt64 = 0
        if word.count <= 8 {
            for (offset, byte) in word.enumerated() { digest |= UInt64(byte) << (8 * offset) }
        } else {
            digest = 0xCBF2_9CE4_8422_2325
            for byte in word { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        let mixed = digest &* 0x9E37_79B9_7F4A_7C15
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: mixed >> 32) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if digests[entry] == digest, word.count <= 8 ? length(of: entry) == word.count : holds(entry, word) {
                counts[entry] += 1
                return
            }
            slot = (slot + 1) & mask
        }
        digests.append(digest)
        bytes.append(contentsOf: word)
        ends.append(bytes.count)
        counts.append(1)
        slots[slot] = Int32(counts.count)
        if counts.count * 2 > slots.count { grow() }
    }

    private func length(of entry: Int) -> Int {
        ends[entry] - (entry == 0 ? 0 : ends[entry - 1])
    }

    private func holds(_ entry: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = entry == 0 ? 0 : ends[entry - 1]
        guard ends[entry] - start == word.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            guard let stored = all.baseAddress, let given = word.baseAddress else { return word.isEmpty }
            return memcmp(stored + start, given, word.count) == 0
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (entry, digest) in digests.enumerated() {
            var slot = Int(truncatingIfNeeded: (digest &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry + 1)
        }
    }
}
