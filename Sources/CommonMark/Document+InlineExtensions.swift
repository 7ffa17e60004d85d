internal import CCmark

extension Document {
    /// The extensions that work on inlines (footnote references, autolinks, strikethrough), over the
    /// paragraphs and headings of one parsed text: the document's, or the table cells' parsed on their own.
    ///
    /// - Parameters:
    ///   - blocks: The tree's paragraphs and headings, which hold all its inlines until tables are built.
    ///   - root: The tree's root, whose text nodes are merged before the first pass that reads them.
    ///   - text: The text parsed, searched for each extension's marks: a pass runs only where they are.
    ///   - lines: The text's lines, made on first use.
    ///   - mergingText: Whether text nodes are merged even if no pass here runs (a later one needs it).
    ///   - footnoteLabels: The labels of the document's footnote definitions, normalized.
    /// - Returns: Whether a footnote reference was restored, which the footnotes pass then links.
    static func applyInlineExtensions(
        to blocks: [OpaquePointer], of root: OpaquePointer, text: String, lines: () -> SourceLines,
        options: RenderOptions, extensions: Extensions, mergingText: Bool, footnoteLabels: Set<String> = []
    ) -> Bool {
        // Text nodes are merged once, before the first pass that reads them; the passes leave no two
        // text nodes next to each other.
        var consolidated = false
        func consolidate() {
            if !consolidated { Tree.consolidateText(root) }
            consolidated = true
        }
        if !extensions.isEmpty, ByteSearch.contains(text, "![^") {
            var definitions = Autolinks.DefinitionReads(of: lines())
            CaretImages.apply(
                blocks, lines: lines(), entities: EntityDecoder(), smart: options.contains(.smart),
                definitions: &definitions)
        }
        // Footnote references are read from the source before tables are built: the cells are still
        // paragraphs of the prelude then, with lines of their own.
        var restoredReferences = false
        var isolated: Set<OpaquePointer> = []
        var unreferenced: [OpaquePointer] = []
        if extensions.contains(.footnotes), ByteSearch.contains(text, "[^") {
            consolidate()
            isolated = Delimiters.isolateReferences(
                blocks, lines: lines(), entities: EntityDecoder(), tildes: extensions.contains(.strikethrough))
            restoredReferences = FootnoteReferences.restore(
                blocks, lines: lines(), entities: EntityDecoder(), unreferenced: &unreferenced,
                taskLists: extensions.contains(.taskList))
        }
        let hasTilde = ByteSearch.contains(text, UInt8(ascii: "~"))
        if extensions.contains(.strikethrough), hasTilde,
            ByteSearch.contains(text, "\\~") || ByteSearch.contains(text, "&#")
        {
            consolidate()
            Strikethrough.protectWrittenTildes(blocks, lines: lines(), entities: EntityDecoder())
        }
        let inText = textMarks(in: blocks, text: text, extensions: extensions)
        let autolinks = inText.links
        let strikethrough = extensions.contains(.strikethrough) && hasTilde
        // Where libcmark (CommonMark 0.30) and cmark-gfm 0.29 match emphasis or curl quotes otherwise, the
        // delimiter pass matches them as cmark-gfm does: cmark-gfm lets no quote right after `(` or `[` open
        // where it could close (`("/tmp")` is `(”/tmp”)` there), and bounds the search for openers otherwise
        // (``Delimiters/mayFallToLowerBounds(_:_:)``), and leaves a curled pair on the stack
        // (``Delimiters/mayRematchQuotes(_:)``). Plain CommonMark (no extension) stays libcmark's.
        var source = text
        let quotesAfterBrackets =
            !extensions.isEmpty && options.contains(.smart)
            && source.withUTF8 { Delimiters.mayCurlOtherwise(UnsafeRawBufferPointer($0)) }
        let doubledRuns = inText.runs || (!extensions.isEmpty && Delimiters.mayHoldBothFlankedRuns(text))
        // A URL may take a quote that libcmark paired with one outside it (``Delimiters/linksHoldQuote(_:)``).
        let quotesInLinks =
            autolinks && options.contains(.smart)
            && (ByteSearch.contains(text, UInt8(ascii: "'")) || ByteSearch.contains(text, UInt8(ascii: "\"")))
        let rematching = strikethrough || quotesAfterBrackets || doubledRuns || quotesInLinks
        if autolinks || rematching || mergingText { consolidate() }
        // Blocks whose inlines the autolinks pass parsed again, which decided their references then.
        var reread: Set<OpaquePointer> = []
        if autolinks {
            let reading = Autolinks.Reading(
                entities: EntityDecoder(), smart: options.contains(.smart), footnotes: extensions.contains(.footnotes),
                tildes: extensions.contains(.strikethrough))
            let readFromSource = Autolinks.linkFromSource(
                blocks, lines: lines(), reading: reading, rereading: &reread)
            Autolinks.apply(blocks, smart: options.contains(.smart), source: lines, readFromSource: readFromSource)
        }
        if rematching {
            // A block whose references' runs were isolated, or read again around a URL (new inlines, its
            // references restored), is matched again after the URLs took their characters, its references'
            // characters text as they were then (`*http://c*b **[^*]`).
            let matched = Delimiters.apply(
                blocks, lines: lines(), entities: EntityDecoder(), smart: options.contains(.smart),
                tildes: extensions.contains(.strikethrough),
                referencesAsText: extensions.contains(.footnotes) ? isolated.union(reread) : [])
            if strikethrough { Strikethrough.apply(blocks, lines: lines(), skipping: matched.union(isolated)) }
        }
        if autolinks, Autolinks.mayWriteAt(text) {
            Autolinks.linkEmails(blocks, lines: lines(), smart: options.contains(.smart), labels: footnoteLabels)
        }
        for block in unreferenced where !reread.contains(block) {
            FootnoteReferences.separateUnreferencedCarets(in: block)
        }
        return restoredReferences
    }

    /// The marks of URLs and of runs libcmark left unmatched, looked for in the text nodes (one walk) only
    /// where the source holds them.
    private static func textMarks(in blocks: [OpaquePointer], text: String, extensions: Extensions) -> TextMarks {
        let mayLink = extensions.contains(.autolink) && Autolinks.mayMatch(text)
        let mayBound = !extensions.isEmpty && (ByteSearch.contains(text, "**") || ByteSearch.contains(text, "__"))
        var inText = TextMarks()
        if mayLink || mayBound {
            Tree.forEachText(under: blocks) { node in
                inText.add(node, links: mayLink, runs: mayBound)
                return inText.links == mayLink && inText.runs == mayBound
            }
        }
        return inText
    }
}
