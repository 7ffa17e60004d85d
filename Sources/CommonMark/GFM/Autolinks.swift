internal import CCmark
internal import CTextScan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// GFM extended autolinks on libcmark's tree: `www.` and `http://`, `https://`, `ftp://` URLs, and e-mail
/// addresses, in text outside links, by cmark-gfm's rules for where a link may start, which domains are
/// valid, and which trailing punctuation is left out.
enum Autolinks {
    /// How URLs are read from a block's source.
    struct Reading {
        var entities: EntityDecoder
        var smart: Bool
        /// Whether footnote references are read (the footnotes extension is on).
        var footnotes: Bool
        /// Whether `~` is a delimiter (the strikethrough extension is on).
        var tildes = false
        /// How many parses of a block with its URLs standing in (``reparse(_:source:urls:certain:lines:reading:definitions:)``)
        /// led to this reading.
        var depth = 0
        /// The document's text, whose link reference definitions a block parsed again reads: set for the
        /// readings of such a block, whose own lines define none.
        var document: SourceLines?
    }

    /// Whether the text may hold a link to find: an `@`, a `www.` or a `scheme://`. Where one is already a
    /// link's (a destination, an angle-bracket autolink, an attribute) is the pass's to tell, from the
    /// text nodes: the source around it tells wrongly (`[a]](https://…)` is no link, `\<https://…>` is text,
    /// `link="https://…"` outside a tag is text, and cmark-gfm links each).
    static func mayMatch(_ text: String) -> Bool {
        if mayWriteAt(text) { return true }
        var text = text
        return text.withUTF8 { bytes in
            // Each `://` and `www.` found with memchr: a test at every byte cost as much as the pass it saves.
            for (mark, isWWW) in [(UInt8(ascii: ":"), false), (UInt8(ascii: "w"), true)] {
                var offset = 0
                while let base = bytes.baseAddress, offset + 3 < bytes.count,
                    let found = memchr(base + offset, Int32(mark), bytes.count - offset - 3)
                {
                    let index = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                    offset = index + 1
                    let matches =
                        isWWW
                        ? bytes[index + 1] == UInt8(ascii: "w") && bytes[index + 2] == UInt8(ascii: "w")
                            && bytes[index + 3] == UInt8(ascii: ".")
                        : bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/")
                            && index > 0 && isAlpha(bytes[index - 1])
                    if matches { return true }
                }
            }
            return false
        }
    }

    /// URL and `www.` links read from the source of each paragraph and heading, as cmark-gfm's inline parser
    /// reads them: a link's text and destination are the source as written (`www.example.com/a\_b` keeps its
    /// backslash, `http://x&lt;y` its entity), where it begins is decided by the source byte before it, and
    /// only brackets written as brackets stop links. A link runs on over the code spans, links and other
    /// nodes after its text up to white space, as cmark-gfm reads the source to white space before them. A
    /// block is read this way only when every link found in it ends in text or after a whole node; the others
    /// are left to ``apply(_:smart:source:readFromSource:)``.
    ///
    /// - Returns: The blocks whose URLs were read from the source, where only e-mail addresses are left to
    ///   find.
    static func linkFromSource(
        _ blocks: [OpaquePointer], lines: SourceLines, reading: Reading, rereading reread: inout Set<OpaquePointer>
    ) -> Set<OpaquePointer> {
        var definitions = DefinitionReads(of: reading.document ?? lines)
        return linkFromSource(blocks, lines: lines, reading: reading, rereading: &reread, definitions: &definitions)
    }

    /// ``linkFromSource(_:lines:reading:rereading:)`` with the document's reads of its definitions shared
    /// with the readings around: a block read again reads its URLs this way, within the same budget.
    static func linkFromSource(
        _ blocks: [OpaquePointer], lines: SourceLines, reading: Reading, rereading reread: inout Set<OpaquePointer>,
        definitions: inout DefinitionReads
    ) -> Set<OpaquePointer> {
        var done: Set<OpaquePointer> = []
        for block in blocks {
            guard mayHoldURL(block), needsSource(block, lines: lines, smart: reading.smart),
                let source = InlineSource.make(for: block, lines: lines, entities: reading.entities)
            else { continue }
            let scan = SourceScan(block, source, smart: reading.smart)
            if !scan.fits || scan.readsAgain,
                reparse(
                    block, source: source, urls: scan.urls, certain: scan.rereading ?? scan.urls.count,
                    lines: lines, reading: reading, definitions: &definitions)
            {
                for (_, replacement) in scan.replaced { replacement.forEach(cmark_node_free) }
                done.insert(block)
                reread.insert(block)
                continue
            }
            guard scan.fits else {
                for (_, replacement) in scan.replaced { replacement.forEach(cmark_node_free) }
                continue
            }
            done.insert(block)
            for (node, links, from) in scan.matches { replace(node, withLinks: links, from: from, source) }
            for node in scan.covered { Tree.remove(node) }
            for (node, replacement) in scan.replaced { replacePartial(node, with: replacement) }
        }
        return done
    }

    /// Whether a block's URLs must be read from its source: without escapes or entities (or smart
    /// punctuation) the text is its source, and the pass over decoded text finds the same links for less,
    /// unless a link may run on into the node after its text (a code span, a link, a line break), as
    /// cmark-gfm reads on to white space.
    private static func needsSource(_ block: OpaquePointer, lines: SourceLines, smart: Bool) -> Bool {
        // Smart punctuation changes quotes, `--` and `...` only, into characters whose UTF-8 begins with
        // 0xE2, which the text pass would take for smart punctuation where they were typed as such.
        let (first, last) = (Tree.startLine(block), Tree.endLine(block))
        let written: [UInt8] = Array((smart ? "\\&\"'" : "\\&").utf8) + (smart ? [0, 0xE2] : [0])
        return lines.contains(from: first, through: last, anyOf: written)
            || (smart
                && (lines.contains(from: first, through: last, sequence: Array("--".utf8))
                    || lines.contains(from: first, through: last, sequence: Array("...".utf8))))
            || mayRunOn(block) || mayTakeBacktick(block)
    }

    /// Whether a word of text that holds a `www.` or a `://` goes on to a backtick, which a URL there would
    /// take: cmark-gfm's inline parser never meets that backtick run, where libcmark's met it as an opener.
    /// Its search for a closer that is not there (`scan_to_closing_backticks`, inlines.c) leaves where a run
    /// of each length was last seen, which later searches trust and each code span found moves back, so that
    /// a later opener finds no closer (`www.``, then `` `a`e` ` ``, where cmark-gfm makes a code span of the
    /// last `` ` ` ``). The source scan then reads the block again around the URL.
    private static func mayTakeBacktick(_ block: OpaquePointer) -> Bool {
        for node in Tree.all(block, where: { Tree.isText($0) }) {
            let found = Tree.withLiteralBytes(node) { bytes -> Bool in
                guard bytes.contains(UInt8(ascii: "`")) else { return false }
                // Whether the word so far holds a `www.` or a `://`.
                var marked = false
                for index in bytes.indices {
                    let byte = bytes[index]
                    if isASCIISpace(byte) {
                        marked = false
                    } else if byte == UInt8(ascii: "`") {
                        if marked { return true }
                    } else if !marked, byte == UInt8(ascii: "w") || byte == UInt8(ascii: ":") {
                        let rest = bytes[index...].prefix(4)
                        marked = rest.elementsEqual("www.".utf8) || rest.prefix(3).elementsEqual("://".utf8)
                    }
                }
                return false
            }
            if found { return true }
        }
        return false
    }

    /// The URLs of one block read from its source, and what linking them there changes.
    private struct SourceScan {
        var matches: [(node: OpaquePointer, links: [SourceURL], from: Int)] = []
        /// Nodes a link runs over whole.
        var covered: [OpaquePointer] = []
        /// Nodes a link ends in, with what takes their place (made here: the caller frees or inserts them).
        var replaced: [(node: OpaquePointer, replacement: [OpaquePointer])] = []
        /// Whether every link ends in text, after a whole node or in a node whose rest reads alike alone.
        var fits = true
        /// The URLs found, up to the one that does not fit.
        var urls: [SourceURL] = []
        /// Whether the block is better read again around its URLs (``reparse(_:source:urls:certain:lines:reading:definitions:)``).
        var readsAgain = false
        /// How many of `urls` go up to the first that reads the block again.
        var rereading: Int?

        init(_ block: OpaquePointer, _ source: InlineSource, smart: Bool) {
            let raw = source.raw
            var brackets = OpenBrackets()
            // Where the text after the last link resumes.
            var resume = 0
            // Asked for each URL: looked up in the block's units and its last backtick, found once, so that a
            // block of many URLs is read in linear time.
            var units: SplitUnits?
            let lastBacktick = raw.lastIndex(of: UInt8(ascii: "`"))
            for (node, events) in textsOutsideLinks(block) {
                brackets.apply(events)
                guard !FootnoteReferences.isMarked(node), let span = source.texts[node],
                    span.raw.upperBound > resume
                else { continue }
                var links: [SourceURL] = []
                var spanUnits: SplitUnits?
                let from = max(span.raw.lowerBound, resume)
                var index = from
                var cursor = 0
                while index < span.raw.upperBound {
                    if let unit = InlineSource.unit(containing: index, in: span, cursor: &cursor) {
                        index = unit.raw.upperBound
                        continue
                    }
                    brackets.read(raw, at: index)
                    guard !brackets.block, let match = sourceLink(in: raw, at: index, earliest: span.raw.lowerBound)
                    else {
                        index += 1
                        continue
                    }
                    links.append((match.start..<match.end, match.url))
                    urls.append((match.start..<match.end, match.url))
                    index = match.end
                    // A URL that takes an escape's backslash leaves the escaped character to be read again
                    // (`www.\<n>` ends before a tag); one that takes a backtick run leaves the runs after it to
                    // be paired without it (libcmark's search for its closer skips runs it then meets again).
                    // The escape may be in a later node, past a reference the URL runs over (`www.[^1]\&amp;`).
                    if !readsAgain {
                        if spanUnits == nil { spanUnits = SplitUnits(span.units.map(\.raw)) }
                        readsAgain = spanUnits?.split(at: match.end) == true
                    }
                    if !readsAgain, match.end > span.raw.upperBound {
                        if units == nil { units = SplitUnits(source.texts.values.flatMap { $0.units.map(\.raw) }) }
                        readsAgain = units?.split(at: match.end) == true
                    }
                    readsAgain =
                        readsAgain
                        || (raw[match.start..<match.end].contains(UInt8(ascii: "`"))
                            && lastBacktick.map { $0 >= match.end } == true)
                    if readsAgain, rereading == nil { rereading = urls.count }
                    if match.end > span.raw.upperBound {
                        guard
                            let over = nodes(
                                after: node, through: match.end, linkStart: match.start, source, smart: smart)
                        else {
                            fits = false
                            break
                        }
                        covered += over.over
                        if let partial = over.partial { replaced.append(partial) }
                        resume = match.end
                        break
                    }
                }
                if !fits { break }
                if !links.isEmpty || from > span.raw.lowerBound { matches.append((node, links, from)) }
            }
        }
    }

    /// The units of every text of a block, by where they start in its source: whether a position falls
    /// inside one is a binary search, not a look at each (texts do not overlap, nor do their units).
    private struct SplitUnits {
        /// The units' starts, in order, and the furthest end of a unit up to each.
        let starts: [Int]
        let furthestEnds: [Int]

        init(_ units: [Range<Int>]) {
            let sorted = units.sorted { $0.lowerBound < $1.lowerBound }
            starts = sorted.map(\.lowerBound)
            var furthest = Int.min
            furthestEnds = sorted.map { unit in
                furthest = max(furthest, unit.upperBound)
                return furthest
            }
        }

        /// Whether `position` is inside a unit, past its first byte.
        func split(at position: Int) -> Bool {
            // The units that start before `position`: one of them ends after it, or none does.
            var (low, high) = (0, starts.count)
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] < position { low = middle + 1 } else { high = middle }
            }
            return low > 0 && position < furthestEnds[low - 1]
        }
    }

    /// Puts what is left of a node a link ended in in its place.
    private static func replacePartial(_ node: OpaquePointer, with replacement: [OpaquePointer]) {
        for piece in replacement { Tree.insert(piece, before: node) }
        Tree.remove(node)
        // Text that cmark-gfm reads on from is one node with the text after it (`www.\~~` ends in a run of
        // two tildes).
        if let last = replacement.last, Tree.isText(last) { Tree.mergeNext(into: last) }
        // A hard break whose backslash the link took is a soft break, after which cmark's inline parser takes
        // the next line's white space off (libcmark kept it after the hard break, on a lazy line).
        if let last = replacement.last, Tree.type(last) == CMARK_NODE_SOFTBREAK, let after = Tree.next(last),
            Tree.isText(after)
        {
            Tree.setLiteral(after, bytes: Tree.literalBytes(after).drop { $0 == 0x20 || $0 == 0x09 })
        }
    }

    /// The `www.` or URL link that starts at `index` of a block's source (or, for a URL, whose `:` is there).
    private static func sourceLink(in raw: [UInt8], at index: Int, earliest: Int) -> (
        start: Int, end: Int, url: String
    )? {
        let byte = raw[index]
        if byte == UInt8(ascii: "w"),
            index == 0 || isASCIISpace(raw[index - 1]) || "*_~(".utf8.contains(raw[index - 1])
                || (index == Tables.cellMarkBytes.count && raw.starts(with: Tables.cellMarkBytes)),
            let end = www(raw, at: index, smart: false)
        {
            return (index, end, "http://" + String(decoding: raw[index..<end], as: UTF8.self))
        }
        if byte == UInt8(ascii: ":"), let found = url(raw, colon: index, earliest: earliest, smart: false) {
            return (found.start, found.end, String(decoding: raw[found.start..<found.end], as: UTF8.self))
        }
        return nil
    }

    /// The siblings after a text node that a link ending at `end` runs over whole, and the one it ends in
    /// with what takes that node's place; nil when that cannot be told without parsing again.
    ///
    /// A link may end before a node, in text (whose rest the next links resume from), in a hard line break
    /// after its backslash (the line ending is then a soft break), in a code span, a link or an image whose
    /// rest reads alike on its own (``RestOfNode``), or in a tilde written as an escape or entity.
    private static func nodes(
        after node: OpaquePointer, through end: Int, linkStart: Int, _ source: InlineSource, smart: Bool
    ) -> (over: [OpaquePointer], partial: (node: OpaquePointer, replacement: [OpaquePointer])?)? {
        var over: [OpaquePointer] = []
        var sibling = Tree.next(node)
        while let current = sibling, let range = source.ranges[current], range.upperBound <= end {
            over.append(current)
            sibling = Tree.next(current)
        }
        if let last = over.last.flatMap({ source.ranges[$0] }), last.upperBound == end { return (over, nil) }
        guard let next = sibling, let range = source.ranges[next] ?? source.texts[next]?.raw else { return nil }
        if end <= range.lowerBound { return (over, nil) }
        switch Tree.type(next) {
        case CMARK_NODE_TEXT where source.texts[next] != nil:
            return (over, nil)
        case CMARK_NODE_LINEBREAK
        where source.raw[range.lowerBound] == UInt8(ascii: "\\") && end == range.lowerBound + 1:
            // White space written at the next line's start is taken off after the soft break (where libcmark
            // kept it, on a lazy line); an empty text after the break keeps the text's own (`&#9;`).
            let lineStart = (source.raw[range.lowerBound...].firstIndex(of: 0x0A) ?? range.upperBound) + 1
            let written =
                lineStart < source.raw.count && (source.raw[lineStart] == 0x20 || source.raw[lineStart] == 0x09)
            return (over, (next, [cmark_node_new(CMARK_NODE_SOFTBREAK)] + (written ? [] : [Tree.text("")])))
        case CMARK_NODE_CODE, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            guard !Tree.isAutolink(next),
                let rest = RestOfNode(source.raw, link: linkStart..<end, nodeEnd: range.upperBound).parsed(smart: smart)
            else { return nil }
            return (over, (next, rest))
        case CMARK_NODE_CUSTOM_INLINE where Strikethrough.isWrittenTilde(next):
            // The rest of `\~` is a tilde cmark-gfm reads as written; the rest of an entity is its text.
            return (over, (next, [Tree.text(bytes: source.raw[end..<range.upperBound])]))
        default:
            return nil
        }
    }

    /// Replaces a text node with its text from `from` around the links found in it, each a link node.
    private static func replace(
        _ node: OpaquePointer, withLinks links: [(range: Range<Int>, url: String)], from: Int,
        _ source: InlineSource
    ) {
        guard let span = source.texts[node] else { return }
        let offsets = source.literalOffsets(node)
        let literal = Tree.literalBytes(node)
        var plainStart = from
        for link in links {
            if link.range.lowerBound > plainStart {
                let text = source.decoded(
                    node, raw: plainStart..<link.range.lowerBound, offsets: offsets, literal: literal)
                Tree.insert(Tree.text(bytes: text), before: node)
            }
            Tree.insert(
                Tree.autolink(to: link.url, text: String(decoding: source.raw[link.range], as: UTF8.self)), before: node
            )
            plainStart = link.range.upperBound
        }
        if plainStart < span.raw.upperBound {
            let text = source.decoded(node, raw: plainStart..<span.raw.upperBound, offsets: offsets, literal: literal)
            Tree.insert(Tree.text(bytes: text), before: node)
        }
        Tree.remove(node)
    }

    /// Whether a text node ends without white space right before a node that is not text or a soft break,
    /// or before the closing delimiter of the emphasis or the `]` of the image it ends, which a URL at its end
    /// would run on into.
    private static func mayRunOn(_ block: OpaquePointer) -> Bool {
        for node in Tree.all(block, where: { Tree.isText($0) }) {
            if let next = Tree.next(node) {
                guard !Tree.isText(next), Tree.type(next) != CMARK_NODE_SOFTBREAK else { continue }
            } else {
                // Only where its last word may be a URL: most emphasis ends in a plain word.
                guard let parent = Tree.parent(node), parent != block,
                    isEmphasis(parent) || Tree.type(parent) == CMARK_NODE_IMAGE,
                    Tree.withLiteralBytes(
                        node,
                        { bytes in
                            let word = bytes.reversed().prefix { !isASCIISpace($0) }
                            return word.count >= 4
                                && (word.contains(UInt8(ascii: ".")) || word.contains(UInt8(ascii: ":")))
                        })
                else { continue }
            }
            if Tree.withLiteralBytes(node, { bytes in bytes.last.map { !isASCIISpace($0) } ?? false }) { return true }
        }
        return false
    }

    private static func mayHoldURL(_ block: OpaquePointer) -> Bool {
        for node in Tree.all(block, where: { Tree.isText($0) }) {
            let found = Tree.withLiteralBytes(node) { bytes -> Bool in
                var index = 0
                while index + 2 < bytes.count {
                    if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/") { return true }
                    if bytes[index] == UInt8(ascii: "w"), bytes[index + 1] == UInt8(ascii: "w"),
                        bytes[index + 2] == UInt8(ascii: "w")
                    {
                        return true
                    }
                    index += 1
                }
                return false
            }
            if found { return true }
        }
        return false
    }

    /// - Parameters:
    ///   - blocks: The paragraphs and headings, which hold all the text until tables are built.
    ///   - source: The parsed text's lines, made only if an emphasis inside a URL needs them.
    ///   - readFromSource: Blocks whose URLs ``linkFromSource(_:lines:reading:rereading:)`` found, which are left alone.
    static func apply(
        _ blocks: [OpaquePointer], smart: Bool, source: () -> SourceLines, readFromSource: Set<OpaquePointer> = []
    ) {
        // cmark-gfm starts a URL at a `www.` or a `://` as written, never one a character reference makes: a
        // block whose lines hold neither is not walked.
        let lines = source()
        let blocks = blocks.filter { block in
            let (first, last) = (Tree.startLine(block), Tree.endLine(block))
            return !lines.holds(from: first, through: last) || lines.contains(from: first, through: last, sequence: www)
                || lines.contains(from: first, through: last, sequence: schemeSeparator)
        }
        restoreDelimitersInURLs(blocks, source: source, skipping: readFromSource)
        for block in blocks where !readFromSource.contains(block) {
            link(textsOutsideLinks(block), finding: .urls, smart: smart)
        }
    }

    private static let www = Array("www.".utf8)
    private static let schemeSeparator = Array("://".utf8)

    /// What a pass over text nodes links.
    private enum Finding { case urls, emails }

    /// E-mail addresses, found after emphasis and strikethrough are matched, as cmark-gfm's postprocessing
    /// finds them in the text nodes left: the text of adjacent text nodes (delimiters that matched nothing
    /// and the words beside them) is read as one, so `_@.c ~_` links `_@.c` where the `_` matched nothing.
    /// cmark-gfm has resolved footnote references by then: one to a definition (`labels`, normalized) is
    /// no text, and one to none is its text again (`[^a@b.c --]` links `a@b.c`), which ``Footnotes`` then
    /// takes out of its wrapper as it is (no `[` or `]` of it can be in an address, so none runs out of it).
    /// Whether a text may put an `@` in its text nodes: as written, or as a character reference
    /// (`&#64;`, `&#x40;`, `&commat;`), which cmark-gfm's e-mail links read decoded.
    static func mayWriteAt(_ text: String) -> Bool {
        ByteSearch.contains(text, UInt8(ascii: "@")) || ByteSearch.contains(text, "&#")
            || ByteSearch.contains(text, "&commat;")
    }

    static func linkEmails(_ blocks: [OpaquePointer], lines: SourceLines, smart: Bool, labels: Set<String>) {
        // An `@` as written or from a character reference (`&`).
        for block in blocks
        where lines.contains(from: Tree.startLine(block), through: Tree.endLine(block), anyOf: [0x40, 0x26]) {
            // Told apart before any is linked: linking a reference's text frees its node.
            let texts = textsForEmails(block)
            let marked = texts.map(FootnoteReferences.isMarked)
            for (node, isMarked) in zip(texts, marked) where isMarked {
                let text = Tree.literal(node)
                guard text.utf8.contains(0x40),
                    !labels.contains(Footnotes.normalized(String(text.dropFirst(2).dropLast())))
                else { continue }
                var brackets = OpenBrackets()
                link(node, brackets: &brackets, smart: smart, finding: .emails)
            }
            var runs: [[OpaquePointer]] = []
            for (node, isMarked) in zip(texts, marked) where !isMarked {
                if let last = runs.last?.last, Tree.next(last) == node {
                    runs[runs.count - 1].append(node)
                } else {
                    runs.append([node])
                }
            }
            for run in runs where run.contains(where: { Tree.withLiteralBytes($0) { $0.contains(0x40) } }) {
                let first = run[0]
                if run.count > 1 {
                    Tree.setLiteral(first, bytes: run.flatMap(Tree.literalBytes))
                    run.dropFirst().forEach(Tree.remove)
                }
                for piece in outsideReferences(first, labels: labels) {
                    var brackets = OpenBrackets()
                    link(piece, brackets: &brackets, smart: smart, finding: .emails)
                }
            }
        }
    }

    /// Splits a text node around the references to definitions in it, found as ``Footnotes`` finds them
    /// (`[^` to the first `]`, no `[` between), and returns the pieces outside them.
    private static func outsideReferences(_ node: OpaquePointer, labels: Set<String>) -> [OpaquePointer] {
        guard !labels.isEmpty else { return [node] }
        let bytes = Tree.literalBytes(node)
        var references: [Range<Int>] = []
        var search = 0
        while search + 1 < bytes.count {
            guard bytes[search] == UInt8(ascii: "["), bytes[search + 1] == UInt8(ascii: "^") else {
                search += 1
                continue
            }
            guard let close = bytes[(search + 2)...].firstIndex(of: UInt8(ascii: "]")) else { break }
            let label = bytes[(search + 2)..<close]
            guard !label.isEmpty, !label.contains(UInt8(ascii: "[")),
                labels.contains(Footnotes.normalized(String(decoding: label, as: UTF8.self)))
            else {
                search += 2
                continue
            }
            references.append(search..<(close + 1))
            search = close + 1
        }
        guard !references.isEmpty else { return [node] }
        var outside: [OpaquePointer] = []
        var start = 0
        for reference in references + [bytes.count..<bytes.count] {
            if reference.lowerBound > start {
                let piece = Tree.text(bytes: bytes[start..<reference.lowerBound])
                Tree.insert(piece, before: node)
                outside.append(piece)
            }
            if !reference.isEmpty {
                Tree.insert(Tree.text(bytes: bytes[reference]), before: node)
            }
            start = reference.upperBound
        }
        Tree.remove(node)
        return outside
    }

    /// Finds the links in the text nodes of one block.
    private static func link(_ texts: [(node: OpaquePointer, brackets: [BracketEvent])], finding: Finding, smart: Bool)
    {
        // Brackets still open in the text before a position stop URL links there, as they stop cmark-gfm
        // while it does not yet know whether the bracket begins a link; e-mail links are not affected.
        var brackets = OpenBrackets()
        for (node, events) in texts {
            brackets.apply(events)
            // A footnote reference restored to its source holds no link in cmark-gfm.
            guard !FootnoteReferences.isMarked(node) else { continue }
            // Most text holds no link: its bytes are looked at in place, and only brackets are read.
            let mayLink = Tree.withLiteralBytes(node) { bytes in
                guard Self.mayLink(bytes) else {
                    for index in bytes.indices { brackets.read(bytes, at: index) }
                    return false
                }
                return true
            }
            if mayLink { link(node, brackets: &brackets, smart: smart, finding: finding) }
        }
    }

    /// The first byte from `index` where the URL search stops, or the end: a bracket, which it counts, or
    /// where a URL may begin (`w`, `:`); the bytes between are skipped 16 at a time.
    @inline(__always)
    private static func nextLinkWork(in bytes: [UInt8], from index: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return index }
            return blog_first_of4(
                base, index, buffer.count, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "w"),
                UInt8(ascii: ":"))
        }
    }

    /// Whether text may hold a link: `://`, `www.` or `@`.
    private static func mayLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "@"): return true
            case UInt8(ascii: ":") where index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                return true
            case UInt8(ascii: "w")
            where index + 3 < bytes.count && bytes[index + 1] == UInt8(ascii: "w")
                && bytes[index + 2] == UInt8(ascii: "w"):
                return true
            default: break
            }
            index += 1
        }
        return false
    }

    /// What happens to the brackets that stop URLs between two text nodes of a block.
    enum BracketEvent { case imageOpened, imageClosed, linkClosed }

    /// The text nodes of a block outside links written with brackets or in `<` `>`, images' descriptions
    /// included, each with the images opened and closed and the links closed since the text before: a link
    /// that closes inside an image's description lets the URLs after it link, and cmark-gfm's link then
    /// takes the image's `]` and what follows (`![[]()http://a]()`).
    static func textsOutsideLinks(_ block: OpaquePointer) -> [(node: OpaquePointer, brackets: [BracketEvent])] {
        var found: [(node: OpaquePointer, brackets: [BracketEvent])] = []
        guard let iterator = cmark_iter_new(block) else { return found }
        defer { cmark_iter_free(iterator) }
        var events: [BracketEvent] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            switch Tree.type(node) {
            case CMARK_NODE_TEXT:
                found.append((node, events))
                events.removeAll()
            case CMARK_NODE_LINK where event == CMARK_EVENT_ENTER:
                if isBracketLink(node) { events.append(.linkClosed) }
                // Text in a link's brackets is never linked: the walk goes on after it.
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            case CMARK_NODE_IMAGE:
                events.append(event == CMARK_EVENT_ENTER ? .imageOpened : .imageClosed)
            default: break
            }
        }
        return found
    }

    /// The text nodes cmark-gfm's pass for e-mail addresses reads, in order: it skips the nodes after a
    /// link's start up to the end of the first link that ends, which for a link holding another (an
    /// autolink in its text) is the inner one's: the text after it in the outer link is read
    /// (`[<http://a> x@y.zz](/u)` links the address).
    private static func textsForEmails(_ block: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var inLink = false
        func visit(_ node: OpaquePointer) {
            var child = Tree.firstChild(node)
            while let current = child {
                child = Tree.next(current)
                let isLink = Tree.type(current) == CMARK_NODE_LINK
                if isLink {
                    inLink = true
                } else if !inLink, Tree.isText(current) {
                    found.append(current)
                }
                visit(current)
                if isLink { inLink = false }
            }
        }
        visit(block)
        return found
    }

    /// Whether a link is one written with brackets, not a bare URL or one in `<` and `>`.
    private static func isBracketLink(_ node: OpaquePointer) -> Bool {
        Tree.type(node) == CMARK_NODE_LINK && !Tree.isAutolink(node) && !Tree.isAngleAutolink(node)
    }

    /// The brackets open before a position, which stop bare URLs there as they stop cmark-gfm's autolink
    /// extension (`cmark_inline_parser_in_bracket`) while a `[` or `![` may yet begin a link or image: a
    /// `[` stops them until its `]`; a `![` until its `]` or a link closing after it, which in cmark-gfm
    /// 0.29 clears what the image brackets open below it say but not what link brackets say
    /// (`![[a](b) http://c` links the URL, `[[a](b) http://c` does not).
    struct OpenBrackets {
        private var isImage: [Bool] = []
        private var links = 0
        /// Image brackets from this index up stop URLs; those below were open when a link closed.
        private var clearedBelow = 0
        private var stoppingImages = 0

        /// Whether URLs are stopped here.
        var block: Bool { links > 0 || stoppingImages > 0 }

        /// Reads the byte at `index`: a `[` (after `!` an image's, unless `^` follows) or a `]`.
        mutating func read<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Bytes.Index) {
            switch bytes[index] {
            case UInt8(ascii: "["):
                let next = bytes.index(after: index)
                let image =
                    index > bytes.startIndex && bytes[bytes.index(before: index)] == UInt8(ascii: "!")
                    && (next == bytes.endIndex || bytes[next] != UInt8(ascii: "^"))
                isImage.append(image)
                if image { stoppingImages += 1 } else { links += 1 }
            case UInt8(ascii: "]"): close()
            default: break
            }
        }

        private mutating func close() {
            guard let image = isImage.popLast() else { return }
            if !image {
                links -= 1
            } else if isImage.count >= clearedBelow {
                stoppingImages -= 1
            }
            clearedBelow = min(clearedBelow, isImage.count)
        }

        /// Reads what happened to brackets between two texts.
        mutating func apply(_ events: [BracketEvent]) {
            for event in events {
                switch event {
                case .imageOpened:
                    isImage.append(true)
                    stoppingImages += 1
                case .imageClosed: close()
                case .linkClosed: linkClosed()
                }
            }
        }

        private mutating func linkClosed() {
            clearedBelow = isImage.count
            stoppingImages = 0
        }
    }

    /// cmark-gfm reads a URL from the source before emphasis is parsed, so `__init__` or `_id_` at the
    /// end of a URL stays in it; libcmark has made emphasis of them. Where the text before an emphasis
    /// ends in a URL that runs on into it (no space between) and the source shows which delimiter was
    /// written, the emphasis goes back to text, so that the URL is found whole.
    private static func restoreDelimitersInURLs(
        _ blocks: [OpaquePointer], source: () -> SourceLines, skipping: Set<OpaquePointer>
    ) {
        var emphases: [(node: OpaquePointer, block: OpaquePointer)] = []
        for block in blocks where !skipping.contains(block) {
            Tree.walk(block, into: { _ in true }) { node in
                let kind = Tree.type(node)
                if kind == CMARK_NODE_EMPH || kind == CMARK_NODE_STRONG { emphases.append((node, block)) }
            }
        }
        for (emphasis, block) in emphases {
            guard let before = Tree.previous(emphasis), Tree.isText(before),
                let inner = Tree.firstChild(emphasis), Tree.isText(inner), Tree.next(inner) == nil
            else { continue }
            // By byte first: most emphasis follows a space or plain words, and Strings cost more than the check.
            let candidate = Tree.withLiteralBytes(before) { head -> Bool in
                guard let last = head.last, last != 0x20, last != 0x0A, last != 0x09 else { return false }
                var start = head.count
                while start > 0, head[start - 1] != 0x20, head[start - 1] != 0x0A, head[start - 1] != 0x09 {
                    start -= 1
                }
                let tail = head[start...]
                return tail.count >= 4
                    && (tail.indices.contains { tail[$0...].starts(with: "://".utf8) }
                        || tail.indices.contains { tail[$0...].starts(with: "www.".utf8) })
            }
            guard candidate else { continue }
            let text = Tree.literal(inner)
            let head = Tree.literal(before)
            guard !text.isEmpty, !text.contains(where: { $0.isWhitespace }) else { continue }
            let tail =
                head.split(omittingEmptySubsequences: false, whereSeparator: { $0.isWhitespace }).last.map(String.init)
                ?? ""
            let raw = source().raw(from: Tree.startLine(block), through: Tree.endLine(block))
            let count = Tree.type(emphasis) == CMARK_NODE_STRONG ? 2 : 1
            guard
                let delimiter = ["_", "*"].first(where: {
                    raw.contains(tail + String(repeating: $0, count: count) + text)
                })
            else { continue }
            let run = Array(String(repeating: delimiter, count: count).utf8)
            Tree.setLiteral(before, bytes: Tree.literalBytes(before) + run + Tree.literalBytes(inner) + run)
            Tree.remove(emphasis)
            Tree.mergeNext(into: before)
        }
    }

    /// Finds the links in one text node and splits it around them.
    private static func link(_ node: OpaquePointer, brackets: inout OpenBrackets, smart: Bool, finding: Finding) {
        let written = Tree.literalBytes(node)
        // With smart punctuation libcmark has made `--`, `...` and quotes into dashes, an ellipsis and curly
        // quotes; cmark-gfm reads URLs before that. URLs are found in the text with them put back, and
        // each plain piece is taken from the text as it is.
        // Smart punctuation's characters all begin with 0xE2: text without that byte is its own source, and the
        // position map (read only where the two differ) is not made.
        let (bytes, origin) = smart && written.contains(0xE2) ? unsmartened(written) : (written, [])
        var pieces: [(text: [UInt8], url: String?)] = []
        var plainStart = 0
        var index = 0
        let spaceBefore = Tree.edgeIsSpace(neighbour: Tree.previous(node), parent: Tree.parent(node))
        // Emphasis and strikethrough end (or, around a first child, begin) with `*`, `_` or `~`, after which a
        // `www.` link may start.
        let previousIsEmphasis = Tree.previous(node).map(isEmphasis) ?? Tree.parent(node).map(isEmphasis) ?? false
        // The block's source goes on after the text: another node, or the closing delimiter of the emphasis or
        // strikethrough around it.
        let continued =
            Tree.next(node) != nil
            || Tree.parent(node).map { Tree.type($0) != CMARK_NODE_PARAGRAPH && Tree.type($0) != CMARK_NODE_HEADING }
                ?? false
        while index < bytes.count {
            // Only brackets, a `w` and a `:` begin anything here.
            index = Self.nextLinkWork(in: bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            brackets.read(bytes, at: index)
            var match: (start: Int, end: Int, url: String)?
            if !brackets.block && finding == .urls {
                if byte == UInt8(ascii: "w") {
                    let allowed: Bool
                    if index == 0 {
                        allowed = spaceBefore || previousIsEmphasis
                    } else if index == Tables.cellMarkBytes.count, Tree.previous(node) == nil,
                        bytes.starts(with: Tables.cellMarkBytes)
                    {
                        // The start of a table cell, which is a paragraph of the prelude until tables are built.
                        allowed = true
                    } else {
                        let previous = bytes[index - 1]
                        allowed = isASCIISpace(previous) || "*_~(".utf8.contains(previous)
                    }
                    if allowed, let end = www(bytes, at: index, smart: smart, continued: continued) {
                        match = (index, end, "http://" + String(decoding: bytes[index..<end], as: UTF8.self))
                    }
                } else if byte == UInt8(ascii: ":"),
                    let found = url(bytes, colon: index, earliest: plainStart, smart: smart, continued: continued)
                {
                    match = (found.start, found.end, String(decoding: bytes[found.start..<found.end], as: UTF8.self))
                }
            }
            if let match {
                if match.start > plainStart { pieces.append((Array(bytes[plainStart..<match.start]), nil)) }
                pieces.append((Array(bytes[match.start..<match.end]), match.url))
                plainStart = match.end
                index = match.end
            } else {
                index += 1
            }
        }
        if plainStart < bytes.count { pieces.append((Array(bytes[plainStart...]), nil)) }
        if smart, bytes != written {
            // Plain pieces as written: walk the pieces' lengths through the position map.
            var position = 0
            for index in pieces.indices {
                let end = position + pieces[index].text.count
                if pieces[index].url == nil { pieces[index].text = Array(written[origin[position]..<origin[end]]) }
                position = end
            }
        }
        // E-mail addresses: in what is left as text.
        let final = pieces.flatMap { piece in
            piece.url == nil && finding == .emails ? emails(piece.text, smart: smart) : [piece]
        }
        replace(node, with: final)
    }

    /// Puts the pieces of a text node in its place, each link an autolink, when any piece is a link.
    private static func replace(_ node: OpaquePointer, with pieces: [(text: [UInt8], url: String?)]) {
        guard pieces.contains(where: { $0.url != nil }) else { return }
        for piece in pieces {
            let inserted =
                piece.url.map { Tree.autolink(to: $0, text: String(decoding: piece.text, as: UTF8.self)) }
                ?? Tree.text(bytes: piece.text)
            Tree.insert(inserted, before: node)
        }
        Tree.remove(node)
    }

    private static func isEmphasis(_ node: OpaquePointer) -> Bool {
        let kind = Tree.type(node)
        return kind == CMARK_NODE_EMPH || kind == CMARK_NODE_STRONG
            || kind == CMARK_NODE_CUSTOM_INLINE && Tree.onEnter(node) == "<del>"
    }

    /// Smart punctuation put back as typed (– as `--`, — as `---`, … as `...`, curly quotes as straight
    /// ones), and for each byte of the result, the position in `bytes` it came from (plus the end).
    private static func unsmartened(_ bytes: [UInt8]) -> ([UInt8], [Int]) {
        var result: [UInt8] = []
        var origin: [Int] = []
        result.reserveCapacity(bytes.count)
        origin.reserveCapacity(bytes.count + 1)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 {
                let replacement = InlineSource.smartSource(bytes[index + 2])
                if let replacement {
                    // Every byte of the replacement maps to the start of the character; its end to the next.
                    for _ in replacement { origin.append(index) }
                    origin[origin.count - replacement.count] = index
                    result += replacement
                    index += 3
                    continue
                }
            }
            result.append(bytes[index])
            origin.append(index)
            index += 1
        }
        origin.append(bytes.count)
        return (result, origin)
    }

    /// cmark-gfm 0.29's `cmark_isspace`, to which a form feed or a vertical tab is no white space (a URL runs
    /// on over one, and `www.` right after one is no link).
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isAlpha(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isAlnum(_ byte: UInt8) -> Bool { isAlpha(byte) || (0x30...0x39).contains(byte) }

    /// cmark-gfm's `is_valid_hostchar`: the scalar at `index` is neither white space nor punctuation.
    private static func isHostCharacter(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard let scalar = scalar(bytes, index) else { return false }
        return !CharacterClass.isSpace(scalar) && !CharacterClass.isPunctuation(scalar)
    }

    private static func scalar(_ bytes: [UInt8], _ index: Int) -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// The longest domain, local part or scheme looked at. Far above any real one (a domain has at most
    /// 253 characters); it keeps text such as `www.a_www.a_…` or `x@x@x@…` from being scanned again from
    /// every position, which took minutes for a megabyte.
    static let scanLimit = 1_000

    /// cmark-gfm's `check_domain`: the length of the domain at `start`, 0 when it is not one.
    ///
    /// - Parameter continued: Whether the block's source goes on after `bytes` (a line break, a closing
    ///   delimiter), which cmark-gfm's loop, stopping one byte short of the subject's end, then reaches.
    private static func domain(_ bytes: [UInt8], _ start: Int, allowShort: Bool, continued: Bool = false) -> Int {
        let size = min(bytes.count - start + (continued ? 1 : 0), scanLimit)
        // One byte is a domain as long as the URL allows short ones: cmark-gfm's loop then looks at nothing.
        guard size > 0 else { return 0 }
        var underscoresBeforeLastDot = 0
        var underscores = 0
        var dots = 0
        var index = 1
        while index < size - 1 {
            let byte = bytes[start + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBeforeLastDot = underscores
                underscores = 0
                dots += 1
            } else if !isHostCharacter(bytes, start + index) && byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if underscoresBeforeLastDot > 0 || underscores > 0 || index >= scanLimit - 1 { return 0 }
        return allowShort || dots > 0 ? index : 0
    }

    /// cmark-gfm's `autolink_delim`: the end of a link once trailing punctuation, an unbalanced `)` and an
    /// entity-like `&name;` are left out. With smart punctuation, libcmark has already made the quotes and
    /// dots that cmark-gfm leaves out (it reads them before) into ’ ” “ ‘ and …, which are left out too.
    private static func trimmedEnd(_ bytes: [UInt8], _ start: Int, _ end: Int, smart: Bool) -> Int {
        var linkEnd = end
        var parentheses: (opening: Int, closing: Int)?
        if let less = bytes[start..<end].firstIndex(of: UInt8(ascii: "<")) { linkEnd = less }
        while linkEnd > start {
            let last = bytes[linkEnd - 1]
            if smart, linkEnd - 3 >= start, bytes[linkEnd - 3] == 0xE2, bytes[linkEnd - 2] == 0x80,
                [0x98, 0x99, 0x9C, 0x9D, 0xA6].contains(last)
            {
                linkEnd -= 3
            } else if "?!.,:*_~'\"".utf8.contains(last) {
                linkEnd -= 1
            } else if last == UInt8(ascii: ";") {
                var newEnd = linkEnd - 2
                while newEnd > start, isAlpha(bytes[newEnd]) { newEnd -= 1 }
                if newEnd < linkEnd - 2, newEnd >= start, bytes[newEnd] == UInt8(ascii: "&") {
                    linkEnd = newEnd
                } else {
                    linkEnd -= 1
                }
            } else if last == UInt8(ascii: ")") {
                // Counted once: what is trimmed after holds no `(` and only the `)` taken off here, so a link
                // followed by thousands of `)` costs one pass, not one for each.
                if parentheses == nil {
                    var opening = 0
                    var closing = 0
                    for byte in bytes[start..<linkEnd] {
                        if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
                    }
                    parentheses = (opening, closing)
                }
                guard let (opening, closing) = parentheses, closing > opening else { break }
                parentheses = (opening, closing - 1)
                linkEnd -= 1
            } else {
                break
            }
        }
        return linkEnd
    }

    /// Whether a bare URL that cmark-gfm reads takes the backslash at `index` of a block's source, which ends
    /// its line: the URL runs on to white space, so the backslash makes no line break there and the line
    /// ending is a soft break, after which `handle_newline` counts columns again (`http://b\`, then `[^`).
    /// Inside a bracket cmark-gfm reads no URL (`[^http://c\`, then `]`), which the caller tells.
    static func takesLineEndBackslash(_ raw: [UInt8], at index: Int) -> Bool {
        var start = index
        while start > 0, !isASCIISpace(raw[start - 1]) { start -= 1 }
        for candidate in start..<index where raw[candidate] == UInt8(ascii: "w") || raw[candidate] == UInt8(ascii: ":")
        {
            if let link = sourceLink(in: raw, at: candidate, earliest: start) { return link.end == index + 1 }
        }
        return false
    }

    /// Where the bare URL that starts at `start` in raw text ends (`www.` or a scheme's, matched as cmark-gfm
    /// matches them), or nil when none starts there.
    static func bareURLEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        if let end = www(bytes, at: start, smart: false) { return end }
        var colon = start
        while colon < bytes.count, colon - start < 6, isAlpha(bytes[colon]) { colon += 1 }
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":"),
            let link = url(bytes, colon: colon, earliest: start, smart: false), link.start == start
        else { return nil }
        return link.end
    }

    private static func www(_ bytes: [UInt8], at start: Int, smart: Bool, continued: Bool = false) -> Int? {
        guard bytes.count - start >= 4, bytes[start..<start + 4].elementsEqual("www.".utf8) else { return nil }
        let length = domain(bytes, start, allowShort: false, continued: continued)
        guard length > 0 else { return nil }
        var end = start + length
        while end < bytes.count, !isASCIISpace(bytes[end]) { end += 1 }
        end = trimmedEnd(bytes, start, end, smart: smart)
        return end > start ? end : nil
    }

    private static func url(_ bytes: [UInt8], colon: Int, earliest: Int, smart: Bool, continued: Bool = false)
        -> (start: Int, end: Int)?
    {
        guard bytes.count - colon >= 4, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        var start = colon
        while start > earliest, colon - start < 32, isAlpha(bytes[start - 1]) { start -= 1 }
        let scheme = String(decoding: bytes[start..<colon], as: UTF8.self).lowercased()
        guard ["http", "https", "ftp"].contains(scheme), isHostCharacter(bytes, colon + 3) else { return nil }
        let length = domain(bytes, colon + 3, allowShort: true, continued: continued)
        guard length > 0 else { return nil }
        var end = colon + 3 + length
        while end < bytes.count, !isASCIISpace(bytes[end]) { end += 1 }
        end = trimmedEnd(bytes, start, end, smart: smart)
        return end > start ? (start, end) : nil
    }

    /// cmark-gfm's e-mail autolinks (its `postprocess_text`), over one piece of plain text: the address is
    /// read back from each `@` over letters, digits and `.+-_`, and over a `mailto:` or `xmpp:` that starts
    /// the text or follows a character that is neither (then it is part of the link and its destination), and
    /// forward over letters, digits, `-`, `_`, one `@`, dots followed by a letter or digit, and `/` in an
    /// `xmpp:` address.
    private static func emails(_ bytes: [UInt8], smart: Bool) -> [(text: [UInt8], url: String?)] {
        var pieces: [(text: [UInt8], url: String?)] = []
        var plainStart = 0
        // Where the text node that cmark-gfm looks at begins: the piece, then the text after each link.
        var nodeStart = 0
        var offset = 0
        func validProtocol(_ protocolName: String, before colon: Int) -> Bool {
            let name = Array(protocolName.utf8)
            let start = colon + 1 - name.count
            guard start >= nodeStart, bytes[start...colon].elementsEqual(name) else { return false }
            return start == nodeStart || !isAlnum(bytes[start - 1])
        }
        while offset < bytes.count, let at = bytes[offset...].firstIndex(of: UInt8(ascii: "@")) {
            var rewind = 0
            var autoMailto = true
            var isXMPP = false
            while at - rewind - 1 >= offset, rewind < scanLimit {
                let byte = bytes[at - rewind - 1]
                if isAlnum(byte) || ".+-_".utf8.contains(byte) {
                    rewind += 1
                    continue
                }
                if byte == UInt8(ascii: ":") {
                    if validProtocol("mailto:", before: at - rewind - 1) {
                        autoMailto = false
                        rewind += 1
                        continue
                    }
                    if validProtocol("xmpp:", before: at - rewind - 1) {
                        autoMailto = false
                        isXMPP = true
                        rewind += 1
                        continue
                    }
                }
                break
            }
            guard rewind > 0 else {
                offset = at + 1
                continue
            }
            var linkEnd = 0
            var ats = 0
            var dots = 0
            while at + linkEnd < bytes.count, linkEnd < scanLimit {
                let byte = bytes[at + linkEnd]
                if isAlnum(byte) {
                } else if byte == UInt8(ascii: "@") {
                    ats += 1
                } else if byte == UInt8(ascii: "."), at + linkEnd + 1 < bytes.count, isAlnum(bytes[at + linkEnd + 1]) {
                    dots += 1
                } else if byte == UInt8(ascii: "/") && isXMPP {
                } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                    break
                }
                linkEnd += 1
            }
            let lastByte = linkEnd > 0 ? bytes[at + linkEnd - 1] : 0
            guard linkEnd >= 2, ats == 1, dots > 0, isAlpha(lastByte) || lastByte == UInt8(ascii: ".") else {
                offset = at + 1
                continue
            }
            let end = trimmedEnd(bytes, at, at + linkEnd, smart: smart)
            guard end > at else {
                offset = at + 1
                continue
            }
            let start = at - rewind
            if start > plainStart { pieces.append((Array(bytes[plainStart..<start]), nil)) }
            let address = String(decoding: bytes[start..<end], as: UTF8.self)
            pieces.append((Array(bytes[start..<end]), autoMailto ? "mailto:" + address : address))
            plainStart = end
            nodeStart = end
            offset = end
        }
        if plainStart < bytes.count || pieces.isEmpty { pieces.append((Array(bytes[plainStart...]), nil)) }
        return pieces
    }
}
