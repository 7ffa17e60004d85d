import Foundation

/// Makes URL path segments from titles, file names and tags.
enum Slug {
    /// Lower-cases, folds accents of Latin letters (`Café` → `cafe`), keeps letters and digits of every
    /// script, and joins words with `-`. Never empty: text with no letters or digits gives `fallback`.
    static func make(from text: String, fallback: String = "untitled") -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return makeASCII(from: text, fallback: fallback) }
        return makeByScalars(from: text, fallback: fallback)
    }

    /// The general rule, for text of any script; ``make(from:fallback:)`` takes a byte path for ASCII.
    static func makeByScalars(from text: String, fallback: String = "untitled") -> String {
        var result = ""
        var pendingDash = false
        for character in text.lowercased() {
            // ASCII needs no folding; Foundation's folding is costly and runs per heading and tag.
            let folded = character.isASCII ? String(character) : fold(character)
            for scalar in folded.unicodeScalars {
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || isCombiningMarkOfScript(scalar)
                {
                    if pendingDash && !result.isEmpty { result += "-" }
                    pendingDash = false
                    result.unicodeScalars.append(scalar)
                } else {
                    pendingDash = true
                }
            }
        }
        return result.isEmpty ? fallback : result
    }

    /// The same rule for ASCII text, byte by byte: letters and digits are kept, lower-cased.
    private static func makeASCII(from text: String, fallback: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lower)
            {
                if pendingDash && !bytes.isEmpty { bytes.append(UInt8(ascii: "-")) }
                pendingDash = false
                bytes.append(lower)
            } else {
                pendingDash = true
            }
        }
        return bytes.isEmpty ? fallback : String(decoding: bytes, as: UTF8.self)
    }

    /// Latin letters lose their diacritics; other scripts are kept as they are (`日本語` stays).
    private static func fold(_ character: Character) -> String {
        guard let first = character.unicodeScalars.first, isLatin(first) else { return String(character) }
        let folded = String(character).folding(
            options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        switch folded {
        case "ß": return "ss"
        case "æ": return "ae"
        case "œ": return "oe"
        case "ø": return "o"
        case "đ": return "d"
        case "ł": return "l"
        case "þ": return "th"
        default: return folded
        }
    }

    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: true
        default: false
        }
    }

    /// Marks such as Devanagari vowel signs are part of a word in their script.
    private static func isCombiningMarkOfScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark: scalar.value > 0x36F
        default: false
        }
    }

    /// Percent-encodes a slug for use inside an `href`, keeping the path readable.
    static func pathSegment(_ slug: String) -> String {
        // Most slugs are plain ASCII and need nothing; a site of ten thousand posts asks for every URL.
        if slug.utf8.allSatisfy(isPlainPathByte) { return slug }
        return slug.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? slug
    }

    private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))

    /// Letters, digits and `-._~`: bytes that every path segment may hold as they are.
    static func isPlainPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
