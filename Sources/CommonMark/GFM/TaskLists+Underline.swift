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
    /// break, one `-` an empty list item; `=` and `--` are a paragraph's first line, which the next line
    /// continues when libcmark began a paragraph or heading there. Returns false, leaving the heading, when
    /// the line after a `-` may be the empty item's content.
    static func readUnderlineAlone(_ heading: OpaquePointer, source: SourceLines, smart: Bool) -> Bool {
        // The line after the marker's (libcmark may end a heading at the first column of the line after).
        let number = Tree.startLine(heading) + 1
        guard number >= 1, number <= source.lines.count else { return false }
        let line = source.lines[number - 1]
        let underline = line.trimmingSpacesAndTabs()
        if underline.count >= 3, underline.allSatisfy({ $0 == "-" }) {
            guard let rule = cmark_node_new(CMARK_NODE_THEMATIC_BREAK) else { return false }
            Tree.insert(rule, before: heading)
        } else if underline == "-" {
            guard let list = emptyItemList(line: line, next: source.lines.dropFirst(number).first) else { return false }
            Tree.insert(list, before: heading)
        } else if underline == "--" || underline.allSatisfy({ $0 == "=" }) {
            // Smart punctuation makes `--` an en dash, as the inline parse would have.
            let literal = smart && underline == "--" ? "\u{2013}" : underline
            let after = source.lines.dropFirst(number).first?.trimmingSpacesAndTabs() ?? ""
            if let level = after.first.flatMap({ $0 == "=" ? 1 : $0 == "-" ? 2 : nil }),
                after.allSatisfy({ $0 == after.first }), let next = Tree.next(heading)
            {
                // The next line, in the same container, underlines the new paragraph where libcmark made it a
                // rule, a paragraph or a list of an empty item.
                guard Tree.startLine(next) == number + 1,
                    Tree.endLine(next) == number + 1,
                    [CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_PARAGRAPH, CMARK_NODE_LIST].contains(Tree.type(next)),
                    let setext = cmark_node_new(CMARK_NODE_HEADING)
                else { return false }
                cmark_node_set_heading_level(setext, Int32(level))
                Tree.append(Tree.text(literal), to: setext)
                Tree.insert(setext, before: heading)
                Tree.remove(next)
            } else if let next = continuation(of: heading, line: number + 1),
                let lineBreak = cmark_node_new(CMARK_NODE_SOFTBREAK)
            {
                Tree.prepend(lineBreak, to: next)
                Tree.prepend(Tree.text(literal), to: next)
            } else {
                guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { return false }
                Tree.append(Tree.text(literal), to: paragraph)
                Tree.insert(paragraph, before: heading)
            }
        } else {
            return false
        }
        Tree.remove(heading)
        return true
    }

    /// A tight bullet list of one empty item, for a `-` alone on its line, when the next line is not indented
    /// to the item's content column: an item that begins empty ends at a blank line, so one is no content.
    private static func emptyItemList(line: Substring, next: Substring?) -> OpaquePointer? {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let column = columns(Array(indent.utf8)[...]) + 2
        if let next {
            let nextIndent = next.prefix { $0 == " " || $0 == "\t" }
            guard nextIndent.count == next.count || columns(Array(nextIndent.utf8)[...]) < column else { return nil }
        }
        guard let list = cmark_node_new(CMARK_NODE_LIST), let item = cmark_node_new(CMARK_NODE_ITEM) else { return nil }
        cmark_node_set_list_type(list, CMARK_BULLET_LIST)
        cmark_node_set_list_tight(list, 1)
        Tree.append(item, to: list)
        return list
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
