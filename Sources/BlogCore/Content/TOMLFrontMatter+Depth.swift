import Foundation
import TOMLKit

extension TOMLFrontMatter {
    /// The deepest a TOML text may nest: table headers' keys, dotted keys, arrays and inline tables together.
    /// toml++ stops arrays and inline tables at 256 but not a header's keys: `[a.a.a…]` 5,000 keys deep
    /// made a build take 440 MB turning the table into JSON, which Foundation then refused.
    static let maximumDepth = 128

    /// toml++ 3 asserts (and assumes, in a release build) that a header's key starts with a bare key's
    /// character or a quote: `[.a]` or `[ = 1]` aborted a debug build and are undefined behaviour in a release
    /// one, so the scan refuses them first.
    static let emptyHeaderKeyMessage =
        "a table header's key is missing or starts with a character no key may start with; expected a key such as [a.b] or [\"a b\"]"

    /// toml++ 3 asserts (assumes, in a release build) that no `}` stands where an array's value is expected:
    /// `n=["",}` aborted a debug build.
    static let braceInArrayMessage = "an array holds '}' where a value or ']' should be"

    /// toml++ 3 takes a bare value with `-` after a digit, or with `:`, for a date or time by its characters
    /// and then asserts (assumes, in a release build) on each digit: `2020-01-02T:3:04` aborted a debug build.
    static let dateTimeMessage =
        "a date or time must be written as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00.5-07:00"

    static let tooDeepMessage =
        "the TOML nests deeper than \(maximumDepth) levels (table header keys, dotted keys, arrays and inline tables together); expected at most \(maximumDepth)"

    /// TOML parsed within the build's bounds, by every reader of TOML (front matter and the import's Hugo
    /// configuration): nesting is checked on the text before toml++ builds anything.
    ///
    /// - Throws: ``SyntaxError`` at the place the nesting goes past ``maximumDepth``, or toml++'s error.
    static func table(from toml: String) throws(SyntaxError) -> TOMLTable {
        var scanner = DepthScanner(bytes: Array(toml.utf8))
        if let (line, column) = scanner.placePast(maximumDepth) {
            let message = scanner.problem ?? tooDeepMessage
            throw SyntaxError(line: line, column: column, message: message)
        }
        do {
            return try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw SyntaxError(
                line: error.source.begin.line, column: error.source.begin.column, message: error.description)
        } catch {
            throw SyntaxError(line: 1, column: 1, message: "\(error)")
        }
    }

    /// Where (1-based line and column) the text first nests deeper than ``maximumDepth`` (or has a header
    /// toml++ cannot be given, see ``emptyHeaderKeyMessage``), counted without
    /// parsing: one level for each key of the current table header, each dot of a key, and each open array
    /// or inline table (with the dots of its keys). Strings and comments are skipped; a dot in a value (a
    /// float, a date) is no key's. One pass over the bytes, so that the check costs nothing next to parsing.
    static func placePastMaximumDepth(in toml: String) -> (line: Int, column: Int)? {
        var scanner = DepthScanner(bytes: Array(toml.utf8))
        return scanner.placePast(maximumDepth)
    }
}

/// The state of ``TOMLFrontMatter/placePastMaximumDepth(in:)``'s pass.
private struct DepthScanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    /// Keys of the current `[table]` header.
    var header = 0
    /// Dots of the key of the current top-level `key = value`.
    var statementDots = 0
    /// Open arrays and inline tables, each with the dots of its current key.
    var containers: [(isTable: Bool, dots: Int)] = []
    var containerDots = 0
    var isInKey = true
    var isInHeader = false
    var isLineStart = true
    /// Whether the header being read waits for a key (after `[` or a dot).
    var expectsHeaderKey = false
    /// Whether an array waits for a value (after `[` or a comma), where toml++ must not meet a `}`.
    var expectsArrayValue = false
    /// Why the scan stopped, when not for depth: text toml++ cannot be given.
    var problem: String?

    var depth: Int { header + statementDots + containers.count + containerDots }

    mutating func placePast(_ limit: Int) -> (line: Int, column: Int)? {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n") where !expectsHeaderKey: newLine()
            case UInt8(ascii: "}") where expectsArrayValue:
                problem = TOMLFrontMatter.braceInArrayMessage
                return (line, column)
            case _ where expectsHeaderKey && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t"):
                guard Self.startsKey(byte) else {
                    problem = TOMLFrontMatter.emptyHeaderKeyMessage
                    return (line, column)
                }
                expectsHeaderKey = false
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { skipString(quote: byte) }
            case UInt8(ascii: "#"):
                while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                skipString(quote: byte)
            case UInt8(ascii: "["): openBracket()
            case UInt8(ascii: "]"): closeBracket()
            case UInt8(ascii: "{"):
                containers.append((true, 0))
                isInKey = true
            case UInt8(ascii: "}"):
                close()
            case UInt8(ascii: "."): dot()
            case UInt8(ascii: "="): isInKey = false
            case UInt8(ascii: ","):
                expectsArrayValue = containers.last?.isTable == false
                if let last = containers.last, last.isTable {
                    containerDots -= last.dots
                    containers[containers.count - 1].dots = 0
                    isInKey = true
                }
            default:
                if !isInKey, !isInHeader, !checkBareValue() {
                    problem = TOMLFrontMatter.dateTimeMessage
                    return (line, column)
                }
            }
            if !Self.waitsForValue(byte) { expectsArrayValue = false }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n") { isLineStart = false }
            if depth > limit { return (line, column) }
            index += 1
        }
        if expectsHeaderKey {
            // The text ends where a header's key should be.
            problem = TOMLFrontMatter.emptyHeaderKeyMessage
            return (line, column)
        }
        return nil
    }

    /// The column of `index` in Unicode scalars, as Yams counts them.
    var column: Int {
        bytes[lineStart..<min(index + 1, bytes.count)].count { $0 & 0xC0 != 0x80 }
    }

    /// A bare key's character (`A-Za-z0-9_-`) or a quote, which toml++ requires at a header key's start.
    static func startsKey(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }

    /// Bytes that leave an array waiting for its value: blanks, line ends, a comment's start (the comment is
    /// skipped whole), and the `[` or `,` that made it wait.
    static func waitsForValue(_ byte: UInt8) -> Bool {
        [
            UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"),
            UInt8(ascii: "["), UInt8(ascii: ","),
        ].contains(byte)
    }

    /// At a bare value's first byte: whether it is no date or time, or one written as TOML writes them; the
    /// scan goes on after it. A date, a space and a time are one value.
    mutating func checkBareValue() -> Bool {
        let previous = index > 0 ? bytes[index - 1] : UInt8(ascii: "=")
        guard Self.isDateByte(bytes[index]), Self.waitsForValue(previous) || previous == UInt8(ascii: "=")
        else { return true }
        var end = index
        while end < bytes.count, Self.isDateByte(bytes[end]) { end += 1 }
        if end - index == 10, end + 1 < bytes.count, bytes[end] == UInt8(ascii: " "),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end + 1])
        {
            end += 1
            while end < bytes.count, Self.isDateByte(bytes[end]) { end += 1 }
        }
        let token = String(decoding: bytes[index..<end], as: UTF8.self)
        defer { index = end - 1 }
        let afterDigit = token.utf8.indices.contains { position in
            token.utf8[position] == UInt8(ascii: "-") && position > token.utf8.startIndex
                && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(token.utf8[token.utf8.index(before: position)])
        }
        guard afterDigit || token.contains(":") else { return true }
        let pattern =
            #"^(\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?)?|\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$"#
        return token.range(of: pattern, options: .regularExpression) != nil
    }

    /// The bytes of a number, date or time as toml++ sorts them before choosing which it is.
    static func isDateByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "T")
            || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    mutating func newLine() {
        line += 1
        lineStart = index + 1
        isLineStart = true
        if containers.isEmpty { (isInHeader, expectsHeaderKey) = (false, false) }
        // An array's values go on over lines; a top-level key's value ends with its line.
        if containers.isEmpty {
            isInKey = true
            statementDots = 0
        }
    }

    mutating func openBracket() {
        if isLineStart, containers.isEmpty, !isInHeader {
            // A `[table]` or `[[array.of.tables]]` header: one key so far.
            isInHeader = true
            expectsHeaderKey = true
            header = 1
            statementDots = 0
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") { index += 1 }
        } else {
            containers.append((false, 0))
            isInKey = false
            expectsArrayValue = true
        }
    }

    mutating func closeBracket() {
        if isInHeader, containers.isEmpty {
            isInHeader = false
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "]") { index += 1 }
        } else {
            close()
        }
    }

    mutating func close() {
        if let last = containers.popLast() { containerDots -= last.dots }
        isInKey = false
    }

    mutating func dot() {
        if isInHeader, containers.isEmpty {
            header += 1
            expectsHeaderKey = true
        } else if isInKey, let last = containers.last, last.isTable {
            containers[containers.count - 1].dots += 1
            containerDots += 1
        } else if isInKey, containers.isEmpty {
            statementDots += 1
        }
    }

    /// Past a basic or literal string, one-line or multi-line, counting the lines it spans.
    mutating func skipString(quote: UInt8) {
        let isMultiline =
            index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        index += isMultiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\n") {
                if !isMultiline { return newLine() }
                line += 1
                lineStart = index + 1
            }
            if byte == quote {
                if !isMultiline { return }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    // A closing `"""` may be followed by up to two more quotes, which belong to the string.
                    while index + 3 < bytes.count, bytes[index + 3] == quote { index += 1 }
                    index += 2
                    return
                }
            }
            index += 1
        }
    }
}
