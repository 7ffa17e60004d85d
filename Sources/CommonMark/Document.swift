internal import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed CommonMark document that owns its libcmark tree.
///
/// The tree is freed when the document is released. A document is not `Sendable`: keep it in the task
/// that parsed it and send only the strings it renders.
public final class Document {
    let root: OpaquePointer
    /// Nodes taken out of the tree; libcmark frees nothing on unlink, so they are freed with the document.
    private var detached: [OpaquePointer] = []
    /// Whether the tree is freed with the document (see ``leaveTreeToExit()``).
    private var freesTree = true

    /// Lines that the tables extension parsed in front of the document (see ``Tables``); the source lines
    /// of the document's own nodes are this many lower in libcmark's positions.
    let lineShift: Int

    /// Parses Markdown text.
    ///
    /// - Parameters:
    ///   - markdown: CommonMark text.
    ///   - options: Parse-time options such as ``RenderOptions/smart``. libcmark's check of the input's
    ///     UTF-8 (`CMARK_OPT_VALIDATE_UTF8`) is not offered: a `String` is valid UTF-8 already, and the
    ///     check added an eighth to the time of parsing and rendering (the benchmark's posts, one core).
    ///   - extensions: The GitHub-Flavored Markdown extensions to apply; none gives plain CommonMark.
    /// - Throws: ``CommonMarkError/parseFailed`` if libcmark could not allocate the tree.
    public init(markdown written: String, options: RenderOptions = [], extensions: Extensions = [])
        throws(CommonMarkError)
    {
        // cmark-gfm 0.29 reads `<textarea` as any tag; libcmark 0.30 starts a block of raw HTML there.
        let standIn = extensions.isEmpty ? nil : TextareaTags.standingIn(written)
        let text = standIn?.text ?? written
        // cmark-gfm 0.29 reads form feeds and vertical tabs as text where libcmark 0.30 trims them.
        var spaces = extensions.isEmpty ? nil : FormFeeds.standingIn(text)
        var first = try Self.parseFirst(spaces?.text ?? text, spaces: spaces, options: options, extensions: extensions)
        // Lines whose form feeds the first parse read otherwise are written so, and the text parsed again.
        let choices = first.choices
        if let made = choices {
            first.free()
            spaces = FormFeeds.standingIn(text, choices: made)
            first = try Self.parseFirst(spaces?.text ?? text, spaces: spaces, options: options, extensions: extensions)
        }
        var closed = try Self.closeLazyLines(
            of: spaces?.text ?? text, first, options: options, extensions: extensions, standIn: spaces?.standIn)
        // A table's mark takes a lazy line out of its containers: a task or tag line there or after it may be
        // read otherwise than the first parse read it, and is then written so and the text parsed again.
        if let stood = spaces,
            let made = FormFeeds.choicesByMarks(
                stood, choices: choices, last: closed.parsed.root, lines: closed.treeLines, shift: closed.tables.shift,
                marks: closed.marks)
        {
            closed.free()
            spaces = FormFeeds.standingIn(text, choices: made)
            first = try Self.parseFirst(spaces?.text ?? text, spaces: spaces, options: options, extensions: extensions)
            closed = try Self.closeLazyLines(
                of: spaces?.text ?? text, first, options: options, extensions: extensions, standIn: spaces?.standIn)
        }
        let (parsed, writtenLines, tableParse) = (closed.parsed, closed.lines, closed.tables)
        let (root, source, footnoteLabels, rewrittenTasks) = parsed
        let shift = tableParse.shift
        // The text libcmark parsed last, whose lines the nodes' positions count.
        let parsedText = tableParse.parsedText ?? source
        let sourceLines = tableParse.parsedText.map { SourceLines.lazily($0, standIn: spaces?.standIn) } ?? writtenLines
        // The paragraphs and headings, which hold all the inlines until tables are built, found once for
        // every inline pass: walking the tree again for each pass cost more than most passes.
        let blocks = Tree.paragraphsAndHeadings(root)
        let taskLists =
            extensions.contains(.taskList)
            && (!rewrittenTasks.starts.isEmpty || !rewrittenTasks.lazy.isEmpty || ByteSearch.contains(source, "[ ]")
                || ByteSearch.contains(source, "[x]")
                || ByteSearch.contains(source, "[X]"))
        let definedLabels = Set(footnoteLabels.values.map(Footnotes.normalized))
        var restoredReferences = Self.applyInlineExtensions(
            to: blocks, of: root, text: parsedText, lines: sourceLines, options: options, extensions: extensions,
            mergingText: taskLists || !footnoteLabels.isEmpty, footnoteLabels: definedLabels)
        let (fromPrelude, cellsRestored) = Self.buildTables(
            tableParse, root: root, blocks: blocks, lines: sourceLines, options: options, extensions: extensions,
            footnoteLabels: footnoteLabels, definedLabels: definedLabels)
        restoredReferences = restoredReferences || cellsRestored
        // Footnotes before task lists: a definition is a list item until it is moved out of its list.
        var definitionTasks: [(item: OpaquePointer, checked: Bool)] = []
        if taskLists, !footnoteLabels.isEmpty {
            definitionTasks = TaskLists.definitionTasks(
                Tree.blocks(root) { Footnotes.isDefinition($0, labels: footnoteLabels, lineShift: shift) },
                written: writtenLines(), shift: shift)
        }
        // cmark-gfm 0.29 reads numeric references of eight digits; libcmark 0.30 leaves them text. Before
        // footnotes are linked: a reference to no definition is then text as written (`[^&#99999999;]`).
        if !extensions.isEmpty, ByteSearch.contains(source, "&#"), NumericReferences.mayHold(source) {
            NumericReferences.apply(root, source: source)
        }
        if !footnoteLabels.isEmpty || restoredReferences {
            Footnotes.apply(
                root, labels: footnoteLabels, lineShift: shift, source: sourceLines,
                sourceRefers: ByteSearch.contains(parsedText, "[^"))
        }
        if taskLists {
            TaskLists.apply(
                root, written: writtenLines(), shift: shift, fromPrelude: fromPrelude, rewritten: rewrittenTasks,
                fromDefinitions: definitionTasks)
        }
        // libcmark 0.30 writes an empty title (`[a](/u "")`) as `title=""`; cmark-gfm 0.29 leaves it out.
        if Tree.mayHoldEmptyTitle(source) { Tree.dropEmptyTitles(root) }
        if !rewrittenTasks.lazy.isEmpty { TaskLists.LazyStandIn.restore(root) }
        if let standIn { TextareaTags.restore(root, standIn.standIn) }
        if let spaces { FormFeeds.restore(root, spaces.standIn) }
        self.root = root
        self.lineShift = shift
    }

    /// The first parse of a text (``parseFirst(_:spaces:options:extensions:)``), before lazy lines are closed.
    private struct FirstParse {
        var parsed: Parsed
        var lines: () -> SourceLines
        /// The tags alone on lazy lines.
        var tagLines: [LazyLines.Mark]
        var tables: TableParse
        /// The lines whose form feeds it read otherwise than the text was written for (``FormFeeds``).
        var choices: FormFeeds.LineChoices?

        func free() {
            cmark_node_free(parsed.root)
            if let cells = tables.cells { cmark_node_free(cells.root) }
        }
    }

    /// Parses the text, finds the tags alone on lazy lines and the tables, and reads the lines that
    /// ``FormFeeds`` wrote for the block the line before leaves open.
    private static func parseFirst(
        _ markdown: String, spaces: FormFeeds.StoodIn?, options: RenderOptions, extensions: Extensions
    ) throws(CommonMarkError) -> FirstParse {
        var parsed: Parsed = try Self.parse(
            markdown, options: options, extensions: extensions, standIn: spaces?.standIn)
        // Split into lines once, and only for the extensions that look at the source.
        let lines = SourceLines.lazily(parsed.source, standIn: spaces?.standIn)
        let reading = spaces.map { FormFeeds.reading(parsed.root, of: $0, lines: lines) }
        // cmark-gfm 0.29 starts an HTML block at a tag alone on a lazy line.
        let tagLines =
            extensions.isEmpty ? [] : LazyLines.htmlTagLines(in: parsed.root, source: parsed.source, lines: lines)
        let tables = try Self.parseTables(
            &parsed.root, source: parsed.source, lines: lines, options: options, extensions: extensions,
            standsIn: spaces != nil, rewrittenTasks: parsed.rewrittenTasks.starts,
            definitions: parsed.footnoteLabels)
        let choices = spaces.flatMap { stood in
            reading.flatMap {
                FormFeeds.choices(
                    stood, reading: $0, lazyTags: tagLines.map(\.line),
                    tableLines: tables.plans.compactMap(\.lazyLine?.line))
            }
        }
        return FirstParse(parsed: parsed, lines: lines, tagLines: tagLines, tables: tables, choices: choices)
    }

    /// What ``parse(_:options:extensions:)`` returns: the tree, the text parsed, the footnote definitions'
    /// labels and the rewritten task lines.
    private typealias Parsed = (
        root: OpaquePointer, source: String, footnoteLabels: [Footnotes.Position: String],
        rewrittenTasks: TaskLists.Rewritten
    )

    /// The last parse (``closeLazyLines(of:_:options:extensions:standIn:)``), with the lines its marks were
    /// written before.
    private struct Closed {
        var parsed: Parsed
        var lines: () -> SourceLines
        var tables: TableParse
        var marks: [Int]

        /// The lines of the text the tree was parsed from: the tables' prelude, if any, and the text.
        func treeLines() -> SourceLines { tables.parsedText.map { SourceLines($0) } ?? lines() }

        func free() {
            cmark_node_free(parsed.root)
            if let cells = tables.cells { cmark_node_free(cells.root) }
        }
    }

    /// The first parse with its lazy lines closed where cmark-gfm closes them (see the overload below).
    private static func closeLazyLines(
        of markdown: String, _ first: FirstParse, options: RenderOptions, extensions: Extensions,
        standIn: FormFeeds.StandIn?
    ) throws(CommonMarkError) -> Closed {
        var (parsed, lines, tables) = (first.parsed, first.lines, first.tables)
        let marks = try Self.closeLazyLines(
            of: markdown, tags: first.tagLines, parsed: &parsed, lines: &lines, tableParse: &tables,
            options: options, extensions: extensions, standIn: standIn)
        return Closed(parsed: parsed, lines: lines, tables: tables, marks: marks)
    }

    /// Parses the text again with marks (see ``LazyLines``) before the lazy lines that close their containers
    /// in cmark-gfm: after tables' rows, and tags alone (`tags`, found in the first parse).
    ///
    /// The lines after a mark may be read otherwise in the parse with it: the marks of later tables that the
    /// mark may change (``LazyLines/independent(_:lines:)``), and tags lazy in a container that starts after
    /// it, are found in the next parse's tree.
    private static func closeLazyLines(
        of markdown: String, tags: [LazyLines.Mark], parsed: inout Parsed, lines: inout () -> SourceLines,
        tableParse: inout TableParse, options: RenderOptions, extensions: Extensions, standIn: FormFeeds.StandIn?
    ) throws(CommonMarkError) -> [Int] {
        var (marks, tags) = ([LazyLines.Mark](), tags)
        let written = lines()
        for _ in 1...8 {
            // A table after the containers a mark closed may end at lines of its own (code after its rows).
            // The lines are split only for a document with tables.
            let plans = tableParse.plans
            let more =
                plans.isEmpty
                ? [] : LazyLines.written(LazyLines.independent(plans, lines: lines(), tags: tags), markedAt: marks)
            let tableMarks = LazyLines.written(plans.compactMap(\.lazyLine), markedAt: marks).map(\.line)
            let moreTags = Self.tags(LazyLines.written(tags, markedAt: marks), notAfter: tableMarks, lines: written)
                .filter { tag in !more.contains { $0.line == tag.line } }
            guard !more.isEmpty || !moreTags.isEmpty else { break }
            marks += more + moreTags
            guard let closed = LazyLines.marking(markdown, at: marks) else { break }
            cmark_node_free(parsed.root)
            if let cells = tableParse.cells { cmark_node_free(cells.root) }
            parsed = try Self.parse(closed, options: options, extensions: extensions, standIn: standIn)
            lines = SourceLines.lazily(parsed.source, standIn: standIn)
            tags = LazyLines.htmlTagLines(in: parsed.root, source: parsed.source, lines: lines)
            tableParse = try Self.parseTables(
                &parsed.root, source: parsed.source, lines: lines, options: options, extensions: extensions,
                standsIn: standIn != nil, rewrittenTasks: parsed.rewrittenTasks.starts,
                definitions: parsed.footnoteLabels)
            LazyLines.removeMarks(parsed.root)
        }
        return marks.map(\.line)
    }

    /// The tags not on a line after one that a table's mark takes out of its containers: such a tag is on no
    /// lazy line then but goes on the paragraph that line starts, unless a blank line comes between (and a
    /// container starts again, read in a later round). The nearest mark before a tag decides: no blank line
    /// after an earlier one means none after it. `lines` are numbered as the tags and marks are.
    private static func tags(_ tags: [LazyLines.Mark], notAfter marks: [Int], lines: SourceLines) -> [LazyLines.Mark] {
        guard !marks.isEmpty, !tags.isEmpty else { return tags }
        let marks = marks.sorted()
        var lastBlank = [Int](repeating: 0, count: lines.lines.count + 1)
        for line in 1..<lastBlank.count {
            lastBlank[line] = lines.isBlank(line, quotes: 0) ? line : lastBlank[line - 1]
        }
        // Tags and marks in line order, in one pass.
        var (kept, before) = ([LazyLines.Mark](), 0)
        for tag in tags.sorted(by: { $0.line < $1.line }) {
            while before < marks.count, marks[before] < tag.line { before += 1 }
            let goesOn =
                before > 0 && (1..<lastBlank.count).contains(tag.line) && lastBlank[tag.line] < marks[before - 1]
            if !goesOn { kept.append(tag) }
        }
        return kept
    }

    /// The tables found in the first parse, and how their cells were parsed.
    private struct TableParse {
        var plans: [Tables.Plan] = []
        /// The prelude and the document, when they were parsed again together; nil when the first parse stands.
        var parsedText: String?
        /// Lines of the prelude in front of the document's in the tree's positions.
        var shift = 0
        /// The cells (and text beside tables) parsed on their own, when the document defines no links.
        var cells: (root: OpaquePointer, text: String)?
    }

    /// Builds the tables found: their cells' inlines (from the cells' own parse when there is one) and the
    /// tables in place of their paragraphs. Returns the blocks taken from the prelude and whether a cell
    /// restored a footnote reference.
    private static func buildTables(
        _ tableParse: TableParse, root: OpaquePointer, blocks: [OpaquePointer], lines: @escaping () -> SourceLines,
        options: RenderOptions, extensions: Extensions, footnoteLabels: [Footnotes.Position: String],
        definedLabels: Set<String>
    ) -> (fromPrelude: [OpaquePointer: Int], restored: Bool) {
        let (tables, shift) = (tableParse.plans, tableParse.shift)
        if let cells = tableParse.cells {
            let cellBlocks = Tree.paragraphsAndHeadings(cells.root)
            let restored = applyInlineExtensions(
                to: cellBlocks, of: cells.root, text: cells.text, lines: SourceLines.lazily(cells.text),
                options: options, extensions: extensions, mergingText: false, footnoteLabels: definedLabels)
            // Cells whose text writes no `[^` hold no reference: a `[^` of theirs came from an escape or an
            // entity, which stays text beside a `[^` of the document's. Its `^` is written as one or as an
            // entity: cells without either have no such text.
            if extensions.contains(.footnotes), !ByteSearch.contains(cells.text, "[^"),
                ByteSearch.contains(cells.text, UInt8(ascii: "^")) || ByteSearch.contains(cells.text, UInt8(ascii: "&"))
            {
                for block in cellBlocks { FootnoteReferences.separateUnreferencedCarets(in: block) }
            }
            let fromPrelude = Tables.build(tables, prelude: cells.root, cells: cellBlocks, in: blocks, shift: 0) {
                Footnotes.isDefinition($0, labels: footnoteLabels, lineShift: 0)
            }
            cmark_node_free(cells.root)
            return (fromPrelude, restored)
        } else if !tables.isEmpty {
            // Tables after the inline passes: each cell is a paragraph of the prelude until then, read from
            // its source as cmark-gfm reads a cell.
            let fromPrelude = Tables.build(
                tables, prelude: root, cells: blocks.filter { Tree.startLine($0) <= shift },
                in: blocks.filter { Tree.startLine($0) > shift }, shift: shift, source: lines
            ) { Footnotes.isDefinition($0, labels: footnoteLabels, lineShift: shift) }
            return (fromPrelude, false)
        }
        return ([:], false)
    }

    /// Finds the tables in the tree of the first parse and parses their cells: in front of the whole document
    /// again (`root` is then the new tree) when the cells may read its link reference definitions, else alone.
    /// `standsIn`: whether the source holds stand-ins of form feeds or vertical tabs (``FormFeeds``).
    private static func parseTables(
        _ root: inout OpaquePointer, source: String, lines: () -> SourceLines, options: RenderOptions,
        extensions: Extensions, standsIn: Bool, rewrittenTasks: [Int: Bool], definitions: [Footnotes.Position: String]
    ) throws(CommonMarkError) -> TableParse {
        // A delimiter row without `|` or `:` is a setext underline, unless a form feed's or vertical tab's
        // stand-in follows its dashes (`-` and a form feed).
        guard extensions.contains(.table),
            standsIn || ByteSearch.contains(source, UInt8(ascii: "|")) || ByteSearch.contains(source, ":-")
                || ByteSearch.contains(source, "-:")
        else { return TableParse() }
        let rewritten = Set(rewrittenTasks.keys).union(definitions.keys.map(\.line))
        var plans = Tables.plans(
            in: Tree.paragraphsAndHeadings(root), source: lines(), taskLists: extensions.contains(.taskList),
            rewritten: rewritten)
        // A paragraph of definitions needs `]:`; libcmark leaves no node of it, where cmark-gfm may make a table.
        if ByteSearch.contains(source, "]:") {
            let vanished = try Tables.vanishedPlans(
                in: root, text: source, source: lines(), taskLists: extensions.contains(.taskList),
                rewritten: rewritten
            ) { (text: String) throws(CommonMarkError) in try parse(text, options: options) }
            if !vanished.isEmpty {
                plans = (plans + vanished).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            }
        }
        guard !plans.isEmpty else { return TableParse() }
        let prelude = Tables.prelude(for: plans)
        // A definition needs `]:`; without one, the cells read the same alone, and the document's first
        // parse stands.
        guard ByteSearch.contains(source, "]:") else {
            return TableParse(plans: plans, cells: (try parse(prelude.text, options: options), prelude.text))
        }
        let parsedText = prelude.text + Tables.withoutDefinitions(source, at: plans)
        let second = try parse(parsedText, options: options)
        cmark_node_free(root)
        root = second
        return TableParse(plans: plans, parsedText: parsedText, shift: prelude.lines)
    }

    /// Parses the source with footnote definitions rewritten as list items (``Footnotes/rewriteDefinitions(_:correcting:)``)
    /// and task lines holding a definition without their marker; returns the tree, the text parsed, the
    /// definitions' labels and the rewritten task lines.
    ///
    /// - Parameter standIn: The stand-ins of the text's form feeds and vertical tabs, if any (``FormFeeds``).
    private static func parse(
        _ markdown: String, options: RenderOptions, extensions: Extensions, standIn: FormFeeds.StandIn?
    ) throws(CommonMarkError) -> Parsed {
        var source = markdown
        var labels: [Footnotes.Position: String] = [:]
        var pending: [Int: Int] = [:]
        if extensions.contains(.footnotes), let rewritten = Footnotes.rewriteDefinitions(source) {
            (source, labels, pending) = rewritten
        }
        var (root, tasks) = try parse(
            &source, options: options, rewritingTasks: extensions.contains(.taskList), definitions: labels,
            standIn: standIn,
            asCmarkGFM: !extensions.isEmpty)
        var corrections = Footnotes.corrections(root, labels: labels, pending: pending, source: source)
        guard !corrections.isEmpty else { return (root, source, labels, tasks) }
        var moved: [Int: Int] = [:]
        var emptied: [Int: Int] = [:]
        // A definition whose bullet moves, or whose item a mark keeps going, holds other lines than it did:
        // which of them are code, definitions or lazy lines is read from a parse with the bullets moved and
        // the marks written. A definition nested in a moved one may move in its turn (`  [^1]:`, `     [^1]:`,
        // `        [^1]:`): a few rounds.
        for _ in 0..<4 where !corrections.outdenting.isEmpty || !corrections.emptied.isEmpty {
            cmark_node_free(root)
            moved.merge(corrections.outdenting, uniquingKeysWith: +)
            emptied.merge(corrections.emptied) { kept, _ in kept }
            (source, labels, pending) =
                Footnotes.rewriteDefinitions(
                    markdown, correcting: Footnotes.Corrections(outdenting: moved, emptied: emptied))
                ?? (markdown, [:], [:])
            (root, tasks) = try parse(
                &source, options: options, rewritingTasks: extensions.contains(.taskList), definitions: labels,
                standIn: standIn,
                asCmarkGFM: !extensions.isEmpty)
            corrections = Footnotes.corrections(root, labels: labels, pending: pending, source: source)
            guard !corrections.isEmpty else { return (root, source, labels, tasks) }
        }
        corrections.outdenting.merge(moved, uniquingKeysWith: +)
        corrections.emptied.merge(emptied) { kept, _ in kept }
        // Definitions written in code or HTML blocks are text, indented ones are counted from their
        // container's content, and lazy lines keep a definition going to a line that ends it: parsed again.
        // A definition left as written changes the blocks around it, which may then hold a later one (an
        // empty definition's `<!---->` closed the HTML comment it was written in, and the next line was read
        // after the comment): parsed again while definitions are left without an item, a few rounds at most.
        for round in 1...4 {
            cmark_node_free(root)
            (source, labels, pending) =
                Footnotes.rewriteDefinitions(markdown, correcting: corrections) ?? (markdown, [:], [:])
            (root, tasks) = try parse(
                &source, options: options, rewritingTasks: extensions.contains(.taskList), definitions: labels,
                standIn: standIn,
                asCmarkGFM: !extensions.isEmpty)
            let missing = Footnotes.corrections(root, labels: labels, pending: pending, source: source).excluding
            guard round < 4, !missing.isSubset(of: corrections.excluding) else { break }
            corrections.excluding.formUnion(missing)
        }
        return (root, source, labels, tasks)
    }

    /// Parses the source, with task lines rewritten when `rewritingTasks`: those that start an item
    /// (``TaskLists/rewriteLines(_:forms:definitions:)``), then the lazy lines that cmark-gfm reads as a
    /// task's marker (``TaskLists/rewriteLazyLines(_:root:definitions:)``), read in the tree of the first.
    /// Returns the tree and, for each rewritten line, whether its task is checked.
    ///
    /// - Parameter definitions: Where the footnote definitions' items start in the source, whose bullets
    ///   stand for no list marker: a `[x]` after one is no task's.
    private static func parse(
        _ source: inout String, options: RenderOptions, rewritingTasks: Bool,
        definitions: [Footnotes.Position: String], standIn: FormFeeds.StandIn?, asCmarkGFM: Bool
    ) throws(CommonMarkError) -> (OpaquePointer, TaskLists.Rewritten) {
        var (root, starts) = try parseTaskStarts(
            &source, options: options, rewritingTasks: rewritingTasks, definitions: definitions,
            asCmarkGFM: asCmarkGFM)
        guard rewritingTasks, ByteSearch.contains(source, UInt8(ascii: ">")),
            ByteSearch.contains(source, "[ ]") || ByteSearch.contains(source, "[x]")
                || ByteSearch.contains(source, "[X]"),
            let lazy = TaskLists.rewriteLazyLines(source, root: root, definitions: definitions, standIn: standIn)
        else { return (root, TaskLists.Rewritten(starts: starts)) }
        cmark_node_free(root)
        source = lazy.source
        root = try parse(source, options: options, asCmarkGFM: asCmarkGFM)
        return (root, TaskLists.Rewritten(starts: starts, lazy: lazy.checked))
    }

    /// Parses the source, with the task lines that start an item rewritten (``TaskLists/rewriteLines(_:forms:definitions:)``)
    /// when `rewritingTasks`; returns the tree and, for each rewritten line, whether its task is checked.
    private static func parseTaskStarts(
        _ source: inout String, options: RenderOptions, rewritingTasks: Bool,
        definitions: [Footnotes.Position: String], asCmarkGFM: Bool
    ) throws(CommonMarkError) -> (OpaquePointer, [Int: Bool]) {
        let written = source
        var forms: [Int: TaskLists.LineForm?] = [:]
        // A line moves from an empty item to the mark to as written, and the lines' changes rarely make
        // another line miss: a few parses at most, however many lines change.
        for attempt in 1...4 {
            guard rewritingTasks,
                let rewritten = TaskLists.rewriteLines(written, forms: forms, definitions: definitions)
            else {
                source = written
                return (try parse(written, options: options, asCmarkGFM: asCmarkGFM), [:])
            }
            source = rewritten.source
            let root = try parse(source, options: options, asCmarkGFM: asCmarkGFM)
            // A rewritten line that starts no list item is parsed again: an empty item that would interrupt a
            // paragraph with the mark, any other (in a code block, say) as written.
            let starts = Set(Tree.blocks(root) { Tree.type($0) == CMARK_NODE_ITEM }.map(Tree.startLine))
            let missing = rewritten.forms.filter { !starts.contains($0.key) }
            guard !missing.isEmpty, attempt < 4 else { return (root, rewritten.checked) }
            cmark_node_free(root)
            for (line, form) in missing { forms[line] = form == .emptyItem ? .marked : .some(nil) }
        }
        source = written
        return (try parse(written, options: options, asCmarkGFM: asCmarkGFM), [:])
    }

    /// Parses `markdown` with libcmark; `asCmarkGFM` reads link reference definitions as cmark-gfm 0.29
    /// does. Inlines get the lines they end on (a code span or raw HTML that goes over a line break ends on
    /// a later line than it starts), which only source positions make libcmark count; the HTML writes
    /// them only when the render asks.
    private static func parse(_ markdown: String, options: RenderOptions, asCmarkGFM: Bool = true)
        throws(CommonMarkError) -> OpaquePointer
    {
        let parseText = { (markdown: String) -> OpaquePointer? in
            var text = markdown
            return text.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    cmark_parse_document($0.baseAddress, $0.count, options.rawValue | CMARK_OPT_SOURCEPOS)
                }
            }
        }
        let root = asCmarkGFM ? UnbalancedDestinations.parse(markdown, parse: parseText) : parseText(markdown)
        guard let root else { throw CommonMarkError.parseFailed }
        return root
    }

    deinit {
        guard freesTree else { return }
        cmark_node_free(root)
        for node in detached { cmark_node_free(node) }
    }

    /// Leaves the tree to the process's exit instead of freeing it with the document: for a command that
    /// renders one document and exits, freeing a large tree node by node is work the exit does at once
    /// (3% of `blog markdown`'s instructions on a 1 MB document, more of its time, as each node is visited
    /// once more). The tree's memory stays taken until the process ends: never for a document among many.
    public func leaveTreeToExit() { freesTree = false }

    /// The document node at the top of the tree.
    public var rootNode: Node { Node(document: self, pointer: root) }

    /// Renders the whole document as HTML.
    ///
    /// - Throws: ``CommonMarkError/renderFailed`` if libcmark returned nothing.
    public func html(options: RenderOptions = []) throws(CommonMarkError) -> String {
        guard let buffer = cmark_render_html(root, options.rawValue) else { throw CommonMarkError.renderFailed }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// Renders the whole document as HTML in UTF-8 bytes, which are not checked: libcmark writes valid
    /// UTF-8 for the valid UTF-8 of the `String` it parsed, and checking the HTML of every post took 2%
    /// of a build's processor time.
    ///
    /// - Throws: ``CommonMarkError/renderFailed`` if libcmark returned nothing.
    public func htmlUTF8(options: RenderOptions = []) throws(CommonMarkError) -> [UInt8] {
        guard let buffer = cmark_render_html(root, options.rawValue) else { throw CommonMarkError.renderFailed }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: strlen(buffer)))
    }

    /// Visits every node once, in document order (a container before what it contains).
    ///
    /// The leaving of a container, which libcmark's iterator reports too, is skipped before a ``Node`` is
    /// made for it. Changing the tree below the current node during the walk is not supported; change
    /// nodes after collecting them.
    public func forEachNode(_ visit: (Node) throws -> Void) rethrows {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let pointer = cmark_iter_get_node(iterator) else { continue }
            try visit(Node(document: self, pointer: pointer))
        }
    }

    /// Every node of one kind, in document order.
    public func nodes(ofKind kind: Node.Kind) -> [Node] {
        // Blocks are found without visiting the inlines, most of a tree's nodes.
        let isBlock: Bool =
            switch kind {
            case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .customBlock, .paragraph, .heading,
                .thematicBreak:
                true
            default: false
            }
        var found: [Node] = []
        Tree.walk(root, into: { isBlock ? Tree.holdsBlocks($0) : true }) { pointer in
            let node = Node(document: self, pointer: pointer)
            if node.kind == kind { found.append(node) }
        }
        return found
    }

    func detach(_ pointer: OpaquePointer) {
        cmark_node_unlink(pointer)
        detached.append(pointer)
    }
}

/// What libcmark could not do.
public enum CommonMarkError: Error, Sendable, Hashable {
    case parseFailed
    case renderFailed
    case treeEditFailed
}
