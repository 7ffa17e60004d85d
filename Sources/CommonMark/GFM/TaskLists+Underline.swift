internal import CCmark

/// A task marker alone on its line over a setext underline: libcmark makes a heading of the marker, but
/// cmark-gfm consumes the marker before the item's content is parsed, so no paragraph is open when the
/// underline comes and the underline is read as a line of its own.
extension TaskLists {
    /// The item's first block when it is a setext heading of the marker alone, begun on the marker's line.
    static func markerAloneHeading(_ block: OpaquePointer, line: Int) -> OpaquePointer? {
        guard Tree.type(block) == CMARK_NODE_HEADING, Tree.startLine(block) == line,
            let text = Tree.firstChild(block), Tree.isText(text), Tree.next(text) == nil
        else { return nil }
        let literal = Tree.literalBytes(text)
        guard literal.count == 3, literal[0] == UInt8(ascii: "["), literal[2] == UInt8(ascii: "]") else { return nil }
        return block
    }

    /// Replaces the heading by what cmark-gfm makes of its underline alone: three or more `-` are a thematic
    /// break; `=` are a paragraph's first line, which the next line continues when libcmark began a paragraph
    /// or heading there. Returns false, leaving the heading, for `-` and `--` (an empty list item and, with
    /// smart punctuation, a dash), which are not read here.
    static func readUnderlineAlone(_ heading: OpaquePointer, source: SourceLines) -> Bool {
        // The line after the marker's (libcmark may end a heading at the first column of the line after).
        let number = Tree.startLine(heading) + 1
        guard number >= 1, number <= source.lines.count else { return false }
        let underline = source.lines[number - 1].trimmingSpacesAndTabs()
        if underline.count >= 3, underline.allSatisfy({ $0 == "-" }) {
            guard let rule = cmark_node_new(CMARK_NODE_THEMATIC_BREAK) else { return false }
            Tree.insert(rule, before: heading)
        } else if !underline.isEmpty, underline.allSatisfy({ $0 == "=" }) {
            if let next = continuation(of: heading, line: number + 1),
                let lineBreak = cmark_node_new(CMARK_NODE_SOFTBREAK)
            {
                Tree.prepend(lineBreak, to: next)
                Tree.prepend(Tree.text(underline), to: next)
            } else {
                guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return false }
                Tree.append(Tree.text(underline), to: paragraph)
                Tree.insert(paragraph, before: heading)
            }
        } else {
            return false
        }
        Tree.remove(heading)
        return true
    }

    /// The paragraph or heading that libcmark began on the line after the underline and that continues the
    /// underline's paragraph in cmark-gfm: the heading's next sibling, or a paragraph after its containers
    /// (lazy continuation lines there), which is moved to where the heading stands.
    private static func continuation(of heading: OpaquePointer, line: Int) -> OpaquePointer? {
        if let next = Tree.next(heading) {
            let type = Tree.type(next)
            let continues = type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
            return continues && Tree.startLine(next) == line ? next : nil
        }
        var node = heading
        while Tree.next(node) == nil {
            guard let parent = Tree.parent(node), Tree.type(parent) != CMARK_NODE_DOCUMENT else { return nil }
            node = parent
        }
        guard let next = Tree.next(node), Tree.type(next) == CMARK_NODE_PARAGRAPH, Tree.startLine(next) == line
        else { return nil }
        cmark_node_unlink(next)
        Tree.insert(next, before: heading)
        return next
    }
}

extension Substring {
    fileprivate func trimmingSpacesAndTabs() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
