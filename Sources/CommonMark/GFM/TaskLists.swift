internal import CCmark

/// GFM task list items on libcmark's tree: a list item whose first paragraph begins with `[ ]`, `[x]` or
/// `[X]` and white space gets a disabled checkbox, written where cmark-gfm writes it (at the start of the
/// item's text in a tight list, before its first paragraph in a loose one).
enum TaskLists {
    static func apply(_ root: OpaquePointer, source: SourceLines) {
        for item in Tree.all(root, where: { Tree.type($0) == CMARK_NODE_ITEM }) {
            guard let paragraph = Tree.firstChild(item), Tree.type(paragraph) == CMARK_NODE_PARAGRAPH,
                let text = Tree.firstChild(paragraph), Tree.isText(text)
            else { continue }
            let literal = Array(Tree.literal(text).utf8)
            guard literal.count >= 3, literal[0] == UInt8(ascii: "["), literal[2] == UInt8(ascii: "]"),
                [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(literal[1]),
                literal.count == 3 || isSpaceChar(literal[3])
            else { continue }
            // The marker must be followed by white space on its line, as written: libcmark drops the
            // spaces at the end of a paragraph, so the source line decides.
            let line = source.content(
                from: Tree.startLine(paragraph), column: Tree.startColumn(paragraph),
                through: Tree.startLine(paragraph), quotes: 0)
            guard let raw = line.first.map({ Array($0.text.utf8) }), raw.count >= 4, isSpaceChar(raw[3]) else {
                continue
            }
            var rest = 3
            while rest < literal.count, isSpaceChar(literal[rest]) { rest += 1 }
            let remainder = String(decoding: literal[rest...], as: UTF8.self)
            if remainder.isEmpty { Tree.remove(text) } else { Tree.setLiteral(text, remainder) }
            let checkbox =
                literal[1] == UInt8(ascii: " ")
                ? "<input type=\"checkbox\" disabled=\"\" /> "
                : "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
            let list = Tree.parent(item)
            if let list, cmark_node_get_list_tight(list) == 1 {
                let marker = Tree.custom(block: false, onEnter: checkbox, onExit: "")
                Tree.prepend(marker, to: paragraph)
            } else {
                let block = Tree.custom(block: true, onEnter: checkbox + "\n<p>", onExit: "</p>")
                Tree.insert(block, before: paragraph)
                Tree.moveChildren(of: paragraph, to: block)
                Tree.remove(paragraph)
            }
        }
    }

    private static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }
}
