internal import CCmark

extension TaskLists {
    /// The items that lazy lines make tasks, and whether each is checked.
    ///
    /// cmark-gfm tries its task marker (`open_tasklist_item`) on every line whose last matched container is a
    /// list item and where no other block starts, not only on the item's first line: a lazy continuation line
    /// of a paragraph in a block quote that is an item's child fails the quote and matches the item, and when
    /// it is indented four columns or more past the item's content (so that it starts no block) and reads as a
    /// task from its first byte, the item becomes a task, checked as that line is (the last such line
    /// decides): `- > a`, then `      - [x] c`. The marker then moves three characters on from the item's
    /// content, which takes off the line's text what of its list marker they reach (`-\t> a`, `\t\t- [ ] b`
    /// leaves `[ ] b`).
    ///
    /// - Parameter quotes: The tree's block quotes, in document order.
    static func lazyTasks(quotes: [OpaquePointer], written: SourceLines, shift: Int) -> [(
        item: OpaquePointer, checked: Bool
    )] {
        var tasks: [(item: OpaquePointer, checked: Bool)] = []
        for quote in quotes {
            // A line that reads as a task has no `>`: it fails every quote, so only an item outside all of them
            // is the last container it matches.
            guard let item = Tree.parent(quote), Tree.type(item) == CMARK_NODE_ITEM, Tree.quoteDepth(of: item) == 0,
                let content = Tables.itemContentColumn(of: item, source: written, shift: shift)
            else { continue }
            var checked: Bool?
            // The quote's lines after its first, of which lazy ones hold no `>`; none for a quote of one line.
            for number in stride(from: Tree.startLine(quote) + 1, through: Tree.endLine(quote), by: 1) {
                let writtenNumber = number - shift
                guard writtenNumber >= 1, writtenNumber <= written.lines.count else { continue }
                let line = written.lines[writtenNumber - 1].utf8Bytes
                guard markerEnd(line, standIn: written.standIn) != nil,
                    let text = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
                    SourceLines.advance(0, over: written.lines[writtenNumber - 1].prefix(text)) >= content + 4
                else { continue }
                checked = contains(line, "[x]") || contains(line, "[X]")
                dropMarkerStart(of: line, number: number, from: quote, content: content, text: text)
            }
            if let checked { tasks.append((item, checked)) }
        }
        return tasks
    }

    /// Takes off the start of a lazy task line's text what the marker's three characters, counted from the
    /// item's content (a tab that spans it being one), reach past its white space.
    private static func dropMarkerStart(
        of line: [UInt8], number: Int, from quote: OpaquePointer, content: Int, text: Int
    ) {
        var index = 0
        var column = 0
        while index < line.count, column < content {
            let next = line[index] == 0x09 ? column + 4 - column % 4 : column + 1
            if next > content { break }
            column = next
            index += 1
        }
        let eaten = index + 3 - text
        guard eaten > 0 else { return }
        // The paragraph holding the line, and the node that begins the line in it.
        let paragraphs = Tree.blocks(quote) {
            Tree.type($0) == CMARK_NODE_PARAGRAPH && Tree.startLine($0) < number && Tree.endLine($0) >= number
        }
        guard let paragraph = paragraphs.last else { return }
        var breaks = number - Tree.startLine(paragraph)
        var start: OpaquePointer?
        Tree.walk(paragraph, into: { _ in start == nil }) { node in
            guard start == nil, breaks >= 0 else { return }
            if breaks == 0, node != paragraph {
                start = node
            } else if Tree.type(node) == CMARK_NODE_SOFTBREAK || Tree.type(node) == CMARK_NODE_LINEBREAK {
                breaks -= 1
            }
        }
        guard let start, Tree.isText(start) else { return }
        let literal = Tree.literalBytes(start)
        guard literal.starts(with: line[text..<min(line.count, text + eaten)]) else { return }
        if literal.count > eaten {
            Tree.setLiteral(start, String(decoding: literal.dropFirst(eaten), as: UTF8.self))
        } else {
            Tree.remove(start)
        }
    }
}
