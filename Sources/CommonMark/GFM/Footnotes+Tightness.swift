internal import CCmark

/// A list beside a footnote definition is tight or loose as cmark-gfm decides, where a definition is a
/// block of its own and not, as here, an item in a list of its own.
///
/// cmark's `S_ends_with_blank_line` looks through the last child of lists and items only, so in cmark-gfm
/// it stops at a definition and returns the definition's own `last_line_blank`, on every check. libcmark
/// looks on through the definition's item into what the definition holds, the first time a check reaches
/// it; after that the list that stands for the definition is checked already and answers with its own
/// `last_line_blank`, which is not set. So a definition ending in a list whose last item is empty (`- [^1]:
/// -`, a blank line, `- b`) has that item marked by the blank line, and libcmark makes the list around the
/// definition loose where cmark-gfm, which marked the definition's list, keeps it tight; and a definition
/// ending in a blank line that the check of an inner list reaches first, then the check of an outer one
/// (`- x`, `  + a`, `      [^e]: x`, a blank line, `      [f]:t`, `  # h`), leaves the outer list tight in
/// libcmark where cmark-gfm's definition makes it loose.
///
/// libcmark's tree does not keep `last_line_blank`, so it is read again from the nodes' lines: a block's
/// last line is blank where a blank line follows it in its container before the next block, or where it
/// went on over a blank line of its own (a list, an item or code) with no block inside it doing so. A list
/// whose check reaches a definition changes only where that reading, made as libcmark checks (inner lists
/// first, each definition's list looked into once), gives libcmark's answer, and made as cmark-gfm checks,
/// gives the other.
extension Footnotes {
    /// - Parameter takeOut: Takes out what cmark-gfm does not have, after the lists are read as libcmark read
    ///   them and before they are read as cmark-gfm does.
    static func tightenLists(
        beside definitions: [OpaquePointer], source: () -> SourceLines, isDefinition: @escaping (OpaquePointer) -> Bool,
        takingOut takeOut: () -> Void
    ) {
        var lists: [OpaquePointer] = []
        // Each list is found, and walked up from, once, however deep definitions nest.
        var found: Set<OpaquePointer> = []
        for definition in definitions {
            guard var node = Tree.parent(definition) else { continue }
            // The lists whose check reaches the definition (an item of theirs holds it, or holds, as its last
            // child, a list whose last item leads to it the same way), and the lists around those, whose checks
            // reach what those checked, or left unchecked, before them (`+ a`, `  - [^b]:`, `    +`, a blank
            // line, `    [r]: u`, `  1.`: in cmark-gfm, the `-` list's check stops at the definition, and the
            // outer one's then reaches the `+` item).
            while let item = Tree.parent(node), Tree.type(item) == CMARK_NODE_ITEM, let list = Tree.parent(item) {
                guard found.insert(list).inserted else { break }
                lists.append(list)
                node = list
            }
        }
        guard !lists.isEmpty else { return takeOut() }
        // cmark finalizes a list after the lists inside it, whose checks come first.
        let depths = Tree.depths(of: lists)
        lists.sort { depths[$0, default: 0] > depths[$1, default: 0] }
        let reading = BlankLines(source: source(), isDefinition: isDefinition)
        // Read for every list, the definitions' own too: a check marks what it reaches as checked.
        var checked: Set<OpaquePointer> = []
        let asLibcmark = lists.map { reading.isLoose($0, intoDefinitions: true, checked: &checked) }
        takeOut()
        // Every list is read as cmark-gfm checks, in the same order: what one check reaches answers the later
        // ones with its own `last_line_blank` (`- a`, `  - b`, `    1. [^b]:`, a blank line, `    [s]: t`,
        // `  [^c]:`: the inner lists' checks reach `[^b]` first, and the outer one stops at the ordered list).
        checked = []
        for (list, loose) in zip(lists, asLibcmark) {
            let asCmarkGFM = reading.isLoose(list, intoDefinitions: false, checked: &checked)
            guard !isDefinition(Tree.firstChild(list) ?? list), loose == (cmark_node_get_list_tight(list) == 0)
            else { continue }
            if asCmarkGFM != loose {
                cmark_node_set_list_tight(list, loose ? 1 : 0)
            }
        }
    }

    /// Makes loose the tight lists whose item holds a definition that ends in a blank line before another:
    /// the definitions of one item are one list here, which ends in its last one, and in cmark-gfm blocks of
    /// the item, each of which `S_ends_with_blank_line` looks at (`+ a`, `  [^1]: b`, a blank line,
    /// `  [^2]: c`). Called once the marks are out, when the lines of the definitions are cmark-gfm's.
    static func loosenLists(
        between definitions: [OpaquePointer], source: () -> SourceLines, isDefinition: @escaping (OpaquePointer) -> Bool
    ) {
        var reading: BlankLines?
        for definition in definitions where Tree.next(definition) != nil {
            guard let group = Tree.parent(definition), let item = Tree.parent(group),
                Tree.type(item) == CMARK_NODE_ITEM, !isDefinition(item), let list = Tree.parent(item),
                cmark_node_get_list_tight(list) == 1
            else { continue }
            if reading == nil { reading = BlankLines(source: source(), isDefinition: isDefinition) }
            if reading?.lastLineBlank(definition, in: definition, isDefinition: true) == true {
                cmark_node_set_list_tight(list, 0)
            }
        }
    }

    /// Takes out the marks that the rewrite put after definitions (``blankMark``); returns the lists of the
    /// definitions they followed, each with whether a block follows the mark: the line it stands for is blank
    /// in the containers around the definition, which cmark marks on their last child, the definition, and a
    /// block after it in its item makes the list loose (``Tree/loosenLists(endingInBlankLine:followed:isDefinition:)``).
    static func removeBlankMarks(after definitions: [OpaquePointer]) -> [(list: OpaquePointer, followed: Bool)] {
        var lists: [(list: OpaquePointer, followed: Bool)] = []
        for item in definitions {
            if let list = Tree.parent(item), let mark = Tree.next(list), Tree.type(mark) == CMARK_NODE_HTML_BLOCK,
                Tree.literal(mark).drop(while: { $0 == " " || $0 == "\t" }) == blankMark + "\n"
            {
                lists.append((list, Tree.next(mark) != nil))
                Tree.remove(mark)
            }
        }
        return lists
    }

    /// Takes out the marks after definitions that the parse put elsewhere than after the definition's list,
    /// which ``removeBlankMarks(after:)`` left: a line of only `>` after definitions in a quote that follows
    /// a list item's marker (`- >    [^1]:[^2]: c`, `  > [^2]: w`, `>`) is a quote's of its own after the
    /// list, where the mark is no block to cmark-gfm either.
    static func removeStrayBlankMarks(in root: OpaquePointer, source: SourceLines) {
        let all = source.bytes(from: 1, through: source.lines.count)
        guard ByteSearch.firstIndex(of: Array(blankMark.utf8), in: all, from: all.startIndex) != nil else { return }
        let strays = Tree.blocks(root) { block in
            Tree.type(block) == CMARK_NODE_HTML_BLOCK
                && Tree.literal(block).drop(while: { $0 == " " || $0 == "\t" }) == blankMark + "\n"
        }
        strays.forEach(Tree.remove)
        // A line the mark went on that the parse put in indented code after the definitions' containers
        // ended (`   *`, `     >>[^*]:`, a tab and `>>`): the code holds the line's markers, not the mark
        // nor the spaces written before it.
        let codes = Tree.blocks(root) { block in
            Tree.type(block) == CMARK_NODE_CODE_BLOCK && Tree.literal(block).contains(blankMark)
        }
        for code in codes {
            var text = Tree.literal(code)
            while let mark = text.firstRange(of: blankMark) {
                var start = mark.lowerBound
                while start > text.startIndex, text[text.index(before: start)] == " " {
                    start = text.index(before: start)
                }
                text.removeSubrange(start..<mark.upperBound)
            }
            Tree.setLiteral(code, text)
        }
    }

    /// Takes out the marks that the rewrite put in definitions (``emptyMark``), making lists loose where the
    /// definition's line is blank to cmark-gfm.
    static func removeMarks(
        in definitions: [OpaquePointer], source: () -> SourceLines, isDefinition: (OpaquePointer) -> Bool
    ) {
        for item in definitions {
            guard let first = emptyMark(of: item) else { continue }
            Tree.remove(first)
            // The definition's line is blank after its colon, and ends it when nothing follows (lines
            // holding only link reference definitions, which leave no block, do follow). cmark's
            // `S_ends_with_blank_line` looks through items and lists only, not into a definition around it.
            let end = Tree.endLine(item)
            if Tree.firstChild(item) == nil,
                end == Tree.startLine(item) || source().isBlank(end, quotes: Tree.quoteDepth(of: item)),
                let list = Tree.parent(item)
            {
                let followed = Tree.next(item) != nil
                Tree.loosenLists(endingInBlankLine: list, followed: followed, isDefinition: isDefinition) {
                    isFollowedByLinkDefinitions($0, source: source())
                }
            }
        }
    }

    /// The mark that the rewrite put first in a definition written with nothing after its colon, if any.
    static func emptyMark(of item: OpaquePointer) -> OpaquePointer? {
        guard let first = Tree.firstChild(item), Tree.type(first) == CMARK_NODE_HTML_BLOCK,
            Tree.startLine(first) == Tree.startLine(item), Tree.literal(first).hasPrefix(emptyMark)
        else { return nil }
        return first
    }

    /// Whether a paragraph of link reference definitions followed `block`, the last block of its list item,
    /// when cmark finalized the item's list: it leaves no block, but was one then. A line that starts a block
    /// the list cannot hold (one of the list's container, the list's next sibling) finalizes the list while
    /// the paragraph is open, and the paragraph goes later (`+ |`, `  [^e]:`, `  [f]:t`, `[^1]:`); the lists
    /// around that one, finalized later, do not see it. A blank line or the end of the document closes the
    /// paragraph first, and so does a line that only the containers around the list go on to.
    static func isFollowedByLinkDefinitions(_ block: OpaquePointer, source: SourceLines) -> Bool {
        guard Tree.next(block) == nil, Tree.startLine(block) > 0, let item = Tree.parent(block),
            Tree.type(item) == CMARK_NODE_ITEM, let list = Tree.parent(item), let next = Tree.next(list)
        else { return false }
        // The item's last line holds no block of its own: it is the open paragraph's, not blank and no mark.
        let last = Tree.endLine(item)
        return last > Tree.endLine(block) && Tree.startLine(next) == last + 1 && last <= source.lines.count
            && !source.isBlank(last, quotes: Tree.quoteDepth(of: item)) && !source.lines[last - 1].contains(blankMark)
    }
}

/// cmark's `last_line_blank` and `S_ends_with_blank_line`, read from the nodes' lines.
private struct BlankLines {
    let source: SourceLines
    let isDefinition: (OpaquePointer) -> Bool

    /// cmark's check in `finalize` for a list: an item followed by another ends in a blank line, or a block
    /// in an item that another block or item follows does.
    ///
    /// - Parameter checked: The blocks that a check reached before, as cmark marks them.
    func isLoose(_ list: OpaquePointer, intoDefinitions: Bool, checked: inout Set<OpaquePointer>) -> Bool {
        var item = Tree.firstChild(list)
        while let current = item {
            let next = Tree.next(current)
            if next != nil, lastLineBlank(current, in: current) { return true }
            var block = Tree.firstChild(current)
            while let child = block {
                let followed =
                    next != nil || Tree.next(child) != nil
                    || Footnotes.isFollowedByLinkDefinitions(child, source: source)
                if followed, endsWithBlankLine(child, intoDefinitions: intoDefinitions, checked: &checked) {
                    return true
                }
                block = Tree.next(child)
            }
            item = next
        }
        return false
    }

    /// `S_ends_with_blank_line`: through the last child of lists and items; a definition, in cmark-gfm a
    /// block of its own, answers for itself. Both look through a list or an item the first time only: once
    /// checked, it answers with its own `last_line_blank`, and so does libcmark's list of a definition.
    private func endsWithBlankLine(
        _ node: OpaquePointer, intoDefinitions: Bool, checked: inout Set<OpaquePointer>
    ) -> Bool {
        let kind = Tree.type(node)
        // A list of definitions stands for blocks of its item: cmark-gfm's check reaches the last of them.
        if !intoDefinitions, kind == CMARK_NODE_LIST, let item = Tree.lastChild(node), isDefinition(item) {
            return lastLineBlank(item, in: node, isDefinition: true)
        }
        if !checked.insert(node).inserted { return lastLineBlank(node, in: node) }
        if kind == CMARK_NODE_LIST || kind == CMARK_NODE_ITEM, let last = Tree.lastChild(node) {
            return endsWithBlankLine(last, intoDefinitions: intoDefinitions, checked: &checked)
        }
        return lastLineBlank(node, in: node)
    }

    /// Whether cmark leaves `last_line_blank` set on a block: `block` is where it stands among its
    /// container's children, `node` the block whose children count (a definition's item, in the list that
    /// stands for the definition).
    ///
    /// A definition goes on over a blank line only where the line is empty from its first byte or indented
    /// four columns past the definition's container's content (`parse_footnote_definition_block_prefix`): at
    /// another it ends, marked as its container's last child. Where it goes on, the line marks the deepest
    /// block that goes on too, as in libcmark's item (`- [^n]:-`, a line of two tabs, `- b`: the empty item
    /// inside the definition).
    func lastLineBlank(_ node: OpaquePointer, in block: OpaquePointer, isDefinition: Bool = false) -> Bool {
        guard let container = Tree.parent(block) else { return false }
        // A table without body rows: cmark-gfm's table takes its delimiter row's line whole, which leaves
        // that line looking blank (``Tables``, which made it, loosened the lists around it).
        if Tree.type(node) == CMARK_NODE_CUSTOM_BLOCK, Tree.onEnter(node) == "<table>",
            let last = Tree.lastChild(node), Tree.onEnter(last) == "<thead>"
        {
            return true
        }
        let quotes = Tree.quoteDepth(of: block)
        let containerEnd = Tree.endLine(container) + 1
        // A block built here (a table, in place of its paragraph, and the text beside it) has no position: it
        // ends where the paragraph did, before the blank lines, if any, before the next block or its
        // container's end. A block built from the same paragraph, next, follows on the next line.
        guard Tree.startLine(node) > 0 else {
            let next = Tree.next(block).map(Tree.startLine)
            if next == 0 { return false }
            let boundary = next ?? containerEnd
            return boundary > 1 && source.isBlank(boundary - 1, quotes: quotes)
        }
        // libcmark ends an HTML block closed on its first line (`<!-->`) on the line before.
        let end = max(Tree.endLine(node), Tree.startLine(node))
        // The next block starts on its line, or, built here without one, on the first line after this block's
        // that is not blank (no block starts with a blank line).
        var boundary = Tree.next(block).map(Tree.startLine) ?? containerEnd
        if boundary == 0 {
            boundary = end + 1
            while boundary < containerEnd, source.isBlank(boundary, quotes: quotes) { boundary += 1 }
        }
        if isMarkedByItsContainer(after: end, before: boundary, quotes: quotes) { return true }
        // A definition with nothing after its colon: its line is blank to cmark-gfm, which marks the
        // definition when no later line does (`+ a`, `  - [^b]:`, `    +`, a blank line, `    [r]: u`, `  1.`).
        if isDefinition, end == Tree.startLine(node), Footnotes.emptyMark(of: node) != nil {
            return true
        }
        guard source.isBlank(end, quotes: quotes) else { return false }
        // The block went on over a blank line: marked when it was the deepest block there, as cmark marks
        // lists, items, indented code and HTML, and no block inside it went on too.
        if isDefinition {
            // A line of white space that reaches the definition's content goes on in it, as in libcmark's item.
            let content = contentColumn(of: node)
            // A definition last inside it that such a line ends leaves this one the deepest block the line goes
            // on in (`> - [^n]:[^m]:-`, `>` and two tabs, `> - b`).
            let inner = Tree.lastChild(node).flatMap { list in
                Tree.type(list) == CMARK_NODE_LIST
                    ? Tree.firstChild(list).flatMap { self.isDefinition($0) ? $0 : nil } : nil
            }
            let innerContent = inner.map(contentColumn(of:))
            var endsInner = false
            var line = end
            while line > Tree.startLine(node), source.isBlank(line, quotes: quotes) {
                let width = source.column(line: line, byteColumn: source.lineBytes(line).count + 1)
                if !source.lines[line - 1].isEmpty, width < content { return true }
                if !source.lines[line - 1].isEmpty, let innerContent, width < innerContent { endsInner = true }
                line -= 1
            }
            if endsInner { return true }
        }
        let contentEnd = Tree.lastChild(node).map(Tree.endLine)
        switch Tree.type(node) {
        case CMARK_NODE_LIST where end + 1 < containerEnd && !source.isBlank(end + 1, quotes: quotes):
            // A list goes on wherever its container does: the line after it, its container's and no item of
            // its own, found the list the deepest block it went on in, which cleared the mark before the line's
            // block closed the list (`  +`, a blank line, `  [r]: u` in an item).
            return false
        case CMARK_NODE_LIST, CMARK_NODE_ITEM:
            return contentEnd.map { $0 < end } ?? true
        case CMARK_NODE_CODE_BLOCK:
            return !isFenced(node)
        case CMARK_NODE_HTML_BLOCK:
            return true
        default:
            return false
        }
    }

    /// Whether a blank line in the block's container after its last line `end`, before the next block's line
    /// `boundary`, marks it: the container was the deepest block the line continued, and cmark marks its last
    /// child.
    private func isMarkedByItsContainer(after end: Int, before boundary: Int, quotes: Int) -> Bool {
        if end + 1 < boundary, source.isBlank(end + 1, quotes: quotes) { return true }
        // After lines that leave no block (a paragraph of link reference definitions), that paragraph was the
        // last child the first blank line marked; a second one marks the block, the container's last child
        // again once the paragraph closed and went (`+ a`, `  [^b]:***`, `  [s]:t`, two blank lines, `  *`).
        var after = end + 1
        while after < boundary, !source.isBlank(after, quotes: quotes) { after += 1 }
        return after > end + 1 && after + 1 < boundary && source.isBlank(after + 1, quotes: quotes)
    }

    /// The column (tabs to the next multiple of four, from 0) where a definition's content starts: four
    /// columns past its bullet, which stands at its container's content.
    private func contentColumn(of definition: OpaquePointer) -> Int {
        source.column(line: Tree.startLine(definition), byteColumn: Tree.startColumn(definition)) + 4
    }

    /// Whether a code block was fenced: its first line, from where it starts, is a fence and not its code's
    /// first line as indented code's is (a fence's line holds the fence, and the code starts on the next).
    /// White space at their starts is left out: a tab that the indentation takes part of leaves the rest as
    /// spaces in the code.
    private func isFenced(_ node: OpaquePointer) -> Bool {
        let line = Tree.startLine(node)
        guard line >= 1, line <= source.lines.count else { return false }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let text = source.lines[line - 1].utf8.dropFirst(max(0, Tree.startColumn(node) - 1)).drop(while: isSpace)
        let code = Tree.literalBytes(node).prefix { $0 != 0x0A }.drop(while: isSpace)
        let fence = text.starts(with: "```".utf8) || text.starts(with: "~~~".utf8)
        return fence && !text.elementsEqual(code)
    }
}
