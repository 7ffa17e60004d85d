internal import CCmark
internal import CTextScan

/// Link destinations that leave a `(` open (`[y]:(`, `[y]: a(b`, `[a]((b )`): cmark-gfm 0.29 scans a
/// destination for balanced parentheses without checking that they close at its end (a space ends it), so
/// it reads such definitions and links, while libcmark 0.30 leaves them text. The open `(`s are escaped
/// (`[y]:\(`), which gives the same destination in libcmark, and the text is parsed again.
enum UnbalancedDestinations {
    /// The offsets of the `(`s to escape, keyed by the 1-based line of their first `(`: of definitions'
    /// destinations and of inline links' (`inline`).
    struct Escapes {
        var definitions: [Int: [Int]] = [:]
        var inline: [Int: [Int]] = [:]
        /// The lines of inline links whose destination is in one run of non-white space with a `www.` or a
        /// `://`: a bare URL there, read from the source as written, would take the escape. An email address
        /// would not: it is found in text after the inline parse and holds no `\` or `(`.
        var nearURLs: Set<Int> = []

        var isEmpty: Bool { definitions.isEmpty && inline.isEmpty }
    }

    /// The `(`s left open in candidate destinations.
    ///
    /// A definition's candidate is the first word after a `]:`, on its line or at the start of the next
    /// one when none follows on its line; an inline link's, the first word after a `](` and its white
    /// space (and at most one line ending).
    static func escapes(in source: [UInt8]) -> Escapes {
        var escapes = Escapes()
        // The line reached so far, counted once over the bytes as the candidates come in order.
        var line = (number: 1, end: 0)
        var colon = 1
        // The start of the line a candidate is on, found going forward once over the bytes.
        var lineStart = FormFeeds.LineCounter()
        var brackets = Brackets()
        // The bytes scanned again from inside a destination that made no link, up to the source's length.
        var rescanned = 0
        while let found = firstColonAfterBracket(source, from: colon) {
            colon = found + 1
            lineStart.advance(to: found, in: source)
            // A `]:` that ends no label at a line's start (`[[]:]((`) starts no definition.
            if source[found] == UInt8(ascii: ":"),
                !endsLabelAtLineStart(source, bracket: found - 1, lineStart: lineStart.start)
            {
                continue
            }
            // An inline link's `]` closes an active `[` or `![` (`]([](( )`: the first `](` closes none).
            var openerIsImage: Bool?
            if source[found] == UInt8(ascii: "(") {
                guard let image = brackets.close(at: found - 1, in: source) else { continue }
                openerIsImage = image
            }
            // The destination may start on a later line of the paragraph, after its indentation and, in a
            // block quote, its markers.
            let lineText = source[lineStart.start..<found]
            let inQuote = lineText[..<FormFeeds.containerPrefix(lineText)].contains(UInt8(ascii: ">"))
            let start = skippingSpaceCharacters(source, from: found + 1, quoteMarkers: inQuote)
            // A `](` inside a destination scanned already is part of it (`[a](b[c](d )`), as cmark-gfm
            // reads it; skipping it keeps the scans linear where no white space ends them (`[a](b[a](b`).
            var scanned = start
            defer { colon = max(colon, scanned) }
            guard let open = openParentheses(source, from: start, end: &scanned) else { continue }
            // cmark-gfm makes a link only where a title or nothing, and then `)`, follow the destination
            // (`[[](]( ( )`: the first `](` makes none, the second does), and a definition only where white
            // space to the line's end or a title that closes before it does (`[a]:[](( )` defines nothing;
            // its `](` makes a link). From one that makes neither the search goes on inside what it scanned,
            // within a budget that keeps the work linear; a link makes the `[`s before it inactive, and the
            // search goes on after it.
            var makesNone = false
            if let openerIsImage {
                if let end = inlineLinkEnd(source, destinationEnd: scanned, quoteMarkers: inQuote) {
                    brackets.linked(image: openerIsImage, resumingAt: end)
                    scanned = max(scanned, end)
                } else {
                    makesNone = true
                }
            } else {
                makesNone = !isDefinitionEnd(source, destinationEnd: scanned)
            }
            if makesNone {
                if rescanned + scanned - found <= source.count {
                    rescanned += scanned - found
                    scanned = found + 1
                }
                continue
            }
            guard !open.isEmpty else { continue }
            while line.end < open[0] {
                // A CR ends a line unless an LF follows it, which ends the line instead.
                let byte = source[line.end]
                let endsLine = byte == 0x0A || (byte == 0x0D && source[line.end + 1] != 0x0A)
                if endsLine { line.number += 1 }
                line.end += 1
            }
            if source[found] == UInt8(ascii: ":") {
                escapes.definitions[line.number, default: []] += open
            } else {
                escapes.inline[line.number, default: []] += open
                if mayHoldURL(source, around: found, to: scanned, openFrom: brackets.outermostOpen) {
                    escapes.nearURLs.insert(line.number)
                }
            }
        }
        return escapes
    }

    /// Parses `source` with `parse`, escaping the open parentheses of the destinations that the parse then
    /// reads as definitions, those whose lines no leaf block holds, and as links, those whose paragraph
    /// holds a link to a destination with a `(` and shows no escape. A line a block holds otherwise (code,
    /// HTML, a paragraph's text) is parsed as written, so its bytes stay as the user wrote them.
    static func parse(_ source: String, parse: (String) -> OpaquePointer?) -> OpaquePointer? {
        guard ByteSearch.contains(source, "]:") || ByteSearch.contains(source, "](") else { return parse(source) }
        let bytes = Array(source.utf8)
        var escapes = escapes(in: bytes)
        guard !escapes.isEmpty else { return parse(source) }
        for _ in 0..<2 {
            let text = escaped(bytes, at: escapes)
            guard let root = parse(text) else { return nil }
            let held = heldLines(root, among: Set(escapes.definitions.keys), text: text, parse: parse)
            let unlinked = unlinkedLines(root, among: Set(escapes.inline.keys), nearURLs: escapes.nearURLs)
            if held.isEmpty && unlinked.isEmpty { return root }
            cmark_node_free(root)
            for line in held { escapes.definitions[line] = nil }
            for line in unlinked { escapes.inline[line] = nil }
            if escapes.isEmpty { break }
        }
        return parse(source)
    }

    private static let closingBracket = [UInt8(ascii: "]")]

    /// The first `:` or `(` right after a `]` at or after `from`: the `]`s found with memchr, as most
    /// documents with links are searched.
    private static func firstColonAfterBracket(_ source: [UInt8], from: Int) -> Int? {
        source.withUnsafeBytes { bytes in
            var index = max(from, 1) - 1
            while let bracket = ByteSearch.firstIndex(of: closingBracket, in: bytes, from: index) {
                let next = bracket + 1
                guard next < bytes.count else { return nil }
                if bytes[next] == UInt8(ascii: ":") || bytes[next] == UInt8(ascii: "(") { return next }
                index = next
            }
            return nil
        }
    }

    /// Whether the `]` at `bracket` closes a `[` that starts its line after its containers' markers, with
    /// no other bracket between them and more than white space, as a definition's label does.
    private static func endsLabelAtLineStart(_ source: [UInt8], bracket: Int, lineStart: Int) -> Bool {
        func isEscaped(_ at: Int) -> Bool {
            var backslashes = 0
            while at - backslashes > 0, source[at - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            return backslashes % 2 == 1
        }
        // An escaped `]` closes nothing (`[\]:]((`, whose `]:` is the label's text).
        guard !isEscaped(bracket) else { return false }
        var index = bracket - 1
        while index >= lineStart {
            if source[index] == UInt8(ascii: "[") || source[index] == UInt8(ascii: "]"), !isEscaped(index) { break }
            index -= 1
        }
        // A label holds more than white space (`[]:(` defines nothing).
        guard index >= lineStart, source[index] == UInt8(ascii: "["),
            source[(index + 1)..<bracket].contains(where: { !isWhiteSpace($0) })
        else { return false }
        return FormFeeds.containerPrefix(source[lineStart..<index]) == index
    }

    /// The offsets of the `(`s left open in the destination starting at `start`, as cmark-gfm 0.29 scans
    /// it (none where a `)` ends it); `nil` when it reads no such destination (one led by `<`, or more than
    /// 32 parentheses deep). `end` is set to where the scan stopped.
    private static func openParentheses(_ source: [UInt8], from start: Int, end index: inout Int) -> [Int]? {
        guard start < source.count, source[start] != UInt8(ascii: "<") else { return nil }
        var open: [Int] = []
        index = start
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "\\"), index + 1 < source.count, isPunctuation(source[index + 1]) {
                index += 2
            } else if byte == UInt8(ascii: "(") {
                open.append(index)
                guard open.count <= 32 else { return nil }
                index += 1
            } else if byte == UInt8(ascii: ")") {
                guard !open.isEmpty else { break }
                open.removeLast()
                index += 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                // `cmark_isspace`, which takes no vertical tab or form feed.
                break
            } else {
                index += 1
            }
        }
        return open
    }

    /// Where an inline link whose destination ends at `destinationEnd` ends, after its `)`: white space, a
    /// title after white space, white space, then `)`, as cmark-gfm's `handle_close_bracket` reads them; nil
    /// where they do not follow.
    private static func inlineLinkEnd(_ source: [UInt8], destinationEnd: Int, quoteMarkers: Bool) -> Int? {
        var index = skippingSpaceCharacters(source, from: destinationEnd, quoteMarkers: quoteMarkers)
        if index > destinationEnd, let title = FormFeeds.titleEnd(source, from: index) {
            index = skippingSpaceCharacters(source, from: title, quoteMarkers: quoteMarkers)
        }
        return index < source.count && source[index] == UInt8(ascii: ")") ? index + 1 : nil
    }

    /// Where cmark-gfm's `scan_spacechars` (space, tab, line endings, vertical tab, form feed) that starts at
    /// `start` ends, past the block quote markers after each line ending where the paragraph is in a quote.
    private static func skippingSpaceCharacters(_ source: [UInt8], from start: Int, quoteMarkers: Bool) -> Int {
        var index = start
        var lineStart = false
        while index < source.count {
            let byte = source[index]
            if isWhiteSpace(byte) {
                lineStart = lineStart || byte == 0x0A || byte == 0x0D
            } else if !(quoteMarkers && lineStart && byte == UInt8(ascii: ">")) {
                break
            }
            index += 1
        }
        return index
    }

    /// Whether a definition's destination that ends at `destinationEnd` may end a definition: spaces and tabs,
    /// then the line's end, or a title (which may go on over later lines) and then spaces, tabs and the end
    /// of its line.
    private static func isDefinitionEnd(_ source: [UInt8], destinationEnd: Int) -> Bool {
        func textAfterSpaces(_ from: Int) -> Int? {
            var index = from
            while index < source.count, source[index] == 0x20 || source[index] == 0x09 { index += 1 }
            return index == source.count || source[index] == 0x0A || source[index] == 0x0D ? nil : index
        }
        guard let text = textAfterSpaces(destinationEnd) else { return true }
        guard text > destinationEnd, let title = FormFeeds.titleEnd(source, from: text) else { return false }
        return textAfterSpaces(title) == nil
    }

    /// cmark-gfm's stack of `[` and `![` openers, read going forward once over the source: which one a `]`
    /// closes, and whether a link made before it left it active. An escaped bracket is none; a blank line
    /// ends the paragraph and its brackets.
    private struct Brackets {
        private var openers: [(image: Bool, active: Bool, at: Int)] = []
        private var position = 0

        /// Whether the text ends a line with a carriage return somewhere, where each byte is looked at.
        private var carriageReturns: Bool?

        private mutating func read(_ source: [UInt8], upTo end: Int) {
            if carriageReturns == nil { carriageReturns = source.contains(0x0D) }
            while position < end {
                // Only brackets, backslashes and line feeds matter: the bytes between are skipped 16 at a time.
                if carriageReturns == false {
                    position = source.withUnsafeBufferPointer { buffer in
                        guard let base = buffer.baseAddress else { return end }
                        return blog_first_of4(
                            base, position, end, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"), 0x0A)
                    }
                    guard position < end else { return }
                }
                switch source[position] {
                case UInt8(ascii: "\\"):
                    position += 1
                case UInt8(ascii: "["):
                    openers.append((position > 0 && source[position - 1] == UInt8(ascii: "!"), true, position))
                case UInt8(ascii: "]"):
                    _ = openers.popLast()
                case 0x0A, 0x0D:
                    var next = position + 1
                    while next < source.count, source[next] == 0x20 || source[next] == 0x09 { next += 1 }
                    if next == source.count || source[next] == 0x0A || source[next] == 0x0D { openers.removeAll() }
                default: break
                }
                position += 1
            }
        }

        /// Reads up to the `]` at `index` and closes the opener it closes: whether that is an image's; nil
        /// where none is open or the one open is inactive.
        mutating func close(at index: Int, in source: [UInt8]) -> Bool? {
            read(source, upTo: index)
            position = max(position, index + 1)
            guard let opener = openers.popLast(), opener.active else { return nil }
            return opener.image
        }

        /// Where the outermost `[` still open stands: cmark-gfm makes no bare URL after it while it is open,
        /// active or not (`cmark_inline_parser_in_bracket`).
        var outermostOpen: Int? { openers.first?.at }

        /// A link (not an image) makes the `[`s open before it inactive; the reading goes on at `end`.
        mutating func linked(image: Bool, resumingAt end: Int) {
            if !image {
                for index in openers.indices where !openers[index].image { openers[index].active = false }
            }
            position = max(position, end)
        }
    }

    /// Whether the run of non-white space around the `(` at `index`, up to `end`, holds a `www.` or a `://`
    /// outside the link's text (from the last `[` before the `(`), where cmark-gfm makes no bare URL
    /// (`[www.x.com]((b )` is one link), nor after a `[` left open before the link (at `openFrom`, as
    /// cmark-gfm makes none while a bracket is open: `[www.c[](( )`).
    private static func mayHoldURL(_ source: [UInt8], around index: Int, to end: Int, openFrom: Int?) -> Bool {
        var start = index
        while start > 0, !isWhiteSpace(source[start - 1]) { start -= 1 }
        let text = min(source[start..<index].lastIndex(of: UInt8(ascii: "[")) ?? index, max(openFrom ?? index, start))
        let destination = openFrom == nil ? source[index..<min(max(end, index), source.count)] : []
        return [source[start..<text], destination].contains(where: startsURL)
    }

    /// Whether a bare URL may start in `run`: a `www.` or an `http`, `https` or `ftp` and `://`, each before a
    /// letter or a digit, as cmark-gfm's matchers want a domain there (`www. [](://(` holds none).
    static func startsURL<Run: Collection<UInt8>>(_ run: Run) -> Bool where Run.Index == Int {
        func isAlphanumeric(_ at: Int) -> Bool {
            guard at < run.endIndex else { return false }
            let byte = run[at] | 0x20
            return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (0x30...0x39).contains(run[at])
        }
        func endsScheme(_ at: Int) -> Bool {
            ["http", "https", "ftp"].contains { scheme in
                at - run.startIndex >= scheme.utf8.count
                    && zip(run[(at - scheme.utf8.count)..<at], scheme.utf8).allSatisfy { $0 | 0x20 == $1 }
            }
        }
        // A `www.` starts one at the run's start or after `*`, `_`, `~` or `(` only (`]www.c` holds none).
        func mayStartWWW(_ at: Int) -> Bool { at == run.startIndex || "*_~(".utf8.contains(run[at - 1]) }
        return run.indices.contains { index in
            (run[index...].starts(with: "www.".utf8) && isAlphanumeric(index + 4) && mayStartWWW(index))
                || (run[index...].starts(with: "://".utf8) && endsScheme(index) && isAlphanumeric(index + 3))
        }
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    private static func escaped(_ bytes: [UInt8], at escapes: Escapes) -> String {
        let offsets = Set(escapes.definitions.values.joined()).union(escapes.inline.values.joined())
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + offsets.count)
        for (offset, byte) in bytes.enumerated() {
            if offsets.contains(offset) { result.append(UInt8(ascii: "\\")) }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The lines among `lines` that a leaf block of `root` spans. A paragraph's definitions are taken out of
    /// it, but not out of its lines: it holds the lines of the text it has left, its last, as many as its
    /// line breaks tell. Where a code span, whose line breaks become spaces, may hide one, they are counted
    /// in a parse of `text` with that paragraph's backticks written as letters, which reads the same
    /// definitions (a backtick is no syntax of theirs) and leaves no code.
    private static func heldLines(
        _ root: OpaquePointer, among lines: Set<Int>, text: String, parse: (String) -> OpaquePointer?
    ) -> [Int] {
        var spans: [ClosedRange<Int>] = []
        var coded: [ClosedRange<Int>] = []
        let sourceLines = SourceLines.lazily(text)
        // libcmark ends an HTML block closed on its first line at line 0.
        for block in Tree.blocks(root, where: { !Tree.holdsBlocks($0) }) {
            let kind = Tree.type(block)
            // An HTML block holds a line for each of its literal's line endings, wherever libcmark ends it
            // (`<!--`, `[a]:(-->` at the text's end ends on its first line).
            let end =
                kind == CMARK_NODE_CODE_BLOCK
                ? codeBlockEnd(block, lines: sourceLines)
                : kind == CMARK_NODE_HTML_BLOCK
                    ? max(
                        Tree.endLine(block), Tree.startLine(block) + Tree.literalBytes(block).count { $0 == 0x0A } - 1)
                    : Tree.endLine(block)
            let span = Tree.startLine(block)...max(Tree.startLine(block), end)
            guard kind == CMARK_NODE_PARAGRAPH || kind == CMARK_NODE_HEADING, span.count > 1,
                lines.contains(where: span.contains)
            else {
                spans.append(span)
                continue
            }
            if let held = heldSpan(of: block, text: text) {
                spans.append(held)
            } else {
                coded.append(span)
            }
        }
        if !coded.isEmpty {
            let probeText = writingBackticksAsLetters(text, on: coded)
            let probe = parse(probeText)
            defer { probe.map(cmark_node_free) }
            let blocks = probe.map { root in
                Tree.blocks(root) { Tree.type($0) == CMARK_NODE_PARAGRAPH || Tree.type($0) == CMARK_NODE_HEADING }
            }
            for span in coded {
                let same = blocks?.first {
                    Tree.startLine($0) == span.lowerBound && Tree.endLine($0) == span.upperBound
                }
                spans.append(same.flatMap { heldSpan(of: $0, text: probeText) } ?? span)
            }
        }
        return lines.filter { line in spans.contains { $0.contains(line) } }
    }

    /// The last line of a code block. libcmark ends a fenced block that its container's end closes (`- ~~~`,
    /// then `[r]:(`) on the line that ends the container, as it ends one that a fence closes on the fence:
    /// both end a line after their opening fence and content lines, and only the fence's line is a fence.
    private static func codeBlockEnd(_ block: OpaquePointer, lines: () -> SourceLines) -> Int {
        let (start, end) = (Tree.startLine(block), Tree.endLine(block))
        let contentLines = Tree.literalBytes(block).count { $0 == 0x0A }
        guard end == start + contentLines + 1 else { return end }
        let source = lines()
        guard source.holds(from: end, through: end) else { return end }
        return isFenceLine(source.lineBytes(end)) ? end : end - 1
    }

    /// Whether a line is container markers and white space, then three or more backticks or tildes and
    /// white space only: what a closing fence's line is.
    private static func isFenceLine(_ line: ArraySlice<UInt8>) -> Bool {
        var rest = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
        while let last = rest.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { rest.removeLast() }
        guard let fence = rest.first, fence == UInt8(ascii: "`") || fence == UInt8(ascii: "~") else { return false }
        return rest.count >= 3 && rest.allSatisfy { $0 == fence }
    }

    /// The lines of a paragraph or setext heading that its text holds, its last ones (see
    /// ``heldLines(_:among:text:parse:)``); nil where its text holds code.
    private static func heldSpan(of block: OpaquePointer, text: String) -> ClosedRange<Int>? {
        guard Tree.type(block) == CMARK_NODE_PARAGRAPH else { return setextLines(of: block, text: text) }
        let (first, last) = (Tree.startLine(block), Tree.endLine(block))
        return lineBreaks(in: block).map { max(first, last - $0)...last }
    }

    /// The lines of a setext heading's text and underline, which start after the definitions libcmark took out
    /// of its paragraph (`[y]:(`, `b`, `===`) as the heading's lines do not; nil where its text holds code.
    /// libcmark may end the heading on a line after its underline (`a`, `---`, `- x` ends on the item's line),
    /// so the underline is the first line of only `=` or `-` after its first, past `>` markers and white space,
    /// and the heading's lines end there (`a`, `-`, `[r]:(` is a heading and a definition).
    private static func setextLines(of heading: OpaquePointer, text: String) -> ClosedRange<Int>? {
        let (first, last) = (Tree.startLine(heading), Tree.endLine(heading))
        guard let breaks = lineBreaks(in: heading) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let underline = (first + 1...last).first { number in
            guard number <= lines.count else { return false }
            let line = lines[number - 1].utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x3E }
            let mark = line.prefix { $0 == 0x3D || $0 == 0x2D }
            guard let lead = mark.first, mark.allSatisfy({ $0 == lead }) else { return false }
            return line.dropFirst(mark.count).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        }
        return underline.map { max(first, $0 - 1 - breaks)...$0 }
    }

    /// The text with each backtick on the lines of `spans` (1-based) written as `x`.
    private static func writingBackticksAsLetters(_ text: String, on spans: [ClosedRange<Int>]) -> String {
        var bytes = Array(text.utf8)
        var line = 1
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "`"), spans.contains(where: { $0.contains(line) }) {
                bytes[index] = UInt8(ascii: "x")
            } else if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                // A CR ends a line unless an LF follows it, which ends the line instead.
                line += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line breaks in a block's text, soft and hard and inside raw HTML; nil where it holds code.
    private static func lineBreaks(in paragraph: OpaquePointer) -> Int? {
        var count = 0
        var holdsCode = false
        Tree.walk(paragraph, into: { _ in true }) { node in
            switch Tree.type(node) {
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: count += 1
            case CMARK_NODE_HTML_INLINE: count += Tree.literalBytes(node).count { $0 == 0x0A }
            case CMARK_NODE_CODE: holdsCode = true
            default: break
            }
        }
        return holdsCode ? nil : count
    }

    /// The lines among `lines` whose leaf block is no paragraph or heading holding a link to a destination
    /// with a `(`, or shows an escape that the parse did not take (in code or raw HTML), or may hold a bare
    /// URL outside links that runs on into the destination (on a line of `nearURLs`), as it is read from
    /// the source as written.
    private static func unlinkedLines(_ root: OpaquePointer, among lines: Set<Int>, nearURLs: Set<Int>) -> [Int] {
        guard !lines.isEmpty else { return [] }
        var linked: [ClosedRange<Int>] = []
        for block in Tree.blocks(root, where: { !Tree.holdsBlocks($0) }) {
            let span = Tree.startLine(block)...max(Tree.startLine(block), Tree.endLine(block))
            guard lines.contains(where: span.contains),
                Tree.type(block) == CMARK_NODE_PARAGRAPH || Tree.type(block) == CMARK_NODE_HEADING
            else { continue }
            // A URL in a link's text is no bare URL in cmark-gfm (`[www.x.com]((b )`): only text outside links.
            let outside = nearURLs.contains(where: span.contains) ? Set(Tree.textsOutsideLinks(block)) : []
            var hasLink = false
            var showsEscape = false
            Tree.walk(block, into: { _ in true }) { node in
                switch Tree.type(node) {
                case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                    // An autolink's destination keeps the escape's backslash (`]((<jt:(>`, where no `[` opens).
                    let url = Tree.url(node) ?? ""
                    showsEscape = showsEscape || url.contains("\\(")
                    hasLink = hasLink || url.contains("(")
                case CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                    showsEscape = showsEscape || Tree.literal(node).contains("\\(")
                case CMARK_NODE_TEXT where outside.contains(node):
                    let text = Tree.literal(node)
                    showsEscape = showsEscape || startsURL(Array(text.utf8))
                default: break
                }
            }
            if hasLink && !showsEscape { linked.append(span) }
        }
        return lines.filter { line in !linked.contains { $0.contains(line) } }
    }
}
