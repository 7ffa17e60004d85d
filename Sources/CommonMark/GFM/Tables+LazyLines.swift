internal import CCmark

extension Tables {
    /// The block written before a lazy line after a table's rows, taken out after parsing.
    static let lazyLineMark = "<!--\u{2002}-->"

    /// The text with a mark before each lazy line after a table's rows, or nil when there is none to mark.
    ///
    /// cmark-gfm's table is a block of its own, not a paragraph, so a line after its rows that lacks a `>`
    /// or the indentation of a container around the table is no lazy continuation line (`blocks.c` continues
    /// only a paragraph lazily): the containers it does not match close, and the line starts blocks where it
    /// stands (code, if indented four columns past what it is in), the lines after it read against what is
    /// left open. libcmark read it into the table's paragraph, and the lines after it against the
    /// containers. A comment line with the lazy line's `>` markers, indented to stay in the same containers
    /// (``Plan/lazyIndent``), closes the others in libcmark too (an HTML block may interrupt a paragraph)
    /// and is taken out after parsing.
    ///
    /// - Parameters:
    ///   - markdown: The text as written, whose lines the lines of `plans` number (rewriting footnote
    ///     definitions and task lines keeps every line where it is).
    static func closingContainers(_ markdown: String, before plans: [Plan]) -> String? {
        let marks = plans.compactMap { plan in plan.lazyLine.map { ($0, plan.lazyIndent) } }.sorted { $0.0 < $1.0 }
        guard !marks.isEmpty else { return nil }
        let lines = SourceLines(markdown).lines
        var output = ""
        output.reserveCapacity(markdown.utf8.count + marks.count * 16)
        var last = markdown.startIndex
        for (number, indent) in marks where number >= 1 && number <= lines.count {
            let line = lines[number - 1]
            let markers = line.prefix { $0 == ">" || $0 == " " || $0 == "\t" }
            let quotes = markers.lastIndex(of: ">").map { markers[...$0] + " " } ?? ""
            output += markdown[last..<line.startIndex]
            output += quotes + String(repeating: " ", count: indent) + lazyLineMark + "\n"
            last = line.startIndex
        }
        output += markdown[last...]
        return output
    }

    /// Takes out the marks ``closingContainers(_:before:)`` wrote.
    static func removeLazyLineMarks(_ root: OpaquePointer) {
        let marks = Tree.blocks(root) {
            // The block keeps the spaces before it, which the lazy line's indentation gave it.
            Tree.type($0) == CMARK_NODE_HTML_BLOCK
                && Tree.literal($0).drop(while: { $0 == " " || $0 == "\t" }) == lazyLineMark + "\n"
        }
        for mark in marks { Tree.remove(mark) }
    }
}
