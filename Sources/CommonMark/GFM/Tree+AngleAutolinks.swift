internal import CCmark

extension Tree {
    /// Whether a link is an autolink written in `<` and `>`, whose text cmark-gfm takes as it is (no
    /// strikethrough, emphasis or footnote reference inside).
    ///
    /// Its only child is text that is its destination (less `mailto:`), and libcmark gives the two columns
    /// that tell it from a link written with brackets: the link's are those of its `<` and `>` in its
    /// block's content, without the block's column or the line's start in the content, and the text's
    /// are those of what they enclose on the line, the width of the source whatever character references
    /// it holds. A link written with brackets starts at its `[`, and its only text one column after. Where
    /// the two offsets cancel (a paragraph's first line at the margin), the one such link alike is a
    /// shortcut reference `[t]` whose definition's destination is `t`, which the source tells apart.
    ///
    /// - Parameter lines: The source the link's block was parsed from, read only for such a shortcut
    ///   reference's look-alike; nil takes it for an autolink.
    /// Whether a node is an autolink, bare (``autolink(to:text:)``) or in angle brackets, whose text is its
    /// source: the passes that read text do not look into it. Any other node is decided by its type alone.
    static func isAnyAutolink(_ node: Pointer, lines: @autoclosure () -> SourceLines? = nil) -> Bool {
        type(node) == CMARK_NODE_LINK && (isAutolink(node) || isAngleAutolink(node, lines: lines()))
    }

    static func isAngleAutolink(_ node: Pointer, lines: @autoclosure () -> SourceLines? = nil) -> Bool {
        guard type(node) == CMARK_NODE_LINK, !isAutolink(node), let text = firstChild(node), next(text) == nil,
            isText(text), let destination = url(node)
        else { return false }
        let written = literal(text)
        guard destination == written || destination == "mailto:" + written else { return false }
        let width = endColumn(node) - startColumn(node)
        guard startLine(node) == endLine(node), endColumn(text) - startColumn(text) == width - 2 else { return false }
        guard startColumn(text) == startColumn(node) + 1, let lines = lines() else { return true }
        return isAngleBracketed(node, width: width + 1, lines: lines)
    }

    private static func endColumn(_ node: Pointer) -> Int { Int(cmark_node_get_end_column(node)) }

    /// Whether a link's source, `width` bytes, is in `<` and `>` rather than `[` and `]`: at its columns
    /// on its line, which are right on a block's first line; else wherever its block's lines hold one of
    /// that width (a definition before the text moves the lines), in `<` and `>` unless only in brackets.
    private static func isAngleBracketed(_ node: Pointer, width: Int, lines: SourceLines) -> Bool {
        var block = parent(node)
        while let current = block, type(current) != CMARK_NODE_PARAGRAPH, type(current) != CMARK_NODE_HEADING {
            block = parent(current)
        }
        guard let block, lines.holds(from: startLine(block), through: endLine(block)) else { return true }
        let line = startLine(node)
        if line == startLine(block),
            let opening = opening(in: lines.bytes(from: line, through: line), at: startColumn(node) - 1, width: width)
        {
            return opening == UInt8(ascii: "<")
        }
        var (angle, bracket) = (false, false)
        for number in startLine(block)...endLine(block) {
            let bytes = lines.bytes(from: number, through: number)
            for index in 0..<max(0, bytes.count - width + 1) {
                switch opening(in: bytes, at: index, width: width) {
                case UInt8(ascii: "<"): angle = true
                case UInt8(ascii: "["): bracket = true
                default: break
                }
            }
        }
        return angle || !bracket
    }

    /// `<` or `[` where `width` bytes from `offset` of a line are an autolink's source or a bracketed text's.
    private static func opening(in line: ArraySlice<UInt8>, at offset: Int, width: Int) -> UInt8? {
        guard offset >= 0, width >= 3, offset + width <= line.count else { return nil }
        let start = line.startIndex + offset
        let end = start + width - 1
        switch (line[start], line[end]) {
        case (UInt8(ascii: "<"), UInt8(ascii: ">")):
            return isAutolinkSource(line[(start + 1)..<end]) ? line[start] : nil
        case (UInt8(ascii: "["), UInt8(ascii: "]")): return line[start]
        default: return nil
        }
    }

    /// Whether bytes could be what an autolink's `<` and `>` enclose: no white space, control character or
    /// angle bracket, and a scheme (a letter, then 1 to 31 letters, digits, `+`, `.` or `-`) and `:`, or an `@`.
    private static func isAutolinkSource(_ inside: ArraySlice<UInt8>) -> Bool {
        guard !inside.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return false
        }
        if inside.contains(UInt8(ascii: "@")) { return true }
        guard let colon = inside.firstIndex(of: UInt8(ascii: ":")), (3...33).contains(colon - inside.startIndex + 1),
            let first = inside.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z")
        else { return false }
        return inside[inside.startIndex..<colon].allSatisfy { byte in
            let lower = byte | 0x20
            return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
    }
}
