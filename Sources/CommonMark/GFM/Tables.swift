internal import CCmark

/// GFM tables on libcmark's tree.
///
/// libcmark reads a table as a paragraph (its rows are paragraph continuation lines). Each paragraph whose
/// lines hold a header row and a matching delimiter row is split, by cmark-gfm's rules, into the text
/// before the table, the table, and any text after it. The cells' inline content must be parsed with the
/// document's link reference definitions, so the document is parsed a second time with every cell (and
/// every piece of split paragraph) written as a paragraph of its own in front of it; the original blocks,
/// shifted down by those lines, are then replaced by tables built of custom nodes around the cells'
/// inlines.
enum Tables {
    enum Alignment { case none, left, center, right }

    struct Table {
        var alignments: [Alignment]
        var header: [String]
        var rows: [[String]]

        /// Adds a row, cut or filled with empty cells to the header's width as cmark-gfm does.
        mutating func append(_ row: [String]) {
            rows.append(Array(row.prefix(header.count)) + Array(repeating: "", count: max(0, header.count - row.count)))
        }
    }

    enum Segment {
        /// A paragraph; `quotes` is set for one that starts with a lazy line, which cmark-gfm does not take
        /// into a table's block quote: the paragraph goes after the quote at that depth.
        case text(String, quotes: Int?)
        /// The text before a table in its paragraph, which cmark-gfm makes a paragraph of its own without
        /// reading link reference definitions at its start: it is marked in the prelude as a cell is.
        case prefix(String)
        case table(Table)
        /// An indented code block: lines indented four columns or more end a table in cmark-gfm, where
        /// libcmark, inside a paragraph, took them as continuation lines.
        case code(String)
        /// The text after a table that a setext underline makes a heading of.
        case heading(String, level: Int)
        /// Lines from one that starts a block no paragraph lets start (an empty list item, an ordered one
        /// that does not start at 1, an HTML tag alone): cmark-gfm's table is no paragraph, so the block
        /// starts there and the table ends. Parsed in the prelude, its blocks taken whole.
        case blocks(String)
    }

    /// What a setext underline under a table becomes in cmark-gfm, where a table is not a paragraph: a
    /// thematic break (three dashes or more), an empty list item (`-`), or else a row.
    enum Underline {
        case rule
        case emptyItem

        /// The block a setext underline's text makes, if it is a rule or an empty list item.
        init?(_ text: Substring) {
            let mark = text.filter { $0 != " " && $0 != "\t" }
            if mark.first == "-" && mark.count >= 3 {
                self = .rule
            } else if mark == "-" {
                self = .emptyItem
            } else {
                return nil
            }
        }
    }

    /// A paragraph (or setext heading) of the first parse that holds a table, and what it becomes.
    struct Plan {
        var line: Int
        var column: Int
        var segments: [Segment]
        var underline: Underline?
        /// The line after the table's rows that lacks a `>` or the indentation of a container around the
        /// table, or starts a block of its own there, which libcmark read as a line of the table's paragraph
        /// (see ``LazyLines``); its mark stays in the containers the line is in, at most three columns past
        /// the content of the innermost list item it is indented for.
        var lazyLine: LazyLines.Mark?

        /// The paragraphs and setext headings right after a setext heading whose underline is a row of the
        /// table, by line and column: cmark-gfm's table, which no underline ends, takes their lines as rows.
        var absorbed: [(line: Int, column: Int)] = []
        /// Whether the paragraph starts with link reference definitions that a setext underline made libcmark
        /// read, as cmark-gfm reads them there, before the table's rows: they define links in both parses.
        var keepsDefinitions = false
        /// The first line of the block, a child of the document, that the table's paragraph is in.
        var outerLine = 0

        mutating func mark(_ line: Int, quotes: Int, indent: Int) {
            lazyLine = LazyLines.Mark(line: line, quotes: quotes, indent: indent)
        }

        /// Marks the first line of the lazy text after the rows, whose lines end before `end` of the
        /// paragraph's `lines`: indented to stay in the list items it is indented for, at most three columns
        /// past the innermost one's content.
        mutating func markLazyText(
            _ text: String, endingAt end: Int, of lines: [SourceLines.ContentLine], block: OpaquePointer,
            source: SourceLines
        ) {
            let index = end - text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let quotes = Tree.quoteDepth(of: block)
            let kept = LazyLines.keptItemContent(
                of: lines[index], quotes: quotes, items: itemContentColumns(of: block, source: source, quotes: quotes),
                outside: outsideItemContents(of: block, source: source),
                between: { itemContents(of: block, afterQuotes: $0, source: source) })
            mark(line + index, quotes: lines[index].quotesFound, indent: kept + min(lines[index].indent - kept, 3))
        }
    }

    /// The cells of a row, by cmark-gfm's `row_from_string`: an optional leading pipe, cells separated by
    /// unescaped pipes, an optional trailing pipe; `nil` when there is no cell. `standIn`: the stand-ins of
    /// form feeds and vertical tabs (``FormFeeds``), white space to the scanners.
    static func cells(of line: Substring, standIn: FormFeeds.StandIn? = nil) -> [String]? {
        let bytes = line.utf8Bytes
        var offset = cellEnd(bytes, 0, standIn)
        var cells: [String] = []
        while offset < bytes.count {
            let cellLength = cell(bytes, offset)
            let pipeLength = cellEnd(bytes, offset + cellLength, standIn)
            if cellLength > 0 || pipeLength > 0 {
                cells.append(cellText(bytes[offset..<offset + cellLength]))
            }
            offset += cellLength + pipeLength
            if pipeLength == 0 { break }
        }
        offset = FormFeeds.skipSpaceChars(bytes, from: offset, standIn: standIn)
        guard offset == bytes.count, !cells.isEmpty else { return nil }
        return cells
    }

    /// The alignments of a delimiter row (`| :-- | --: |`), by cmark-gfm's `table_start` scanner; `nil`
    /// for any other line. `standIn`: as for ``cells(of:standIn:)``.
    static func delimiterRow(_ line: Substring, standIn: FormFeeds.StandIn? = nil) -> [Alignment]? {
        let bytes = line.utf8Bytes
        var index = 0
        let leadingPipe = index < bytes.count && bytes[index] == UInt8(ascii: "|")
        if leadingPipe { index += 1 }
        // cmark-gfm reads a column's alignment from its cell trimmed of spaces and tabs only: a form feed or
        // vertical tab after a `:`, or before the first cell's `:` without a leading pipe, hides the `:`.
        let hides = { (range: Range<Int>) in bytes[range].contains { $0 != 0x20 && $0 != 0x09 } }
        var alignments: [Alignment] = []
        while true {
            // spacechar* :? -+ :? spacechar*
            let before = index
            index = FormFeeds.skipSpaceChars(bytes, from: index, standIn: standIn)
            let hasLeft = index < bytes.count && bytes[index] == UInt8(ascii: ":")
            let left = hasLeft && (leadingPipe || !alignments.isEmpty || !hides(before..<index))
            if hasLeft { index += 1 }
            let dashes = index
            while index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index > dashes else { return nil }
            let hasRight = index < bytes.count && bytes[index] == UInt8(ascii: ":")
            if hasRight { index += 1 }
            let after = index
            index = FormFeeds.skipSpaceChars(bytes, from: index, standIn: standIn)
            let right = hasRight && !hides(after..<index)
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "|") else { break }
            index += 1
            // A trailing pipe, then only spaces to the end.
            let rest = FormFeeds.skipSpaceChars(bytes, from: index, standIn: standIn)
            if rest == bytes.count {
                index = rest
                break
            }
        }
        return index == bytes.count ? alignments : nil
    }

    /// The most cells, written or added to fill short rows, that a document's tables may have. A short
    /// header row over many one-character rows would otherwise make a few kilobytes into gigabytes of
    /// cells (cmark-gfm later limited its filled-in cells for the same reason). Past it, a table ends
    /// and its remaining lines stay text.
    static let cellBudget = 1 << 19

    /// Splits a paragraph's lines into text and tables; `nil` when it holds no table.
    ///
    /// - Parameter blockStart: Set to the index of the first line after a table's rows that starts a block
    ///   of its own: code, or a block no paragraph lets start.
    ///   - textStart: The index of the first line of text: the lines before it are link reference definitions.
    ///   - standIn: The stand-ins of form feeds and vertical tabs (``FormFeeds``).
    static func segments(
        of lines: [SourceLines.ContentLine], from textStart: Int = 0, budget: inout Int, blockStart: inout Int?,
        standIn: FormFeeds.StandIn? = nil
    ) -> [Segment]? {
        var segments: [Segment] = []
        var textStart = textStart
        var index = textStart + 1
        while index < lines.count {
            guard index - 1 >= textStart,
                let (alignments, header) = tableStart(lines[...], at: index, standIn: standIn),
                header.count <= budget
            else {
                index += 1
                continue
            }
            if index - 1 > textStart {
                // cmark-gfm takes `\|` to `|` in the text before a table, code spans included; a lazy line
                // keeps the white space it starts with, as a header row does (``headerText(_:)``).
                let text = lines[textStart..<index - 1].enumerated().map {
                    ($0.offset > 0 && $0.element.lazy ? String($0.element.whitespace) : "")
                        + String(unescapingPipes($0.element.text.utf8Bytes[...]))
                }
                segments.append(.prefix(text.joined(separator: "\n")))
            }
            budget -= header.count
            var table = Table(alignments: alignments, header: header, rows: [])
            var next = index + 1
            while next < lines.count, !lines[next].lazy, lines[next].indent < 4, budget >= header.count,
                !BlockStart.cannotInterruptParagraph(lines[next].text),
                let row = cells(of: lines[next].text, standIn: standIn)
            {
                budget -= header.count
                table.append(row)
                next += 1
            }
            segments.append(.table(table))
            var code: [String] = []
            if blockStart == nil, next < lines.count, !lines[next].lazy, lines[next].indent >= 4 { blockStart = next }
            while next < lines.count, !lines[next].lazy, lines[next].indent >= 4 {
                code.append(String(repeating: " ", count: lines[next].indent - 4) + lines[next].text + "\n")
                next += 1
            }
            if !code.isEmpty { segments.append(.code(code.joined())) }
            if next < lines.count, !lines[next].lazy, lines[next].indent < 4,
                BlockStart.cannotInterruptParagraph(lines[next].text)
            {
                if blockStart == nil { blockStart = next }
                var blocks: [String] = []
                while next < lines.count, !lines[next].lazy {
                    blocks.append(String(repeating: " ", count: lines[next].indent) + lines[next].text)
                    next += 1
                }
                segments.append(.blocks(blocks.joined(separator: "\n")))
            }
            textStart = next
            index = next + 1
            if next < lines.count, lines[next].lazy { break }
        }
        guard !segments.isEmpty else { return nil }
        if textStart < lines.count {
            // Every line after the text's first continues its paragraph, whatever it looks like (`=` is no
            // underline there, `    -` no code), as the prelude writes it (``paragraphUnit(_:marked:)``). A lazy
            // line keeps the white space it starts with where the paragraph stays in its containers: cmark-gfm
            // adds it as written (`* .`, `  -|`, `  |`, `` ` ``, ` `` ` ``: the code holds two spaces). Lazy
            // text goes after them, where its lines are a paragraph's own.
            let keepsWhitespace = !lines[textStart].lazy
            let text = lines[textStart...].enumerated().map {
                ($0.offset > 0 && keepsWhitespace && $0.element.lazy ? String($0.element.whitespace) : "")
                    + $0.element.text
            }
            .joined(separator: "\n")
            segments.append(.text(text, quotes: lines[textStart].lazy ? lines[textStart].quotesFound : nil))
        }
        return segments
    }

    /// A header row's text as cmark-gfm reads it from its paragraph: a lazy line keeps the white space it
    /// starts with (`blocks.c` adds it without skipping to its first non-space), so ` |a` is two cells.
    private static func headerText(_ line: SourceLines.ContentLine) -> Substring {
        line.lazy && !line.whitespace.isEmpty ? " " + line.text : line.text
    }

    /// The paragraphs (and setext headings, whose underline libcmark read as one) that hold tables.
    ///
    /// - Parameter taskLists: Whether a task item's marker (`- [ ] `) is read before its first paragraph, as
    ///   cmark-gfm reads it, so that the paragraph's first line (a header row) begins after the marker.
    /// - Parameter rewritten: The lines (1-based) whose paragraph starts after no marker: tasks parsed
    ///   without theirs (``TaskLists/rewriteLines(_:forms:definitions:)``), and footnote definitions, whose
    ///   bullet stands for no list marker (`[^a]: [x] b`, then `|-`, has `[x] b` as its header).
    static func plans(
        in blocks: [OpaquePointer], source: SourceLines, taskLists: Bool, rewritten: Set<Int> = []
    ) -> [Plan] {
        var plans: [Plan] = []
        var budget = cellBudget
        var absorbed: Set<OpaquePointer> = []
        for block in blocks where !absorbed.contains(block) {
            var plan = self.plan(
                for: block, source: source, taskLists: taskLists && !rewritten.contains(Tree.startLine(block)),
                budget: &budget, absorbed: &absorbed)
            plan?.outerLine = Tree.startLine(Tree.outermostBlock(of: block))
            if let plan { plans.append(plan) }
        }
        return plans
    }

    /// The plan of one paragraph or setext heading, nil when it holds no table; `absorbed` gets the blocks
    /// after it that its table takes.
    private static func plan(
        for block: OpaquePointer, source: SourceLines, taskLists: Bool, budget: inout Int,
        absorbed: inout Set<OpaquePointer>
    ) -> Plan? {
        let first = Tree.startLine(block)
        var last = Tree.endLine(block) - (Tree.type(block) == CMARK_NODE_HEADING ? 1 : 0)
        guard last > first, mayHoldDelimiterRow(block, source: source) else { return nil }
        let column = Tree.startColumn(block)
        let contents = itemContentColumns(of: block, source: source, quotes: Tree.quoteDepth(of: block))
        let contentLines = { (last: Int, heading: Int?) in
            Self.contentLines(
                of: block, through: last, heading: heading, source: source, taskLists: taskLists, contents: contents)
        }
        let text = textLines(of: block, source: source, contentLines: contentLines)
        var (lines, isHeading) = (text.lines, text.heading)
        last = text.last
        guard last > first else { return nil }
        var (blockStart, budgetBefore): (Int?, Int) = (nil, budget)
        let definitions = isHeading ? 0 : resolvedDefinitionLines(in: lines.prefix(last - first + 1), source.standIn)
        guard
            var segments = segments(
                of: Array(lines.prefix(last - first + 1)), from: definitions, budget: &budget, blockStart: &blockStart,
                standIn: source.standIn)
        else { return nil }
        var (underline, readsUnderline): (Underline?, Bool) = (nil, isHeading)
        var (positions, end): ([(line: Int, column: Int)], OpaquePointer) = (text.rest.map { [$0] } ?? [], block)
        while readsUnderline {
            readsUnderline = false
            // The heading's text ended in a table; else the underline makes a heading of the text after it.
            guard let line = lines.last else { return nil }
            if case .text(let text, quotes: nil)? = segments.last {
                segments[segments.count - 1] = .heading(text, level: line.text.first == "=" ? 1 : 2)
            } else if case .text(let text, quotes: _?)? = segments.last, blockStart == nil {
                // Lazy text after the rows starts a paragraph where it stands, which the underline makes
                // a heading there: the mark closes the containers, and libcmark reads the rest.
                var plan = Plan(
                    line: first, column: column, segments: Array(segments.dropLast()), underline: nil,
                    absorbed: positions)
                plan.markLazyText(text, endingAt: lines.count - 1, of: lines, block: block, source: source)
                return plan
            }
            guard case .table(var table)? = segments.last else {
                var plan = Plan(line: first, column: column, segments: segments, underline: nil, absorbed: positions)
                if let blockStart {
                    plan.mark(first + blockStart, quotes: lines[blockStart].quotesFound, indent: contents.first ?? 0)
                }
                return plan
            }
            if let kind = Underline(line.text) {
                underline = kind
            } else if cells(of: line.text, standIn: source.standIn) != nil,
                let next = linesAfterUnderline(end, at: first + lines.count, of: block, source: source)
            {
                // The underline is a row, and the paragraph or heading libcmark starts after it holds rows too,
                // as cmark-gfm's table, which no setext underline ends, goes on over them.
                readsUnderline = next.heading != nil
                (lines, last) = contentLines(next.last, next.heading)
                (budget, blockStart) = (budgetBefore, nil)
                // Still a table: its header and delimiter rows are the same lines.
                segments =
                    self.segments(
                        of: Array(lines.prefix(last - first + 1)), budget: &budget, blockStart: &blockStart,
                        standIn: source.standIn)
                    ?? segments
                absorbed.formUnion(next.node.map { [$0] } ?? [])
                (end, budgetBefore) = (next.node ?? end, budget)
                positions.append(next.position)
            } else if let row = cells(of: line.text, standIn: source.standIn) {
                table.append(row)
                segments[segments.count - 1] = .table(table)
            }
        }
        var plan = Plan(line: first, column: column, segments: segments, underline: underline, absorbed: positions)
        plan.keepsDefinitions = definitions > 0
        if let start = blockStart ?? (underline == nil ? nil : lines.count - 1) {
            // What starts a block after a table's rows (code, which goes on over blank lines, or a setext
            // underline that is a rule or a list item there) starts it in libcmark too after a mark.
            plan.mark(first + start, quotes: lines[start].quotesFound, indent: contents.first ?? 0)
        } else if !isHeading || !positions.isEmpty, case .text(let text, quotes: _?)? = segments.last {
            plan.markLazyText(
                text, endingAt: min(lines.count, last - first + 1), of: lines, block: block, source: source)
        }
        return plan
    }

    /// Whether a block's lines after its first hold a `|` or a `:`, which a delimiter row that is no setext
    /// underline holds (``delimiterRow(_:)``): most paragraphs hold neither there and are read no further.
    /// With form feeds or vertical tabs stood in for, a row of dashes may be no underline (`-` and a form
    /// feed): their stand-ins (the first byte of a form feed's) count as well.
    private static func mayHoldDelimiterRow(_ block: OpaquePointer, source: SourceLines) -> Bool {
        let standIns = [source.standIn?.formFeed?.first, source.standIn?.verticalTab].compactMap { $0 }
        return source.contains(
            from: Tree.startLine(block) + 1, through: Tree.endLine(block),
            anyOf: [UInt8(ascii: "|"), UInt8(ascii: ":")] + standIns)
    }

    /// A block's content lines from its first through `last`, up to the underline of the setext heading
    /// whose text starts on line `heading`, and the last line before that underline.
    private static func contentLines(
        of block: OpaquePointer, through last: Int, heading: Int?, source: SourceLines, taskLists: Bool,
        contents: [Int]
    ) -> (lines: [SourceLines.ContentLine], last: Int) {
        let first = Tree.startLine(block)
        let column = Tree.startColumn(block)
        var lines = source.content(
            from: first,
            column: taskLists
                ? taskContentColumn(of: block, source: source) ?? laterTaskColumn(of: block, source: source) ?? column
                : column,
            through: last, quotes: Tree.quoteDepth(of: block), margins: quoteMargins(of: block, source: source))
        // A lazy line keeps the white space after the last container it continues, as cmark-gfm's paragraph
        // takes it (a tab that container takes part of leaves the rest as spaces).
        let kept =
            lines.dropFirst().contains { $0.lazy || $0.indent < contents.first ?? 0 }
            ? lines.indices.map { index in
                InlineSource.keptWhitespace(
                    lines[index], number: first + index, of: block, items: contents, source: source)
            } : nil
        // In a list item outside block quotes, a line indented less than the item's content is a lazy
        // continuation line too: a table's rows end there, as cmark-gfm's table is no paragraph.
        // Indentation counts from the item's content, where four columns more make code.
        markLazyItemLines(&lines, contents: contents)
        if let kept {
            for index in lines.indices.dropFirst() where lines[index].lazy { lines[index].whitespace = kept[index] }
        }
        guard let heading else { return (lines, last) }
        // libcmark may end a setext heading where the block after it ends (`a`, `---`, `- x` ends on the
        // item's line): its underline is the first line of only `=` or `-` after its text.
        let underline = lines.indices.dropFirst(heading - first + 1).first {
            !lines[$0].lazy && lines[$0].indent < 4 && isSetextUnderline(lines[$0].text, allowingEquals: true)
        }
        guard let underline else { return (lines, last - 1) }
        return (Array(lines.prefix(underline + 1)), first + underline - 1)
    }

    /// The number of lines at the start of a paragraph that are link reference definitions read at a setext
    /// underline: cmark-gfm (as libcmark) reads the definitions when the underline comes and, with nothing
    /// else before it, takes the underline as the paragraph's text (`[r]: /u`, `-`). A paragraph of libcmark
    /// holds such a line only there, as it otherwise ends as a heading.
    /// A table's rows met before the underline are no definitions: cmark-gfm's table extension made a table
    /// of them while the paragraph was open (`[h]:`, `-|`, `===`), before any definition was read.
    private static func resolvedDefinitionLines(
        in lines: ArraySlice<SourceLines.ContentLine>, _ standIn: FormFeeds.StandIn?
    ) -> Int {
        guard let underline = setextUnderline(in: lines), !tableStarts(in: lines, before: underline, standIn: standIn)
        else { return 0 }
        return underline - lines.startIndex
    }

    /// A block's content lines through its text's last line (`last`), whether they read as a heading's text,
    /// and where a paragraph that the table's rows take starts after an underline
    /// (``underlineOfDefinitions(_:first:source:)``).
    private static func textLines(
        of block: OpaquePointer, source: SourceLines,
        contentLines: (Int, Int?) -> (lines: [SourceLines.ContentLine], last: Int)
    ) -> (lines: [SourceLines.ContentLine], last: Int, heading: Bool, rest: (line: Int, column: Int)?) {
        let (first, end) = (Tree.startLine(block), Tree.endLine(block))
        if Tree.type(block) != CMARK_NODE_HEADING {
            let (lines, last) = contentLines(end, nil)
            guard let under = underlineOfDefinitions(lines, first: first, source: source) else {
                return (lines, last, false, nil)
            }
            if !under.heading { return (lines, last, false, under.rest) }
        }
        let (lines, last) = contentLines(end, first)
        return (lines, last, true, nil)
    }

    /// How a paragraph that is libcmark's heading of definitions (its text the underline, then any lazy lines)
    /// reads under a table's rows; nil for any other paragraph. cmark-gfm's table ends at an underline that
    /// is a rule or an empty item as under a heading's text (`heading`); any other underline is a row, and
    /// the rows go on over the lines after it, which the parse without definitions, ending a heading at
    /// the underline, makes a paragraph of their own that starts at `rest`.
    private static func underlineOfDefinitions(_ lines: [SourceLines.ContentLine], first: Int, source: SourceLines)
        -> (heading: Bool, rest: (line: Int, column: Int)?)?
    {
        guard let underline = tableUnderline(lines[...], standIn: source.standIn) else { return nil }
        if Underline(lines[underline].text) != nil { return (true, nil) }
        guard underline + 1 < lines.count else { return (false, nil) }
        let line = source.lines[first + underline]
        let column = line.utf8.distance(from: line.startIndex, to: lines[underline + 1].text.startIndex) + 1
        return (false, (first + underline + 1, column))
    }

    /// The setext underline that libcmark made a paragraph's text of (the lines before it definitions to
    /// libcmark, and lazy lines after it its continuation), where it is under a table's rows.
    private static func tableUnderline(_ lines: ArraySlice<SourceLines.ContentLine>, standIn: FormFeeds.StandIn?)
        -> Int?
    {
        guard let underline = setextUnderline(in: lines), tableStarts(in: lines, before: underline, standIn: standIn)
        else { return nil }
        return underline
    }

    /// The first line after the first that is a setext underline.
    private static func setextUnderline(in lines: ArraySlice<SourceLines.ContentLine>) -> Int? {
        lines.indices.dropFirst().first {
            !lines[$0].lazy && lines[$0].indent < 4 && isSetextUnderline(lines[$0].text, allowingEquals: true)
        }
    }

    private static func tableStarts(
        in lines: ArraySlice<SourceLines.ContentLine>, before end: Int, standIn: FormFeeds.StandIn?
    ) -> Bool {
        (lines.startIndex + 1..<end).contains { tableStart(lines, at: $0, standIn: standIn) != nil }
    }

    /// The alignments and header cells of the table whose delimiter row is line `index`, under its header
    /// row, by cmark-gfm's rules; nil when no table starts there. A delimiter row that is also a setext
    /// underline (only `-`) makes a heading: cmark-gfm tries the underline before any extension's block.
    private static func tableStart(
        _ lines: ArraySlice<SourceLines.ContentLine>, at index: Int, standIn: FormFeeds.StandIn?
    ) -> (alignments: [Alignment], header: [String])? {
        let line = lines[index]
        guard index > lines.startIndex, !line.lazy, line.indent < 4, !isSetextUnderline(line.text),
            let alignments = delimiterRow(line.text, standIn: standIn),
            let header = cells(of: headerText(lines[index - 1]), standIn: standIn), header.count == alignments.count
        else { return nil }
        return (alignments, header)
    }

    /// Lines after a setext heading's underline that a table's rows can take: the block libcmark made of them
    /// (none for link reference definitions, which it takes out), the last line, the line a heading's text
    /// starts on, and where the `[` that the second parse hides is.
    struct LinesAfterUnderline {
        var node: OpaquePointer?
        var last: Int
        var heading: Int?
        var position: (line: Int, column: Int)
    }

    /// The paragraph, setext heading or link reference definitions that libcmark reads on the lines after a
    /// setext heading's underline.
    private static func linesAfterUnderline(
        _ heading: OpaquePointer, at line: Int, of block: OpaquePointer, source: SourceLines
    ) -> LinesAfterUnderline? {
        blockAfterUnderline(heading, at: line)
            ?? definitionsAfterUnderline(heading, at: line, of: block, source: source)
    }

    /// The paragraph or setext heading that libcmark starts on the line after a setext heading's underline.
    private static func blockAfterUnderline(_ heading: OpaquePointer, at line: Int) -> LinesAfterUnderline? {
        guard let next = Tree.next(heading), Tree.startLine(next) == line else { return nil }
        let kind = Tree.type(next)
        if kind == CMARK_NODE_PARAGRAPH || (kind == CMARK_NODE_HEADING && Tree.endLine(next) > line) {
            let heading = kind == CMARK_NODE_HEADING ? line : nil
            return LinesAfterUnderline(
                node: next, last: Tree.endLine(next), heading: heading, position: (line, Tree.startColumn(next)))
        }
        return nil
    }

    /// The link reference definitions that libcmark reads on the lines after a setext heading's underline,
    /// up to a blank line or the next block: nothing of them is left in its tree, but cmark-gfm's table,
    /// which no underline ends, takes them as rows (`[a]: /u` is a row that defines no link).
    private static func definitionsAfterUnderline(
        _ heading: OpaquePointer, at line: Int, of block: OpaquePointer, source: SourceLines
    ) -> LinesAfterUnderline? {
        let bound = (Tree.nextBlockLine(after: heading) ?? source.lines.count + 1) - 1
        guard line <= bound else { return nil }
        // From the underline, so that the definitions' lines are read after their containers' prefixes.
        let lines = source.content(
            from: line - 1, column: 1, through: bound, quotes: Tree.quoteDepth(of: block),
            margins: quoteMargins(of: block, source: source)
        ).dropFirst()
        guard let start = lines.first, !start.lazy, start.indent < 4, start.text.hasPrefix("["),
            !start.text.hasPrefix("[^")
        else { return nil }
        let count = (lines.firstIndex { $0.lazy || $0.text.isEmpty } ?? lines.endIndex) - lines.startIndex
        let column = source.lines[line - 1].utf8.distance(
            from: source.lines[line - 1].startIndex, to: start.text.startIndex)
        return LinesAfterUnderline(node: nil, last: line + count - 1, heading: nil, position: (line, column + 1))
    }

    /// The lines of a paragraph's first list item indented less than its content, which are lazy lines
    /// too; the others' indentation counted from that content.
    private static func markLazyItemLines(_ lines: inout [SourceLines.ContentLine], contents: [Int]) {
        guard let content = contents.first else { return }
        // A line without its quotes' `>` is lazy already, its indentation counted from the line's start.
        for index in lines.indices.dropFirst() where !lines[index].lazy {
            let line = lines[index]
            if line.indent < content {
                lines[index].lazy = true
            } else {
                lines[index].indent -= content
            }
        }
    }

    /// The column after the task marker when the block is the first of a task item, on the marker's line.
    private static func taskContentColumn(of block: OpaquePointer, source: SourceLines) -> Int? {
        guard let item = Tree.parent(block), Tree.type(item) == CMARK_NODE_ITEM, Tree.firstChild(item) == block,
            Tree.startLine(item) == Tree.startLine(block), Tree.startLine(block) >= 1,
            Tree.startLine(block) <= source.lines.count,
            let end = TaskLists.markerEnd(Array(source.lines[Tree.startLine(block) - 1].utf8), standIn: source.standIn)
        else { return nil }
        return end + 1
    }

    /// Where the text of a paragraph on a later line of an item outside block quotes begins, when cmark-gfm
    /// reads that line as the item's task marker and goes on three characters past the item's content
    /// (``TaskLists/laterLineTask(_:in:line:written:shift:)``): a table's header there starts after them
    /// (`-`, `  +`, a form feed, `[X] |a|`, `  -|-` has the header cell `X]`).
    private static func laterTaskColumn(of block: OpaquePointer, source: SourceLines) -> Int? {
        guard Tree.type(block) == CMARK_NODE_PARAGRAPH, let item = Tree.parent(block),
            Tree.type(item) == CMARK_NODE_ITEM, Tree.quoteDepth(of: block) == 0,
            let task = TaskLists.laterLineTask(block, in: item, line: Tree.startLine(block), written: source, shift: 0),
            task.end > task.text
        else { return nil }
        return task.end + 1
    }

    /// A white space character that libcmark does not take off a line (U+2000, EN QUAD) in front of each
    /// cell keeps a cell that starts like a block (`# x`, `- x`, `<div>`, `[a]: b`) a paragraph, and, being
    /// white space as the start of a cell is to cmark-gfm, lets delimiters and quotes at its start be read as
    /// they are there; it is taken off again.
    static let cellMark = "\u{2000}"
    static let cellMarkBytes = Array(cellMark.utf8)

    /// The text parsed in front of the document: one paragraph per unit; and for each unit, the line its
    /// paragraph starts on.
    static func prelude(for plans: [Plan]) -> (text: String, lines: Int) {
        // In bytes, made a string once: appending to a string checked and grew it at each of its pieces.
        var text: [UInt8] = []
        var lines = 0
        func add(_ unit: String, marked: Bool) {
            if marked { text += cellMarkBytes }
            text += unit.utf8
            text += [0x0A, 0x0A]
            lines += unit.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + 2
        }
        for plan in plans {
            for segment in plan.segments {
                switch segment {
                case .blocks(let text): add(text, marked: false)
                case .text(let text, _), .heading(let text, _): add(paragraphUnit(text, marked: false), marked: false)
                case .prefix(let prefix): add(paragraphUnit(prefix, marked: true), marked: false)
                case .code: break
                case .table(let table):
                    for cell in table.header { add(cell, marked: true) }
                    for row in table.rows { for cell in row { add(cell, marked: true) } }
                }
            }
        }
        return (String(decoding: text, as: UTF8.self), lines)
    }

    /// A paragraph's unit of the prelude from its text: its lines after the first, indented four columns,
    /// stay its continuation lines (`a`, `      -` is no heading), whose indentation libcmark drops. Lazy
    /// lines that keep their white space (the only lines to start with any) are lazy lines of a paragraph in
    /// a block quote here, which libcmark takes as written (`a \`x`, `  y\``: the code holds the spaces).
    /// `marked`: whether the first line starts with the cell mark (``cellMark``).
    private static func paragraphUnit(_ text: String, marked: Bool) -> String {
        let units = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = Substring((marked ? cellMark : "") + units[0])
        guard units.dropFirst().contains(where: { $0.first == " " || $0.first == "\t" }) else {
            return ([first] + units.dropFirst()).joined(separator: "\n    ")
        }
        let rest = units.dropFirst().map { $0.first == " " || $0.first == "\t" ? $0 : ">     " + $0 }
        return (["> " + first] + rest).joined(separator: "\n")
    }

    /// The source for the second parse, where the paragraphs that hold tables cannot define links: their
    /// first `[` is written as `x`. cmark-gfm splits such a paragraph before its link reference definitions
    /// are read, so only the text before the table may hold them, and it is parsed in the prelude; read from
    /// the whole paragraph, a header row could be a definition's destination (`[f]:` over `|a|`).
    static func withoutDefinitions(_ source: String, at plans: [Plan]) -> String {
        withoutDefinitions(
            source,
            at: plans.flatMap { plan in (plan.keepsDefinitions ? [] : [(plan.line, plan.column)]) + plan.absorbed })
    }

    /// The source with the `[` at each of `starts` (line and column, from 1) written as `x`.
    static func withoutDefinitions(_ source: String, at starts: [(line: Int, column: Int)]) -> String {
        var bytes = Array(source.utf8)
        var lineStarts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { lineStarts.append(index) }
        }
        var changed = false
        for (line, column) in starts where line >= 1 && line <= lineStarts.count {
            let offset = lineStarts[line - 1] + column - 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "[") {
                bytes[offset] = UInt8(ascii: "x")
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : source
    }

    /// Puts a paragraph of the text beside a table where its source stands: before the block the table
    /// replaces, or, for a lazy line's text, after the block quote or list it is lazy in.
    private static func insertText(_ paragraph: OpaquePointer, of segment: Segment, near original: OpaquePointer) {
        switch segment {
        case .prefix:
            removeCellMark(from: paragraph)
            Tree.insert(paragraph, before: original)
        case .text(_, let quotes?):
            if let quote = enclosingQuotes(of: original).dropFirst(quotes).first {
                Tree.insert(paragraph, after: quote)
            } else if let list = outermostList(of: original) {
                Tree.insert(paragraph, after: list)
            } else {
                Tree.insert(paragraph, before: original)
            }
        default: Tree.insert(paragraph, before: original)
        }
    }

    /// Builds the tables in place of the paragraphs that hold them.
    ///
    /// - Parameters:
    ///   - prelude: The root whose top-level paragraphs are the prelude's: the document's own, when the
    ///     prelude was parsed in front of it, or the prelude's parsed alone.
    ///   - cells: The prelude's paragraphs and headings, whose lines count from the prelude's first.
    ///   - blocks: The document's paragraphs and headings, each plan's `shift` lines further down than in the
    ///     first parse.
    ///   - source: The lines the document's nodes count, when it may hold link reference definitions.
    /// - Returns: The paragraphs of text beside tables, taken from the prelude into the document, and the
    ///   tables on their paragraph's first line, each with the line (as the first parse counts) its text
    ///   starts on, or 0 for lazy text after a table's rows.
    static func build(
        _ plans: [Plan], prelude root: OpaquePointer, cells: [OpaquePointer], in blocks: [OpaquePointer], shift: Int,
        source: (() -> SourceLines)? = nil, isDefinition: (OpaquePointer) -> Bool
    ) -> [OpaquePointer: Int] {
        var units = PreludeUnits(root: root, paragraphs: cells, plans: plans)
        var targets: [Int: OpaquePointer] = [:]
        var withoutRows: [OpaquePointer] = []
        var moved: [OpaquePointer: Int] = [:]
        for paragraph in blocks {
            targets[(Tree.startLine(paragraph) - shift) << 16 | Tree.startColumn(paragraph)] = paragraph
        }
        func cell(_ text: String, _ tag: String, _ alignment: Alignment) -> OpaquePointer {
            let node = Tree.custom(
                block: false, onEnter: cellStart(tag, alignment), onExit: tag == "th" ? "</th>\n" : "</td>\n")
            if let paragraph = units.takeParagraph(text) {
                Tree.moveChildren(of: paragraph, to: node)
                cmark_node_free(paragraph)
                removeCellMark(from: node)
            }
            return node
        }
        for plan in plans {
            let original = targets[plan.line << 16 | plan.column]
            for segment in plan.segments {
                switch segment {
                case .prefix(let text), .text(let text, _):
                    guard let taken = units.takeParagraph(text) else { continue }
                    // A paragraph of its own, without a position: the prelude's counts the prelude's lines,
                    // which a reading of blank lines around it would take for the document's.
                    guard let original, let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else {
                        cmark_node_free(taken)
                        continue
                    }
                    Tree.moveChildren(of: taken, to: paragraph)
                    cmark_node_free(taken)
                    // The text before a table starts on its paragraph's first line; lazy text's line is not kept.
                    if case .prefix = segment { moved[paragraph] = plan.line } else { moved[paragraph] = 0 }
                    insertText(paragraph, of: segment, near: original)
                case .table(let table):
                    let node = tableNode(table, cell: cell)
                    if let original { Tree.insert(node, before: original) } else { cmark_node_free(node) }
                    // A table on its paragraph's first line starts on that line (which may be a task's marker).
                    if original != nil, case .table? = plan.segments.first { moved[node] = plan.line }
                    if original != nil, table.rows.isEmpty { withoutRows.append(node) }
                case .heading(let text, let level):
                    guard let paragraph = units.takeParagraph(text) else { continue }
                    if let original { insertHeading(level: level, of: paragraph, before: original) }
                    cmark_node_free(paragraph)
                case .blocks(let text):
                    for block in units.takeBlocks(text) {
                        if let original { Tree.insert(block, before: original) } else { cmark_node_free(block) }
                    }
                case .code(let text):
                    guard let original, let node = cmark_node_new(CMARK_NODE_CODE_BLOCK) else { continue }
                    Tree.setLiteral(node, text)
                    Tree.insert(node, before: original)
                }
            }
            if let original {
                if let underline = plan.underline { insert(underline, before: original) }
                for absorbed in plan.absorbed {
                    if let block = targets[absorbed.line << 16 | absorbed.column] { Tree.remove(block) }
                }
                Tree.remove(original)
            }
        }
        units.removeLeftOver()
        // cmark-gfm's table takes its delimiter row's line whole, which leaves that line looking blank. A list
        // around the table's list, finalized by a line it cannot hold while a paragraph of link reference
        // definitions is still open after that list, reaches the table too (`- x`, `  + |a|`, `    |-|`,
        // `  [f]:t`, `# h`).
        for table in withoutRows {
            Tree.loosenLists(endingInBlankLine: table, isDefinition: isDefinition) { block in
                source.map { Footnotes.isFollowedByLinkDefinitions(block, source: $0()) } ?? false
            }
        }
        return moved
    }

    /// A cell's start tag with its alignment, as cmark-gfm writes it: literals, as a table of thousands of
    /// cells made each by interpolation cost a fifth of building the tables.
    private static func cellStart(_ tag: String, _ alignment: Alignment) -> String {
        let header = tag == "th"
        switch alignment {
        case .none: return header ? "<th>" : "<td>"
        case .left: return header ? "<th align=\"left\">" : "<td align=\"left\">"
        case .center: return header ? "<th align=\"center\">" : "<td align=\"center\">"
        case .right: return header ? "<th align=\"right\">" : "<td align=\"right\">"
        }
    }

    /// A heading of the paragraph's inlines, which it takes.
    private static func insertHeading(level: Int, of paragraph: OpaquePointer, before original: OpaquePointer) {
        guard let heading = cmark_node_new(CMARK_NODE_HEADING) else { return }
        cmark_node_set_heading_level(heading, Int32(level))
        Tree.moveChildren(of: paragraph, to: heading)
        Tree.insert(heading, before: original)
    }

    /// What an underline under a table becomes, put before the paragraph the table replaces.
    private static func insert(_ underline: Underline, before original: OpaquePointer) {
        switch underline {
        case .rule: Tree.insert(cmark_node_new(CMARK_NODE_THEMATIC_BREAK)!, before: original)
        case .emptyItem:
            Tree.insert(Tree.custom(block: true, onEnter: "<ul>\n<li></li>\n</ul>", onExit: ""), before: original)
        }
    }

    /// A table of custom nodes, `<table>` down to the cells that `cell` makes (in document order, as the
    /// prelude holds them).
    private static func tableNode(_ table: Table, cell: (String, String, Alignment) -> OpaquePointer) -> OpaquePointer {
        let node = Tree.custom(block: true, onEnter: "<table>", onExit: "</table>")
        let head = Tree.custom(block: true, onEnter: "<thead>", onExit: "</thead>")
        let headRow = Tree.custom(block: true, onEnter: "<tr>", onExit: "</tr>")
        for (index, text) in table.header.enumerated() {
            Tree.append(cell(text, "th", table.alignments[index]), to: headRow)
        }
        Tree.append(headRow, to: head)
        Tree.append(head, to: node)
        if !table.rows.isEmpty {
            let body = Tree.custom(block: true, onEnter: "<tbody>", onExit: "</tbody>")
            for row in table.rows {
                let rowNode = Tree.custom(block: true, onEnter: "<tr>", onExit: "</tr>")
                for (index, text) in row.enumerated() {
                    Tree.append(cell(text, "td", table.alignments[index]), to: rowNode)
                }
                Tree.append(rowNode, to: body)
            }
            Tree.append(body, to: node)
        }
        return node
    }

    /// The content columns (tabs to the next multiple of four, counted after the enclosing block quotes'
    /// markers) of the list items around a block inside its innermost block quote, nearest first; the
    /// nearest `limit` of them (a definition nested in thousands on one line asks for its own container's).
    ///
    /// - Parameter quote: The innermost block quote around the block, when the caller knows it already.
    static func itemContentColumns(
        of block: OpaquePointer, source: SourceLines, quotes: Int, limit: Int = .max,
        quote known: OpaquePointer?? = nil
    ) -> [Int] {
        var columns: [Int] = []
        var ancestor = Tree.parent(block)
        var items: [(line: Int, content: Int)] = []
        while let current = ancestor, Tree.type(current) != CMARK_NODE_BLOCK_QUOTE, items.count < limit {
            if Tree.type(current) == CMARK_NODE_ITEM, let content = itemContentColumn(of: current, source: source) {
                items.append((Tree.startLine(current), content))
            }
            ancestor = Tree.parent(current)
        }
        // The innermost quote, past items beyond the limit.
        if let known {
            ancestor = known
        } else {
            while let current = ancestor, Tree.type(current) != CMARK_NODE_BLOCK_QUOTE {
                ancestor = Tree.parent(current)
            }
        }
        for (line, content) in items {
            // A quote that starts on the item's line may follow a list marker (`- > + a`), which the search
            // for `>` markers does not pass: its content begins after its own `>` and the space or tab after it.
            if let quote = ancestor, Tree.startLine(quote) == line {
                let marker = Tree.startColumn(quote)
                let bytes = source.lines[line - 1].utf8
                let after = bytes.dropFirst(marker).first
                let start = source.column(line: line, byteColumn: marker) + (after == 0x20 || after == 0x09 ? 2 : 1)
                columns.append(content - start)
            } else {
                columns.append(content - source.quoteContentColumn(line: line, quotes: quotes))
            }
        }
        return columns
    }

    /// Where each of a block's quotes' `>` is counted from (``SourceLines/content(from:column:through:quotes:margins:)``),
    /// outermost first: for the first, the content column of the innermost list item outside the quotes, or
    /// 0; for each other, the columns that a list item between it and the quote before takes past where that
    /// quote's marker leaves off, or 0. Items inside the quotes leave them so (`>+ a`, then a tab and `> b`, a
    /// lazy line: a `>` four columns in is text), and a line indented less than an item between two quotes
    /// leaves the item and the inner quote (`>- >a`, then `    >`, a lazy line). nil for a block in no quote.
    static func quoteMargins(of block: OpaquePointer, source: SourceLines) -> [Int]? {
        var margins: [Int] = []
        var item: OpaquePointer?
        for current in Tree.ancestors(of: block).reversed() {
            switch Tree.type(current) {
            case CMARK_NODE_ITEM:
                item = current
            case CMARK_NODE_BLOCK_QUOTE:
                let content = item.flatMap { itemContentColumn(of: $0, source: source) }
                if margins.isEmpty {
                    margins.append(content ?? 0)
                } else if let item, let content, let after = quoteMarkerEnd(before: item, source: source) {
                    // The item's content past where the quote outside it leaves off, on the item's first line.
                    margins.append(max(0, content - after))
                } else {
                    margins.append(0)
                }
                item = nil
            default: break
            }
        }
        return margins.isEmpty ? nil : margins
    }

    /// The content columns of the list items outside a block's quotes, innermost first, of which a lazy line
    /// without any `>` stays in the innermost it is indented for (`-  - > a`, then a line indented three
    /// columns, stays in the outer one); items inside the quotes it leaves (`- > - a`).
    static func outsideItemContents(of block: OpaquePointer, source: SourceLines) -> [Int] {
        let containers = Tree.ancestors(of: block)
        // The items past the outermost quote: the line, without its `>`, leaves every item inside it.
        guard let quote = containers.lastIndex(where: { Tree.type($0) == CMARK_NODE_BLOCK_QUOTE }) else { return [] }
        return containers[quote...].compactMap { container in
            Tree.type(container) == CMARK_NODE_ITEM ? itemContentColumn(of: container, source: source) : nil
        }
    }

    /// The content columns of the list items between a block's `quotes`-th block quote from the outside and
    /// the next, counted from that quote's content on each item's line: where a line with only that many
    /// `>` continues them (`>+   >a`, `>      <b>` stays in the item).
    static func itemContents(of block: OpaquePointer, afterQuotes quotes: Int, source: SourceLines) -> [Int] {
        var seen = 0
        var columns: [Int] = []
        for container in Tree.ancestors(of: block).reversed() {
            if Tree.type(container) == CMARK_NODE_BLOCK_QUOTE {
                seen += 1
                if seen > quotes { break }
            } else if seen == quotes, Tree.type(container) == CMARK_NODE_ITEM,
                let content = itemContentColumn(of: container, source: source),
                let quote = quoteMarkerEnd(before: container, source: source)
            {
                columns.append(content - quote)
            }
        }
        return columns
    }

    /// The column (tabs to the next multiple of four) after the `>` before a list item's marker (and the markers
    /// of items around it that start on its line) on the item's first line, and the space (or tab column)
    /// the quote takes after it: where the item's indentation is counted from. nil when no `>` stands there.
    private static func quoteMarkerEnd(before item: OpaquePointer, source: SourceLines) -> Int? {
        let line = Tree.startLine(item)
        guard line >= 1, line <= source.lines.count else { return nil }
        let bytes = source.lineBytes(line)
        let start = bytes.startIndex
        var index = start + Tree.startColumn(item) - 1
        guard index > start, index <= bytes.endIndex else { return nil }
        // Back over white space and the markers of items between the quote and this one that start here too.
        while index > start, " \t-+*.)0123456789".utf8.contains(bytes[index - 1]) { index -= 1 }
        guard index > start, bytes[index - 1] == UInt8(ascii: ">") else { return nil }
        let marker = source.column(line: line, byteColumn: index - start)
        return index < bytes.endIndex && (bytes[index] == 0x20 || bytes[index] == 0x09) ? marker + 2 : marker + 1
    }

    /// The column (tabs to the next multiple of four) where a list item's content begins, from its marker's
    /// line as CommonMark §5.2 reads it: after the marker and one to four columns of white space, or one
    /// column when five or more follow (the content is then indented code) or nothing does. The item's
    /// first block is not always there: a definition taken out, or code indented past it.
    static func itemContentColumn(of item: OpaquePointer, source: SourceLines, shift: Int = 0) -> Int? {
        let line = Tree.startLine(item) - shift
        guard line >= 1, line <= source.lines.count else { return nil }
        // The line's bytes in place: a line of thousands of nested items is not copied for each.
        let bytes = source.lineBytes(line)
        let start = bytes.startIndex
        var index = start + Tree.startColumn(item) - 1
        guard index >= start, index < bytes.endIndex else { return nil }
        if "-+*".utf8.contains(bytes[index]) {
            index += 1
        } else {
            while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]) { index += 1 }
            index += 1
        }
        let markerEnd = source.column(line: line, byteColumn: index - start + 1)
        var column = markerEnd
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 {
            column = bytes[index] == 0x09 ? column + 4 - column % 4 : column + 1
            index += 1
        }
        return index >= bytes.endIndex || column - markerEnd >= 5 ? markerEnd + 1 : column
    }

    /// The outermost list around a node inside its innermost block quote (or the document).
    private static func outermostList(of node: OpaquePointer) -> OpaquePointer? {
        var found: OpaquePointer?
        var ancestor = Tree.parent(node)
        while let current = ancestor, Tree.type(current) != CMARK_NODE_BLOCK_QUOTE {
            if Tree.type(current) == CMARK_NODE_LIST { found = current }
            ancestor = Tree.parent(current)
        }
        return found
    }

    /// The block quotes around a node, outermost first.
    private static func enclosingQuotes(of node: OpaquePointer) -> [OpaquePointer] {
        var quotes: [OpaquePointer] = []
        var ancestor = Tree.parent(node)
        while let current = ancestor {
            if Tree.type(current) == CMARK_NODE_BLOCK_QUOTE { quotes.insert(current, at: 0) }
            ancestor = Tree.parent(current)
        }
        return quotes
    }

    private static func removeCellMark(from cell: OpaquePointer) {
        guard let first = Tree.firstChild(cell), Tree.isText(first) else { return }
        // By bytes in libcmark's buffer: the mark is one scalar, and most cells' text is short.
        let rest: [UInt8]? = Tree.withLiteralBytes(first) { text in
            text.starts(with: cellMarkBytes) ? Array(text.dropFirst(cellMarkBytes.count)) : nil
        }
        guard let rest else { return }
        if rest.isEmpty {
            Tree.remove(first)
        } else {
            Tree.setLiteral(first, bytes: rest)
        }
    }

    // MARK: cmark-gfm's scanners

    /// A setext heading's `-` underline: dashes, then only spaces and tabs.
    static func isSetextUnderline(_ line: Substring, allowingEquals: Bool = false) -> Bool {
        let bytes = line.utf8
        guard let mark = bytes.first, mark == UInt8(ascii: "-") || (allowingEquals && mark == UInt8(ascii: "="))
        else { return false }
        let rest = bytes.drop { $0 == mark }
        return rest.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// `[|] spacechar*`
    private static func cellEnd(_ bytes: [UInt8], _ offset: Int, _ standIn: FormFeeds.StandIn?) -> Int {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "|") else { return 0 }
        return FormFeeds.skipSpaceChars(bytes, from: offset + 1, standIn: standIn) - offset
    }

    /// `(escaped_char | [^|\r\n])*`, where an escaped character is a backslash and ASCII punctuation.
    private static func cell(_ bytes: [UInt8], _ offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            // re2c's longest match lets a backslash before a pipe always take it into the cell (`\\|` too).
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "|") {
                index += 2
            } else if byte == UInt8(ascii: "|") || byte == 0x0A || byte == 0x0D {
                break
            } else {
                index += 1
            }
        }
        return index - offset
    }

    /// A cell's text: trimmed of cmark-gfm 0.29's white space (no form feed or vertical tab), then with `\|`
    /// as `|` (neither changes the other's bytes), made into a `String` once.
    private static func cellText(_ bytes: ArraySlice<UInt8>) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var (start, end) = (bytes.startIndex, bytes.endIndex)
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        let text = bytes[start..<end]
        return text.contains(UInt8(ascii: "\\")) ? unescapingPipes(text) : String(decoding: text, as: UTF8.self)
    }

    private static func unescapingPipes(_ bytes: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "|") {
                index += 1
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
