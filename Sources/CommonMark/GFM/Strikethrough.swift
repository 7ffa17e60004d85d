internal import CCmark

/// GFM strikethrough on libcmark's tree: runs of one or two `~` in text are delimiters, flanking as
/// emphasis delimiters do, and an opener and a closer of the same length enclose `<del>`. Matching follows
/// cmark-gfm's delimiter processing (nearest opener, the rule of three, unequal lengths left as text)
/// within each inline container; libcmark has already matched `*` and `_`.
enum Strikethrough {
    private struct Delimiter {
        var node: OpaquePointer
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var active = true
    }

    /// Tildes that are escaped (`\~`) or entities (`&#126;`) are no delimiters to cmark-gfm, which reads
    /// them from the source, while libcmark's text shows them as `~`: in blocks whose lines hold a tilde and
    /// an escape or entity, or a numeric reference (two of them pair with each other, with a tilde written
    /// in another block turning the pass on), each such tilde is put in a custom inline of its own that
    /// writes nothing itself, which ``apply(_:)`` does not look into.
    static func protectWrittenTildes(_ blocks: [OpaquePointer], lines: SourceLines, entities: EntityDecoder) {
        for block in blocks {
            let first = Tree.startLine(block)
            let last = Tree.endLine(block)
            guard
                lines.contains(from: first, through: last, sequence: Array("&#".utf8))
                    || (lines.contains(from: first, through: last, anyOf: [UInt8(ascii: "~")])
                        && lines.contains(from: first, through: last, anyOf: [UInt8(ascii: "\\"), UInt8(ascii: "&")])),
                let source = InlineSource.make(for: block, lines: lines, entities: entities)
            else { continue }
            for node in Tree.all(block, where: { Tree.isText($0) }) {
                guard let span = source.texts[node] else { continue }
                let tildes = span.units.filter { unit in
                    source.raw[unit.raw.lowerBound] != UInt8(ascii: "~")
                        && Tree.withLiteralBytes(node) { Array($0[unit.literal]) } == [UInt8(ascii: "~")]
                }
                guard !tildes.isEmpty else { continue }
                let literal = Tree.literalBytes(node)
                var plainStart = 0
                for unit in tildes {
                    if unit.literal.lowerBound > plainStart {
                        Tree.insert(Tree.text(bytes: literal[plainStart..<unit.literal.lowerBound]), before: node)
                    }
                    let wrapper = Tree.custom(block: false, onEnter: "", onExit: "")
                    Tree.append(Tree.text("~"), to: wrapper)
                    Tree.insert(wrapper, before: node)
                    plainStart = unit.literal.upperBound
                }
                if plainStart < literal.count {
                    Tree.insert(Tree.text(bytes: literal[plainStart...]), before: node)
                }
                Tree.remove(node)
            }
        }
    }

    /// Whether a node is struck through (`<del>`).
    static func isStruck(_ node: OpaquePointer) -> Bool {
        Tree.type(node) == CMARK_NODE_CUSTOM_INLINE && Tree.onEnter(node) == "<del>"
    }

    /// Whether a node is the custom inline around a tilde that ``protectWrittenTildes(_:lines:entities:)`` kept.
    static func isWrittenTilde(_ node: OpaquePointer) -> Bool {
        guard Tree.type(node) == CMARK_NODE_CUSTOM_INLINE,
            cmark_node_get_on_enter(node).map({ $0.pointee == 0 }) ?? true,
            let text = Tree.firstChild(node), Tree.isText(text), Tree.next(text) == nil
        else { return false }
        return Tree.withLiteralBytes(text) { $0.elementsEqual([UInt8(ascii: "~")]) }
    }

    /// - Parameters:
    ///   - blocks: The paragraphs and headings, which hold all inlines until tables and footnotes are built.
    ///   - skipping: Blocks whose delimiters ``Delimiters`` matched already.
    static func apply(_ blocks: [OpaquePointer], lines: SourceLines, skipping: Set<OpaquePointer> = []) {
        var parents: [(node: OpaquePointer, block: OpaquePointer)] = []
        for block in blocks where !skipping.contains(block) {
            // A `~` a text node holds is written in its block's lines (one from a character reference is
            // protected and never pairs): a block whose lines hold none is not walked.
            let (first, last) = (Tree.startLine(block), Tree.endLine(block))
            if lines.holds(from: first, through: last), !lines.contains(from: first, through: last, anyOf: [0x7E]) {
                continue
            }
            // Autolinks hold their text as written, bare or in `<` and `>`.
            // The type first: the lines are copied into the check only for a link.
            let isAutolink = { Tree.type($0) == CMARK_NODE_LINK && Tree.isAnyAutolink($0, lines: lines) }
            Tree.walk(block, into: { !isAutolink($0) }) { node in
                // Inline containers: their children are inlines.
                guard !isAutolink(node),
                    let child = Tree.firstChild(node)
                else {
                    return
                }
                let kind = Tree.type(child)
                if kind.rawValue >= CMARK_NODE_FIRST_INLINE.rawValue && kind.rawValue <= CMARK_NODE_LAST_INLINE.rawValue
                {
                    parents.append((node, block))
                }
            }
        }
        // Read only for a block where a run ends right before a hard line break, once.
        var backslashes = BackslashBreaks(lines: lines)
        for (parent, block) in parents { process(parent, in: block, backslashes: &backslashes) }
    }

    /// The hard line breaks written with a backslash, read for a block when first asked.
    private struct BackslashBreaks {
        let lines: SourceLines
        var read: [OpaquePointer: Set<OpaquePointer>] = [:]

        mutating func contains(_ lineBreak: OpaquePointer, in block: OpaquePointer) -> Bool {
            if read[block] == nil { read[block] = Set(backslashBreaks(in: block, lines: lines)) }
            return read[block]?.contains(lineBreak) == true
        }
    }

    /// The hard line breaks right after a `~` that are written with a backslash, which cmark-gfm reads as
    /// the character after the run (punctuation: `~\`, a line break, `o~` is struck through), where a break
    /// of spaces is white space. The block's lines that end in `~\` or in `~` and spaces are matched, in
    /// order, with the breaks after a text that ends in `~`; none are where their counts differ.
    private static func backslashBreaks(in block: OpaquePointer, lines: SourceLines) -> [OpaquePointer] {
        var breaks: [OpaquePointer] = []
        Tree.walk(block, into: { _ in true }) { node in
            guard Tree.type(node) == CMARK_NODE_LINEBREAK, let text = Tree.previous(node), Tree.isText(text),
                Tree.withLiteralBytes(text, { $0.last == UInt8(ascii: "~") })
            else { return }
            breaks.append(node)
        }
        let (first, last) = (Tree.startLine(block), Tree.endLine(block))
        guard !breaks.isEmpty, lines.holds(from: first, through: last) else { return [] }
        var written: [Bool] = []
        for line in lines.lines[(first - 1)..<(last - 1)] {
            let bytes = line.utf8
            let spaces = bytes.reversed().prefix { $0 == 0x20 }.count
            let end = bytes.dropLast(spaces == 0 && bytes.last == UInt8(ascii: "\\") ? 1 : spaces)
            guard end.count < bytes.count, spaces != 1, end.last == UInt8(ascii: "~") else { continue }
            written.append(spaces == 0)
        }
        guard written.count == breaks.count else { return [] }
        return zip(breaks, written).filter { $0.1 }.map(\.0)
    }

    private static func process(
        _ parent: OpaquePointer, in block: OpaquePointer, backslashes: inout BackslashBreaks
    ) {
        // The children are followed by pointer, not listed: most containers hold no `~`.
        var child = Tree.firstChild(parent)
        while let current = child, !hasTilde(current) { child = Tree.next(current) }
        guard child != nil else { return }
        var delimiters: [Delimiter] = []
        // A footnote reference restored to its source is no text to cmark-gfm's delimiters. A split puts
        // its pieces before the node it takes out, so the next node is taken first.
        child = Tree.firstChild(parent)
        while let current = child {
            child = Tree.next(current)
            guard Tree.isText(current), !FootnoteReferences.isMarked(current) else { continue }
            delimiters += split(current, in: parent, block: block, backslashes: &backslashes)
        }
        match(&delimiters)
    }

    private static func hasTilde(_ node: OpaquePointer) -> Bool {
        Tree.isText(node)
            && Tree.withLiteralBytes(
                node, { ByteSearch.next(0x7E, in: UnsafeRawBufferPointer($0), from: 0, to: $0.count) < $0.count })
    }

    /// The first or last character of a bare URL's link next to a run: cmark-gfm reads a run's flanking before
    /// it links the URL, from the URL's text as written (`~-~http://a` is no strikethrough).
    private static func urlEdge(of neighbour: OpaquePointer?, first: Bool) -> Unicode.Scalar? {
        guard let neighbour, Tree.isAutolink(neighbour), let text = Tree.firstChild(neighbour), Tree.isText(text)
        else { return nil }
        let bytes = Tree.literalBytes(text)
        guard !bytes.isEmpty else { return nil }
        return first
            ? CharacterClass.scalar(startingAt: 0, in: bytes) : CharacterClass.scalar(endingAt: bytes.count, in: bytes)
    }

    /// Splits a text node so that each run of `~` that may delimit is a text node of its own.
    private static func split(
        _ node: OpaquePointer, in parent: OpaquePointer, block: OpaquePointer, backslashes: inout BackslashBreaks
    ) -> [Delimiter] {
        // By byte: `~` is ASCII, and only the scalars around a run are decoded.
        let bytes = Tree.literalBytes(node)
        let tilde = UInt8(ascii: "~")
        guard bytes.withUnsafeBytes({ ByteSearch.next(tilde, in: $0, from: 0, to: bytes.count) }) < bytes.count else {
            return []
        }
        let before = Tree.previous(node)
        let after = Tree.next(node)
        let spaceBefore = Tree.edgeIsSpace(neighbour: before, parent: parent)
        let spaceAfter = Tree.edgeIsSpace(neighbour: after, parent: parent)
        var pieces: [(text: [UInt8], delimiter: Delimiter?)] = []
        var plainStart = 0
        var index = 0
        while index < bytes.count {
            // From one `~` to the next by memchr.
            index = bytes.withUnsafeBytes { ByteSearch.next(tilde, in: $0, from: index, to: bytes.count) }
            guard index < bytes.count else { break }
            var end = index
            while end < bytes.count, bytes[end] == tilde { end += 1 }
            let length = end - index
            let previous: Unicode.Scalar? =
                index > 0 ? CharacterClass.scalar(endingAt: index, in: bytes) : urlEdge(of: before, first: false)
            let following: Unicode.Scalar? =
                end < bytes.count
                ? CharacterClass.scalar(startingAt: end, in: bytes)
                : after.map { Tree.type($0) == CMARK_NODE_LINEBREAK && backslashes.contains($0, in: block) } == true
                    ? "\\" : urlEdge(of: after, first: true)
            let beforeSpace = previous.map(CharacterClass.isSpace) ?? spaceBefore
            let beforePunct = previous.map(CharacterClass.isPunctuation) ?? !spaceBefore
            let afterSpace = following.map(CharacterClass.isSpace) ?? spaceAfter
            let afterPunct = following.map(CharacterClass.isPunctuation) ?? !spaceAfter
            let leftFlanking = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
            let rightFlanking = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
            if (leftFlanking || rightFlanking) && length <= 2 {
                if index > plainStart {
                    pieces.append((Array(bytes[plainStart..<index]), nil))
                }
                plainStart = end
                // The node is made below; a placeholder pointer is filled in then.
                pieces.append(
                    (
                        [UInt8](repeating: tilde, count: length),
                        Delimiter(node: node, length: length, canOpen: leftFlanking, canClose: rightFlanking)
                    ))
            }
            index = end
        }
        if plainStart < bytes.count { pieces.append((Array(bytes[plainStart...]), nil)) }
        var delimiters: [Delimiter] = []
        for piece in pieces {
            let text = Tree.text(bytes: piece.text)
            Tree.insert(text, before: node)
            if var delimiter = piece.delimiter {
                delimiter.node = text
                delimiters.append(delimiter)
            }
        }
        Tree.remove(node)
        return delimiters
    }

    /// cmark-gfm's `process_emphasis` for one delimiter character. The delimiters that may still open are
    /// kept apart, so that a closer looks only at them: a scan back over every delimiter made a line of
    /// many openers and closers of unequal length quadratic.
    private static func match(_ delimiters: inout [Delimiter]) {
        // The lowest index an opener may have, for a closer of length 1 or 2 (cmark's openers_bottom).
        var bottom = [0, 0, 0]
        // Indices of the delimiters that may open, in order.
        var openers: [Int] = []
        for closerIndex in delimiters.indices {
            let closer = delimiters[closerIndex]
            if closer.canClose {
                var position = openers.count - 1
                var found: Int?
                while position >= 0, openers[position] >= bottom[closer.length % 3] {
                    let opener = delimiters[openers[position]]
                    if !(closer.canOpen || opener.canClose) || closer.length % 3 == 0
                        || (opener.length + closer.length) % 3 != 0
                    {
                        found = position
                        break
                    }
                    position -= 1
                }
                if let found {
                    let openerIndex = openers[found]
                    let opener = delimiters[openerIndex]
                    if opener.length == closer.length {
                        let del = Tree.custom(block: false, onEnter: "<del>", onExit: "</del>")
                        Tree.insert(del, before: opener.node)
                        while let next = Tree.next(del), next != closer.node {
                            cmark_node_unlink(next)
                            Tree.append(next, to: del)
                        }
                        Tree.remove(opener.node)
                        Tree.remove(closer.node)
                        // The opener and every delimiter after it are used up.
                        openers.removeSubrange(found...)
                        continue
                    }
                } else {
                    bottom[closer.length % 3] = closerIndex
                    if !closer.canOpen { continue }
                }
            }
            if closer.canOpen { openers.append(closerIndex) }
        }
    }
}
