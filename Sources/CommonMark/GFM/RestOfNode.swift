internal import CCmark

/// What follows a bare URL that ends inside a code span, a link or an image (`www.[](<u> "t")`): cmark-gfm's
/// inline parser takes the URL from the source and goes on parsing from the URL's end, so the rest of that
/// node's source is read again as inlines where libcmark made it part of the node. The rest is parsed on its
/// own by libcmark, behind one character that stands for the URL's last one (flanking and smart quotes look
/// at the character before them), and is used only where nothing in it can reach outside it: no `*` or
/// `_`, no `[` with a `]` after it, no backtick run that a run after the node closes, no `<` that does not
/// close as a tag inside it, no `www.` or `://` (another URL), and with smart punctuation no quote that
/// one outside it could pair with.
struct RestOfNode {
    let raw: [UInt8]
    /// The URL's source.
    let link: Range<Int>
    /// Where the node the URL ends in ends.
    let nodeEnd: Int

    init(_ raw: [UInt8], link: Range<Int>, nodeEnd: Int) {
        self.raw = raw
        self.link = link
        self.nodeEnd = nodeEnd
    }

    private var rest: ArraySlice<UInt8> { raw[link.upperBound..<nodeEnd] }

    /// The inlines the rest parses into, unlinked and the caller's to insert or free; nil where reading the
    /// rest alone could differ from reading it in place.
    func parsed(smart: Bool) -> [OpaquePointer]? {
        guard isSelfContained(smart: smart) else { return nil }
        let prefix = standIn
        let text = prefix + rest
        guard let document = Tree.parse(text, smart: smart) else { return nil }
        defer { cmark_node_free(document) }
        Tree.consolidateText(document)
        if rest.contains(UInt8(ascii: "~")) {
            Strikethrough.protectWrittenTildes(
                Tree.paragraphsAndHeadings(document), lines: SourceLines(String(decoding: text, as: UTF8.self)),
                entities: EntityDecoder())
        }
        guard let paragraph = Tree.firstChild(document), Tree.type(paragraph) == CMARK_NODE_PARAGRAPH,
            Tree.next(paragraph) == nil, let first = Tree.firstChild(paragraph), Tree.isText(first)
        else { return nil }
        let literal = Tree.literalBytes(first)
        guard literal.starts(with: prefix) else { return nil }
        if literal.count == prefix.count {
            Tree.remove(first)
        } else {
            Tree.setLiteral(first, bytes: literal.dropFirst(prefix.count))
        }
        let children = Tree.children(paragraph)
        // Each `<` that may begin a tag, a comment or an autolink must have made one.
        let tags = children.filter { Tree.type($0) == CMARK_NODE_HTML_INLINE || Tree.type($0) == CMARK_NODE_LINK }
        guard tags.count == tagStarts else { return nil }
        for child in children { cmark_node_unlink(child) }
        return children
    }

    private var standIn: [UInt8] { Self.standIn(raw, link: link) }

    /// A character in the place of a URL's last one: the same class for flanking (alphanumeric, punctuation,
    /// other) that starts and closes nothing, at the start of a line or before the rest. For a `)` or `]`:
    /// a `]` where no bracket is open before the URL (`[](_www.ü_]`, where a `)` would end the `](`'s
    /// destination), else a `)`.
    static func standIn(_ raw: [UInt8], link: Range<Int>, bracketOpen: Bool = true) -> [UInt8] {
        let last = raw[link.upperBound - 1]
        if last >= 0x80 {
            var start = link.upperBound - 1
            while start > link.lowerBound, raw[start] & 0xC0 == 0x80 { start -= 1 }
            return Array(raw[start..<link.upperBound])
        }
        if isASCIIAlphanumeric(last) { return [UInt8(ascii: "a")] }
        // A quote after `)` or `]` opens nothing, in cmark-gfm as in libcmark; `)` closes no bracket.
        if last == UInt8(ascii: "(") { return [last] }
        if last == UInt8(ascii: ")") || last == UInt8(ascii: "]") { return [UInt8(ascii: bracketOpen ? ")" : "]")] }
        return [UInt8(ascii: "%")]
    }

    private var tagStarts: Int {
        rest.indices.filter { index in
            rest[index] == UInt8(ascii: "<") && index + 1 < nodeEnd
                && ((0x41...0x5A).contains(raw[index + 1] & 0xDF) || "/!?".utf8.contains(raw[index + 1]))
        }.count
    }

    private func isSelfContained(smart: Bool) -> Bool {
        let stops = Array("*_".utf8)
        let marks = ["www.", "://"]
        // A bracket opens a link only where one closes.
        let bracket = rest.firstIndex(of: UInt8(ascii: "["))
        guard !rest.contains(where: { stops.contains($0) }),
            bracket.map({ !raw[$0...].contains(UInt8(ascii: "]")) }) ?? true,
            !rest.indices.contains(where: { index in marks.contains { rest[index...].starts(with: $0.utf8) } }),
            backtickRunsCloseInside
        else { return false }
        guard smart else { return true }
        return [UInt8(ascii: "\""), UInt8(ascii: "'")].allSatisfy { quotesPairInside($0) }
    }

    /// Whether the rest's quotes of one kind, matched as cmark's delimiter stack matches them, leave no
    /// closer that an opener before the URL could take and no opener that a closer after the node could.
    private func quotesPairInside(_ quote: UInt8) -> Bool {
        var open = 0
        var closesBefore = false
        for index in rest.indices where raw[index] == quote {
            // cmark-gfm reads past a `~` beside a quote for its flanking; libcmark does not.
            if (index > 0 && raw[index - 1] == UInt8(ascii: "~"))
                || (index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "~"))
            {
                return false
            }
            let flanking = Delimiters.flanking(raw, index, index + 1, quote)
            if flanking.close {
                if open > 0 { open -= 1 } else { closesBefore = true }
            } else if flanking.open {
                open += 1
            }
        }
        return !(closesBefore && raw[..<link.lowerBound].contains(quote))
            && !(open > 0 && raw[nodeEnd...].contains(quote))
    }

    /// Whether each backtick run of the rest either closes inside it (the first later run of its length) or
    /// has no run of its length after it in the block, as a code span opens only where one closes.
    private var backtickRunsCloseInside: Bool {
        let backtick = UInt8(ascii: "`")
        var index = rest.startIndex
        while index < nodeEnd {
            guard raw[index] == backtick else {
                index += 1
                continue
            }
            // A backslash escapes an opening backtick (a closing one is code, where it is plain).
            var backslashes = 0
            while index - backslashes > rest.startIndex, raw[index - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 1 {
                index += 1
                continue
            }
            let length = runLength(at: index)
            guard let closer = run(of: length, from: index + length) else {
                index += length
                continue
            }
            if closer >= nodeEnd { return false }
            index = closer + length
        }
        return true
    }

    private func runLength(at start: Int) -> Int {
        var end = start
        while end < raw.count, raw[end] == UInt8(ascii: "`") { end += 1 }
        return end - start
    }

    /// Where the first backtick run of `length` at or after `start` begins.
    private func run(of length: Int, from start: Int) -> Int? {
        var index = start
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            let found = runLength(at: index)
            if found == length { return index }
            index += found
        }
        return nil
    }
}
