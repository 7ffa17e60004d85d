/// Which URLs from front matter may become links and feed fields. Only http, https, mailto and relative
/// URLs may: a `javascript:` link in a post's page or a reader runs script as the site.
///
/// The scheme is read the way a browser reads it, after undoing what hides it: HTML character
/// references (`&#106;`, `&#x6A;`, `&colon;`), percent-encoding, and the whitespace and control characters
/// that browsers strip from a URL or ignore inside its scheme.
enum LinkSafety {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]
    /// Schemes that run or show code, refused anywhere, extensions included.
    static let scriptSchemes: Set<String> = ["javascript", "vbscript", "data", "livescript"]

    /// Why `url` may not be a link (a sentence part for a message), or nil when it may.
    static func problem(_ url: String) -> String? {
        guard let scheme = scheme(of: url), !allowedSchemes.contains(scheme) else { return nil }
        return "must be an http, https or mailto URL or a relative one, not a \(scheme): URL"
    }

    /// Whether `text` is a URL whose scheme runs or shows code.
    static func isScript(_ text: String) -> Bool {
        scheme(of: text).map(scriptSchemes.contains) ?? false
    }

    /// The scheme of `url`, lower-cased, once hiding is undone; nil for a relative URL.
    static func scheme(of url: String) -> String? {
        // Bounded: a scheme is short, so only the start of a long value is looked at.
        var text = String(url.unicodeScalars.prefix(512))
        for _ in 0..<3 {
            let decoded = percentDecoded(characterReferencesDecoded(text))
            if decoded == text { break }
            text = decoded
        }
        var scheme = ""
        for scalar in text.unicodeScalars {
            // Browsers drop C0 controls and spaces before the scheme, and tabs and newlines anywhere.
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isSchemeCharacter =
                isLetter || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isSchemeCharacter, !(scheme.isEmpty && !isLetter) else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return String(decoding: Routes.percentDecoded(Array(text.utf8)), as: UTF8.self)
    }

    private static let namedReferences: [String: String] = [
        "colon": ":", "tab": "\t", "newline": "\n", "amp": "&", "sol": "/", "num": "#", "period": ".",
    ]

    private static func characterReferencesDecoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var end = name.endIndex
            if end < after.endIndex, after[end] == ";" { end = after.index(after: end) }
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                result.unicodeScalars.append(scalar)
                rest = after[end...]
            } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                result.unicodeScalars.append(scalar)
                rest = after[end...]
            } else if let replacement = namedReferences[name.lowercased()] {
                result += replacement
                rest = after[end...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}
