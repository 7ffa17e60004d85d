/// Splits source code into spans of a few kinds and writes it as HTML: the text escaped as libcmark
/// escapes it, each span in `<span class="hl-…">`. The text is never changed, only wrapped.
///
/// One pass over the bytes, driven by each language's ``LanguageSyntax`` (comments, strings, words);
/// markup, diffs, YAML, TOML and CSS have their own small line- or tag-based passes.
struct Highlighter {
    enum Kind: String, CaseIterable {
        case comment, string, keyword, type, number, literal, builtin, meta, variable, function
        case tag, attribute = "attr", property, inserted, deleted, section

        /// `<span class="hl-…">` with the kind's raw value, written out: building it, or looking it up in a
        /// table by kind, for every span cost a tenth of highlighting.
        var openingTag: StaticString {
            switch self {
            case .comment: "<span class=\"hl-comment\">"
            case .string: "<span class=\"hl-string\">"
            case .keyword: "<span class=\"hl-keyword\">"
            case .type: "<span class=\"hl-type\">"
            case .number: "<span class=\"hl-number\">"
            case .literal: "<span class=\"hl-literal\">"
            case .builtin: "<span class=\"hl-builtin\">"
            case .meta: "<span class=\"hl-meta\">"
            case .variable: "<span class=\"hl-variable\">"
            case .function: "<span class=\"hl-function\">"
            case .tag: "<span class=\"hl-tag\">"
            case .attribute: "<span class=\"hl-attr\">"
            case .property: "<span class=\"hl-property\">"
            case .inserted: "<span class=\"hl-inserted\">"
            case .deleted: "<span class=\"hl-deleted\">"
            case .section: "<span class=\"hl-section\">"
            }
        }
    }

    let syntax: LanguageSyntax
    private let bytes: [UInt8]
    private var output: [UInt8] = []
    private var plainStart = 0

    /// The bytes a comment or string of the language can start with: the others skip those checks, which
    /// walked the language's lists at every byte.
    private let opens: [Bool]

    init(syntax: LanguageSyntax, code: String) {
        let syntax = syntax.opens.isEmpty ? syntax.prepared() : syntax
        self.syntax = syntax
        self.bytes = Array(code.utf8)
        output.reserveCapacity(bytes.count * 2)
        opens = syntax.opens
    }

    /// The code as HTML with spans.
    static func html(_ code: String, syntax: LanguageSyntax) -> String {
        var highlighter = Highlighter(syntax: syntax, code: code)
        switch syntax.mode {
        case .code: highlighter.scanCode()
        case .markup: highlighter.scanMarkup()
        case .diff: highlighter.scanDiff()
        case .yaml: highlighter.scanYAML()
        case .toml: highlighter.scanTOML()
        case .css: highlighter.scanCSS()
        }
        highlighter.flushPlain(upTo: highlighter.bytes.count)
        return String(decoding: highlighter.output, as: UTF8.self)
    }

    // MARK: Output

    private mutating func flushPlain(upTo end: Int) {
        if plainStart < end { appendEscaped(plainStart..<end) }
        plainStart = max(plainStart, end)
    }

    private mutating func emit(_ kind: Kind, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        flushPlain(upTo: range.lowerBound)
        append(kind.openingTag)
        appendEscaped(range)
        append("</span>")
        plainStart = range.upperBound
    }

    private mutating func append(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// libcmark's escaping of code: `&`, `<`, `>` and `"`. The runs between them are copied whole: code has
    /// few, and appending byte by byte checked the output's room at each.
    private mutating func appendEscaped(_ range: Range<Int>) {
        var start = range.lowerBound
        for index in range {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            default: continue
            }
            output.append(contentsOf: bytes[start..<index])
            append(replacement)
            start = index + 1
        }
        output.append(contentsOf: bytes[start..<range.upperBound])
    }

    // MARK: Bytes

    private func at(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    private func starts(with text: [UInt8], at index: Int) -> Bool {
        guard index + text.count <= bytes.count else { return false }
        for offset in 0..<text.count where bytes[index + offset] != text[offset] { return false }
        return true
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (0x30...0x39).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private func endOfLine(from index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    private func atLineStart(_ index: Int) -> Bool {
        var probe = index - 1
        while probe >= 0, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe -= 1 }
        return probe < 0 || bytes[probe] == 0x0A
    }

    /// The end of a string that starts at `index` with `delimiter`, or nil when none starts there.
    private func stringEnd(at index: Int, _ delimiter: LanguageSyntax.StringDelimiter) -> Int? {
        guard starts(with: delimiter.open, at: index) else { return nil }
        var end = index + delimiter.open.count
        while end < bytes.count {
            if delimiter.escapes, bytes[end] == UInt8(ascii: "\\") {
                end += 2
                continue
            }
            if delimiter.close.count == 1 ? bytes[end] == delimiter.close[0] : starts(with: delimiter.close, at: end) {
                return end + delimiter.close.count
            }
            if bytes[end] == 0x0A, !delimiter.multiline { return end }
            end += 1
        }
        return bytes.count
    }

    /// The end of the first of the language's strings that starts at `index`.
    private func stringAt(_ index: Int) -> Int? {
        for delimiter in syntax.strings {
            if let end = stringEnd(at: index, delimiter) { return end }
        }
        return nil
    }

    /// A number at `index`: digits, then letters, digits, `_` and `.` (hex, suffixes, fractions), and a
    /// sign after an exponent.
    private func numberEnd(at index: Int) -> Int {
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if Self.isIdentifierByte(byte) && byte < 0x80 || byte == UInt8(ascii: ".") && Self.isDigit(at(end + 1)) {
                end += 1
            } else if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")), end > index,
                bytes[end - 1] | 0x20 == UInt8(ascii: "e"),
                !starts(with: Array("0x".utf8), at: index), Self.isDigit(at(end + 1))
            {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    private func word(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: Programming languages

    private mutating func scanCode() {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if syntax.preprocessor, byte == UInt8(ascii: "#"), atLineStart(index) {
                let end = endOfLine(from: index)
                emit(.meta, index..<end)
                index = end
                continue
            }
            if opens[Int(byte)], let end = commentEnd(at: index) {
                emit(.comment, index..<end)
                index = end
                continue
            }
            if opens[Int(byte)], let end = stringAt(index) {
                // A string followed by a colon is a key in JSON.
                var after = end
                while after < bytes.count, bytes[after] == 0x20 { after += 1 }
                emit(syntax.stringKeys && at(after) == UInt8(ascii: ":") ? .property : .string, index..<end)
                index = end
                continue
            }
            let previous = index > 0 ? bytes[index - 1] : 0
            if Self.isDigit(byte), !Self.isIdentifierByte(previous) {
                let end = numberEnd(at: index)
                emit(.number, index..<end)
                index = end
                continue
            }
            if let prefix = syntax.annotationPrefix, byte == prefix, Self.isIdentifierStart(at(index + 1)) {
                var end = index + 1
                while end < bytes.count, Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
                    end += 1
                }
                emit(.meta, index..<end)
                index = end
                continue
            }
            if let prefix = syntax.variablePrefix, byte == prefix {
                var end = index + 1
                if at(end) == UInt8(ascii: "{") {
                    while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != 0x0A { end += 1 }
                    if at(end) == UInt8(ascii: "}") { end += 1 }
                } else {
                    while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
                    if end == index + 1, end < bytes.count, "@#?$!*0123456789-".utf8.contains(bytes[end]) { end += 1 }
                }
                if end > index + 1 {
                    emit(.variable, index..<end)
                    index = end
                    continue
                }
            }
            if Self.isIdentifierStart(byte), !Self.isIdentifierByte(previous) {
                var end = index + 1
                while end < bytes.count,
                    Self.isIdentifierByte(bytes[end]) || syntax.dashInIdentifiers && bytes[end] == UInt8(ascii: "-")
                { end += 1 }
                if let kind = classify(index..<end) { emit(kind, index..<end) }
                index = end
                continue
            }
            index += 1
        }
    }

    private func commentEnd(at index: Int) -> Int? {
        for open in syntax.lineComments where starts(with: open, at: index) {
            // `#` in shells starts a comment only at the start of a word (`a#b` is one word).
            if syntax.commentNeedsSpaceBefore, index > 0, bytes[index - 1] != 0x20, bytes[index - 1] != 0x09,
                bytes[index - 1] != 0x0A
            {
                continue
            }
            return endOfLine(from: index)
        }
        for (open, close) in syntax.blockComments where starts(with: open, at: index) {
            var depth = 1
            var end = index + open.count
            while end < bytes.count {
                if starts(with: close, at: end) {
                    depth -= 1
                    end += close.count
                    if depth == 0 || !syntax.nestedComments { return end }
                } else if syntax.nestedComments, starts(with: open, at: end) {
                    depth += 1
                    end += open.count
                } else {
                    end += 1
                }
            }
            return bytes.count
        }
        return nil
    }

    private func classify(_ range: Range<Int>) -> Kind? {
        var text = word(range)
        if syntax.caseInsensitive { text = text.lowercased() }
        if let kind = syntax.wordKinds[text] { return kind }
        if syntax.capitalizedTypes, let first = bytes[range].first, (0x41...0x5A).contains(first), range.count > 1 {
            return .type
        }
        var after = range.upperBound
        while after < bytes.count, bytes[after] == 0x20 { after += 1 }
        if at(after) == UInt8(ascii: "("), syntax.functionCalls { return .function }
        return nil
    }

    // MARK: Markup

    private mutating func scanMarkup() {
        var index = 0
        while index < bytes.count {
            if starts(with: Array("<!--".utf8), at: index) {
                var end = index + 4
                while end < bytes.count, !starts(with: Array("-->".utf8), at: end) { end += 1 }
                end = min(bytes.count, end + 3)
                emit(.comment, index..<end)
                index = end
            } else if bytes[index] == UInt8(ascii: "<"),
                at(index + 1) == UInt8(ascii: "!") || at(index + 1) == UInt8(ascii: "?")
            {
                var end = index + 2
                while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                end = min(bytes.count, end + 1)
                emit(.meta, index..<end)
                index = end
            } else if bytes[index] == UInt8(ascii: "<"),
                Self.isIdentifierStart(at(index + 1)) || at(index + 1) == UInt8(ascii: "/")
            {
                index = scanTag(from: index)
            } else if bytes[index] == UInt8(ascii: "&") {
                var end = index + 1
                while end < bytes.count, Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: "#") {
                    end += 1
                }
                if at(end) == UInt8(ascii: ";"), end > index + 1 {
                    emit(.literal, index..<(end + 1))
                    index = end + 1
                } else {
                    index += 1
                }
            } else {
                index += 1
            }
        }
    }

    private mutating func scanTag(from start: Int) -> Int {
        var index = start + 1
        if at(index) == UInt8(ascii: "/") { index += 1 }
        while index < bytes.count,
            Self.isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: "-")
                || bytes[index] == UInt8(ascii: ":")
        { index += 1 }
        emit(.tag, start..<index)
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var end = index + 1
                while end < bytes.count, bytes[end] != byte { end += 1 }
                end = min(bytes.count, end + 1)
                emit(.string, index..<end)
                index = end
            } else if Self.isIdentifierStart(byte) {
                var end = index + 1
                while end < bytes.count,
                    Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: "-")
                        || bytes[end] == UInt8(ascii: ":")
                { end += 1 }
                emit(.attribute, index..<end)
                index = end
            } else if byte == UInt8(ascii: "<") {
                return index
            } else {
                index += 1
            }
        }
        if index < bytes.count {
            let close = index > start && bytes[index - 1] == UInt8(ascii: "/") ? index - 1 : index
            emit(.tag, close..<(index + 1))
            index += 1
        }
        return index
    }

    // MARK: Diffs

    private mutating func scanDiff() {
        var index = 0
        while index < bytes.count {
            let end = endOfLine(from: index)
            let line = index..<end
            if starts(with: Array("+++".utf8), at: index) || starts(with: Array("---".utf8), at: index)
                || starts(with: Array("diff ".utf8), at: index) || starts(with: Array("index ".utf8), at: index)
            {
                emit(.meta, line)
            } else if starts(with: Array("@@".utf8), at: index) {
                emit(.section, line)
            } else if at(index) == UInt8(ascii: "+") || at(index) == UInt8(ascii: ">") {
                emit(.inserted, line)
            } else if at(index) == UInt8(ascii: "-") || at(index) == UInt8(ascii: "<") {
                emit(.deleted, line)
            }
            index = end + 1
        }
    }

    // MARK: YAML and TOML

    /// A value after a key (or in a list): strings, numbers, literals, comments, to the end of the line.
    private mutating func scanValue(from start: Int, to end: Int, comment: UInt8 = UInt8(ascii: "#")) {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == comment, index == start || bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 {
                emit(.comment, index..<end)
                return
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let delimiter = LanguageSyntax.StringDelimiter(
                    open: [byte], close: [byte], escapes: byte == UInt8(ascii: "\""), multiline: false)
                let stringEnd = min(stringEnd(at: index, delimiter) ?? end, end)
                emit(.string, index..<stringEnd)
                index = stringEnd
                continue
            }
            if (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*")) && syntax.mode == .yaml
                && Self.isIdentifierStart(at(index + 1))
            {
                var wordEnd = index + 1
                while wordEnd < end, Self.isIdentifierByte(bytes[wordEnd]) || bytes[wordEnd] == UInt8(ascii: "-") {
                    wordEnd += 1
                }
                emit(.variable, index..<wordEnd)
                index = wordEnd
                continue
            }
            if Self.isIdentifierByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".")
            {
                var wordEnd = index
                while wordEnd < end, bytes[wordEnd] != 0x20, bytes[wordEnd] != 0x09,
                    bytes[wordEnd] != UInt8(ascii: ","),
                    bytes[wordEnd] != UInt8(ascii: "]"), bytes[wordEnd] != UInt8(ascii: "}")
                { wordEnd += 1 }
                let text = word(index..<wordEnd)
                if syntax.literals.contains(text) {
                    emit(.literal, index..<wordEnd)
                } else if let first = text.utf8.first,
                    Self.isDigit(first)
                        || (first == UInt8(ascii: "-") || first == UInt8(ascii: "+")) && text.utf8.count > 1
                            && Self.isDigit(text.utf8[text.utf8.index(after: text.utf8.startIndex)]),
                    text.allSatisfy({ $0.isNumber || "-+.:_eExXoObTZ".contains($0) || $0.isHexDigit })
                {
                    emit(.number, index..<wordEnd)
                }
                index = max(wordEnd, index + 1)
                continue
            }
            index += 1
        }
    }

    private mutating func scanYAML() {
        var index = 0
        while index < bytes.count {
            let end = endOfLine(from: index)
            var start = index
            while start < end, bytes[start] == 0x20 { start += 1 }
            if starts(with: Array("---".utf8), at: index) || starts(with: Array("...".utf8), at: index) {
                emit(.meta, index..<end)
            } else if at(start) == UInt8(ascii: "#") {
                emit(.comment, start..<end)
            } else {
                while at(start) == UInt8(ascii: "-"), at(start + 1) == 0x20 { start += 2 }
                // `key:` followed by a space or the end of the line.
                var colon = start
                if at(colon) != UInt8(ascii: "\"") && at(colon) != UInt8(ascii: "'") {
                    while colon < end,
                        bytes[colon] != UInt8(ascii: ":") || !(colon + 1 == end || bytes[colon + 1] == 0x20),
                        bytes[colon] != UInt8(ascii: "#")
                    { colon += 1 }
                }
                if colon < end, bytes[colon] == UInt8(ascii: ":"), colon > start {
                    emit(.property, start..<colon)
                    scanValue(from: colon + 1, to: end)
                } else {
                    scanValue(from: start, to: end)
                }
            }
            index = end + 1
        }
    }

    private mutating func scanTOML() {
        var index = 0
        while index < bytes.count {
            let end = endOfLine(from: index)
            var start = index
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            if at(start) == UInt8(ascii: "[") {
                var close = start
                while close < end, bytes[close] != UInt8(ascii: "]") { close += 1 }
                if at(close + 1) == UInt8(ascii: "]") { close += 1 }
                emit(.section, start..<min(end, close + 1))
                scanValue(from: min(end, close + 1), to: end)
            } else if at(start) == UInt8(ascii: "#") {
                emit(.comment, start..<end)
            } else if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) {
                var keyEnd = equals
                while keyEnd > start, bytes[keyEnd - 1] == 0x20 { keyEnd -= 1 }
                emit(.property, start..<keyEnd)
                if let multiline = [Array("\"\"\"".utf8), Array("'''".utf8)].first(where: {
                    tripleQuoteStart($0, after: equals + 1, end: end) != nil
                }),
                    let open = tripleQuoteStart(multiline, after: equals + 1, end: end)
                {
                    let delimiter = LanguageSyntax.StringDelimiter(
                        open: multiline, close: multiline, escapes: multiline[0] == UInt8(ascii: "\""), multiline: true)
                    let stringEnd = stringEnd(at: open, delimiter) ?? bytes.count
                    emit(.string, open..<stringEnd)
                    index = stringEnd
                    let rest = endOfLine(from: index)
                    scanValue(from: index, to: rest)
                    index = rest + 1
                    continue
                }
                scanValue(from: equals + 1, to: end)
            } else {
                scanValue(from: start, to: end)
            }
            index = end + 1
        }
    }

    private func tripleQuoteStart(_ quote: [UInt8], after index: Int, end: Int) -> Int? {
        var start = index
        while start < end, bytes[start] == 0x20 { start += 1 }
        return starts(with: quote, at: start) ? start : nil
    }

    // MARK: CSS

    private mutating func scanCSS() {
        var index = 0
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let end = commentEnd(at: index) {
                emit(.comment, index..<end)
                index = end
            } else if let end = stringAt(index) {
                emit(.string, index..<end)
                index = end
            } else if byte == UInt8(ascii: "{") {
                depth += 1
                index += 1
            } else if byte == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
                index += 1
            } else if byte == UInt8(ascii: "@"), Self.isIdentifierStart(at(index + 1)) {
                var end = index + 1
                while end < bytes.count, Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") {
                    end += 1
                }
                emit(.keyword, index..<end)
                index = end
            } else if byte == UInt8(ascii: "!"), starts(with: Array("!important".utf8), at: index) {
                emit(.keyword, index..<(index + 10))
                index += 10
            } else if Self.isDigit(byte) || byte == UInt8(ascii: "#") && depth > 0
                || byte == UInt8(ascii: ".") && Self.isDigit(at(index + 1)) && depth > 0
            {
                let previous = index > 0 ? bytes[index - 1] : 0
                if Self.isIdentifierByte(previous) || previous == UInt8(ascii: "-") {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < bytes.count,
                    Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: ".")
                        || bytes[end] == UInt8(ascii: "%")
                { end += 1 }
                emit(.number, index..<end)
                index = end
            } else if Self.isIdentifierStart(byte)
                || byte == UInt8(ascii: "-")
                    && (Self.isIdentifierStart(at(index + 1)) || at(index + 1) == UInt8(ascii: "-"))
            {
                var end = index + 1
                while end < bytes.count, Self.isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") {
                    end += 1
                }
                var after = end
                while after < bytes.count, bytes[after] == 0x20 { after += 1 }
                if depth > 0, at(after) == UInt8(ascii: ":") {
                    emit(.property, index..<end)
                } else if depth == 0 {
                    let previous = index > 0 ? bytes[index - 1] : 0
                    emit(
                        previous == UInt8(ascii: ".") || previous == UInt8(ascii: "#")
                            ? .type : previous == UInt8(ascii: ":") ? .keyword : .tag, index..<end)
                } else if at(after) == UInt8(ascii: "(") {
                    emit(.function, index..<end)
                }
                index = end
            } else {
                index += 1
            }
        }
    }
}
