internal import CCmark

/// `[^label]` as cmark-gfm's inline parser reads it: at a `]` that closes a `[` followed by `^` and makes no
/// link, everything between becomes a footnote reference whose label is the source text, emphasis, entities
/// and escapes as written (`[^_a_]`, `[^"><b>]`); a reference to no definition is written back as that text.
/// libcmark has parsed the inside as inlines: each such span is put back as one text node of its source,
/// inside a custom inline that writes nothing itself (so that no merging of text nodes joins it to its
/// neighbours), which strikethrough and autolinks leave alone, for ``Footnotes`` to link or unwrap.
enum FootnoteReferences {
    /// Whether a node is the custom inline around a restored reference.
    static func isRestored(_ node: OpaquePointer) -> Bool {
        guard Tree.type(node) == CMARK_NODE_CUSTOM_INLINE,
            cmark_node_get_on_enter(node).map({ $0.pointee == 0 }) ?? true,
            Tree.onExit(node).isEmpty, let text = Tree.firstChild(node), Tree.isText(text)
        else { return false }
        return Tree.withLiteralBytes(text) { $0.starts(with: [UInt8(ascii: "["), UInt8(ascii: "^")]) }
    }

    /// Whether a text node is the text of a restored reference.
    static func isMarked(_ node: OpaquePointer) -> Bool {
        Tree.parent(node).map(isRestored) ?? false
    }

    /// Restores the references in the paragraphs and headings; returns whether there was one.
    ///
    /// - Parameter unreferenced: Gets the blocks whose references are all restored, where a `[^` left in
    ///   text came from an escape or an entity (`\[^1]`, `&#91;^1]`, `[^1\]`), which cmark-gfm leaves
    ///   as text: ``separateUnreferencedCarets(in:)`` parts them once the other passes have read the text.
    ///   - taskLists: Whether a task item's marker is read before its paragraph, which then starts after it.
    /// Bare URLs stood in for in a block parsed again (``Autolinks/reparse(_:source:urls:certain:lines:reading:definitions:)``):
    /// each stand-in starts with `mark`, after the one that opens the block's text, and is one URL of
    /// cmark-gfm's source, which is `extra[k]` bytes longer than the `k`-th stand-in.
    struct StoodInURLs {
        var mark: [UInt8]
        var extra: [Int]
    }

    /// - Parameter urls: The bare URLs that the blocks' text stands in for, whose length in cmark-gfm's
    ///   source counts in a label cut across lines.
    static func restore(
        _ blocks: [OpaquePointer], lines: SourceLines, entities: EntityDecoder,
        unreferenced: inout [OpaquePointer], taskLists: Bool = false, urls: StoodInURLs? = nil
    ) -> Bool {
        var restored = false
        for block in blocks {
            let (first, last) = (Tree.startLine(block), Tree.endLine(block))
            // A reference is written `[^`: in a block whose lines hold none, a `[^` of the text came from an
            // escape or an entity, which only a backslash or an ampersand makes.
            if lines.holds(from: first, through: last),
                !lines.contains(from: first, through: last, sequence: [0x5B, 0x5E])
            {
                if lines.contains(from: first, through: last, anyOf: [0x5C, 0x26]) { unreferenced.append(block) }
                continue
            }
            guard mayHoldReference(block, lines: lines) else { continue }
            // One reference at a time, each from a fresh walk: a restoration frees nodes the walk knew. Past
            // 64 in one block (only made-up text has them) the rest stay as libcmark read them, so that the
            // walks stay linear in the block.
            for _ in 0..<64 {
                guard let source = InlineSource.make(for: block, lines: lines, entities: entities) else { break }
                // A cell's mark, or a task's marker, at the start is no part of cmark-gfm's paragraph.
                let origin =
                    source.raw.starts(with: Tables.cellMarkBytes)
                    ? Tables.cellMarkBytes.count : taskLists ? taskMarkerWidth(block, source, lines: lines) : 0
                let scopes =
                    [block]
                    + Tree.all(block) { node in
                        let kind = Tree.type(node)
                        return kind == CMARK_NODE_EMPH || kind == CMARK_NODE_STRONG || kind == CMARK_NODE_LINK
                            || kind == CMARK_NODE_IMAGE || Strikethrough.isStruck(node)
                    }
                let formFeed = lines.standIn?.formFeed
                if scopes.contains(where: {
                    restoreReference(in: $0, source, origin: origin, formFeed: formFeed, urls: urls)
                }) {
                    restored = true
                    continue
                }
                unreferenced.append(block)
                break
            }
        }
        return restored
    }

    /// Parts each `[^` in a block's text, outside restored references and autolinks, with an empty custom
    /// inline, which writes nothing: ``Footnotes`` links a reference that it finds whole in one text node.
    /// After the passes that read text across nodes (a bare URL may run over such a `[^`).
    static func separateUnreferencedCarets(in block: OpaquePointer) {
        var texts: [OpaquePointer] = []
        Tree.walk(block, into: { !Tree.isAnyAutolink($0) && !isRestored($0) }) { node in
            if Tree.isText(node) { texts.append(node) }
        }
        for text in texts {
            let bytes = Tree.literalBytes(text)
            let mark = [UInt8(ascii: "["), UInt8(ascii: "^")]
            guard ByteSearch.firstIndex(of: mark, in: bytes[...], from: 0) != nil else { continue }
            // Each piece ends at a `[`, the next begins at its `^`.
            var start = 0
            while let bracket = ByteSearch.firstIndex(of: mark, in: bytes[...], from: start) {
                Tree.insert(Tree.text(bytes: bytes[start...bracket]), before: text)
                Tree.insert(Tree.custom(block: false, onEnter: "", onExit: ""), before: text)
                start = bracket + 1
            }
            Tree.insert(Tree.text(bytes: bytes[start...]), before: text)
            Tree.remove(text)
        }
    }

    /// The source ranges, from `[` through `]`, of the references cmark-gfm's bracket stack makes in a
    /// block, outermost only: a `]` closes the nearest `[` still open, and one followed by `^` and more
    /// makes a reference of everything up to it, brackets and references inside included (`[^[^1]]` is one,
    /// labelled `[^1]`); a link deactivates the brackets open before it. Code, HTML and autolinks hold none.
    static func spans(in block: OpaquePointer, _ source: InlineSource) -> [Range<Int>] {
        var open: [Int] = []
        // The brackets open before a link, at the bottom of the stack, are inactive.
        var inactive = 0
        var spans: [Range<Int>] = []
        func visit(_ node: OpaquePointer) {
            var child = Tree.firstChild(node)
            while let current = child {
                child = Tree.next(current)
                switch Tree.type(current) {
                case CMARK_NODE_TEXT:
                    guard let span = source.texts[current] else { continue }
                    var cursor = 0
                    var index = span.raw.lowerBound
                    while index < span.raw.upperBound {
                        if let unit = InlineSource.unit(containing: index, in: span, cursor: &cursor) {
                            index = unit.raw.upperBound
                            continue
                        }
                        if source.raw[index] == UInt8(ascii: "[") { open.append(index) }
                        if source.raw[index] == UInt8(ascii: "]"), let start = open.popLast(), open.count >= inactive,
                            index > start + 2, source.raw[start + 1] == UInt8(ascii: "^")
                        {
                            while let inner = spans.last, inner.lowerBound > start { spans.removeLast() }
                            spans.append(start..<(index + 1))
                        }
                        inactive = min(inactive, open.count)
                        index += 1
                    }
                case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_IMAGE:
                    visit(current)
                case CMARK_NODE_CUSTOM_INLINE where Strikethrough.isStruck(current):
                    visit(current)
                case CMARK_NODE_LINK:
                    // A bare URL took its brackets with it (`http://a[^b]`).
                    guard !Tree.isAutolink(current), let range = source.ranges[current],
                        source.raw[range.lowerBound] != UInt8(ascii: "<")
                    else { continue }
                    visit(current)
                    inactive = open.count
                default:
                    continue
                }
            }
        }
        visit(block)
        return spans
    }

    /// Whether a block may hold a reference that libcmark's nodes do not show as written: a `[^` whose `]`
    /// is in another node, whose text holds a `~`, or whose text is not found as such in the block's source
    /// (an escape, an entity).
    /// Most references are plain text that ``Footnotes`` reads as it is.
    private static func mayHoldReference(_ block: OpaquePointer, lines: SourceLines) -> Bool {
        let (first, last) = (Tree.startLine(block), Tree.endLine(block))
        // With an escape or an entity, a `[^` of the text may be none of the source's (`\[^1]`, `&#91;^1]`,
        // `[^1&#93;`), though the same bytes are written elsewhere in the block (in code, say): only the
        // bracket stack over the source tells.
        if lines.contains(from: first, through: last, anyOf: [0x5C, 0x26]) { return true }
        let source = lines.bytes(from: first, through: last)
        // References come in the source in the order of the text nodes: each is looked for after the last,
        // so that a block of many references is read once, not once for each.
        var searchStart = source.startIndex
        for node in Tree.all(block, where: { Tree.isText($0) }) {
            let references = Tree.withLiteralBytes(node) { bytes -> [[UInt8]]? in
                var found: [[UInt8]] = []
                let raw = UnsafeRawBufferPointer(bytes)
                var index = 0
                while index + 1 < bytes.count {
                    // From one `[` to the next by memchr: most text holds none.
                    index = ByteSearch.next(UInt8(ascii: "["), in: raw, from: index, to: bytes.count - 1)
                    guard index + 1 < bytes.count else { break }
                    guard bytes[index + 1] == UInt8(ascii: "^") else {
                        index += 1
                        continue
                    }
                    guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
                    found.append(Array(bytes[index...close]))
                    index = close + 1
                }
                return found
            }
            guard let references else { return true }
            // A `~` inside would be read as strikethrough by the pass over text nodes; a `[` inside opens a
            // bracket of its own, which cmark-gfm closes first (`[^[^1]]` is one reference, labelled `[^1]`).
            for reference in references {
                if reference.contains(UInt8(ascii: "~")) || reference.dropFirst().contains(UInt8(ascii: "[")) {
                    return true
                }
                guard let found = ByteSearch.firstIndex(of: reference, in: source, from: searchStart) else {
                    return true
                }
                searchStart = found + reference.count
            }
        }
        return false
    }

    /// The bytes of a task item's marker and the white space after it at the start of its paragraph's source,
    /// which cmark-gfm's paragraph starts after: 0 for another block.
    private static func taskMarkerWidth(_ block: OpaquePointer, _ source: InlineSource, lines: SourceLines) -> Int {
        let raw = source.raw
        guard raw.count > 3, raw[0] == UInt8(ascii: "["), raw[2] == UInt8(ascii: "]"),
            " xX".utf8.contains(raw[1]), let item = Tree.parent(block), Tree.type(item) == CMARK_NODE_ITEM,
            Tree.firstChild(item) == block, Tree.startLine(item) == Tree.startLine(block),
            (1...lines.lines.count).contains(Tree.startLine(block)),
            TaskLists.markerEnd(Array(lines.lines[Tree.startLine(block) - 1].utf8), standIn: lines.standIn) != nil
        else { return 0 }
        return 3 + raw.dropFirst(3).prefix { $0 == 0x20 || $0 == 0x09 }.count
    }

    /// Restores the first reference among a scope's children; returns whether there was one. `origin`: the
    /// bytes at the start of the source that cmark-gfm's paragraph does not hold (a task's marker);
    /// `formFeed`: the bytes that stand in for a form feed, which is one byte to cmark-gfm.
    private static func restoreReference(
        in scope: OpaquePointer, _ source: InlineSource, origin: Int, formFeed: [UInt8]?, urls: StoodInURLs?
    ) -> Bool {
        guard let (current, open, closeNode, close) = firstClosedReference(in: scope, source),
            let span = source.texts[current], let closeSpan = source.texts[closeNode]
        else { return false }
        let label = String(
            decoding: label(open: open, close: close, source, origin: origin, formFeed: formFeed, urls: urls),
            as: UTF8.self)
        let before = source.decoded(
            current, raw: span.raw.lowerBound..<open, offsets: source.literalOffsets(current),
            literal: Tree.literalBytes(current))
        let after = source.decoded(
            closeNode, raw: (close + 1)..<closeSpan.raw.upperBound, offsets: source.literalOffsets(closeNode),
            literal: Tree.withLiteralBytes(closeNode) { Array($0) })
        if !before.isEmpty { Tree.insert(Tree.text(bytes: before), before: current) }
        let reference = Tree.custom(block: false, onEnter: "", onExit: "")
        // The length of its source, which a label cut across lines no longer tells (never dereferenced).
        cmark_node_set_user_data(reference, UnsafeMutableRawPointer(bitPattern: close + 1 - open))
        Tree.append(Tree.text("[^" + label + "]"), to: reference)
        Tree.insert(reference, before: current)
        if !after.isEmpty { Tree.insert(Tree.text(bytes: after), after: closeNode) }
        var remove: OpaquePointer? = current
        while let node = remove {
            remove = node == closeNode ? nil : Tree.next(node)
            Tree.remove(node)
        }
        return true
    }

    /// The first `[^` written as such among a scope's children whose `]` closes it, as cmark-gfm's bracket
    /// stack meets them, in one pass: a `]` closes the nearest `[` (`[^1\][^1]` holds one reference, the
    /// second); code, HTML, images, autolinks and line breaks are passed over; a link (which makes the
    /// brackets before it inactive), a `]` inside emphasis or any other node leaves the brackets open before
    /// it unclosed.
    private static func firstClosedReference(in scope: OpaquePointer, _ source: InlineSource)
        -> (node: OpaquePointer, open: Int, closeNode: OpaquePointer, close: Int)?
    {
        // The `[` still open, each with whether a `^` written as such follows it.
        var open: [(node: OpaquePointer, index: Int, caret: Bool)] = []
        var first: (node: OpaquePointer, open: Int, closeNode: OpaquePointer, close: Int)?
        var child = Tree.firstChild(scope)
        while let current = child {
            child = Tree.next(current)
            switch Tree.type(current) {
            case CMARK_NODE_TEXT:
                guard let span = source.texts[current] else {
                    open.removeAll()
                    continue
                }
                var index = span.raw.lowerBound
                var cursor = 0
                while index < span.raw.upperBound {
                    if let unit = InlineSource.unit(containing: index, in: span, cursor: &cursor) {
                        index = unit.raw.upperBound
                        continue
                    }
                    if source.raw[index] == UInt8(ascii: "[") {
                        let caret =
                            index + 1 < span.raw.upperBound && source.raw[index + 1] == UInt8(ascii: "^")
                            && InlineSource.unit(containing: index + 1, in: span, cursor: &cursor) == nil
                        open.append((current, index, caret))
                    }
                    if source.raw[index] == UInt8(ascii: "]"), let bracket = open.popLast(), bracket.caret,
                        index > bracket.index + 2, first.map({ bracket.index < $0.open }) ?? true
                    {
                        first = (bracket.node, bracket.index, current, index)
                    }
                    index += 1
                }
            case CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_IMAGE, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                continue
            case CMARK_NODE_LINK:
                if let range = source.ranges[current], source.raw[range.lowerBound] == UInt8(ascii: "<") { continue }
                open.removeAll()
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                passOver(current, source, &open)
            case CMARK_NODE_CUSTOM_INLINE where Strikethrough.isStruck(current):
                // Matched around references kept apart (``Delimiters/isolateReferences``), as emphasis is.
                passOver(current, source, &open)
            default:
                open.removeAll()
            }
        }
        return first
    }

    /// Passes over emphasis (or strikethrough) among a scope's children, whose brackets were on cmark-gfm's
    /// stack when its `]` came, emphasis being matched later: a `[` left open in it is the nearest for a later
    /// `]` (`[^*[*]` is no reference, its `]` closing the `[`), and a `]` in it that closes one before it
    /// leaves the brackets before it unclosed here, as a link in it leaves them inactive.
    private static func passOver(
        _ node: OpaquePointer, _ source: InlineSource, _ open: inout [(node: OpaquePointer, index: Int, caret: Bool)]
    ) {
        guard let range = source.ranges[node] else { return open.removeAll() }
        // A link in it makes the `[`s before it inactive (`[^*[](u)*]` is no reference).
        let linksInside = Tree.all(node) { inner in
            Tree.type(inner) == CMARK_NODE_LINK
                && source.ranges[inner].map { source.raw[$0.lowerBound] != UInt8(ascii: "<") } ?? true
        }
        if !linksInside.isEmpty { open.removeAll() }
        var depth = 0
        var index = range.lowerBound
        while index < range.upperBound {
            switch source.raw[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]") where depth > 0: depth -= 1
            case UInt8(ascii: "]"): return open.removeAll()
            default: break
            }
            index += 1
        }
        for _ in 0..<depth { open.append((node, range.lowerBound, false)) }
    }

    /// A reference's label: its text up to its `]`, or for one across lines what cmark-gfm's count of
    /// columns says, which takes the `]`'s column on its line less the `[`'s on its own as the label's
    /// length in bytes of the paragraph's content (`[^ab`, `xyz]` is labelled `a`; `[^`, `x]` has an empty
    /// label). Columns restart after the line ending of a soft or hard break, not after a backslash's hard
    /// break or in a code span, which cmark-gfm's `handle_newline` does not read; the content holds the white
    /// space a lazy line keeps, which counts and may be in the label (`- [^ab`, ` xyzuvw]` is labelled
    /// `ab`, ` x`).
    private static func label(
        open: Int, close: Int, _ source: InlineSource, origin: Int, formFeed: [UInt8]?, urls: StoodInURLs?
    ) -> ArraySlice<UInt8> {
        let raw = source.raw
        func lineStart(before index: Int) -> Int {
            source.lineBreaks.last { $0 < index }.map { $0 + 1 } ?? 0
        }
        let closeLine = lineStart(before: close)
        guard closeLine > open else { return raw[(open + 2)..<close] }
        // A form feed's stand-in is one byte to cmark-gfm, whatever its own length.
        let standIn = formFeed.flatMap { raw.contains($0[0]) ? $0 : nil }
        // A stood-in URL is as long as the URL to cmark-gfm.
        func urlExtra(_ range: Range<Int>) -> Int {
            guard let urls, raw[range].contains(urls.mark[0]) else { return 0 }
            let before = raw[..<range.lowerBound].ranges(of: urls.mark).count - 1
            return raw[range].ranges(of: urls.mark).indices.reduce(0) {
                $0 + (urls.extra.indices.contains(before + $1) ? urls.extra[before + $1] : 0)
            }
        }
        func bytes(_ range: Range<Int>) -> Int {
            guard let standIn else { return range.count + urlExtra(range) }
            return range.count - (standIn.count - 1) * raw[range].ranges(of: standIn).count + urlExtra(range)
        }
        let openLine = lineStart(before: open)
        let length =
            (bytes(closeLine..<close) + (source.lineWhitespace[closeLine]?.count ?? 0))
            - (bytes(openLine..<open) + (source.lineWhitespace[openLine]?.count ?? 0) - (openLine == 0 ? origin : 0))
            - 2
        var content: [UInt8] = []
        var index = open + 2
        var units = 0
        while index < close, units < length {
            if let whitespace = source.lineWhitespace[index], index > open {
                let kept = whitespace.prefix(length - units)
                content += kept
                units += kept.count
                guard units < length else { break }
            }
            let width = standIn.map { raw[index...].starts(with: $0) ? $0.count : 1 } ?? 1
            content += raw[index..<(index + width)]
            index += width
            units += 1
        }
        return content[...]
    }

}
