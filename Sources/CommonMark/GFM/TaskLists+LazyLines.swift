internal import CCmark

extension TaskLists {
    /// The items that lazy lines make tasks, and whether each is checked.
    ///
    /// cmark-gfm tries its task marker (`open_tasklist_item`) on every line whose last matched container is a
    /// list item and where no other block starts, not only on the item's first line: a lazy continuation line
    /// of a paragraph in a block quote that is an item's child fails the quote and matches the item, and when
    /// it is indented four columns or more past the item's content (so that it starts no block) and reads as a
    /// task from its first byte, the item becomes a task, checked as that line is (the last such line
    /// decides): `- > a`, then `      - [x] c`; one that starts no list item (`3a [x] c`, `1: [ ] c`) does so
    /// fewer columns in too, at the item's content or past it. The marker then moves three characters on from the item's
    /// content, which takes off the line's text what of its list marker they reach (`-\t> a`, `\t\t- [ ] b`
    /// leaves `[ ] b`).
    ///
    /// - Parameters:
    ///   - quotes: The tree's block quotes, in document order.
    ///   - rewritten: The lazy task lines parsed as cmark-gfm reads them already (``rewriteLazyLines(_:root:definitions:)``),
    ///     numbered as `written`'s, and whether each is checked.
    static func lazyTasks(quotes: [OpaquePointer], written: SourceLines, shift: Int, rewritten: [Int: Bool] = [:])
        -> [(item: OpaquePointer, checked: Bool)]
    {
        var tasks: [(item: OpaquePointer, checked: Bool)] = []
        for (quote, item, content) in quotesInItems(quotes, written: written, shift: shift) {
            // The last task line decides; one rewritten reads as no task as parsed, and lost nothing to it.
            var last: (number: Int, checked: Bool)?
            var eaten: [Int: ArraySlice<UInt8>] = [:]
            for line in lazyTaskLines(of: quote, item: content, written: written, shift: shift)
            where rewritten[line.number - shift] == nil {
                last = (line.number, line.checked)
                if let part = line.eaten { eaten[line.number] = part }
            }
            if !rewritten.isEmpty {
                for number in stride(from: Tree.endLine(quote), to: Tree.startLine(quote), by: -1) {
                    guard let checked = rewritten[number - shift] else { continue }
                    if number > last?.number ?? 0 { last = (number, checked) }
                    break
                }
            }
            if !eaten.isEmpty { dropMarkerStarts(eaten, in: quote) }
            if let last { tasks.append((item, last.checked)) }
        }
        return tasks
    }

    /// The quotes that are an item's children, with the item and its content column, where the item is in no
    /// quote: a line that reads as a task has no `>`, so it fails every quote, and only an item outside all of
    /// them is the last container it matches.
    private static func quotesInItems(_ quotes: [OpaquePointer], written: SourceLines, shift: Int) -> [(
        quote: OpaquePointer, item: OpaquePointer, content: Int
    )] {
        // Items and quotes nested by the thousand (`- > - > …`) are climbed once, not once for each quote.
        var ancestry = Tree.QuoteAncestry()
        return quotes.compactMap { quote in
            guard let item = Tree.parent(quote), Tree.type(item) == CMARK_NODE_ITEM, ancestry.of(item).depth == 0,
                let content = Tables.itemContentColumn(of: item, source: written, shift: shift)
            else { return nil }
            return (quote, item, content)
        }
    }

    /// The lazy lines of a quote in an item that cmark-gfm reads as the item's task marker: fewer than four
    /// columns past the item's content, a list marker starts an item there instead.
    private static func lazyTaskLines(of quote: OpaquePointer, item content: Int, written: SourceLines, shift: Int)
        -> [TaskLine]
    {
        taskLines(of: quote, item: content, written: written, shift: shift) { indent, text in
            indent >= content + 4 || (indent >= content && !startsListItem(text))
        }
    }

    /// The stand-ins of a lazy task line's first character where, written at the item's content, it would
    /// start a block (``rewriteLazyLines(_:root:definitions:)``): a private-use character for each such ASCII byte, so
    /// that every one in the tree is a stand-in where the text holds none of them.
    enum LazyStandIn {
        /// The first two bytes of the stand-ins' UTF-8 (U+F700 to U+F73F); the third is 0x80 plus the byte.
        static let lead: [UInt8] = [0xEF, 0x9C]
        /// The bytes stood in for: list markers and their delimiters, and the characters after digits that
        /// start a block quote or a heading.
        static let bytes = Array("-+*.)>#".utf8)

        static func standIn(for byte: UInt8) -> [UInt8] { lead + [0x80 + byte] }

        /// Whether the bytes hold a stand-in's first two bytes.
        static func holds(_ text: some Collection<UInt8>) -> Bool {
            var previous: UInt8 = 0
            for byte in text {
                if previous == lead[0], byte == lead[1] { return true }
                previous = byte
            }
            return false
        }

        /// The bytes with each stand-in's character back, or nil when they hold none.
        static func restored(_ text: [UInt8]) -> [UInt8]? {
            guard holds(text) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(text.count)
            var index = 0
            while index < text.count {
                if index + 2 < text.count, text[index] == lead[0], text[index + 1] == lead[1],
                    text[index + 2] >= 0x80, bytes.contains(text[index + 2] - 0x80)
                {
                    result.append(text[index + 2] - 0x80)
                    index += 3
                } else {
                    result.append(text[index])
                    index += 1
                }
            }
            return result
        }

        /// Gives every literal and attribute under `root` its characters back.
        static func restore(_ root: OpaquePointer) { Tree.restoreStandIns(under: root, restored) }
    }

    /// The source with each lazy task line of a quote in an item (``lazyTasks(quotes:written:shift:rewritten:)``)
    /// written so that libcmark's paragraph takes what cmark-gfm's does: the line from the end of the task
    /// marker's three characters, which cmark-gfm's `open_tasklist_item` moves past before the line is added
    /// as lazy text, at the item's content column. A code span, a raw tag or a title running onto the line
    /// then holds cmark-gfm's text, and a `` ` ``, `[` or `<` the marker took is no longer read. Where that
    /// text would start a block at the item's content (`- [x]` after three columns of white space were
    /// taken), its first character stands in (``LazyStandIn``); returns nil when no line is rewritten, and
    /// for each rewritten line (1-based) whether its task is checked.
    ///
    /// - Parameter definitions: Where footnote definitions' items start: a definition is no list item in
    ///   cmark-gfm, and its lazy lines make no task.
    static func rewriteLazyLines(
        _ source: String, root: OpaquePointer, definitions: [Footnotes.Position: String], standIn: FormFeeds.StandIn?
    ) -> (source: String, checked: [Int: Bool])? {
        let quotes = Tree.blocks(root) { Tree.type($0) == CMARK_NODE_BLOCK_QUOTE }
        guard !quotes.isEmpty else { return nil }
        // A form feed's stand-in is one character of the marker's three.
        let written = SourceLines(source, standIn: standIn)
        let mayStandIn = !ByteSearch.contains(source, LazyStandIn.lead[0]) || !LazyStandIn.holds(source.utf8)
        var lines: [Int: [UInt8]] = [:]
        var checked: [Int: Bool] = [:]
        for (quote, item, content) in quotesInItems(quotes, written: written, shift: 0)
        where !Footnotes.isDefinition(item, labels: definitions, lineShift: 0) {
            for line in lazyTaskLines(of: quote, item: content, written: written, shift: 0) {
                guard let rest = lazyText(line, content: content, mayStandIn: mayStandIn) else { continue }
                lines[line.number] = Array(repeating: 0x20, count: content) + rest
                checked[line.number] = line.checked
            }
        }
        guard !lines.isEmpty else { return nil }
        let rewritten = written.lines.enumerated().map { index, line in
            lines[index + 1].map { Substring(String(decoding: $0, as: UTF8.self)) } ?? line
        }
        return (rewrittenSource(source, lines: rewritten), checked)
    }

    /// What cmark-gfm's paragraph takes of a lazy task line, with a first character that would start a
    /// block at the item's content stood in; nil where it would be blank there, or a stand-in is needed and
    /// the text holds one already.
    private static func lazyText(_ line: TaskLine, content: Int, mayStandIn: Bool) -> [UInt8]? {
        var rest = Array(line.bytes[min(line.reach, line.bytes.count)...])
        guard let first = rest.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        // Four columns in, the line is indented: lazy text, as it is in cmark-gfm.
        guard SourceLines.advance(content, over: Substring(decoding: rest[..<first], as: UTF8.self)) < content + 4
        else { return rest }
        var startsBlock: Int?
        if "-+*>#".utf8.contains(rest[first]) {
            startsBlock = first
        } else {
            let digits = rest[first...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            let after = first + digits
            if digits > 0, after < rest.count, ".)>#".utf8.contains(rest[after]) { startsBlock = after }
        }
        guard let at = startsBlock else { return rest }
        guard mayStandIn else { return nil }
        rest.replaceSubrange(at...at, with: LazyStandIn.standIn(for: rest[at]))
        return rest
    }

    /// The items that a later paragraph of theirs makes tasks, and whether each is checked: cmark-gfm tries
    /// its task marker on the line where a paragraph of an item starts after its first line (the item is
    /// then the last container the line matches, and no other block starts there), from the line's first
    /// byte. Where no list item can start there (`3a [x] b`, `1: [ ] b`, ten digits and a `.`: cmark-gfm's
    /// `[0-9]+.` takes any character after the digits) the line reads as a task: the item becomes one,
    /// checked as that line is (the last such line decides), and the marker's three characters from the
    /// item's content come off the paragraph's text (`- a`, a blank line, `  3a [x] b` leaves `[x] b`).
    /// A line with a quote's `>` before it does not read as a task, nor one after a list in the item. The
    /// paragraph may end as a setext heading (`* # h`, `  3a [X] b`, `  -`).
    ///
    /// - Parameter fromPrelude: The paragraphs that tables took from their prelude, whose positions are the
    ///   prelude's, with the line their text starts on (0 for lazy text after a table's rows, which is outside
    ///   the item).
    static func paragraphTasks(
        items: [OpaquePointer], written: SourceLines, shift: Int, fromPrelude: [OpaquePointer: Int]
    ) -> [(
        item: OpaquePointer, checked: Bool
    )] {
        var tasks: [(item: OpaquePointer, checked: Bool)] = []
        var ancestry = Tree.QuoteAncestry()
        for item in items where ancestry.of(item).depth == 0 {
            var checked: Bool?
            var child = Tree.firstChild(item)
            while let paragraph = child {
                child = Tree.next(paragraph)
                let number = fromPrelude[paragraph] ?? (Tree.startLine(paragraph) - shift)
                // After a list or a thematic break, that block is the last container the line matches (cmark
                // matches both with any line, blank lines too), and the paragraph goes to the item only when
                // it closes. A setext underline makes a heading of the paragraph (an ATX heading's line reads as
                // no task).
                // A table that a later paragraph became, or the text before it, was parsed from after the
                // marker already (``laterLineTask(_:in:line:written:shift:)``, read by the tables' plans).
                let isPrelude = fromPrelude[paragraph] != nil
                guard
                    Tree.type(paragraph) == CMARK_NODE_PARAGRAPH || Tree.type(paragraph) == CMARK_NODE_HEADING
                        || (isPrelude && Tree.type(paragraph) == CMARK_NODE_CUSTOM_BLOCK),
                    let task = laterLineTask(paragraph, in: item, line: number, written: written, shift: shift)
                else { continue }
                checked = task.checked
                guard !isPrelude, task.end > task.text, let first = Tree.firstChild(paragraph), Tree.isText(first)
                else { continue }
                let line = written.lines[number - 1].utf8Bytes
                _ = dropText(line[task.text..<task.end], from: first, removingEmpty: false)
            }
            if let checked { tasks.append((item, checked)) }
        }
        return tasks
    }

    /// Where the text of a block of an item that starts on line `number` (of `written`, `shift` lines above
    /// the parsed ones), after the item's first line, begins and where the marker's three characters end,
    /// when cmark-gfm reads that line as the item's task marker (``paragraphTasks(items:written:shift:fromPrelude:)``),
    /// and whether the task is checked; nil when it does not.
    static func laterLineTask(
        _ block: OpaquePointer, in item: OpaquePointer, line number: Int, written: SourceLines, shift: Int
    ) -> (text: Int, end: Int, checked: Bool)? {
        guard number > Tree.startLine(item) - shift,
            Tree.previous(block).map({
                Tree.type($0) != CMARK_NODE_LIST && Tree.type($0) != CMARK_NODE_THEMATIC_BREAK
            }) ?? true,
            number >= 1, number <= written.lines.count
        else { return nil }
        let line = written.lines[number - 1].utf8Bytes
        guard markerEnd(line, standIn: written.standIn) != nil,
            let content = Tables.itemContentColumn(of: item, source: written, shift: shift),
            let text = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return nil }
        let end = min(markerReach(of: line, content: content, standIn: written.standIn), line.count)
        return (text, end, contains(line, "[x]") || contains(line, "[X]"))
    }

    /// The items that a lazy line of a footnote definition of theirs makes tasks, and whether each is checked.
    /// cmark-gfm's definition is a container right inside the item (where the rewrite has a list between
    /// them), so a lazy line of the definition's paragraph fails the definition and matches the item, and
    /// the task marker is tried there as on a lazy line of a quote in an item (``lazyTasks(quotes:written:shift:rewritten:)``):
    /// `- [^n]: t`, then `  3a [x] b` makes the item a task and leaves `[x] b` in the definition. Read before
    /// the definitions leave their items; the marker's characters come off the definition's text here.
    ///
    /// - Parameter definitions: The definitions' items.
    static func definitionTasks(_ definitions: [OpaquePointer], written: SourceLines, shift: Int) -> [(
        item: OpaquePointer, checked: Bool
    )] {
        var tasks: [(item: OpaquePointer, checked: Bool)] = []
        var ancestry = Tree.QuoteAncestry()
        let isDefinition = Set(definitions)
        for definition in definitions {
            guard let item = Tree.parent(definition).flatMap(Tree.parent), Tree.type(item) == CMARK_NODE_ITEM,
                !isDefinition.contains(item), ancestry.of(item).depth == 0,
                Tree.endLine(definition) > Tree.startLine(definition),
                let content = Tables.itemContentColumn(of: item, source: written, shift: shift)
            else { continue }
            // The definition's content is four columns past the item's: a line indented so far is its, and one
            // that starts a list item starts it in the item.
            let lines = taskLines(of: definition, item: content, written: written, shift: shift) {
                indent, text in indent >= content && indent < content + 4 && !startsListItem(text)
            }
            let eaten = Dictionary(
                uniqueKeysWithValues: lines.compactMap { line in line.eaten.map { (line.number, $0) } })
            if !eaten.isEmpty { dropMarkerStarts(eaten, in: definition) }
            if let checked = lines.last?.checked { tasks.append((item, checked)) }
        }
        return tasks
    }

    /// A line of a container in an item, after its first, that reads as a task from its first byte and that
    /// the item's lazy line takes (``taskLines(of:item:written:shift:matchesItem:)``).
    private struct TaskLine {
        /// The line's number in the tree's positions.
        var number: Int
        var bytes: [UInt8]
        /// Where its text starts, after its white space.
        var text: Int
        /// Where the marker's three characters from the item's content end (``markerReach(of:content:standIn:)``).
        var reach: Int
        var checked: Bool

        /// What the marker takes off the line's text, if anything.
        var eaten: ArraySlice<UInt8>? { reach > text ? bytes[text..<min(reach, bytes.count)] : nil }
    }

    /// The lines of a container in an item, after its first, that read as a task from their first byte and
    /// whose indentation (and text) `matchesItem` takes as the item's lazy line; the last of them decides
    /// whether the task is checked.
    private static func taskLines(
        of container: OpaquePointer, item content: Int, written: SourceLines, shift: Int,
        matchesItem: (Int, ArraySlice<UInt8>) -> Bool
    ) -> [TaskLine] {
        var found: [TaskLine] = []
        for number in stride(from: Tree.startLine(container) + 1, through: Tree.endLine(container), by: 1) {
            let writtenNumber = number - shift
            guard writtenNumber >= 1, writtenNumber <= written.lines.count else { continue }
            let line = written.lines[writtenNumber - 1].utf8Bytes
            guard markerEnd(line, standIn: written.standIn) != nil,
                let text = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
                matchesItem(SourceLines.advance(0, over: written.lines[writtenNumber - 1].prefix(text)), line[text...])
            else { continue }
            found.append(
                TaskLine(
                    number: number, bytes: line, text: text,
                    reach: markerReach(of: line, content: content, standIn: written.standIn),
                    checked: contains(line, "[x]") || contains(line, "[X]")))
        }
        return found
    }

    /// Whether `text` begins with a list marker that starts an item: a bullet, or one to nine digits and `.`
    /// or `)`, then white space or the line's end. cmark-gfm's task marker reads more (`3a`, `1:`).
    private static func startsListItem(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        if index < text.endIndex, "-+*".utf8.contains(text[index]) {
            index += 1
        } else {
            let digits = text[index...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            index += digits
            guard (1...9).contains(digits), index < text.endIndex, text[index] == 0x2E || text[index] == 0x29 else {
                return false
            }
            index += 1
        }
        return index == text.endIndex || text[index] == 0x20 || text[index] == 0x09
    }

    /// Where the marker's three characters, counted from the item's content (a tab that spans it being
    /// one), end in a lazy task line.
    private static func markerReach(of line: [UInt8], content: Int, standIn: FormFeeds.StandIn?) -> Int {
        var index = 0
        var column = 0
        while index < line.count, column < content {
            let next = line[index] == 0x09 ? column + 4 - column % 4 : column + 1
            if next > content { break }
            column = next
            index += 1
        }
        // Three characters of the line as written: a form feed's stand-in is one.
        for _ in 0..<3 where index < line.count {
            let formFeed = standIn?.formFeed ?? []
            index += !formFeed.isEmpty && line[index...].starts(with: formFeed) ? formFeed.count : 1
        }
        return index
    }

    /// Takes off the start of each lazy task line's text (by line number) what the marker's characters
    /// reached past its white space: one walk of the container's paragraphs, counting their line breaks.
    private static func dropMarkerStarts(_ eaten: [Int: ArraySlice<UInt8>], in quote: OpaquePointer) {
        var edits: [(node: OpaquePointer, eaten: ArraySlice<UInt8>)] = []
        // A setext underline makes a heading of the paragraph.
        let holdsText = { (block: OpaquePointer) in
            Tree.type(block) == CMARK_NODE_PARAGRAPH || Tree.type(block) == CMARK_NODE_HEADING
        }
        for paragraph in Tree.blocks(quote, where: holdsText) {
            var line = Tree.startLine(paragraph)
            var lineStarts = false
            Tree.walk(paragraph, into: { _ in true }) { node in
                let kind = Tree.type(node)
                if kind == CMARK_NODE_SOFTBREAK || kind == CMARK_NODE_LINEBREAK {
                    line += 1
                    lineStarts = true
                } else if kind == CMARK_NODE_CODE || kind == CMARK_NODE_HTML_INLINE {
                    // A line break inside them is no node of its own.
                    line += max(0, Tree.endLine(node) - Tree.startLine(node))
                    lineStarts = false
                } else if lineStarts, node != paragraph {
                    lineStarts = false
                    if let bytes = eaten[line], Tree.isText(node) { edits.append((node, bytes)) }
                }
            }
        }
        for (node, bytes) in edits { _ = dropText(bytes, from: node, removingEmpty: true) }
    }

    /// Takes `bytes` off the start of the text at `node` and the text nodes right after it (an unmatched `*`
    /// is a node of its own: `*`, a form feed, `[ ] **`), then the white space after them, which the inline
    /// parser takes off a line's start after what the marker took; false, and nothing taken, where the text
    /// does not start with them.
    ///
    /// - Parameter removingEmpty: Whether a node left without text goes (a paragraph's first keeps its place).
    private static func dropText(_ bytes: ArraySlice<UInt8>, from node: OpaquePointer, removingEmpty: Bool) -> Bool {
        var nodes: [(node: OpaquePointer, literal: ArraySlice<UInt8>)] = []
        var text: [UInt8] = []
        var next: OpaquePointer? = node
        while let current = next, Tree.isText(current), text.count <= bytes.count {
            let literal = Tree.literalBytes(current)
            nodes.append((current, literal[...]))
            text += literal
            next = Tree.next(current)
        }
        guard text.starts(with: bytes) else { return false }
        var taking = bytes.count
        var spaces = true
        for (current, literal) in nodes {
            var rest = literal.dropFirst(taking)
            taking = max(0, taking - literal.count)
            if taking == 0, spaces {
                rest = rest.drop { $0 == 0x20 || $0 == 0x09 }
                spaces = rest.isEmpty
            }
            guard rest.count != literal.count else { break }
            if rest.isEmpty, removingEmpty || current != node {
                Tree.remove(current)
            } else {
                Tree.setLiteral(current, bytes: rest)
            }
        }
        return true
    }
}
