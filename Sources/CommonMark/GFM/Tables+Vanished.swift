internal import CCmark

extension Tables {
    /// Where a paragraph that libcmark read whole as link reference definitions may hold a table: its lines
    /// leave no node, and a delimiter row among them was a definition's destination or title (`[h]:` over
    /// `-|`), where cmark-gfm's table extension met the row while the paragraph was open and made a table
    /// of it, the definitions unread. Returns, for each such paragraph, the line and column of its first `[`:
    /// written as `x` there, the lines make a paragraph that the plans read as any other.
    static func vanishedStarts(in root: OpaquePointer, source: SourceLines) -> [(line: Int, column: Int)] {
        let containers =
            [root]
            + Tree.blocks(root) { Tree.type($0) == CMARK_NODE_ITEM || Tree.type($0) == CMARK_NODE_BLOCK_QUOTE }
        var starts: [(line: Int, column: Int)] = []
        for run in Tree.unheldLines(in: containers, lineCount: source.lines.count) {
            starts += definitionParagraphs(from: run.first, through: run.last, source: source)
        }
        return starts.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The starts of the paragraphs in lines that no block holds, split at blank lines, that begin with `[`
    /// after their containers' marks and hold a delimiter row on a later line.
    private static func definitionParagraphs(from first: Int, through last: Int, source: SourceLines) -> [(
        line: Int, column: Int
    )] {
        var starts: [(line: Int, column: Int)] = []
        var paragraph: (line: Int, column: Int, bracket: Bool, found: Bool)?
        for number in first...min(last, source.lines.count) {
            let bytes = source.lines[number - 1].utf8
            // Container marks and indentation: `>`, list markers, white space.
            guard let content = bytes.firstIndex(where: { !" \t>-*+.)0123456789\r\n".utf8.contains($0) }) else {
                paragraph = nil
                continue
            }
            guard let current = paragraph else {
                let column = bytes.distance(from: bytes.startIndex, to: content) + 1
                paragraph = (number, column, bytes[content] == UInt8(ascii: "["), false)
                continue
            }
            // A later line of the paragraph has no list marker: its text is past white space and `>`.
            if current.bracket, !current.found,
                delimiterRow(
                    source.lines[number - 1].drop { $0 == " " || $0 == "\t" || $0 == ">" }, standIn: source.standIn)
                    != nil
            {
                starts.append((current.line, current.column))
                paragraph?.found = true
            }
        }
        return starts
    }

    /// The plans of the tables in paragraphs that libcmark read whole as definitions: the text is parsed
    /// again with the first `[` of each written as `x`, and the paragraphs that start there hold tables or
    /// not as any paragraph does. Other blocks are read from the first parse.
    static func vanishedPlans(
        in root: OpaquePointer, text: String, source: SourceLines, taskLists: Bool, rewritten: Set<Int>,
        parse: (String) throws(CommonMarkError) -> OpaquePointer
    ) throws(CommonMarkError) -> [Plan] {
        let starts = vanishedStarts(in: root, source: source)
        guard !starts.isEmpty else { return [] }
        let written = withoutDefinitions(text, at: starts)
        let tree = try parse(written)
        defer { cmark_node_free(tree) }
        let wanted = Set(starts.map { $0.line << 16 | $0.column })
        let blocks = Tree.blocks(tree) {
            Tree.type($0) == CMARK_NODE_PARAGRAPH && wanted.contains(Tree.startLine($0) << 16 | Tree.startColumn($0))
        }
        return plans(in: blocks, source: source, taskLists: taskLists, rewritten: rewritten).filter { plan in
            plan.segments.contains { if case .table = $0 { true } else { false } }
        }
    }
}
