import Foundation

/// Makes URL path segments from titles, file names and tags.
enum Slug {
    /// Lower-cases, folds accents of Latin letters (`Café` → `cafe`), keeps letters and digits of every
    /// script, and joins words with `-`. Never empty: text with no letters or digits gives `fallback`.
    static func make(from text: String, fallback: String = "untitled") -> String {
        var result = ""
        var pendingDash = false
        for character in text.lowercased() {
            // ASCII needs no folding; Foundation's folding is costly and runs per heading and tag.
            let folded = character.isASCII ? String(character) : fold(character)
            for scalar in folded.unicodeScalars {
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || isCombiningMarkOfScript(scalar) {
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

    /// Latin letters lose their diacritics; other scripts are kept as they are (`日本語` stays).
    private static func fold(_ character: Character) -> String {
        guard let first = character.unicodeScalars.first, isLatin(first) else { return String(character) }
        let folded = String(character).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
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
        slug.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? slug
    }
}
