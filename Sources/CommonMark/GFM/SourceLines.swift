/// The source of a document split into lines the way libcmark numbers them (line feed, carriage return,
/// or both), and the lines of one paragraph with its containers' prefixes taken off.
struct SourceLines {
    let lines: [Substring]
    /// The stand-ins of the text's form feeds and vertical tabs (``FormFeeds``), which the extensions'
    /// scanners read as white space.
    let standIn: FormFeeds.StandIn?
    /// The text's bytes, and each line's range of them: searches of many lines read them in place.
    private let bytes: [UInt8]
    private let bounds: [Range<Int>]

    init(_ source: String, standIn: FormFeeds.StandIn? = nil) {
        self.standIn = standIn
        // By UTF-8 byte over the string's buffer: line ends are ASCII, and walking Characters (or even the
        // UTF-8 view's indices) cost more than the extensions' work.
        var source = source
        var bounds: [Range<Int>] = []
        source.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var start = 0
            // memchr from one line end to the next; a document without carriage returns (nearly all) needs
            // only the line feeds'.
            var returnAt = ByteSearch.next(0x0D, in: raw, from: 0, to: bytes.count)
            while true {
                let feed = ByteSearch.next(0x0A, in: raw, from: start, to: returnAt)
                let end = min(feed, returnAt)
                guard end < bytes.count else { break }
                bounds.append(start..<end)
                start = end + (bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A ? 2 : 1)
                if returnAt < start { returnAt = ByteSearch.next(0x0D, in: raw, from: start, to: bytes.count) }
            }
            bounds.append(start..<bytes.count)
        }
        let utf8 = source.utf8
        let origin = utf8.startIndex
        self.bytes = Array(utf8)
        self.bounds = bounds
        lines = bounds.map { bound in
            Substring(
                utf8[utf8.index(origin, offsetBy: bound.lowerBound)..<utf8.index(origin, offsetBy: bound.upperBound)])
        }
    }

    /// The lines of a text, split on the first call and kept: most documents need them for no extension.
    static func lazily(_ text: String, standIn: FormFeeds.StandIn? = nil) -> () -> SourceLines {
        var lines: SourceLines?
        return {
            if let lines { return lines }
            let made = SourceLines(text, standIn: standIn)
            lines = made
            return made
        }
    }

    /// Lines `first` through `last` (1-based) as written, containers' prefixes included.
    func raw(from first: Int, through last: Int) -> String {
        guard first >= 1, first <= last, last <= lines.count else { return "" }
        return lines[(first - 1)..<last].joined(separator: "\n")
    }

    /// A line's bytes (1-based), in place: indexed from where the line starts in the text.
    func lineBytes(_ line: Int) -> ArraySlice<UInt8> { bytes[bounds[line - 1]] }

    /// The column (tabs to the next multiple of four, from 0) at a 1-based byte column of a line.
    func column(line: Int, byteColumn: Int) -> Int {
        guard line >= 1, line <= lines.count else { return 0 }
        let bound = bounds[line - 1]
        let end = bound.lowerBound + min(max(0, byteColumn - 1), bound.count)
        // Without a tab, a column is a byte: one search (`memchr`), where a long line asked at many places
        // (definitions nested by the thousand on one line) would be read from its start each time.
        let tab = bytes.withUnsafeBytes { ByteSearch.next(0x09, in: $0, from: bound.lowerBound, to: end) }
        guard tab < end else { return end - bound.lowerBound }
        var column = tab - bound.lowerBound
        for byte in bytes[tab..<end] {
            column = byte == UInt8(ascii: "\t") ? column + 4 - column % 4 : column + 1
        }
        return column
    }

    /// Whether lines `first` through `last` (1-based) hold one of the bytes.
    func contains(from first: Int, through last: Int, anyOf wanted: [UInt8]) -> Bool {
        guard first >= 1, first <= last, last <= lines.count else { return false }
        let (start, end) = (bounds[first - 1].lowerBound, bounds[last - 1].upperBound)
        // A memchr for each byte (callers look for one to three). The line ends between are none of the bytes
        // looked for, or the caller asks for them in vain.
        return bytes.withUnsafeBytes { all in
            wanted.contains { $0 != 0x0A && $0 != 0x0D && ByteSearch.next($0, in: all, from: start, to: end) < end }
        }
    }

    /// The indices (0-based) of the lines that hold `pattern` (no line end in it), in order: one search of
    /// the whole text, not one of each line.
    func lineIndices(holding pattern: [UInt8]) -> [Int] {
        var found: [Int] = []
        var line = 0
        bytes.withUnsafeBytes { all in
            var from = 0
            while let at = ByteSearch.firstIndex(of: pattern, in: all, from: from) {
                while bounds[line].upperBound < at { line += 1 }
                found.append(line)
                // On from the next line: one index for each line.
                guard line + 1 < bounds.count else { break }
                line += 1
                from = bounds[line].lowerBound
            }
        }
        return found
    }

    /// The text's bytes and each line's range of them.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>, [Range<Int>]) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body($0, bounds) }
    }

    /// Whether lines `first` through `last` (1-based) are lines of the text.
    func holds(from first: Int, through last: Int) -> Bool { first >= 1 && first <= last && last <= lines.count }

    /// The bytes of lines `first` through `last` (1-based), with the line ends between.
    func bytes(from first: Int, through last: Int) -> ArraySlice<UInt8> {
        guard first >= 1, first <= last, last <= lines.count else { return [] }
        return bytes[bounds[first - 1].lowerBound..<bounds[last - 1].upperBound]
    }

    /// Whether one of lines `first` through `last` (1-based) holds the bytes of `sequence` in a row.
    func contains(from first: Int, through last: Int, sequence: [UInt8]) -> Bool {
        guard first >= 1, first <= last, last <= lines.count else { return false }
        let span = bytes(from: first, through: last)
        return ByteSearch.firstIndex(of: sequence, in: span, from: span.startIndex) != nil
    }

    /// Whether a line (1-based) is blank once its block quotes' `>` are read: only white space and at most
    /// that many `>`.
    func isBlank(_ line: Int, quotes: Int) -> Bool {
        guard line >= 1, line <= lines.count else { return false }
        var markers = 0
        for byte in bytes[bounds[line - 1]] {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: ">"): markers += 1
            default: return false
            }
        }
        return markers <= quotes
    }

    /// One line of a paragraph's content.
    struct ContentLine {
        /// The text after the containers' prefixes and the indentation.
        var text: Substring
        /// Columns of indentation after the block quotes' prefixes (tabs to the next multiple of four).
        var indent: Int
        /// A lazy continuation line: it lacks a `>` of an enclosing block quote.
        var lazy: Bool
        /// The `>` markers the line has (all of the enclosing quotes' unless it is lazy).
        var quotesFound: Int
        /// The white space before `text`.
        var whitespace: Substring = ""
        /// The column (tabs to the next multiple of four) where `whitespace` starts.
        var column = 0
    }

    /// The lines of a paragraph (or setext heading) from its source positions: the first from its start
    /// column, the others after as many `>` as it has enclosing block quotes, and the indentation.
    ///
    /// - Parameter margins: Where each quote's `>` is counted from (``Tables/quoteMargins(of:source:)``): the
    ///   first's column, and for each other the columns past where the quote before leaves off that a list
    ///   item between them takes. A `>` is one only at or past its margin and within three columns of it;
    ///   one indented further, or less, is text of a lazy line. nil takes every `>`.
    func content(
        from startLine: Int, column startColumn: Int, through endLine: Int, quotes: Int, margins: [Int]? = nil
    ) -> [ContentLine] {
        guard startLine >= 1, endLine <= lines.count, startLine <= endLine else { return [] }
        var result: [ContentLine] = []
        for number in startLine...endLine {
            var line = lines[number - 1]
            var lazy = false
            var found = quotes
            // The column `line` starts at (tabs to the next multiple of four), and the columns of a tab that a
            // block quote's marker left over: cmark takes one column of a tab after `>` as the optional space.
            var column = 0
            var leftover = 0
            if number == startLine {
                let offset = min(max(startColumn - 1, 0), line.utf8.count)
                line = line.utf8.dropFirst(offset).substring ?? line
            } else {
                let prefix = Self.quotePrefix(of: line, quotes: quotes, margins: margins)
                (line, column, leftover) = (prefix.rest, prefix.column, prefix.leftover)
                lazy = prefix.found < quotes
                found = prefix.found
            }
            let whitespace = line.prefix { $0 == " " || $0 == "\t" }
            let indent = leftover + Self.advance(column, over: whitespace) - column
            result.append(
                ContentLine(
                    text: line[whitespace.endIndex...], indent: indent, lazy: lazy, quotesFound: found,
                    whitespace: whitespace, column: column))
        }
        return result
    }

    /// The column (tabs to the next multiple of four) where a line's content begins after up to `quotes`
    /// block quote markers: inside a tab after the last `>`, whose other columns are the content's
    /// indentation, as ``content(from:column:through:quotes:)`` counts them.
    func quoteContentColumn(line number: Int, quotes: Int) -> Int {
        guard number >= 1, number <= lines.count else { return 0 }
        let prefix = Self.quotePrefix(of: lines[number - 1], quotes: quotes)
        return prefix.column - prefix.leftover
    }

    /// A line after up to `quotes` block quote markers (`>` and the space or one column of a tab after it):
    /// the rest, the column it begins at, the columns of a tab the last marker left over, and how many
    /// markers there were.
    private static func quotePrefix(of line: Substring, quotes: Int, margins: [Int]? = nil) -> (
        rest: Substring, column: Int, leftover: Int, found: Int
    ) {
        var line = line
        var column = 0
        var leftover = 0
        var found = 0
        while found < quotes {
            let stripped = line.drop { $0 == " " || $0 == "\t" }
            let indented = advance(column, over: line[..<stripped.startIndex])
            // A `>` stands at its margin or past it: one before it leaves the items outside the quote, and the
            // line is lazy (`  -  >a`, then `    > b`).
            guard stripped.first == ">",
                margins.map({ margins in
                    let margin = found < margins.count ? margins[found] : 0
                    let base = found == 0 ? max(margin, column) : column + margin
                    return leftover + indented - base < 4 && leftover + indented >= base
                }) ?? true
            else { break }
            column = indented + 1
            line = stripped.dropFirst()
            leftover = 0
            if line.first == " " {
                line = line.dropFirst()
                column += 1
            } else if line.first == "\t" {
                // cmark takes one column of the tab as the marker's optional space.
                line = line.dropFirst()
                leftover = 3 - column % 4
                column += leftover + 1
            }
            found += 1
        }
        return (line, column, leftover, found)
    }

    /// The column after `text` (spaces and tabs, tabs to the next multiple of four) from `column`.
    static func advance(_ column: Int, over text: Substring) -> Int {
        text.utf8.reduce(column) { $1 == UInt8(ascii: "\t") ? $0 + 4 - $0 % 4 : $0 + 1 }
    }
}

extension Substring.UTF8View {
    /// The view as a `Substring`, when it starts and ends on character boundaries.
    fileprivate var substring: Substring? { Substring(self) }
}

extension Substring {
    /// The text's UTF-8 bytes, copied from the string's storage in one move where it is contiguous (a native
    /// string's always is): `Array(utf8)` copies a substring's bytes one at a time, which cost more than the
    /// table and task-list passes' own work on their lines.
    var utf8Bytes: [UInt8] { utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(utf8) }
}
