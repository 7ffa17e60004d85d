import Foundation

/// Decodes the character references of an attribute value (HTML §13.2.5.72): numeric ones, and the named
/// ones that URLs and ids meet (`&amp;` above all); any other name is left as written, as a browser
/// leaves a name it does not know.
enum CharacterReferences {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "num": "#",
        "percnt": "%", "quest": "?", "equals": "=", "sol": "/", "colon": ":", "semi": ";", "comma": ",",
        "period": ".", "lowbar": "_", "hyphen": "-", "plus": "+", "commat": "@", "excl": "!", "dollar": "$",
        "lpar": "(", "rpar": ")", "ast": "*", "tilde": "~", "grave": "`", "lsqb": "[", "rsqb": "]",
    ]

    /// The text of `range` in `bytes` with its references decoded.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        // memchr: most values hold no reference, and every kept value of every page is asked.
        guard let base = bytes.baseAddress, !range.isEmpty,
            memchr(base + range.lowerBound, Int32(UInt8(ascii: "&")), range.count) != nil
        else { return String(decoding: bytes[range], as: UTF8.self) }
        return decode(String(decoding: bytes[range], as: UTF8.self))
    }

    /// `text` with its references decoded.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[rest.index(after: ampersand)...]
            let body = rest.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            if let value = value(of: body) {
                result += value
                rest = rest.dropFirst(body.count)
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                result += "&"
            }
        }
        return result + rest
    }

    private static func value(of body: Substring) -> String? {
        guard body.first == "#" else { return named[String(body)] }
        let digits = body.dropFirst()
        let number =
            digits.first == "x" || digits.first == "X"
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        // §13.2.5.80: zero, surrogates and values past U+10FFFF read as U+FFFD.
        guard let number else { return nil }
        return String(Unicode.Scalar(number).map(Character.init) ?? "\u{FFFD}")
    }
}
