internal import CCmark

/// GFM task list items on libcmark's tree, by cmark-gfm's block-level rule: a list item is a task when the
/// whole line it starts on reads `spacechar* marker spacechar+ [ ] spacechar+` (or `[x]`, `[X]`) from its
/// first byte, so an item inside a block quote or behind another marker on its line is not one; the marker
/// is consumed before the item's content is parsed (the rest of the line is a paragraph's first line,
/// whatever it holds), and the item is checked when `[x]` or `[X]` appears anywhere on that line
/// (cmark-gfm's `strstr`). A lazy line in a block quote inside an item can make that item a task too
/// (``lazyTasks(quotes:written:shift:rewritten:)``).
///
/// cmark-gfm writes the checkbox right after `<li>`; libcmark's renderer has no hook there, so the checkbox
/// is a paragraph of its own at the head of the item holding only a custom inline, and a paragraph renders
/// without `<p>` only in a tight list: a loose list with a task is made tight and its items' paragraphs get
/// the `<p>` and `</p>` (and the line break that libcmark puts before a block) as custom inlines.
enum TaskLists {
    /// The task lines parsed otherwise than written, and whether each task is checked, by line (1-based).
    struct Rewritten {
        /// Lines that start an item, parsed without their `[x]` (``rewriteLines(_:forms:definitions:)``).
        var starts: [Int: Bool] = [:]
        /// Lazy lines of a quote in an item, parsed from where cmark-gfm's marker ends
        /// (``rewriteLazyLines(_:root:definitions:)``).
        var lazy: [Int: Bool] = [:]
    }

    /// - Parameters:
    ///   - written: The lines as written (tables mask a `[` in the lines they parse again), `shift` lines
    ///     above the parsed ones.
    ///   - fromPrelude: The paragraphs that tables took from the prelude (text beside a table), which began
    ///     after a task's marker already.
    ///   - rewritten: The task lines parsed as cmark-gfm reads them (``Rewritten``), numbered as `written`'s.
    ///   - fromDefinitions: The items that lazy lines of footnote definitions made tasks
    ///     (``definitionTasks(_:written:shift:)``), read before the definitions left them.
    static func apply(
        _ root: OpaquePointer, written: SourceLines, shift: Int, fromPrelude: [OpaquePointer: Int],
        rewritten: Rewritten, fromDefinitions: [(item: OpaquePointer, checked: Bool)] = []
    ) {
        var tasks: [(item: OpaquePointer, checked: Bool)] = []
        let containers = Tree.blocks(root) {
            Tree.type($0) == CMARK_NODE_ITEM || Tree.type($0) == CMARK_NODE_BLOCK_QUOTE
        }
        for item in containers where Tree.type(item) == CMARK_NODE_ITEM {
            let lineNumber = Tree.startLine(item)
            let writtenNumber = lineNumber - shift
            if let checked = rewritten.starts[writtenNumber] {
                if let first = Tree.firstChild(item), Tree.type(first) == CMARK_NODE_HTML_BLOCK,
                    isMark(Tree.literal(first))
                {
                    Tree.remove(first)
                }
                removeListEnd(after: item) { list in
                    guard let first = Tree.firstChild(list) else { return nil }
                    let number = Tree.startLine(first) - shift
                    guard number >= 1, number <= written.lines.count else { return nil }
                    return written.lines[number - 1].utf8Bytes.dropFirst(Tree.startColumn(first) - 1).first
                }
                tasks.append((item, checked))
                continue
            }
            guard writtenNumber >= 1, writtenNumber <= written.lines.count,
                let end = markerEnd(written.lines[writtenNumber - 1].utf8Bytes, standIn: written.standIn),
                let block = Tree.firstChild(item)
            else { continue }
            let line = written.lines[writtenNumber - 1].utf8Bytes
            // The white space written after the marker; more in the text came from a character reference.
            let spaces = line[min(end, line.endIndex)...].prefix { $0 == 0x20 || $0 == 0x09 }.count
            let checked = contains(line, "[x]") || contains(line, "[X]")
            // A table, or the text before one, parsed in the prelude began after the marker already
            // (``Tables/plans(in:source:taskLists:)``); other text begins with it. A marker with nothing
            // after it was rewritten (``rewriteLines(_:forms:)``).
            let isPrelude =
                Tree.type(block) == CMARK_NODE_CUSTOM_BLOCK || Tree.startLine(block) <= shift
                || fromPrelude[block] != nil
            guard isPrelude || firstText(of: block, line: lineNumber).map({ dropMarker($0, spaces: spaces) }) == true
            else { continue }
            tasks.append((item, checked))
        }
        // An item made a task again by a later paragraph takes that paragraph's check.
        let later = paragraphTasks(
            items: containers.filter { Tree.type($0) == CMARK_NODE_ITEM }, written: written, shift: shift,
            fromPrelude: fromPrelude)
        if !later.isEmpty {
            let items = Set(later.map(\.item))
            tasks = tasks.filter { !items.contains($0.item) } + later
        }
        let quotes = containers.filter { Tree.type($0) == CMARK_NODE_BLOCK_QUOTE }
        if !quotes.isEmpty {
            // An item made a task again by a lazy line takes that line's check.
            let lazy = lazyTasks(quotes: quotes, written: written, shift: shift, rewritten: rewritten.lazy)
            if !lazy.isEmpty {
                let items = Set(lazy.map(\.item))
                tasks = tasks.filter { !items.contains($0.item) } + lazy
            }
        }
        if !fromDefinitions.isEmpty {
            let items = Set(fromDefinitions.map(\.item))
            tasks = tasks.filter { !items.contains($0.item) } + fromDefinitions
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
            let first = Tree.firstChild(block)
        else { return nil }
        if Tree.isText(first) { return first }
        // A document that defines the label `x` (`[X]: https://x.com`) has libcmark read the `[x]` as a link
        // to it; cmark-gfm takes the marker before it reads links. The line begins with the marker, so a
        // link whose text is the marker's letter is the marker: what follows it is the text.
        guard Tree.type(first) == CMARK_NODE_LINK, !Tree.isAutolink(first), let letter = Tree.firstChild(first),
            Tree.next(letter) == nil, Tree.isText(letter), Tree.literal(letter).lowercased() == "x"
        else { return nil }
        let text = Tree.text("[" + Tree.literal(letter) + "]")
        Tree.insert(text, before: first)
        Tree.remove(first)
        Tree.mergeNext(into: text)
        return text
    }

    /// Takes the `[ ]` and the spaces and tabs after it off the text, if it begins with them: cmark-gfm's
    /// paragraph starts at the first byte after the marker that is neither, a form feed being text to it.
    /// Only the `spaces` written after the marker go: a tab from `&#9;` is the paragraph's text.
    private static func dropMarker(_ text: OpaquePointer, spaces: Int) -> Bool {
        let literal = Tree.literalBytes(text)
        guard literal.count >= 3, literal[0] == UInt8(ascii: "["), literal[2] == UInt8(ascii: "]") else { return false }
        var rest = 3
        while rest < literal.count, rest - 3 < spaces, literal[rest] == 0x20 || literal[rest] == 0x09 { rest += 1 }
        if rest < literal.count {
            Tree.setLiteral(text, bytes: literal[rest...])
        } else {
            Tree.remove(text)
        }
        return true
    }

    /// Where the marker of cmark-gfm's `tasklist` scanner ends in the line an item starts on (after the `]`,
    /// which white space must follow), or nil when the line does not read as a task from its first byte.
    ///
    /// - Parameter standIn: The stand-ins of form feeds and vertical tabs, which the scanner reads as white
    ///   space (``FormFeeds``).
    static func markerEnd(_ line: [UInt8], standIn: FormFeeds.StandIn? = nil) -> Int? {
        let index = FormFeeds.skipSpaceChars(line, from: 0, standIn: standIn)
        guard index < line.count else { return nil }
        if "-+*".utf8.contains(line[index]) { return boxEnd(line, from: index + 1, standIn: standIn) }
        var end = index
        while end < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[end]) { end += 1 }
        guard end > index else { return nil }
        // `[0-9]+.`: any one character after the digits (`.` or `)` for a list marker, or a letter, the whole
        // of a multibyte one), a form feed's stand-in too, which is one byte to cmark-gfm; or the last digit
        // of two or more (`12 [ ]`), as the scanner matches wherever some reading of the line does.
        if end < line.count {
            var next = end + 1
            if let formFeed = standIn?.formFeed, line[end...].starts(with: formFeed) {
                next = end + formFeed.count
            } else if line[end] >= 0xC0 {
                next = end + (line[end] < 0xE0 ? 2 : line[end] < 0xF0 ? 3 : 4)
            }
            if next <= line.count, let box = boxEnd(line, from: next, standIn: standIn) { return box }
        }
        return end - index >= 2 ? boxEnd(line, from: end, standIn: standIn) : nil
    }

    /// `spacechar+("[ ]"|"[x]")spacechar+` from `start`: where the box ends.
    private static func boxEnd(_ line: [UInt8], from start: Int, standIn: FormFeeds.StandIn?) -> Int? {
        let index = FormFeeds.skipSpaceChars(line, from: start, standIn: standIn)
        guard index > start, index + 3 < line.count, line[index] == UInt8(ascii: "["),
            line[index + 2] == UInt8(ascii: "]"),
            " xX".utf8.contains(line[index + 1]),
            FormFeeds.skipSpaceChars(line, from: index + 3, standIn: standIn) > index + 3
        else { return nil }
        return index + 3
    }

    /// Whether an HTML block's text is the mark alone, or the mark left open, blank lines and its close.
    private static func isMark(_ literal: String) -> Bool {
        guard literal != mark + "\n" else { return true }
        guard literal.hasPrefix(markOpen + "\n"), literal.hasSuffix(markClose + "\n") else { return false }
        return literal.dropFirst(markOpen.count).dropLast(markClose.count + 1).allSatisfy { $0.isWhitespace }
    }

    /// Takes out the mark that ended an empty task's list at a blank line (``listEnd``), making the lists
    /// around it loose as that blank line does in cmark-gfm. A list of the same kind right after it is
    /// the task's list going on: cmark-gfm's item ends at the blank line, and the list takes the next item
    /// (`- [ ] `, a blank line, `  - b`), which the mark had to start a list of its own.
    ///
    /// - Parameter marker: The first byte of a list's first item (its bullet or first digit), as written.
    private static func removeListEnd(after item: OpaquePointer, marker: (OpaquePointer) -> UInt8?) {
        guard let list = Tree.parent(item), Tree.lastChild(list) == item, let end = Tree.next(list),
            Tree.type(end) == CMARK_NODE_HTML_BLOCK,
            Tree.literal(end).drop(while: { $0 == " " || $0 == "\t" }) == listEnd + "\n"
        else { return }
        let followed = Tree.next(end) != nil
        Tree.remove(end)
        if let following = Tree.next(list), Tree.type(following) == CMARK_NODE_LIST,
            cmark_node_get_list_type(following) == cmark_node_get_list_type(list),
            cmark_node_get_list_type(list) == CMARK_ORDERED_LIST
                ? cmark_node_get_list_delim(following) == cmark_node_get_list_delim(list)
                : marker(following) == marker(list)
        {
            Tree.moveChildren(of: following, to: list)
            Tree.remove(following)
            // The blank line is inside the list now, and makes only that list loose.
            cmark_node_set_list_tight(list, 0)
            return
        }
        Tree.loosenLists(endingInBlankLine: list, followed: followed) { _ in false }
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

    static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }
}
