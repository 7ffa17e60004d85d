internal import CCmark

/// What the parse of the rewritten source tells about definitions that the source's lines alone do not,
/// for a second rewrite (``Footnotes/rewriteDefinitions(_:correcting:)``).
extension Footnotes {
    struct Corrections {
        /// Lines (1-based) of definitions the parse made no item of: they lie in code or HTML blocks.
        var excluding: Set<Int> = []
        /// Lines of definitions indented past their container's content, and by how many columns.
        var outdenting: [Int: Int] = [:]
        /// Lines (0-based) that the parse kept in definitions without their indentation: lazy continuation
        /// lines, which cmark-gfm keeps in the definition's paragraph too, before a line that ends it.
        var continuing: Set<Int> = []
        /// Lines (0-based) that go on a paragraph in a definition nested in another, where the outermost one
        /// goes on after it: whether such a line is indented for the nested one or not (lazy), every
        /// definition around the paragraph goes on over it, in cmark-gfm as in libcmark.
        var paragraphLines: Set<Int> = []
        /// Lines (1-based) of definitions whose list in the parse holds an item that is no definition: the
        /// bullet the rewrite chose joined a list that cmark-gfm, where a definition is no list item, keeps
        /// apart (a list item after the definition's lazy lines), and another is chosen.
        var joined: Set<Int> = []
        /// Empty lines (0-based) that libcmark's item ends at and cmark-gfm's definition goes on over, with
        /// the column of the item's content: the definition's text was only link reference definitions, which
        /// leave the item without a block once the blank line after them closes their paragraph, and an item
        /// without a block ends at the next empty line (`parse_node_item_prefix`), where a definition goes on
        /// over any number of them. Each is written as a mark in the item, taken out after parsing.
        var emptied: [Int: Int] = [:]

        var isEmpty: Bool {
            excluding.isEmpty && outdenting.isEmpty && continuing.isEmpty && paragraphLines.isEmpty && joined.isEmpty
                && emptied.isEmpty
        }
    }

    /// What the parse of a rewritten source (``rewriteDefinitions(_:correcting:)``, which found `labels` and
    /// `pending`) tells about its definitions.
    static func corrections(
        _ root: OpaquePointer, labels: [Position: String], pending: [Int: Int], source: String
    ) -> Corrections {
        guard !labels.isEmpty else { return Corrections() }
        // Split into lines once, for whichever of the three reads needs them.
        let lines = SourceLines.lazily(source)
        var missing = missingDefinitions(root, labels: labels)
        if !missing.isEmpty, ByteSearch.contains(source, blankMark) {
            missing.subtract(afterLazyMarks(missing, root: root, lines: lines()))
        }
        var corrections = Corrections(
            excluding: missing,
            // A definition at a line's start is at its container's content.
            outdenting: labels.keys.contains { $0.column > 1 }
                ? indentedDefinitions(root, labels: labels, source: lines()) : [:])
        corrections.paragraphLines = nestedParagraphLines(root, labels: labels)
        corrections.joined = joinedDefinitions(root, labels: labels)
        corrections.emptied = emptiedDefinitions(root, labels: labels, source: lines)
        if !pending.isEmpty {
            corrections.continuing = lazilyContinued(
                root, labels: labels, pending: pending, moving: corrections.outdenting,
                source: corrections.outdenting.isEmpty ? nil : lines())
        }
        return corrections
    }

    /// The lines of the definitions whose list holds an item that is no definition (``Corrections/joined``).
    private static func joinedDefinitions(_ root: OpaquePointer, labels: [Position: String]) -> Set<Int> {
        var lines: Set<Int> = []
        // Each list is looked through once, however many definitions it holds.
        var mixed: [OpaquePointer: Bool] = [:]
        for item in Tree.blocks(root, where: { isDefinition($0, labels: labels, lineShift: 0) }) {
            guard let list = Tree.parent(item) else { continue }
            let holdsOthers =
                mixed[list]
                ?? Tree.children(list).contains { !isDefinition($0, labels: labels, lineShift: 0) }
            mixed[list] = holdsOthers
            if holdsOthers { lines.insert(Tree.startLine(item)) }
        }
        return lines
    }

    /// The empty lines where a definition's item, left without a block, ends in the parse but cmark-gfm's
    /// definition goes on, to a line indented as its content (``Corrections/emptied``).
    private static func emptiedDefinitions(
        _ root: OpaquePointer, labels: [Position: String], source: () -> SourceLines
    ) -> [Int: Int] {
        var marks: [Int: Int] = [:]
        // An empty line ends a definition in a block quote in cmark-gfm too.
        let emptied = Tree.blocks(root) {
            isDefinition($0, labels: labels, lineShift: 0) && Tree.firstChild($0) == nil && Tree.quoteDepth(of: $0) == 0
        }
        guard !emptied.isEmpty else { return [:] }
        let source = source()
        let lines = source.lines
        for item in emptied {
            // The line after the item's last, 0-based: the one libcmark's item ended at.
            let end = Tree.endLine(item)
            guard end < lines.count, lines[end].isEmpty else { continue }
            // The item's content: after its bullet (`+`, or `1.` where a bullet would join a list before) and
            // the spaces the rewrite wrote.
            let first = source.lineBytes(Tree.startLine(item))
            let bullet = first.startIndex + Tree.startColumn(item) - 1
            guard bullet < first.endIndex else { continue }
            let spaces = first[bullet...].firstIndex { $0 == 0x20 } ?? first.endIndex
            let text = first[spaces...].firstIndex { $0 != 0x20 } ?? first.endIndex
            let content = source.column(line: Tree.startLine(item), byteColumn: text - first.startIndex + 1)
            // cmark-gfm's definition goes on over empty lines and lines of white space indented as its content;
            // the first other line is its content where it is indented so (a mark is no line of white space).
            var next = end + 1
            let indentation = { (line: Substring) in
                SourceLines.advance(0, over: line.prefix { $0 == " " || $0 == "\t" })
            }
            while next < lines.count, lines[next].allSatisfy({ $0 == " " || $0 == "\t" }),
                lines[next].isEmpty || indentation(lines[next]) >= content
            {
                next += 1
            }
            guard next < lines.count, !lines[next].allSatisfy({ $0 == " " || $0 == "\t" }),
                indentation(lines[next]) >= content, !lines[next].contains(blankMark)
            else { continue }
            marks[end] = content
        }
        return marks
    }

    /// The lines after the first of each paragraph of a definition nested in another, where the outermost
    /// one goes on after the paragraph (``Corrections/paragraphLines``).
    private static func nestedParagraphLines(_ root: OpaquePointer, labels: [Position: String]) -> Set<Int> {
        var lines: Set<Int> = []
        let isDefinition = { (item: OpaquePointer) in Self.isDefinition(item, labels: labels, lineShift: 0) }
        // The definition around an item, if any (through list items and quotes: `[^1]: - [^2]:`).
        let outer = { (item: OpaquePointer) in enclosingDefinition(of: item, labels: labels) }
        // In document order, a definition's comes before the ones nested in it: each chain is climbed once.
        var outermostOf: [OpaquePointer: OpaquePointer] = [:]
        for item in Tree.blocks(root, where: { isDefinition($0) && outer($0) != nil }) {
            guard let around = outer(item) else { continue }
            outermostOf[item] = outermostOf[around] ?? around
        }
        guard !outermostOf.isEmpty else { return lines }
        // A paragraph anywhere in a nested definition (in a list item or quote of it too: `[^2]:[^2]:* a`, then
        // a lazy line), found by a bounded climb to the nearest such definition.
        for paragraph in Tree.blocks(root, where: { Tree.type($0) == CMARK_NODE_PARAGRAPH }) {
            var ancestor = Tree.parent(paragraph)
            var steps = 0
            while let current = ancestor, outermostOf[current] == nil, steps < 64 {
                ancestor = Tree.parent(current)
                steps += 1
            }
            guard let definition = ancestor, let outermost = outermostOf[definition],
                Tree.endLine(paragraph) < Tree.endLine(outermost)
            else { continue }
            // 0-based: the tree's line numbers less one, from the paragraph's second line.
            lines.formUnion(Tree.startLine(paragraph)..<Tree.endLine(paragraph))
        }
        return lines
    }

    /// The missing definitions that a paragraph or an HTML block holds after a line written as a blank line's
    /// mark: the mark of a definition the parse made text of (a lazy line, `a`, `    [^1]:`, ` `; a line of an
    /// HTML block, `<div`, `[^b]:`, ` `) continues the block, where the blank line ends it and lets a later
    /// definition start (`3. [^2]:`, which cannot interrupt a paragraph; `[^a]: y` after the HTML block).
    private static func afterLazyMarks(_ missing: Set<Int>, root: OpaquePointer, lines: SourceLines) -> Set<Int> {
        // 1-based, as the tree counts lines.
        let marks = lines.lineIndices(holding: Array(blankMark.utf8)).map { $0 + 1 }
        var found: Set<Int> = []
        let endsAtBlank = { (block: OpaquePointer) in
            Tree.type(block) == CMARK_NODE_PARAGRAPH || Tree.type(block) == CMARK_NODE_HTML_BLOCK
        }
        for block in Tree.blocks(root, where: endsAtBlank) {
            let (first, last) = (Tree.startLine(block), Tree.endLine(block))
            guard let mark = marks.first(where: { $0 >= first && $0 < last }) else { continue }
            // One indented four columns is code after the blank line (`t`, `\t[^1]:`, `\t`, `    [^1]:`).
            found.formUnion(
                missing.filter { line in
                    line > mark && line <= last
                        && SourceLines.advance(0, over: lines.lines[line - 1].prefix { $0 == " " || $0 == "\t" }) < 4
                })
        }
        return found
    }

    /// The lines of the definitions' items whose search for the line that ends them stopped at a line the
    /// parse kept in them (a lazy continuation line), where the line that ends them lies inside the item:
    /// libcmark's item goes on over it, cmark-gfm's definition does not.
    ///
    /// A definition whose bullet moves `moving[line]` columns out keeps its lazy lines up to the first one
    /// indented as its content will be: that one is its content in the next parse, a block that may be no
    /// paragraph, and what follows is no lazy line of its paragraph there.
    private static func lazilyContinued(
        _ root: OpaquePointer, labels: [Position: String], pending: [Int: Int], moving: [Int: Int],
        source: SourceLines?
    ) -> Set<Int> {
        var lines: Set<Int> = []
        for item in Tree.blocks(root, where: { isDefinition($0, labels: labels, lineShift: 0) }) {
            let (first, last) = (Tree.startLine(item), Tree.endLine(item))
            guard let ending = pending[first], ending <= last else { continue }
            // 0-based, as the rewrite counts its lines: from the definition's next line through its last.
            guard let outdent = moving[first], let source else {
                lines.formUnion(first..<last)
                continue
            }
            let quotes = Tree.quoteDepth(of: item)
            let offset =
                source.column(line: first, byteColumn: Tree.startColumn(item))
                - source.quoteContentColumn(line: first, quotes: quotes) - outdent
            let lead = quoteLead(at: first - 1, in: source.lines)
            for index in first..<min(last, source.lines.count) {
                if isIndentedForContent(source.lines[index], quotes: quotes, past: offset, quoteLead: lead) { break }
                lines.insert(index)
            }
        }
        return lines
    }
}
