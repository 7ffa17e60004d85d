internal import CCmark

extension Autolinks {
    /// A bare URL read from a block's source: its bytes there and the link's destination.
    typealias SourceURL = (range: Range<Int>, url: String)

    /// How many times a block of `size` bytes is parsed again, one more URL standing in each time: a bound on
    /// the work for a block of many URLs whose rest reaches outside the node they end in (each parse is
    /// linear in the block). A block of up to 1 KiB, where a paragraph of prose ends, is parsed again up to
    /// 64 times; a longer one within 64 KiB of parsing, and at least 8 times.
    static func reparses(size: Int) -> Int { max(8, min(64, 65_536 / max(size, 1))) }

    /// Parses a block's source again with its bare URLs standing in as plain text, where a URL ends in a
    /// node whose rest reaches outside it (`www.` `e``, whose rest's backtick pairs with a later one) or in
    /// an emphasis it runs past (`_www.;_\`): cmark-gfm's inline parser takes the URL from the source and
    /// goes on from its end, with the delimiters and brackets before it still open, so the rest of the
    /// block is read as if the URL were a word. Each URL stands in as a private-use character (neither white
    /// space nor punctuation, as the URL's first character is neither) and a character of its last one's
    /// class (``RestOfNode/standIn(_:link:)``), which libcmark keeps in text; the stand-ins then become the
    /// links. The URLs after the last one are found in the new inlines as in any block's. A block's own text
    /// is parsed at most ``reparses(size:)`` times this way, so the work stays linear in it.
    ///
    /// - Parameters:
    ///   - urls: The block's URLs up to the one whose rest reaches out, in source order.
    ///   - certain: How many of `urls`, from the first, stand in whatever the new reading holds: those up to
    ///     the first that reads the block again. A later one that holds a backtick run stands in only where no
    ///     run before it is left as text in the new reading, which would have paired with the URL's in
    ///     cmark-gfm's reading and made it no URL (``www.`````, `` ``a`` ``, `` `b`` www.`` ``): from there the
    ///     URLs are found in the new reading.
    ///   - lines: The parsed text's lines, whose link reference definitions the block's brackets may use.
    ///   - definitions: The reads of the whole text's definitions left.
    /// - Returns: Whether the block's inlines were replaced; if not, the block is as it was.
    static func reparse(
        _ block: OpaquePointer, source: InlineSource, urls: [SourceURL], certain: Int, lines: SourceLines,
        reading: Reading, definitions: inout DefinitionReads
    ) -> Bool {
        let raw = source.raw
        let urls = outsideFreedAngles(urls, raw: raw)
        guard reading.depth < reparses(size: raw.count), let scalar = Unicode.Scalar(0xE000 + reading.depth) else {
            return false
        }
        let mark = Array(String(scalar).utf8)
        guard ByteSearch.firstIndex(of: mark, in: raw[...], from: 0) == nil else { return false }
        let (text, standIns) = standInText(raw, urls: urls, mark: mark, lineWhitespace: source.lineWhitespace)
        // Brackets may be reference links: the definitions are read from the whole text after the block's.
        guard
            let (document, paragraph) = definitions.parse(
                text, brackets: raw.contains(UInt8(ascii: "[")), lines: reading.document ?? lines, smart: reading.smart)
        else { return false }
        defer { cmark_node_free(document) }
        Tree.consolidateText(paragraph)
        if let cut = pairedRun(in: paragraph, standIns: standIns, urls: urls, raw: raw, from: certain) {
            return reparse(
                block, source: source, urls: Array(urls[..<cut]), certain: certain, lines: lines, reading: reading,
                definitions: &definitions)
        }
        let paragraphLines = SourceLines(String(decoding: text, as: UTF8.self), standIn: lines.standIn)
        // The passes before this one, on the new inlines.
        CaretImages.apply(
            [paragraph], lines: paragraphLines, entities: reading.entities, smart: reading.smart,
            definitions: &definitions)
        var unreferenced: [OpaquePointer] = []
        if reading.footnotes, ByteSearch.firstIndex(of: Array("[^".utf8), in: raw[...], from: 0) != nil {
            // A reference's `*`, `_` and `~` match among themselves only, as in the document's first reading.
            _ = Delimiters.isolateReferences(
                [paragraph], lines: paragraphLines, entities: reading.entities, tildes: reading.tildes)
            let stood = FootnoteReferences.StoodInURLs(
                mark: mark, extra: zip(urls, standIns).map { $0.range.count - $1.count })
            _ = FootnoteReferences.restore(
                [paragraph], lines: paragraphLines, entities: reading.entities, unreferenced: &unreferenced,
                urls: stood)
        } else if reading.footnotes {
            // A text that writes no `[^` holds no reference: a `[^` of its text came from an escape or an entity.
            unreferenced = [paragraph]
        }
        if raw.contains(UInt8(ascii: "~")) {
            Strikethrough.protectWrittenTildes([paragraph], lines: paragraphLines, entities: reading.entities)
        }
        var deeper = reading
        deeper.depth += 1
        deeper.document = reading.document ?? lines
        var reread: Set<OpaquePointer> = []
        let done = linkFromSource(
            [paragraph], lines: paragraphLines, reading: deeper, rereading: &reread, definitions: &definitions)
        apply([paragraph], smart: reading.smart, source: { paragraphLines }, readFromSource: done)
        guard linkStandIns(in: paragraph, standIns: standIns, urls: urls, raw: raw),
            let first = Tree.firstChild(paragraph), Tree.isText(first), Tree.literalBytes(first) == mark,
            let lineEnd = Tree.next(first),
            Tree.type(lineEnd) == (startsWithWhiteSpace(raw) ? CMARK_NODE_LINEBREAK : CMARK_NODE_SOFTBREAK)
        else { return false }
        Tree.remove(first)
        Tree.remove(lineEnd)
        for block in unreferenced where !reread.contains(block) {
            FootnoteReferences.separateUnreferencedCarets(in: block)
        }
        for child in Tree.children(block) { Tree.remove(child) }
        Tree.moveChildren(of: paragraph, to: block)
        return true
    }

    /// `urls` without those that start between a `<` that an earlier URL's escape frees and the next `>`
    /// (`www.\<http://b>`): cmark-gfm goes on from the URL's end at that `<`, where an autolink or a tag
    /// takes the later URL's text, so the later URL stands in only if the new reading leaves it text, which
    /// the new reading's own pass then finds.
    static func outsideFreedAngles(_ urls: [SourceURL], raw: [UInt8]) -> [SourceURL] {
        var kept: [SourceURL] = []
        kept.reserveCapacity(urls.count)
        // The freed `<` and the `>` after it, while a URL may start between them.
        var freed: ClosedRange<Int>?
        // The first `>` at or after where it was last looked for (`raw.count`: none): URLs come in source
        // order, so the search only moves on, and a block of many such URLs is read once.
        var close = -1
        for url in urls {
            if let span = freed, span.contains(url.range.lowerBound) { continue }
            kept.append(url)
            let end = url.range.upperBound
            if end < raw.count, end > url.range.lowerBound, raw[end - 1] == UInt8(ascii: "\\"),
                raw[end] == UInt8(ascii: "<")
            {
                if close <= end { close = raw[(end + 1)...].firstIndex(of: UInt8(ascii: ">")) ?? raw.count }
                freed = close < raw.count ? end...close : nil
            }
        }
        return kept
    }

    /// The block's text with each URL replaced by its stand-in, as the lines of a paragraph that a line of
    /// `mark` opens, and the stand-ins in order. The white space libcmark keeps at the start of lazy lines
    /// (`lineWhitespace`, by their offsets in `raw`) goes back in, as a code span holds it (`>www.` `` ` ``,
    /// then `` ` ``).
    private static func standInText(_ raw: [UInt8], urls: [SourceURL], mark: [UInt8], lineWhitespace: [Int: [UInt8]])
        -> (text: [UInt8], standIns: [[UInt8]])
    {
        var text: [UInt8] = []
        var standIns: [[UInt8]] = []
        var from = 0
        let lineStarts = lineWhitespace.keys.sorted()
        var nextStart = 0
        func copy(upTo end: Int) {
            while nextStart < lineStarts.count, lineStarts[nextStart] <= end {
                let start = lineStarts[nextStart]
                if start >= from {
                    text += raw[from..<start] + lineWhitespace[start, default: []]
                    from = start
                }
                nextStart += 1
            }
            text += raw[from..<end]
            from = end
        }
        // The brackets open before each URL (outside the URLs before it), counted going forward once.
        var (depth, counted) = (0, 0)
        for url in urls {
            while counted < url.range.lowerBound {
                switch raw[counted] {
                case UInt8(ascii: "\\"): counted += 1
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]"): depth = max(0, depth - 1)
                default: break
                }
                counted += 1
            }
            copy(upTo: url.range.lowerBound)
            let standIn = mark + RestOfNode.standIn(raw, link: url.range, bracketOpen: depth > 0)
            // A URL's own brackets are text.
            counted = max(counted, url.range.upperBound)
            text += standIn
            standIns.append(standIn)
            from = url.range.upperBound
        }
        copy(upTo: raw.count)
        // The block's lines are parsed as continuation lines of a paragraph that a line of the mark opens:
        // indented four columns, none starts a block (a heading's `> a` or `[f]: /u`, a first line that now
        // opens a fence, ``` www.` ```, where the URL's backtick kept it text), and libcmark takes the
        // indentation off a paragraph's lines. The mark's line and its soft break come off again after.
        // A line that starts with white space (a lazy line's, which libcmark keeps after a backslash's line
        // break) would lose it so: the mark then opens a block quote, the other lines go on in it, and that
        // line is a lazy line of the quote's paragraph as written, which libcmark keeps whole (it is no
        // block's start, as it was none where it was lazy).
        // The block's first line starts with white space where libcmark keeps it at a paragraph's start, after
        // link reference definitions: the mark's line then ends in a backslash's line break, after which the
        // inline parser keeps it too.
        let keepsWhiteSpace = text.indices.contains { index in
            (index == 0 || text[index - 1] == 0x0A) && (text[index] == 0x20 || text[index] == 0x09)
        }
        let indent: [UInt8] = keepsWhiteSpace ? Array(">     ".utf8) : [0x20, 0x20, 0x20, 0x20]
        var blockLines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
        let lineBreak: [UInt8] = startsWithWhiteSpace(raw) ? [UInt8(ascii: "\\")] : []
        blockLines.insert(((keepsWhiteSpace ? Array("> ".utf8) : []) + mark + lineBreak)[...], at: 0)
        text = []
        for (index, line) in blockLines.enumerated() {
            if index > 0 { text.append(0x0A) }
            let lazy = index > 0 && (line.first == 0x20 || line.first == 0x09)
            text += (index == 0 || lazy ? [] : indent) + line
        }
        return (text, standIns)
    }

    /// Whether a block's source starts with white space, which libcmark keeps at a paragraph's start after
    /// link reference definitions.
    private static func startsWithWhiteSpace(_ raw: [UInt8]) -> Bool { raw.first == 0x20 || raw.first == 0x09 }

    /// The reads of a text's link reference definitions for blocks parsed again: the whole text is parsed
    /// after the block, which costs as much as parsing the text, so a document does it within a budget of
    /// 256 KiB of such parsing, and at least four times (a document of up to 64 KiB, where posts end, reads
    /// its definitions again for at least four blocks; one of 4 KiB for 64).
    struct DefinitionReads {
        enum Read {
            /// The text defines no links.
            case none
            /// No more reads are left.
            case exhausted
            /// The text to parse after the block.
            case text(ArraySlice<UInt8>)
        }

        /// The bytes of reading left.
        private var remaining: Int

        init(of lines: SourceLines) {
            let size = lines.bytes(from: 1, through: lines.lines.count).count
            remaining = max(4 * size, 262_144)
        }
        /// Whether the text holds a `]:`, found on the first read.
        private var defines: Bool?

        /// The text to read the definitions from, counted as one read.
        mutating func take(_ lines: SourceLines) -> Read {
            let all = lines.bytes(from: 1, through: lines.lines.count)
            let defines =
                self.defines ?? (ByteSearch.firstIndex(of: Array("]:".utf8), in: all, from: all.startIndex) != nil)
            self.defines = defines
            guard defines else { return .none }
            guard remaining >= all.count else { return .exhausted }
            remaining -= all.count
            return .text(all)
        }

        /// A block's text parsed again alone, followed by the document's link reference definitions when it
        /// holds a bracket (`brackets`); the new document (the caller frees it) and its one paragraph, or
        /// nil when the reads are used up or the text is no longer one paragraph of its own lines.
        mutating func parse(_ text: [UInt8], brackets: Bool, lines: SourceLines, smart: Bool)
            -> (document: OpaquePointer, paragraph: OpaquePointer)?
        {
            var text = text
            let blockLines = text.count { $0 == 0x0A } + 1
            if brackets {
                switch take(lines) {
                case .none: break
                case .exhausted: return nil
                case .text(let all): text += [0x0A, 0x0A] + all
                }
            }
            guard let document = Tree.parse(text, smart: smart) else { return nil }
            // The block's lines in a block quote, where one keeps its white space (``reparse``).
            var first = Tree.firstChild(document)
            if let quote = first, Tree.type(quote) == CMARK_NODE_BLOCK_QUOTE, let inner = Tree.firstChild(quote),
                Tree.next(inner) == nil
            {
                first = inner
            }
            guard let paragraph = first, Tree.type(paragraph) == CMARK_NODE_PARAGRAPH,
                Tree.startLine(paragraph) == 1, Tree.endLine(paragraph) == blockLines
            else {
                cmark_node_free(document)
                return nil
            }
            return (document, paragraph)
        }
    }

    /// The first stand-in from `certain` on that the new reading does not let stand: one for a URL that holds
    /// a backtick run, after a backtick left as text (a run libcmark found no closer for, as the stand-in
    /// hides the URL's), one after a `[` or `![` left open, which stops cmark-gfm's URLs there (`www.` and
    /// a backtick, then `` [` www.e``: the backtick after the `[` pairs with none once the first URL took
    /// the one before, so the `[` is no code's), or one the new reading holds outside its text.
    private static func pairedRun(
        in paragraph: OpaquePointer, standIns: [[UInt8]], urls: [SourceURL], raw: [UInt8], from certain: Int
    ) -> Int? {
        let backtick = UInt8(ascii: "`")
        var next = 0
        var seen = false
        var brackets = OpenBrackets()
        for (node, events) in textsOutsideLinks(paragraph) where next < standIns.count {
            brackets.apply(events)
            let literal = Tree.literalBytes(node)
            var plain = 0
            while next < standIns.count,
                let found = ByteSearch.firstIndex(of: standIns[next], in: literal[...], from: plain)
            {
                seen = seen || literal[plain..<found].contains(backtick)
                for index in plain..<found { brackets.read(literal, at: index) }
                if next >= certain, brackets.block || (seen && raw[urls[next].range].contains(backtick)) {
                    return next
                }
                plain = found + standIns[next].count
                next += 1
            }
            seen = seen || literal[plain...].contains(backtick)
            for index in plain..<literal.count { brackets.read(literal, at: index) }
        }
        // One that the new reading put in a code span or a link is no URL there (`http://x`` `e`a` www. ``:
        // once the first URL took its run, the last two backticks pair around the `www.`).
        return next < standIns.count && next >= certain ? next : nil
    }

    /// Makes each stand-in, in order, the link of its URL; false when they are not all found in text outside
    /// links.
    private static func linkStandIns(
        in paragraph: OpaquePointer, standIns: [[UInt8]], urls: [SourceURL], raw: [UInt8]
    ) -> Bool {
        var next = 0
        var edits: [(node: OpaquePointer, pieces: [OpaquePointer])] = []
        for (node, _) in textsOutsideLinks(paragraph) where next < standIns.count {
            let literal = Tree.literalBytes(node)
            var pieces: [OpaquePointer] = []
            var plain = 0
            while next < standIns.count,
                let found = ByteSearch.firstIndex(of: standIns[next], in: literal[...], from: plain)
            {
                if found > plain { pieces.append(Tree.text(bytes: literal[plain..<found])) }
                let url = urls[next]
                pieces.append(Tree.autolink(to: url.url, text: String(decoding: raw[url.range], as: UTF8.self)))
                plain = found + standIns[next].count
                next += 1
            }
            guard !pieces.isEmpty else { continue }
            if plain < literal.count { pieces.append(Tree.text(bytes: literal[plain...])) }
            edits.append((node, pieces))
        }
        guard next == standIns.count else {
            for edit in edits { edit.pieces.forEach(cmark_node_free) }
            return false
        }
        for (node, pieces) in edits {
            for piece in pieces { Tree.insert(piece, before: node) }
            Tree.remove(node)
        }
        return true
    }
}
