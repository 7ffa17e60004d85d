internal import CCmark

/// GFM task list items on libcmark's tree, by cmark-gfm's block-level rule: a list item is a task when the
/// whole line it starts on reads `spacechar* marker spacechar+ [ ] spacechar+` (or `[x]`, `[X]`) from its
/// first byte, so an item inside a block quote or behind another marker on its line is not one; the marker
/// is consumed before the item's content is parsed (the rest of the line is a paragraph's first line,
/// whatever it holds), and the item is checked when `[x]` or `[X]` appears anywhere on that line
/// (cmark-gfm's `strstr`).
///
/// cmark-gfm writes the checkbox right after `<li>`; libcmark's renderer has no hook there, so the checkbox
/// is a paragraph of its own at the head of the item holding only a custom inline, and a paragraph renders
/// without `<p>` only in a tight list: a loose list with a task is made tight and its items' paragraphs get
/// the `<p>` and `</p>` (and the line break that libcmark puts before a block) as custom inlines.
enum TaskLists {
    /// - Parameters:
    ///   - source: The lines libcmark parsed last, which the tree's positions count.
    ///   - written: The lines as written (tables mask a `[` in the lines they parse again), `shift` lines
    ///     above the parsed ones.
    ///   - fromPrelude: The paragraphs that tables took from the prelude (text beside a table), which began
    ///     after a task's marker already.
    ///   - rewritten: The lines parsed without their `[x]` (``rewriteDefinitionLines(_:only:)``), numbered
    ///     as `written`'s, and whether each task is checked.
    ///   - smart: Whether smart punctuation is on, for text made here (`--` under a marker alone).
    static func apply(
        _ root: OpaquePointer, source: SourceLines, written: SourceLines, shift: Int,
        fromPrelude: Set<OpaquePointer>, rewritten: [Int: Bool], smart: Bool
    ) {
        var tasks: [(item: OpaquePointer, checked: Bool)] = []
        for item in Tree.blocks(root, where: { Tree.type($0) == CMARK_NODE_ITEM }) {
            let lineNumber = Tree.startLine(item)
            let writtenNumber = lineNumber - shift
            if let checked = rewritten[writtenNumber] {
                tasks.append((item, checked))
                continue
            }
            guard writtenNumber >= 1, writtenNumber <= written.lines.count,
                let end = markerEnd(Array(written.lines[writtenNumber - 1].utf8)),
                let block = Tree.firstChild(item)
            else { continue }
            let line = Array(written.lines[writtenNumber - 1].utf8)
            let restIsBlank = line[end...].allSatisfy(isSpaceChar)
            let checked = contains(line, "[x]") || contains(line, "[X]")
            if Tree.type(block) == CMARK_NODE_CUSTOM_BLOCK || Tree.startLine(block) <= shift
                || fromPrelude.contains(block)
            {
                // A table, or the text before one, parsed in the prelude: it began after the marker already
                // (``Tables/plans(in:source:taskLists:)``).
                guard !restIsBlank else { continue }
            } else if restIsBlank, let heading = markerAloneHeading(block, line: lineNumber) {
                guard readUnderlineAlone(heading, source: source, smart: smart) else { continue }
                tasks.append((item, checked))
                continue
            } else {
                guard let text = firstText(of: block, line: lineNumber), dropMarker(text) else { continue }
            }
            if restIsBlank { emptyFirstLine(item, block, source: source) }
            tasks.append((item, checked))
        }
        var loose: [OpaquePointer] = []
        for task in tasks {
            if let list = Tree.parent(task.item), cmark_node_get_list_tight(list) == 0, !loose.contains(list) {
                loose.append(list)
            }
        }
        for list in loose { renderTight(list) }
        for task in tasks {
            let checkbox =
                task.checked
                ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                : "<input type=\"checkbox\" disabled=\"\" /> "
            guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { continue }
            Tree.append(Tree.custom(block: false, onEnter: checkbox, onExit: ""), to: paragraph)
            Tree.prepend(paragraph, to: task.item)
        }
    }

    /// The text that begins the item's first block when that block is what cmark-gfm makes of the rest of
    /// the marker's line: cmark-gfm reads no block start after the marker, so the rest is a paragraph, which
    /// the next lines can make a setext heading.
    private static func firstText(of block: OpaquePointer, line: Int) -> OpaquePointer? {
        let type = Tree.type(block)
        guard type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING, Tree.startLine(block) == line,
            let text = Tree.firstChild(block), Tree.isText(text)
        else { return nil }
        return text
    }

    /// Takes the `[ ]` and the white space after it off the text, if it begins with them.
    private static func dropMarker(_ text: OpaquePointer) -> Bool {
        let literal = Tree.literalBytes(text)
        guard literal.count >= 3, literal[0] == UInt8(ascii: "["), literal[2] == UInt8(ascii: "]") else { return false }
        var rest = 3
        while rest < literal.count, isSpaceChar(literal[rest]) { rest += 1 }
        if rest < literal.count {
            Tree.setLiteral(text, String(decoding: literal[rest...], as: UTF8.self))
        } else {
            Tree.remove(text)
        }
        return true
    }

    /// Where the marker of cmark-gfm's `tasklist` scanner ends in the line an item starts on (after the `]`,
    /// which white space must follow), or nil when the line does not read as a task from its first byte.
    static func markerEnd(_ line: [UInt8]) -> Int? {
        var index = 0
        while index < line.count, isSpaceChar(line[index]) { index += 1 }
        guard index < line.count else { return nil }
        if "-+*".utf8.contains(line[index]) {
            index += 1
        } else {
            let digits = index
            while index < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]) { index += 1 }
            // `[0-9]+.`: any one character after the digits (`.` or `)` for a list marker).
            guard index > digits, index < line.count else { return nil }
            index += 1
        }
        let spaces = index
        while index < line.count, isSpaceChar(line[index]) { index += 1 }
        guard index > spaces, index + 3 < line.count, line[index] == UInt8(ascii: "["),
            line[index + 2] == UInt8(ascii: "]"),
            " xX".utf8.contains(line[index + 1]), isSpaceChar(line[index + 3])
        else { return nil }
        return index + 3
    }

    /// An item whose first line holds only the marker has no paragraph there in cmark-gfm: its next line is
    /// the item's content only when indented as far as the item's content, and otherwise is no lazy
    /// continuation but a paragraph after the list (after the lists whose items it is not indented for).
    private static func emptyFirstLine(_ item: OpaquePointer, _ paragraph: OpaquePointer, source: SourceLines) {
        // What remains of the first line is the break after it (libcmark dropped the trailing spaces).
        if let first = Tree.firstChild(paragraph),
            Tree.type(first) == CMARK_NODE_SOFTBREAK || Tree.type(first) == CMARK_NODE_LINEBREAK
        {
            Tree.remove(first)
        }
        let nextLine = Tree.startLine(paragraph) + 1
        guard Tree.firstChild(paragraph) != nil else {
            Tree.remove(paragraph)
            // An item with nothing open after its marker ends at a blank line (cmark's empty item), and its
            // list with it: the paragraphs libcmark put in it after the blank go after the list. Only for a
            // list of that one item outside other items, whose looseness and indentation nothing else sets.
            guard let list = Tree.parent(item), Tree.firstChild(list) == item, Tree.next(item) == nil,
                Tree.quoteDepth(of: item) == 0, Tree.parent(list).map({ Tree.type($0) != CMARK_NODE_ITEM }) ?? false,
                nextLine <= source.lines.count, Array(source.lines[nextLine - 1].utf8).allSatisfy(isSpaceChar),
                Tree.firstChild(item) != nil,
                Tree.children(item).allSatisfy({ Tree.type($0) == CMARK_NODE_PARAGRAPH })
            else { return }
            cmark_node_set_list_tight(list, 1)
            for block in Tree.children(item).reversed() { Tree.insert(block, after: list) }
            return
        }
        guard nextLine <= source.lines.count else { return }
        let indent = indentation(Array(source.lines[nextLine - 1].utf8))
        if indent >= contentColumn(of: paragraph, source: source) + 4, Tree.quoteDepth(of: item) == 0 {
            indentedCode(replacing: paragraph, from: nextLine, source: source)
            return
        }
        guard indent < contentColumn(of: paragraph, source: source),
            let anchor = anchor(after: item, indent: indent, source: source)
        else { return }
        Tree.insert(paragraph, after: anchor)
    }

    /// The list a line indented `indent` columns after an item comes after: the item's, or the outer list
    /// of each item whose content it is not indented for.
    private static func anchor(after item: OpaquePointer, indent: Int, source: SourceLines) -> OpaquePointer? {
        var anchor = Tree.parent(item)
        while let list = anchor, let outerItem = Tree.parent(list), Tree.type(outerItem) == CMARK_NODE_ITEM,
            let outerContent = Tree.firstChild(outerItem), indent < contentColumn(of: outerContent, source: source)
        {
            anchor = Tree.parent(outerItem)
        }
        return anchor
    }

    /// With no paragraph open after the marker, a next line indented four columns past the item's content
    /// starts an indented code block in cmark-gfm, which goes on over blank lines to the code libcmark
    /// starts after them; the paragraph libcmark made of those lines becomes that block when all its lines
    /// are so indented.
    private static func indentedCode(replacing paragraph: OpaquePointer, from first: Int, source: SourceLines) {
        let codeColumn = contentColumn(of: paragraph, source: source) + 4
        func code(from first: Int, through last: Int) -> String? {
            guard first <= last, last <= source.lines.count else { return nil }
            var text = ""
            for number in first...last {
                let line = Array(source.lines[number - 1].utf8)
                let isBlank = line.allSatisfy(isSpaceChar)
                guard isBlank || indentation(line) >= codeColumn else { return nil }
                text += String(decoding: dropColumns(codeColumn, of: line), as: UTF8.self) + "\n"
            }
            return text
        }
        guard var literal = code(from: first, through: Tree.endLine(paragraph)),
            let node = cmark_node_new(CMARK_NODE_CODE_BLOCK)
        else { return }
        if let next = Tree.next(paragraph), Tree.type(next) == CMARK_NODE_CODE_BLOCK,
            let gap = code(from: Tree.endLine(paragraph) + 1, through: Tree.startLine(next) - 1),
            code(from: Tree.startLine(next), through: Tree.startLine(next)) != nil
        {
            literal += gap + Tree.literal(next)
            Tree.remove(next)
        }
        Tree.setLiteral(node, literal)
        Tree.insert(node, before: paragraph)
        Tree.remove(paragraph)
    }

    /// A line without its first `count` columns of indentation; a tab that those columns end inside leaves
    /// its other columns as spaces, as cmark's block parser does.
    private static func dropColumns(_ count: Int, of line: [UInt8]) -> ArraySlice<UInt8> {
        var column = 0
        var index = 0
        while index < line.count, column < count, line[index] == 0x20 || line[index] == 0x09 {
            let next = line[index] == 0x09 ? column + 4 - column % 4 : column + 1
            if next > count { return ArraySlice(Array(repeating: 0x20, count: next - count) + line[(index + 1)...]) }
            column = next
            index += 1
        }
        return line[index...]
    }

    /// The column (tabs to the next multiple of four) a block starts at.
    private static func contentColumn(of block: OpaquePointer, source: SourceLines) -> Int {
        let line = Tree.startLine(block)
        guard line >= 1, line <= source.lines.count else { return 0 }
        let bytes = Array(source.lines[line - 1].utf8)
        return columns(bytes[..<min(bytes.count, max(0, Tree.startColumn(block) - 1))])
    }

    private static func indentation(_ line: [UInt8]) -> Int {
        columns(line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }

    static func columns(_ bytes: ArraySlice<UInt8>) -> Int {
        var column = 0
        for byte in bytes { column = byte == UInt8(ascii: "\t") ? column + 4 - column % 4 : column + 1 }
        return column
    }

    /// Makes a loose list tight for libcmark's renderer, writing what it wrote for the paragraphs directly
    /// in its items: a line break before `<p>` when the paragraph is the first thing in its item (libcmark's
    /// `cr` after `<li>`; after another block the output already ends in one), and `</p>` with a line break.
    private static func renderTight(_ list: OpaquePointer) {
        for item in Tree.children(list) {
            for (index, child) in Tree.children(item).enumerated() where Tree.type(child) == CMARK_NODE_PARAGRAPH {
                Tree.prepend(Tree.custom(block: false, onEnter: index == 0 ? "\n<p>" : "<p>", onExit: ""), to: child)
                Tree.append(Tree.custom(block: false, onEnter: "</p>\n", onExit: ""), to: child)
            }
        }
        cmark_node_set_list_tight(list, 1)
    }

    static func contains(_ line: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard line.count >= pattern.count else { return false }
        return (0...(line.count - pattern.count)).contains { line[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    private static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }
}
