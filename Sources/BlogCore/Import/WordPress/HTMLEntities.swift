import Foundation

/// HTML character references, decoded once: numeric ones (`&#8217;`, `&#x2019;`) and the named ones
/// WordPress writes (its `wptexturize` and editors produce these; HTML 5 §13.5 has the whole list).
/// A reference not in the table stays as written.
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–",
        "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”",
        "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹", "rsaquo": "›", "copy": "©", "reg": "®",
        "trade": "™", "times": "×", "divide": "÷", "middot": "·", "bull": "•", "deg": "°", "plusmn": "±",
        "para": "¶", "sect": "§", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "frac12": "½",
        "frac14": "¼", "frac34": "¾", "prime": "′", "Prime": "″", "dagger": "†", "Dagger": "‡",
        "iexcl": "¡", "iquest": "¿", "shy": "\u{AD}", "thinsp": "\u{2009}", "ensp": "\u{2002}",
        "emsp": "\u{2003}", "zwj": "\u{200D}", "zwnj": "\u{200C}", "larr": "←", "rarr": "→", "uarr": "↑",
        "darr": "↓", "harr": "↔", "hearts": "♥", "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä",
        "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß", "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á",
        "agrave": "à", "acirc": "â", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "ccedil": "ç",
        "Eacute": "É", "aring": "å", "Aring": "Å", "oslash": "ø", "Oslash": "Ø", "aelig": "æ", "AElig": "Æ",
    ]

    /// `text` with every reference decoded once: `&amp;lt;` becomes `&lt;`, never `<`.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(32).firstIndex(of: ";"), let decoded = value(of: after[..<semicolon]) {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func value(of name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let number =
                digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            // HTML 5 §13.2.5.80: NUL, surrogates and numbers past U+10FFFF are U+FFFD.
            guard let number else { return nil }
            return String(Unicode.Scalar(number).map(Character.init) ?? "\u{FFFD}")
                .replacingOccurrences(of: "\0", with: "\u{FFFD}")
        }
        return named[String(name)]
    }

    /// `text` escaped for HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The text of an HTML fragment: tags removed, references decoded once, white space collapsed.
    static func plainText(_ html: String) -> String {
        // A block's edge separates words; an inline tag (`<a>`, `<em>`) sits inside one.
        let blocks = html.replacingOccurrences(
            of: "</?(p|div|br|li|h[1-6]|blockquote|figure|figcaption|tr|td|th|ul|ol|pre|table|hr)(\\s[^>]*)?/?>",
            with: " ", options: [.regularExpression, .caseInsensitive])
        let untagged = blocks.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return decode(untagged).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
