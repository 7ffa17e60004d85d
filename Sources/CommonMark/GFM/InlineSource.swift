internal import CCmark

/// The source text of a paragraph or heading and, for each inline node libcmark made of it, the bytes it came
/// from: cmark-gfm reads some of its syntax from that text before entities and backslash escapes are decoded
/// (a footnote reference's label, a bare URL), which libcmark's tree no longer shows.
///
/// libcmark's own source positions of inlines are not used: on continuation lines they count columns from
/// the text after its indentation, and after a hard line break they keep the previous line. Instead the
/// container's lines are taken from the source (block quote markers and indentation off, as libcmark's
/// inline parser never sees them) and walked beside the nodes; a node that does not fit where it should
/// (a link reference definition at the start of the paragraph, or anything not foreseen) makes the walk
/// start again on the next line, and at the end give up, in which case the container is left as it is.
struct InlineSource {
    /// Where a text node's decoded bytes differ from its source: an escape, an entity, smart punctuation.
    struct Unit {
        var raw: Range<Int>
        var literal: Range<Int>
    }

    struct TextSpan {
        var raw: Range<Int>
        var units: [Unit]
    }

    let raw: [UInt8]
    private(set) var ranges: [OpaquePointer: Range<Int>] = [:]
    private(set) var texts: [OpaquePointer: TextSpan] = [:]
    /// The bytes of white space that libcmark's content holds at the start of a line (by the offset in `raw`
    /// where the line starts) and `raw` leaves out: a lazy line's, which its inline parser takes off after
    /// the line ending. Only for blocks that hold a `[^` (``FootnoteReferences`` counts columns) or a backtick
    /// (a block read again around a bare URL puts it back, where a code span holds it).
    private(set) var lineWhitespace: [Int: [UInt8]] = [:]
    /// The offsets in `raw` of the line endings that end a soft or a hard break of spaces, in order: where
    /// cmark-gfm's `handle_newline` restarts its count of columns (not in code spans, HTML or links, nor after
    /// a backslash's break).
    private(set) var lineBreaks: [Int] = []
    private var position = 0
    private var entities: EntityDecoder
    /// The brackets left open by the text walked so far: cmark-gfm reads no bare URL inside one.
    private var brackets = Autolinks.OpenBrackets()

    private init(raw: [UInt8], entities: EntityDecoder) {
        self.raw = raw
        self.entities = entities
    }

    /// The source of a paragraph or heading aligned with its inline nodes, or nil when they could not be
    /// matched.
    static func make(for block: OpaquePointer, lines: SourceLines, entities: EntityDecoder) -> InlineSource? {
        guard Tree.firstChild(block) != nil else { return nil }
        let quotes = Tree.quoteDepth(of: block)
        let first = Tree.startLine(block)
        var last = Tree.endLine(block)
        let contentLines = lines.content(
            from: first, column: Tree.startColumn(block), through: last, quotes: quotes,
            margins: Tables.quoteMargins(of: block, source: lines))
        var items: [Int]?
        // The line's text with the white space libcmark keeps at its start, where its inline parser does not
        // take it off: after a backslash's hard break, and at the paragraph's start after link reference
        // definitions.
        func keeping(_ line: SourceLines.ContentLine, number: Int) -> [UInt8] {
            if items == nil { items = Tables.itemContentColumns(of: block, source: lines, quotes: quotes) }
            return Array(
                (keptWhitespace(line, number: number, of: block, items: items ?? [], source: lines) + line.text).utf8)
        }
        var content = contentLines.indices.map { index in
            let line = contentLines[index]
            guard index > 0, line.indent > 0, endsInHardBreak(contentLines[index - 1].text) else {
                return Array(line.text.utf8)
            }
            return keeping(line, number: first + index)
        }
        guard !content.isEmpty else { return nil }
        if Tree.type(block) == CMARK_NODE_HEADING {
            if let atx = atxContent(content[0]), content.count == 1 {
                content[0] = atx
            } else {
                // A setext heading: its underline is the last line, or the one before when libcmark ends the
                // heading on the next line, where a block starts (`*a*`, `-`, `b`).
                let end = contentLines[content.count - 1]
                let isUnderline =
                    !end.lazy && Tables.isSetextUnderline(end.text, allowingEquals: true)
                if content.count > 2, !isUnderline || Tree.nextBlockLine(after: block) == last {
                    content.removeLast()
                    last -= 1
                }
                content.removeLast()
                last -= 1
            }
        }
        // Link reference definitions before the text take whole lines: start on each line in turn.
        for start in 0..<min(content.count, 64) {
            var rest = content[start...]
            if start > 0, contentLines[start].indent > 0, !endsInHardBreak(contentLines[start - 1].text) {
                rest[start] = keeping(contentLines[start], number: first + start)
            }
            var raw = Array(rest.joined(separator: [0x0A]))
            // cmark's inline parser takes the white space off the end of a block's text (`cmark_chunk_rtrim`),
            // so a URL that cmark-gfm reads to the end of that text ends where the text does (`\ www. `).
            while let byte = raw.last, byte == 0x20 || byte == 0x09 { raw.removeLast() }
            var source = InlineSource(raw: raw, entities: entities)
            guard source.walkChildren(of: block) else { continue }
            // The white space a line keeps where cmark's inline parser does not take it off: a code span, a
            // link's title or a raw tag across lines holds it in a reading again (a lazy line's), and cmark-gfm
            // counts a footnote label across lines by columns, from the start of each line's content.
            guard rest.count > 1,
                ByteSearch.firstIndex(of: referenceOpening, in: source.raw[...], from: 0) != nil
                    || source.raw.contains(where: keepsWhitespace)
            else { return source }
            var offset = 0
            for index in rest.indices {
                if index > start, contentLines[index].indent > 0, !endsInHardBreak(contentLines[index - 1].text) {
                    let kept = keeping(contentLines[index], number: first + index).dropLast(rest[index].count)
                    if !kept.isEmpty { source.lineWhitespace[offset] = Array(kept) }
                }
                offset += rest[index].count + 1
            }
            return source
        }
        return nil
    }

    private static let referenceOpening = Array("[^".utf8)

    /// Whether a byte may open what holds white space at a line's start: a code span, a link's title, a tag.
    private static func keepsWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "`") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "<")
    }

    /// Whether a line ends in a backslash that escapes nothing, a hard line break.
    private static func endsInHardBreak(_ text: Substring) -> Bool {
        text.utf8.reversed().prefix { $0 == UInt8(ascii: "\\") }.count % 2 == 1
    }

    /// The white space that libcmark's (and cmark-gfm's) paragraph keeps at the start of one of the block's
    /// lines (``keptWhitespace(_:items:quotesOnly:outerItems:)``).
    ///
    /// - Parameter items: The content columns of the list items inside the block's quotes, innermost first
    ///   (``Tables/itemContentColumns(of:source:quotes:)``).
    static func keptWhitespace(
        _ line: SourceLines.ContentLine, number: Int, of block: OpaquePointer, items: [Int], source: SourceLines
    ) -> Substring {
        keptWhitespace(
            line, items: items, quotesOnly: Tree.quoteDepth(of: block) == 0 || Tree.quotesReachMargin(of: block),
            outerItems: { outerItemColumns(of: block, source: source) },
            chained: {
                var prefix = ContainerPrefix(of: block, source: source)
                return prefix?.whitespace(line: number)
            })
    }

    /// The white space that libcmark keeps at the start of a line after a backslash's hard break, where its
    /// inline parser does not take it off: on a lazy line, all of it after the last container the line
    /// continues (the paragraph takes a lazy line whole); on another, none. Only lines whose containers
    /// are block quotes alone, list items alone, or that have none of their quotes' `>` are read here; a
    /// lazy line with some of its quotes' `>` in a chain of both is matched against the whole chain.
    ///
    /// - Parameters:
    ///   - outerItems: The content columns of the list items around the block's outermost quote.
    ///   - chained: The white space after the containers the line continues (``ContainerPrefix``).
    private static func keptWhitespace(
        _ line: SourceLines.ContentLine, items: [Int], quotesOnly: Bool, outerItems: () -> [Int],
        chained: () -> Substring?
    ) -> Substring {
        if line.lazy {
            // A tab after the last `>` the line has leaves the columns the marker did not take, as spaces.
            if quotesOnly, !line.whitespace.contains("\t") {
                return String(repeating: " ", count: line.indent - line.whitespace.count) + line.whitespace
            }
            if quotesOnly { return line.whitespace }
            // The line continues the items whose content column it reaches, and stops at the first quote.
            guard line.quotesFound == 0 else { return chained() ?? "" }
            return whitespace(line.whitespace, from: outerItems().filter { $0 <= line.indent }.max() ?? 0, at: 0)
        }
        // The items a line continues are those whose content column its indentation reaches, outermost first.
        guard let innermost = items.first, line.indent < innermost else { return "" }
        let continued = items.filter { $0 <= line.indent }.max() ?? 0
        // A tab after the last `>` leaves the columns the marker did not take, as spaces (`>[^1]:a\`, `>\tb`);
        // the tabs after it count their columns from where they stand.
        let leftover = line.indent - (SourceLines.advance(line.column, over: line.whitespace) - line.column)
        guard leftover <= continued else {
            return Substring(String(repeating: " ", count: leftover - continued) + line.whitespace)
        }
        return whitespace(line.whitespace, from: line.column - leftover + continued, at: line.column)
    }

    /// White space that starts at column `origin`, from column `start` on (tabs to the next multiple of four):
    /// a tab that `start` falls inside leaves its other columns as spaces, as cmark adds a partly taken tab.
    private static func whitespace(_ text: Substring, from start: Int, at origin: Int) -> Substring {
        var column = origin
        for index in text.indices {
            if column >= start { return text[index...] }
            let next = text[index] == "\t" ? column + 4 - column % 4 : column + 1
            if next > start {
                return Substring(String(repeating: " ", count: next - start) + text[text.index(after: index)...])
            }
            column = next
        }
        return ""
    }

    /// The content columns of the list items around a block's outermost block quote.
    private static func outerItemColumns(of block: OpaquePointer, source: SourceLines) -> [Int] {
        var columns: [Int] = []
        var ancestor = Tree.parent(block)
        while let current = ancestor {
            if Tree.type(current) == CMARK_NODE_BLOCK_QUOTE {
                columns = []
            } else if Tree.type(current) == CMARK_NODE_ITEM,
                let column = Tables.itemContentColumn(of: current, source: source)
            {
                columns.append(column)
            }
            ancestor = Tree.parent(current)
        }
        return columns
    }

    /// The text of an ATX heading line: after the opening `#`s and before a closing sequence.
    private static func atxContent(_ line: [UInt8]) -> [UInt8]? {
        var index = 0
        while index < line.count, line[index] == UInt8(ascii: "#") { index += 1 }
        guard (1...6).contains(index), index == line.count || line[index] == 0x20 || line[index] == 0x09 else {
            return nil
        }
        var text = Array(line[index...])
        while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: "#") { end -= 1 }
        if end < text.count, end == 0 || text[end - 1] == 0x20 || text[end - 1] == 0x09 { text.removeSubrange(end...) }
        while let first = text.first, first == 0x20 || first == 0x09 { text.removeFirst() }
        while let last = text.last, last == 0x20 || last == 0x09 { text.removeLast() }
        return text
    }

    private mutating func walkChildren(of node: OpaquePointer) -> Bool {
        var child = Tree.firstChild(node)
        while let current = child {
            let start = position
            guard walk(current) else { return false }
            ranges[current] = start..<position
            child = Tree.next(current)
        }
        return true
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < raw.count ? raw[position + offset] : nil
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpaces() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { position += 1 }
    }

    private mutating func walk(_ node: OpaquePointer) -> Bool {
        switch Tree.type(node) {
        case CMARK_NODE_TEXT:
            let start = position
            guard walkText(node) else { return false }
            var index = start
            while index < position {
                if raw[index] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                brackets.read(raw, at: index)
                index += 1
            }
            return true
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            return walkLineEnd()
        case CMARK_NODE_CODE:
            return walkCode()
        case CMARK_NODE_HTML_INLINE:
            return walkHTML(Tree.literalBytes(node))
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
            let count = Tree.type(node) == CMARK_NODE_EMPH ? 1 : 2
            guard let delimiter = peek(), delimiter == UInt8(ascii: "*") || delimiter == UInt8(ascii: "_") else {
                return false
            }
            for _ in 0..<count { guard expect(delimiter) else { return false } }
            guard walkChildren(of: node) else { return false }
            for _ in 0..<count { guard expect(delimiter) else { return false } }
            return true
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            return walkLink(node)
        case CMARK_NODE_CUSTOM_INLINE where FootnoteReferences.isRestored(node):
            return walkRestoredReference(node)
        case CMARK_NODE_CUSTOM_INLINE where Tree.firstChild(node) == nil && Tree.onEnter(node).isEmpty:
            // What parts an unreferenced `[^` (``FootnoteReferences/separateUnreferencedCarets(in:)``): no source.
            return Tree.onExit(node).isEmpty
        case CMARK_NODE_CUSTOM_INLINE where Tree.onEnter(node) == "<del>":
            // Strikethrough matched before (beside references kept apart): a run of one or two `~` each side.
            var count = 0
            while peek() == UInt8(ascii: "~") {
                count += 1
                position += 1
            }
            guard (1...2).contains(count), walkChildren(of: node) else { return false }
            for _ in 0..<count { guard expect(UInt8(ascii: "~")) else { return false } }
            return true
        case CMARK_NODE_CUSTOM_INLINE where Strikethrough.isWrittenTilde(node):
            // A tilde kept from strikethrough: an escape or an entity.
            if peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "~") {
                position += 2
                return true
            }
            guard peek() == UInt8(ascii: "&"), let (length, decoded) = entity(), decoded == [UInt8(ascii: "~")] else {
                return false
            }
            position += length
            return true
        default:
            return false
        }
    }

    /// A link or an image: an autolink's text, or its text in brackets and its destination or label.
    private mutating func walkLink(_ node: OpaquePointer) -> Bool {
        if Tree.type(node) == CMARK_NODE_LINK, let text = Tree.firstChild(node), Tree.isText(text),
            Tree.next(text) == nil,
            let url = Tree.url(node), peek() != UInt8(ascii: "[")
        {
            // A link the autolink extension made of text: its text is its source (read from the source,
            // or without escapes or entities in it).
            let literal = Tree.literal(text)
            if url == literal || url == "http://" + literal || url == "mailto:" + literal,
                raw[position...].starts(with: literal.utf8)
            {
                position += literal.utf8.count
                return true
            }
        }
        if Tree.type(node) == CMARK_NODE_LINK, peek() == UInt8(ascii: "<") {
            // An autolink: its text is its source.
            while let byte = peek(), byte != UInt8(ascii: ">") { position += 1 }
            return expect(UInt8(ascii: ">"))
        }
        if Tree.type(node) == CMARK_NODE_IMAGE { guard expect(UInt8(ascii: "!")) else { return false } }
        guard expect(UInt8(ascii: "[")), walkChildren(of: node), expect(UInt8(ascii: "]")) else { return false }
        if Tree.type(node) == CMARK_NODE_LINK { brackets.apply([.linkClosed]) }
        if peek() == UInt8(ascii: "("), let end = InlineSource.inlineLinkEnd(raw, position) {
            position = end
        } else if peek() == UInt8(ascii: "["), let end = Self.labelEnd(raw, position) {
            // A reference's label; a `[` that opens none (`[r][a ![^x](v)`) follows a shortcut reference.
            position = end
        }
        return true
    }

    /// A footnote reference restored before: its text is its source.
    private mutating func walkRestoredReference(_ node: OpaquePointer) -> Bool {
        guard let text = Tree.firstChild(node) else { return false }
        let length = Int(bitPattern: cmark_node_get_user_data(node))
        if length > 0, position + length <= raw.count {
            position += length
            return true
        }
        let literal = Tree.literalBytes(text)
        if raw[position...].starts(with: literal) {
            position += literal.count
            return true
        }
        // One across lines has the label cmark-gfm's count of columns cut: its source goes on to the `]`
        // that closes its `[`.
        guard literal.count >= 3, raw[position...].starts(with: literal.dropLast()) else { return false }
        var depth = 0
        var index = position
        while index < raw.count {
            switch raw[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]") where depth == 1:
                position = index + 1
                return true
            case UInt8(ascii: "]"): depth -= 1
            default: break
            }
            index += 1
        }
        return false
    }

    /// A line ending, after a hard break's spaces or backslash: the inline parser takes the next line's white
    /// space off, but not after a backslash's break. A backslash that cmark-gfm's bare URL takes makes no
    /// break there, and its count of columns restarts at the line ending as after a soft break.
    private mutating func walkLineEnd() -> Bool {
        skipSpaces()
        let backslashAt = position
        let backslash = expect(UInt8(ascii: "\\"))
        guard expect(0x0A) else { return false }
        if !backslash {
            lineBreaks.append(position - 1)
            skipSpaces()
        } else if !brackets.block, Autolinks.takesLineEndBackslash(raw, at: backslashAt) {
            lineBreaks.append(position - 1)
        }
        return true
    }

    private mutating func walkCode() -> Bool {
        var ticks = 0
        while peek() == UInt8(ascii: "`") {
            ticks += 1
            position += 1
        }
        guard ticks > 0 else { return false }
        while position < raw.count {
            if raw[position] == UInt8(ascii: "`") {
                var run = 0
                while peek() == UInt8(ascii: "`") {
                    run += 1
                    position += 1
                }
                if run == ticks { return true }
            } else {
                position += 1
            }
        }
        return false
    }

    /// Raw HTML is its own source, but its line breaks are followed by the next line's indentation, which
    /// the container's lines have lost.
    private mutating func walkHTML(_ literal: [UInt8]) -> Bool {
        var index = 0
        while index < literal.count {
            guard let byte = peek(), byte == literal[index] else { return false }
            position += 1
            index += 1
            if byte == 0x0A {
                while index < literal.count, literal[index] == 0x20 || literal[index] == 0x09 { index += 1 }
                // The source keeps it after a line that ends in a backslash, taken for a hard break's.
                skipSpaces()
            }
        }
        return true
    }

    private mutating func walkText(_ node: OpaquePointer) -> Bool {
        let literal = Tree.literalBytes(node)
        let start = position
        var units: [Unit] = []
        var index = 0
        while index < literal.count {
            guard let byte = peek() else { return false }
            let unitStart = position
            let literalStart = index
            if byte == UInt8(ascii: "\\"), let next = peek(1), isASCIIPunctuation(next), literal[index] == next {
                position += 2
                index += 1
            } else if byte == UInt8(ascii: "&"), let (length, decoded) = entity(),
                literal[index...].starts(with: decoded)
            {
                position += length
                index += decoded.count
            } else if byte == literal[index] {
                position += 1
                index += 1
                continue
            } else if byte == 0, literal[index...].starts(with: [0xEF, 0xBF, 0xBD]) {
                position += 1
                index += 3
            } else if literal[index] == 0xE2, index + 2 < literal.count, literal[index + 1] == 0x80,
                let consumed = Self.smartSource(literal[index + 2]), raw[position...].starts(with: consumed)
            {
                position += consumed.count
                index += 3
            } else {
                return false
            }
            units.append(Unit(raw: unitStart..<position, literal: literalStart..<index))
        }
        texts[node] = TextSpan(raw: start..<position, units: units)
        return true
    }

    /// What smart punctuation was typed as: curly quotes as straight ones, dashes as hyphens, the ellipsis
    /// as three dots.
    static func smartSource(_ last: UInt8) -> [UInt8]? {
        switch last {
        case 0x93: Array("--".utf8)
        case 0x94: Array("---".utf8)
        case 0xA6: Array("...".utf8)
        case 0x98, 0x99: [UInt8(ascii: "'")]
        case 0x9C, 0x9D: [UInt8(ascii: "\"")]
        default: nil
        }
    }

    /// The entity at the position, if it is one libcmark decodes: its length and its text.
    private mutating func entity() -> (Int, [UInt8])? {
        var end = position + 1
        while end < raw.count, end - position <= 33, raw[end] != UInt8(ascii: ";") {
            let byte = raw[end]
            guard isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "#") else { return nil }
            end += 1
        }
        guard end < raw.count, raw[end] == UInt8(ascii: ";"), end > position + 1 else { return nil }
        let text = Array(raw[position...end])
        guard let decoded = entities.decode(text) else { return nil }
        return (text.count, decoded)
    }

    /// Source text with its backslash escapes and entities decoded.
    private func decodeSource(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex, isASCIIPunctuation(bytes[index + 1]) {
                result.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == UInt8(ascii: "&"), let semicolon = bytes[index...].prefix(34).firstIndex(of: UInt8(ascii: ";")),
                let decoded = entities.decode(Array(bytes[index...semicolon]))
            {
                result += decoded
                index = semicolon + 1
                continue
            }
            result.append(byte)
            index += 1
        }
        return result
    }

    /// The end of a link label at `start` (its `[`): after its `]`, or nil where an unescaped `[` or the
    /// end comes first, or it runs past 999 characters (CommonMark §6.3), which makes it no label.
    static func labelEnd(_ raw: [UInt8], _ start: Int) -> Int? {
        var index = start + 1
        while index < raw.count, index - start <= 1000 {
            switch raw[index] {
            case UInt8(ascii: "]"): return index + 1
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// The end of an inline link's `(destination "title")` from its `(`, by CommonMark's syntax; nil when it
    /// is not one.
    static func inlineLinkEnd<Bytes: RandomAccessCollection<UInt8>>(_ raw: Bytes, _ open: Int) -> Int?
    where Bytes.Index == Int {
        var index = open + 1
        // cmark's `scan_spacechars`, which takes the form feeds and vertical tabs kept as written
        // (``FormFeeds``).
        func skipWhitespace() {
            while index < raw.count, raw[index] == 0x20 || (0x09...0x0D).contains(raw[index]) { index += 1 }
        }
        skipWhitespace()
        if index < raw.count, raw[index] == UInt8(ascii: "<") {
            index += 1
            while index < raw.count, raw[index] != UInt8(ascii: ">") {
                guard raw[index] != 0x0A, raw[index] != UInt8(ascii: "<") else { return nil }
                index += raw[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < raw.count else { return nil }
            index += 1
        } else {
            var depth = 0
            while index < raw.count {
                let byte = raw[index]
                // libcmark's `cmark_isspace`: a control character (a vertical tab's stand-in) goes on.
                if byte == 0x20 || (0x09...0x0D).contains(byte) { break }
                if byte == UInt8(ascii: "\\"), index + 1 < raw.count, isASCIIPunctuation(raw[index + 1]) {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                index += 1
            }
        }
        skipWhitespace()
        if index < raw.count,
            let close = [
                UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "'"): UInt8(ascii: "'"),
                UInt8(ascii: "("): UInt8(ascii: ")"),
            ][raw[index]]
        {
            index += 1
            while index < raw.count, raw[index] != close {
                index += raw[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < raw.count else { return nil }
            index += 1
            skipWhitespace()
        }
        guard index < raw.count, raw[index] == UInt8(ascii: ")") else { return nil }
        return index + 1
    }

    /// For each source byte of a text node (and its end), the offset in the node's decoded bytes where it
    /// begins, or -1 inside an escape or entity; made once per node, so that cutting a node into many pieces
    /// stays linear.
    func literalOffsets(_ node: OpaquePointer) -> [Int] {
        guard let span = texts[node] else { return [] }
        var offsets = [Int](repeating: -1, count: span.raw.count + 1)
        var rawIndex = span.raw.lowerBound
        var literalIndex = 0
        for unit in span.units {
            while rawIndex < unit.raw.lowerBound {
                offsets[rawIndex - span.raw.lowerBound] = literalIndex
                rawIndex += 1
                literalIndex += 1
            }
            offsets[rawIndex - span.raw.lowerBound] = unit.literal.lowerBound
            rawIndex = unit.raw.upperBound
            literalIndex = unit.literal.upperBound
        }
        while rawIndex <= span.raw.upperBound {
            offsets[rawIndex - span.raw.lowerBound] = literalIndex
            rawIndex += 1
            literalIndex += 1
        }
        return offsets
    }

    /// A text node's decoded bytes for a range of its source, given its ``literalOffsets(_:)`` and its text
    /// (both made once for all its pieces). A range that starts inside an escape or entity (a link ended in
    /// it) is read afresh to the end of that escape or entity, as cmark-gfm goes on reading the source after
    /// the link.
    func decoded(_ node: OpaquePointer, raw range: Range<Int>, offsets: [Int], literal: [UInt8]) -> [UInt8] {
        guard let span = texts[node], !range.isEmpty else { return [] }
        var start = range.lowerBound
        var result: [UInt8] = []
        // Only the rest of the unit cut is read afresh: after it, libcmark's text is cmark-gfm's, smart
        // punctuation included (`http://a&#2; --` goes on with an en dash).
        while start < range.upperBound, offsets[start - span.raw.lowerBound] < 0 { start += 1 }
        if start > range.lowerBound { result = decodeSource(raw[range.lowerBound..<start]) }
        guard start < range.upperBound else { return result }
        var end = range.upperBound
        while end > start, offsets[end - span.raw.lowerBound] < 0 { end -= 1 }
        if end > start { result += literal[offsets[start - span.raw.lowerBound]..<offsets[end - span.raw.lowerBound]] }
        if end < range.upperBound { result += raw[end..<range.upperBound] }
        return result
    }

    /// The escape or entity at or after a source position, moving a cursor through a text node's units in
    /// order (positions must not go back), or nil when the position is in none.
    static func unit(containing index: Int, in span: TextSpan, cursor: inout Int) -> Unit? {
        while cursor < span.units.count, span.units[cursor].raw.upperBound <= index { cursor += 1 }
        guard cursor < span.units.count, span.units[cursor].raw.contains(index) else { return nil }
        return span.units[cursor]
    }
}

/// Entities decoded by libcmark itself, so that the table is the one it and cmark-gfm share; each name is
/// looked up once per document.
final class EntityDecoder {
    private var known: [[UInt8]: [UInt8]] = [:]
    private var unknown: Set<[UInt8]> = []

    /// The text of `&name;` or `&#number;`, or nil when it is no entity.
    func decode(_ entity: [UInt8]) -> [UInt8]? {
        if let text = known[entity] { return text }
        if unknown.contains(entity) { return nil }
        var decoded: [UInt8]?
        let text = entity.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, 0) }
        }
        if let text {
            defer { cmark_node_free(text) }
            if let paragraph = Tree.firstChild(text), let node = Tree.firstChild(paragraph), Tree.isText(node),
                Tree.next(node) == nil
            {
                let literal = Tree.literalBytes(node)
                if literal != entity { decoded = literal }
            }
        }
        if let decoded { known[entity] = decoded } else { unknown.insert(entity) }
        return decoded
    }
}

func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
        || (0x7B...0x7E).contains(byte)
}

func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
}
