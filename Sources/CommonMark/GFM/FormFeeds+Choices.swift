internal import CCmark

/// The lines whose form feeds (or vertical tabs) are read by the block the line before leaves open, as the
/// first parse shows it: a task's marker after one (`2.`, a form feed, `[x] `) is a task's only where a list
/// item starts on the line, which an ordered item not at 1 does not do after a paragraph's line; and a tag
/// alone before one (`<b>` and a form feed) starts an HTML block of the seventh kind, whose scanner takes the
/// form feed, only where no paragraph goes on over the line (`blocks.c` asks whether the container the line
/// reached is a paragraph). The text is parsed first as if every such line started its block; a line that
/// does not is written otherwise and the text parsed again, once: the lines read as text either way, so the
/// blocks stay as they were.
extension FormFeeds {
    /// The lines (1-based) that the first parse read otherwise than ``standingIn(_:choices:)`` wrote them for.
    struct LineChoices: Sendable, Equatable {
        /// Task lines left as written: no list item starts on them.
        var writtenTasks: Set<Int> = []
        /// Lines holding a tag alone whose form feeds after it are stood in for: a paragraph goes on there.
        var textTags: Set<Int> = []
        /// Lines of a tag's `>` after wide white space where no block quote starts (``WideQuotes``).
        var notQuotes: Set<Int> = []
        /// Lines of such a `>` that a quote begun before takes as its marker, where the tag goes on after it.
        var quoteMarkers: Set<Int> = []
        /// Lines in indented code where a tag or link would open (``StoodIn/code``).
        var code: Set<Int> = []
    }

    /// What the first parse made of the lines of ``StoodIn/tasks`` and ``StoodIn/tags``.
    struct Reading {
        /// The task lines that a list item starts on.
        var items: Set<Int> = []
        /// The tag lines that go on a paragraph (or setext heading) of libcmark's begun on a line before.
        var continued: Set<Int> = []
        /// The lines of a wide `>` where a block quote starts.
        var quotes: Set<Int> = []
        /// The lines in code blocks, of those where a tag or link opens indented.
        var code: Set<Int> = []
        /// The lines of a wide `>` that a quote begun before takes as its marker, where the paragraph goes on.
        var markers: Set<Int> = []
    }

    /// Whether the text of line `line` of a paragraph or heading (as the tree counts) begins with a `>`: a
    /// lazy line's, whose `>` no quote took.
    private static func lineStartsWithQuote(_ paragraph: OpaquePointer, line: Int) -> Bool {
        var (at, node) = (Tree.startLine(paragraph), Tree.firstChild(paragraph))
        while let current = node, at < line {
            if Tree.type(current) == CMARK_NODE_SOFTBREAK || Tree.type(current) == CMARK_NODE_LINEBREAK { at += 1 }
            node = Tree.next(current)
        }
        guard let first = node, Tree.isText(first) else { return false }
        return Tree.literalBytes(first).first == UInt8(ascii: ">")
    }

    /// Reads the candidate lines in the first parse's tree, whose lines are numbered as the text's.
    ///
    /// - Parameter lines: The lines of the text the tree was parsed from, footnote definitions rewritten
    ///   (``Footnotes/rewriteDefinitions(_:correcting:)``): a fence's columns are counted there.
    static func reading(_ root: OpaquePointer, of stood: StoodIn, lines: () -> SourceLines) -> Reading {
        var found = reading(root, tasks: stood.tasks, tags: stood.tags, quotes: stood.quotes) { $0 }
        if !stood.code.isEmpty { found.code = codeLines(stood.code, in: root, lines: lines()) { $0 } }
        return found
    }

    /// The lines of `candidates` (numbered as written) in indented code blocks of a tree whose line
    /// `treeLine(n)` is the line `n`, and whose text's lines are `lines`.
    private static func codeLines(
        _ candidates: [Int], in root: OpaquePointer, lines: SourceLines, treeLine: (Int) -> Int
    ) -> Set<Int> {
        // Indented code only: a fence that its container's end closed ends on the line after (in libcmark's
        // positions), which is no code (`1) ```, then `>    <a` and a form feed `>`).
        let blocks = Tree.blocks(root) { block in
            guard Tree.type(block) == CMARK_NODE_CODE_BLOCK, Tree.startLine(block) >= 1,
                Tree.startLine(block) <= lines.lines.count
            else { return false }
            let first = lines.lineBytes(Tree.startLine(block)).dropFirst(max(Tree.startColumn(block) - 1, 0)).first
            return first != UInt8(ascii: "`") && first != UInt8(ascii: "~")
        }.map {
            Tree.startLine($0)...max(Tree.startLine($0), Tree.endLine($0))
        }
        return Set(candidates.filter { line in blocks.contains { $0.contains(treeLine(line)) } })
    }

    /// Reads task and tag lines, numbered as written, in a tree whose line `treeLine(n)` is the line `n`.
    private static func reading(
        _ root: OpaquePointer, tasks: [Int], tags: [Int], quotes: [Int], treeLine: (Int) -> Int
    ) -> Reading {
        var reading = Reading()
        if !quotes.isEmpty {
            let found = Tree.blocks(root) { Tree.type($0) == CMARK_NODE_BLOCK_QUOTE }
            let starts = Set(found.map(Tree.startLine))
            // A quote begun on a line before that goes on over the line, where the tag's paragraph does not,
            // took the line's `>` as its marker, and the paragraph ended (`-`, `  ><x` and a vertical tab, then
            // `    >`: the item takes two columns). Where the paragraph goes on, the line is a lazy one, whose
            // text begins with the `>`, the tag's; or the quote took the `>` and the tag goes on after it
            // (`1.`, `   > </x` and a form feed, `     > b>`: no `>` closes the tag).
            var paragraphs: [OpaquePointer]?
            for line in quotes {
                let inTree = treeLine(line)
                if starts.contains(inTree) {
                    reading.quotes.insert(line)
                    continue
                }
                guard found.contains(where: { Tree.startLine($0) < inTree && inTree <= Tree.endLine($0) })
                else { continue }
                if paragraphs == nil { paragraphs = Tree.paragraphsAndHeadings(root) }
                guard
                    let paragraph = paragraphs?.first(where: {
                        Tree.startLine($0) < inTree && inTree <= Tree.endLine($0)
                    })
                else {
                    reading.quotes.insert(line)
                    continue
                }
                if !lineStartsWithQuote(paragraph, line: inTree) { reading.markers.insert(line) }
            }
        }
        if !tasks.isEmpty {
            let starts = Set(Tree.blocks(root) { Tree.type($0) == CMARK_NODE_ITEM }.map(Tree.startLine))
            reading.items = Set(tasks.filter { starts.contains(treeLine($0)) })
        }
        guard !tags.isEmpty else { return reading }
        // Paragraphs and headings are in document order and hold no lines of each other: one pass over both.
        var blocks = Tree.paragraphsAndHeadings(root)[...]
        for line in tags.sorted() {
            let inTree = treeLine(line)
            while let block = blocks.first, Tree.endLine(block) < inTree { blocks = blocks.dropFirst() }
            // libcmark ends a setext heading on the line that closes it (`finalize` takes the line being read
            // for a setext heading's end): the line after the underline is no heading's.
            if let block = blocks.first, Tree.startLine(block) < inTree,
                Tree.type(block) != CMARK_NODE_HEADING || inTree < Tree.endLine(block)
            {
                reading.continued.insert(line)
            }
        }
        return reading
    }

    /// The lines the first parse read otherwise, or nil when it read every one as written.
    ///
    /// - Parameters:
    ///   - lazyTags: The tags alone on lazy lines (``LazyLines/htmlTagLines(in:source:lines:)``), which start
    ///     an HTML block in cmark-gfm 0.29 though libcmark goes on with the paragraph.
    ///   - tableLines: The first lines after tables' rows that start a block of their own (``Tables/Plan``):
    ///     cmark-gfm's table is no paragraph, so an ordered item not at 1 or a tag alone starts there.
    static func choices(_ stood: StoodIn, reading: Reading, lazyTags: [Int], tableLines: [Int]) -> LineChoices? {
        let starting = Set(lazyTags).union(tableLines)
        let choices = LineChoices(
            writtenTasks: Set(stood.tasks.filter { !reading.items.contains($0) && !starting.contains($0) }),
            textTags: reading.continued.subtracting(starting),
            notQuotes: Set(stood.quotes).subtracting(reading.quotes).subtracting(reading.markers),
            quoteMarkers: reading.markers, code: reading.code)
        return choices.writtenTasks.isEmpty && choices.textTags.isEmpty && choices.notQuotes.isEmpty
            && choices.quoteMarkers.isEmpty && choices.code.isEmpty ? nil : choices
    }

    /// The choices for the task and tag lines as the last parse, with its marks (``LazyLines``), reads them,
    /// where it reads any otherwise than the first: a mark takes a lazy line after a table's rows out of its
    /// containers, so the line may start a block of its own (an ordered item not at 1, an HTML block after a
    /// table), or go on the paragraph it starts, or be indented code; and so may the lines after it. Nil when
    /// it reads them as the choices the text was written with.
    ///
    /// - Parameter marks: The lines, as written, that the last parse's marks were written before.
    static func choicesByMarks(
        _ stood: StoodIn, choices: LineChoices?, last root: OpaquePointer, lines: () -> SourceLines, shift: Int,
        marks: [Int]
    ) -> LineChoices? {
        let written = choices ?? LineChoices()
        // The text holds every candidate line: those not in `stood` were written otherwise by the choices.
        let tasks = Set(stood.tasks).union(written.writtenTasks)
        let tags = Set(stood.tags).union(written.textTags)
        let code = Set(stood.code).union(written.code)
        guard !marks.isEmpty, !tasks.isEmpty || !tags.isEmpty || !code.isEmpty else { return nil }
        // The last parse numbers its lines with a line for each mark written before them.
        let treeLine = { (line: Int) in line + marks.count { $0 <= line } + shift }
        let reading = reading(root, tasks: Array(tasks), tags: Array(tags), quotes: stood.quotes, treeLine: treeLine)
        // A line after a mark may be no code's (`2) |||x`, `   -|-|-`, a vertical tab, then `3)     <a`, a form
        // feed and `>`: the vertical tab's line starts a paragraph, which the `3)` goes on).
        let made = LineChoices(
            writtenTasks: tasks.subtracting(reading.items), textTags: reading.continued,
            notQuotes: Set(stood.quotes).subtracting(reading.quotes).subtracting(reading.markers),
            quoteMarkers: reading.markers,
            code: code.isEmpty ? [] : codeLines(Array(code), in: root, lines: lines(), treeLine: treeLine))
        return made == written ? nil : made
    }
}
