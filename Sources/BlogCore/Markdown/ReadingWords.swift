/// Counts a text's words for its reading time: runs of anything but white space, and in scripts written
/// without spaces each ideograph or kana alone. Works on UTF-8 bytes: ASCII is decided without Unicode
/// property look-ups, eight bytes at a time, and the text is never copied into a `String` (this runs over
/// every byte of every post). The search index's scanner (``SearchWords/scan(_:_:)``) counts with it as it
/// reads the same text, so that a post's text is read once for both.
struct ReadingWords {
    /// The words counted.
    private(set) var count = 0
    /// Whether the last scalar read is in a word that a scalar after it continues.
    private var inWord = false

    /// Counts the words of `bytes`, continuing a word the text before left open.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count, let base = bytes.baseAddress {
                let eight = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if eight & Self.highBits == 0 {
                    addASCII(eight, length: 8)
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                // Space, tab, line feed, carriage return, vertical tab, form feed. Without branches: a
                // word starts every few bytes, too often for the processor to guess.
                let isSpace = byte == 0x20 || byte &- 0x09 < 5
                count &+= !isSpace && !inWord ? 1 : 0
                inWord = !isSpace
                continue
            }
            let (scalar, length) = Self.decodeScalar(bytes, at: index)
            index += length
            add(scalar)
        }
    }

    /// Counts the words of the first `length` bytes (1 to 8, all ASCII) of `eight`, the first in the lowest
    /// byte: the white space among them found with a few operations on one integer, and the words that
    /// start there counted by their bits.
    @inline(__always)
    mutating func addASCII(_ eight: UInt64, length: Int) {
        let kept = length == 8 ? Self.highBits : Self.highBits & ((1 &<< (8 &* UInt64(length))) &- 1)
        let letters = ~Self.spaceBytes(eight) & kept
        // A byte starts a word when it is not white space and the byte before it is (or, for the first,
        // when the text before was not in a word). Little-endian: the byte before is the next lower one.
        let afterSpace = (~letters & Self.highBits) << 8 | (inWord ? 0 : 0x80)
        // The words' first bytes are high bits: shifted down to ones, a multiply adds the eight bytes up
        // into the top one (at most 8), which is cheaper than a population count without POPCNT, the
        // baseline x86-64 the release binary is built for.
        count &+= Int(truncatingIfNeeded: (((letters & afterSpace) &>> 7) &* 0x0101_0101_0101_0101) &>> 56)
        inWord = letters &>> (8 &* UInt64(length) &- 1) & 1 != 0
    }

    /// Counts the words of `length` ASCII bytes (1 to 16) given as a bit for each byte that is not white
    /// space, the first byte's in the lowest bit and none past `length`.
    @inline(__always)
    mutating func addASCII(nonSpace: UInt32, length: Int) {
        // A word starts at a byte that is not white space after one that is, or, for the first, after text
        // that left no word open.
        let starts = nonSpace & ~(nonSpace &<< 1 | (inWord ? 1 : 0))
        count &+= starts.nonzeroBitCount
        inWord = nonSpace &>> UInt32(length &- 1) & 1 != 0
    }

    /// Counts one scalar past ASCII.
    mutating func add(_ scalar: Unicode.Scalar) {
        if scalar.value < 0x3000 {
            // Below U+3000 no scalar is ideographic or kana, and the few spaces are listed: curly quotes
            // and dashes, in nearly every post, need no property look-up.
            if Self.isWhitespaceBelow3000(scalar.value) {
                inWord = false
            } else if !inWord {
                count += 1
                inWord = true
            }
        } else if Self.isIdeographic(scalar) {
            count += 1
            inWord = false
        } else if scalar.properties.isWhitespace {
            inWord = false
        } else if !inWord {
            count += 1
            inWord = true
        }
    }

    /// Whether text ending in `last` and text starting with `first` make one word where they meet, where
    /// counting them apart makes two: both are neither white space nor ideographs.
    static func joins(_ last: Unicode.Scalar, _ first: Unicode.Scalar) -> Bool {
        continuesWord(last) && continuesWord(first)
    }

    /// Whether a scalar is in a word that the scalar after it may continue.
    private static func continuesWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let byte = UInt8(scalar.value)
            return !(byte == 0x20 || byte &- 0x09 < 5)
        }
        var words = ReadingWords()
        words.add(scalar)
        return words.inWord
    }

    /// The scalar whose UTF-8 starts at `index`, ASCII or not.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar {
        bytes[index] < 0x80 ? Unicode.Scalar(bytes[index]) : decodeScalar(bytes, at: index).0
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `eight` (all ASCII) that is a space, tab, line feed, vertical tab,
    /// form feed or carriage return; no carry crosses from one byte into the next.
    private static func spaceBytes(_ eight: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // A byte of `x` is zero exactly when its low seven bits plus 0x7F leave the high bit clear.
        let x = eight ^ 0x2020_2020_2020_2020
        let spaces = ~(((x & low) &+ low) | x | low)
        // 0x09...0x0D: adding 0x77 sets the high bit from 0x09 up, adding 0x72 from 0x0E up.
        let fromTab = eight &+ 0x7777_7777_7777_7777
        let pastReturn = eight &+ 0x7272_7272_7272_7272
        return (spaces | (fromTab & ~pastReturn)) & highBits
    }

    /// Unicode's White_Space scalars from U+0080 to U+2FFF.
    private static func isWhitespaceBelow3000(_ value: UInt32) -> Bool {
        value == 0x85 || value == 0xA0 || value == 0x1680 || (0x2000...0x200A).contains(value) || value == 0x2028
            || value == 0x2029
            || value == 0x202F || value == 0x205F
    }

    /// The scalar of a multi-byte UTF-8 sequence at `index` and its length; a malformed one (libcmark has
    /// already replaced those) reads as U+FFFD one byte long.
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
    }
}
