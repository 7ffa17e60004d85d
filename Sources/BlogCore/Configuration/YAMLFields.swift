import Foundation
import JSONFeed
import Yams

/// Reads typed values out of a YAML mapping, turning every mismatch into a diagnostic that names the
/// file, the line and column from Yams, the key, and what was expected.
struct YAMLFields {
    let mapping: Node.Mapping
    /// The position of each text key in `mapping`: a key is looked up several times, and reading a key
    /// node's text goes through Yams' constructor each time.
    private let positions: [String: Int]
    let file: String
    /// Lines before the YAML text in the file (front matter starts after the opening `---`).
    let lineOffset: Int
    private(set) var diagnostics: [Diagnostic] = []

    init(mapping: Node.Mapping, file: String, lineOffset: Int = 0) {
        self.mapping = mapping
        var positions: [String: Int] = [:]
        positions.reserveCapacity(mapping.count)
        for (position, key) in mapping.keys.enumerated() {
            if let text = key.string, positions[text] == nil { positions[text] = position }
        }
        self.positions = positions
        self.file = file
        self.lineOffset = lineOffset
    }

    /// A constructor without conversions. Fields are read from the nodes themselves, never through
    /// `Node.any`, which alone uses a constructor; `Constructor.default` built three tables of
    /// conversion functions for every file parsed.
    static func makeConstructor() -> Constructor {
        Constructor([:], [:], [:])
    }

    /// Yams' resolver without rules: every untagged scalar is a string to it.
    ///
    /// Nothing here reads a resolved tag: every field is read from the scalar's text (`Node.bool`, `int`
    /// and `float` parse it, and see only the tag the document wrote), so Yams resolves tags only where it
    /// hashes mapping keys to find duplicates. With rules, that costs a regular expression (ICU's) for every
    /// key of every file; without, keys are compared by their text, which is how fields are looked up
    /// (`1:` and `"1":` are the same key to us, and a duplicate to Yams too).
    static let resolver = Resolver.basic

    var keys: [String] { mapping.keys.compactMap(\.string) }

    func node(_ key: String) -> Node? {
        positions[key].map { mapping[mapping.startIndex + $0].value }
    }

    func keyNode(_ key: String) -> Node? {
        positions[key].map { mapping[mapping.startIndex + $0].key }
    }

    mutating func error(at node: Node?, _ message: String) {
        diagnostics.append(diagnostic(.error, at: node, message))
    }

    mutating func warning(at node: Node?, _ message: String) {
        diagnostics.append(diagnostic(.warning, at: node, message))
    }

    func diagnostic(_ severity: Diagnostic.Severity, at node: Node?, _ message: String) -> Diagnostic {
        Diagnostic(
            severity, file: file, line: node?.mark.map { $0.line + lineOffset }, column: node?.mark?.column,
            message: message)
    }

    /// A scalar as the user wrote it, quoted for messages.
    static func shown(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): Diagnostic.quoted(scalar.string)
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// A string value: any scalar that is not null, as written (so `title: 2024` is the text "2024").
    mutating func string(_ key: String, required: Bool = false, example: String = "") -> String? {
        guard let node = node(key), !Self.isNull(node) else {
            if required {
                error(
                    at: .mapping(mapping),
                    "missing required key '\(key)'\(example.isEmpty ? "" : " such as \(example)")")
            }
            return nil
        }
        guard case .scalar(let scalar) = node else {
            error(at: node, "'\(key)' must be text, got \(Self.shown(node))")
            return nil
        }
        return scalar.string
    }

    /// A language tag (BCP 47's shape, as `<html lang>`, JSON Feed and Atom's `xml:lang` require: `en`,
    /// `en-GB`, `zh-Hant-TW`). `en_US`, common in Jekyll sites, is read as `en-US` with a warning; anything
    /// else that is not a tag is an error, since it would make the Atom feed invalid.
    mutating func languageTag(_ key: String) -> String? {
        guard let text = string(key) else { return nil }
        if Self.isLanguageTag(text) { return text }
        let dashed = text.replacingOccurrences(of: "_", with: "-")
        if Self.isLanguageTag(dashed) {
            warning(
                at: node(key),
                "'\(key)' \(Diagnostic.quoted(text)) is read as \(Diagnostic.quoted(dashed)): language tags separate their parts with '-'"
            )
            return dashed
        }
        error(at: node(key), "'\(key)' must be a language tag such as en or en-GB, got \(Diagnostic.quoted(text))")
        return nil
    }

    /// `[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*`, the pattern of RFC 4287's schema.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (1...8).contains(first.utf8.count),
            first.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.utf8.count)
                && part.utf8.allSatisfy { (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
        }
    }

    /// Text that becomes a link or a feed's URL: refused when its scheme is not http, https or mailto.
    mutating func link(_ key: String, required: Bool = false, example: String = "") -> String? {
        guard let text = string(key, required: required, example: example) else { return nil }
        if let problem = LinkSafety.problem(text) {
            error(at: node(key) ?? .mapping(mapping), "'\(key)' \(problem); got \(Diagnostic.quoted(text))")
            return nil
        }
        return text
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let node = node(key), !Self.isNull(node) else { return nil }
        guard let value = node.bool, case .scalar = node else {
            error(at: node, "'\(key)' must be true or false, got \(Self.shown(node))")
            return nil
        }
        return value
    }

    /// A whole number within `minimum...maximum`: a limit keeps arithmetic on it from overflowing.
    mutating func integer(_ key: String, minimum: Int, maximum: Int) -> Int? {
        guard let node = node(key), !Self.isNull(node) else { return nil }
        guard case .scalar = node, let value = node.int, value >= minimum, value <= maximum else {
            error(at: node, "'\(key)' must be a whole number from \(minimum) to \(maximum), got \(Self.shown(node))")
            return nil
        }
        return value
    }

    mutating func number(_ key: String) -> Double? {
        guard let node = node(key), !Self.isNull(node) else { return nil }
        guard case .scalar = node, let value = node.float ?? node.int.map(Double.init), value.isFinite, value >= 0
        else {
            error(at: node, "'\(key)' must be a number, got \(Self.shown(node))")
            return nil
        }
        return value
    }

    /// A list of strings; a single string is accepted as a list of one.
    mutating func stringList(_ key: String) -> [String]? {
        guard let node = node(key), !Self.isNull(node) else { return nil }
        switch node {
        case .scalar(let scalar) where scalar.string.isEmpty:
            return []
        case .sequence(let sequence):
            var values: [String] = []
            for element in sequence {
                guard case .scalar(let scalar) = element, !Self.isNull(element) else {
                    error(at: element, "each of '\(key)' must be text, got \(Self.shown(element))")
                    continue
                }
                values.append(scalar.string)
            }
            return values
        default:
            error(at: node, "'\(key)' must be a list such as [swift, web], got \(Self.shown(node))")
            return nil
        }
    }

    /// A nested mapping.
    mutating func mapping(_ key: String) -> YAMLFields? {
        guard let node = node(key), !Self.isNull(node) else { return nil }
        guard case .mapping(let mapping) = node else {
            error(at: node, "'\(key)' must be a mapping of keys to values, got \(Self.shown(node))")
            return nil
        }
        return YAMLFields(mapping: mapping, file: file, lineOffset: lineOffset)
    }

    /// Merges a nested reader's diagnostics into this one.
    mutating func absorb(_ other: YAMLFields) {
        diagnostics += other.diagnostics
    }

    /// Warns about keys that are not known, with the closest known key.
    mutating func warnUnknownKeys(known: [String], context: String, allowingExtensions: Bool = false) {
        for (keyNode, _) in mapping {
            guard let key = keyNode.string else { continue }
            if known.contains(key) || (allowingExtensions && key.hasPrefix("_")) { continue }
            warning(at: keyNode, "unknown \(context)key '\(key)'\(Suggestion.hint(for: key, in: known))")
        }
    }

    static func isNull(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain,
            ["", "~", "null", "Null", "NULL"].contains(scalar.string)
        {
            return true
        }
        return false
    }

    /// Converts YAML to a JSON value for `_` extensions: plain scalars take their resolved type.
    static func jsonValue(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style != .plain { return .string(scalar.string) }
            if isNull(node) { return .null }
            if let value = node.bool, ["true", "false", "True", "False", "TRUE", "FALSE"].contains(scalar.string) {
                return .bool(value)
            }
            if node.int != nil, let value = Int64(scalar.string) { return .integer(value) }
            if node.float != nil, let value = Double(scalar.string), let number = JSONValue.double(value) {
                return number
            }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .array(sequence.map(jsonValue))
        case .mapping(let mapping):
            return .object(
                JSONObject(mapping.map { JSONObject.Member(key: $0.key.string ?? "", value: jsonValue($0.value)) }))
        case .alias:
            return .null
        }
    }

    /// The most values a document may expand to. YAML aliases can repeat a value exponentially (the
    /// "billion laughs"); counting with an early stop keeps the check itself bounded.
    static let maximumValues = 100_000

    /// Whether `node`, with its aliases expanded, holds more than ``maximumValues`` values.
    static func isTooLarge(_ node: Node) -> Bool {
        var budget = maximumValues
        func visit(_ node: Node) -> Bool {
            budget -= 1
            if budget < 0 { return false }
            switch node {
            case .scalar, .alias: return true
            case .sequence(let sequence): return sequence.allSatisfy(visit)
            case .mapping(let mapping): return mapping.allSatisfy { visit($0.key) && visit($0.value) }
            }
        }
        return !visit(node)
    }

    static let tooLargeMessage =
        "the YAML expands to more than \(maximumValues) values through aliases ('&' and '*'); expected plain values"

    /// Finds a mapping key that is an alias or a collection in a document that uses aliases, which Yams
    /// would hash in full while checking for duplicate keys: exponential time for an alias bomb.
    ///
    /// - Returns: The 1-based line of the first such key, or nil when the document is safe to compose.
    static func riskyAliasKeyLine(in yaml: String) -> Int? {
        // No alias without a '*': most front matter is done with one pass over its bytes.
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return nil }
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        func isNodeStart(_ previous: Character?) -> Bool {
            previous == nil || previous == " " || previous == "\t" || previous == "[" || previous == "{"
                || previous == ","
        }
        var usesAliases = false
        for line in lines {
            var previous: Character?
            var sawStar = false
            for character in line {
                if sawStar, !character.isWhitespace { usesAliases = true; break }
                sawStar = character == "*" && isNodeStart(previous)
                previous = character
            }
            if usesAliases { break }
        }
        guard usesAliases else { return nil }
        for (index, line) in lines.enumerated() {
            let characters = Array(line)
            for position in characters.indices {
                let character = characters[position]
                let previous = position > 0 ? characters[position - 1] : nil
                let next = position + 1 < characters.count ? characters[position + 1] : nil
                // An explicit complex key: "? key".
                if character == "?", isNodeStart(previous), next == nil || next == " " || next == "\t" {
                    return index + 1
                }
                // A flow collection or an alias used as a key: "]: ", "}: ", "*name: ".
                if character == ":", next == nil || next == " " || next == "\t" || next == "," || next == "}" {
                    var back = position - 1
                    while back >= 0, characters[back] == " " || characters[back] == "\t" { back -= 1 }
                    if back >= 0, characters[back] == "]" || characters[back] == "}" { return index + 1 }
                    var start = back
                    while start >= 0,
                        !(characters[start] == " " || characters[start] == "\t" || characters[start] == "["
                            || characters[start] == "{" || characters[start] == ",")
                    { start -= 1 }
                    if start + 1 <= back, characters[start + 1] == "*" { return index + 1 }
                }
            }
        }
        return nil
    }

    static let riskyKeyMessage =
        "a mapping key is an alias or a collection in YAML that uses aliases ('*'); expected plain keys such as 'title:'"
}
