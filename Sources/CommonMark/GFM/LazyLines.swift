internal import CCmark

/// Lines that libcmark reads as lazy continuation lines of a paragraph where cmark-gfm starts a block with
/// them, closing the containers they lack a `>` or the indentation of: a line of a CDATA block written before each,
/// with its `>` markers and indented to stay in the same containers, makes libcmark close those containers
/// too (an HTML block may interrupt a paragraph), and is taken out after parsing.
///
/// - After a table's rows: cmark-gfm's table is a block of its own, not a paragraph, and `blocks.c`
///   continues only a paragraph lazily, so the line starts blocks where it stands (code, if indented four
///   columns past what it is in), the lines after it read against what is left open.
/// - An HTML tag alone on a lazy line (`>a`, `<b>`): cmark-gfm 0.29 asks whether the last container the
///   line matched is a paragraph before it lets an HTML block of the seventh kind start, and that
///   container is the quote or list item (or the document), so the tag starts an HTML block; libcmark
///   0.30 asks of the paragraph and continues it.
enum LazyLines {
    /// A line to write a mark before, the `>` markers of its block quotes (a `>` indented as text is none),
    /// and the columns of indentation after them (and their optional space) that keep the mark in the
    /// containers the line stays in.
    struct Mark {
        var line: Int
        var quotes: Int
        var indent: Int
    }

    /// The block written before a line, taken out after parsing. Its space is canonically equivalent to no
    /// other mark's: Swift compares strings by canonical equivalence, under which U+2000, the footnotes'
    /// blank line mark's, is U+2002, and the marks would take each other out.
    static let markText = "<![CDATA[\u{2006}]]>"

    /// The text with a mark before each of the lines, or nil when there is none.
    ///
    /// - Parameter markdown: The text as written, whose lines the marks number (rewriting footnote
    ///   definitions and task lines keeps every line where it is).
    static func marking(_ markdown: String, at marks: [Mark]) -> String? {
        let marks = marks.sorted { $0.line < $1.line }
        guard !marks.isEmpty else { return nil }
        let lines = SourceLines(markdown).lines
        var output = ""
        output.reserveCapacity(markdown.utf8.count + marks.count * 16)
        var last = markdown.startIndex
        for mark in marks where mark.line >= 1 && mark.line <= lines.count {
            let line = lines[mark.line - 1]
            guard line.startIndex >= last else { continue }
            let markers = line.prefix { $0 == ">" || $0 == " " || $0 == "\t" }
            let quoteMarkers = markers.indices.filter { markers[$0] == ">" }.prefix(mark.quotes)
            let quotes = quoteMarkers.last.map { markers[...$0] + " " } ?? ""
            output += markdown[last..<line.startIndex]
            output += quotes + String(repeating: " ", count: mark.indent) + markText + "\n"
            last = line.startIndex
        }
        output += markdown[last...]
        return output
    }

    /// The marks of tables' lazy lines that one parse can place: each mark closes containers, so the lines
    /// after it may be read otherwise in the parse with it (`- a|b`, `  -|-`, `x`, a blank line, `  c|d`,
    /// `  -|-`, `y` makes `y` a row of a table after the list), and a later table's mark is placed in the
    /// next parse unless its block starts after a blank line past the mark, at the document's level, with
    /// no line between that could open a fence or HTML block that goes on over blank lines. A tag's mark
    /// placed in the same parse (`tags` before the first table's lazy line) closes containers too: a table in
    /// a list that the tag leaves (`+ a`, `<n>`, a blank line, `  t|`, `  -|`, `x`) is no longer in it.
    static func independent(_ plans: [Tables.Plan], lines: SourceLines, tags: [Mark] = []) -> [Mark] {
        let found = plans.compactMap { plan in plan.lazyLine.map { (mark: $0, outer: plan.outerLine) } }
            .sorted { $0.mark.line < $1.mark.line }
        let tagLines = tags.map(\.line).filter { $0 < found.first?.mark.line ?? 0 }
        var marks: [Mark] = []
        for (mark, outer) in found {
            // The tag's own line opens an HTML block that ends at a blank line.
            let tag = tagLines.filter { $0 < mark.line }.max().map { $0 + 1 } ?? 0
            let last = max(marks.last?.line ?? 0, tag)
            if last > 0 {
                guard outer > last, (last..<outer).contains(where: { lines.isBlank($0, quotes: 0) }),
                    !(last..<outer).contains(where: { opensLongBlock(lines.lines[$0 - 1]) })
                else { break }
            }
            marks.append(mark)
        }
        return marks
    }

    /// Whether the line, after `>` markers and white space, starts with a fence's character or `<`.
    private static func opensLongBlock(_ line: Substring) -> Bool {
        let first = line.utf8.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: ">") }
        return first == UInt8(ascii: "`") || first == UInt8(ascii: "~") || first == UInt8(ascii: "<")
    }

    /// The marks found in a text that ``marking(_:at:)`` wrote with `marks`, numbered by the lines as written,
    /// those not among `marks`.
    static func written(_ found: [Mark], markedAt marks: [Mark]) -> [Mark] {
        found.compactMap { mark in
            // A line as written moves down one line for each mark written before it or before a line above.
            var line = mark.line
            while line > 1, line + marks.count(where: { $0.line <= line }) > mark.line { line -= 1 }
            guard line + marks.count(where: { $0.line <= line }) == mark.line,
                !marks.contains(where: { $0.line == line })
            else { return nil }
            return Mark(line: line, quotes: mark.quotes, indent: mark.indent)
        }
    }

    /// The lazy lines of paragraphs (and setext headings) in block quotes and list items that hold an HTML tag
    /// alone. A paragraph that libcmark read whole as link reference definitions leaves no node but lines of
    /// its container that no block holds (`- [r]:`, then `<b>`: the tag is the definition's destination);
    /// a tag on a lazy line there is found too, as cmark-gfm starts an HTML block with it and leaves the
    /// definition unfinished, text.
    static func htmlTagLines(in root: OpaquePointer, source: String, lines: () -> SourceLines) -> [Mark] {
        let candidates = tagLineNumbers(source)
        guard !candidates.isEmpty else { return [] }
        let source = lines()
        var marks: [Mark] = []
        // A setext underline after the tag (`- a`, `<span>`, `  -`) made libcmark's paragraph a heading.
        let paragraphs = Tree.blocks(root) {
            (Tree.type($0) == CMARK_NODE_PARAGRAPH || Tree.type($0) == CMARK_NODE_HEADING) && Tree.parent($0) != root
                && Tree.endLine($0) > Tree.startLine($0)
        }
        var spans = paragraphs.map { Span(block: $0, first: Tree.startLine($0), last: Tree.endLine($0)) }
        spans += vanishedParagraphs(in: root)
        spans.sort { $0.first < $1.first }
        // Spans hold lines of their own, in document order, as the candidates are: one pass over both.
        var next = 0
        for span in spans {
            let (first, last, paragraph) = (span.first, span.last, span.block)
            while next < candidates.count, candidates[next] <= first { next += 1 }
            var end = next
            while end < candidates.count, candidates[end] <= last { end += 1 }
            let inside = candidates[next..<end]
            next = end
            guard !inside.isEmpty else { continue }
            // A vanished paragraph's container stands in with a block of its own, taken out again: the lines'
            // containers are the block's ancestors.
            let probe =
                span.vanished
                ? cmark_node_new(CMARK_NODE_PARAGRAPH).flatMap { Tree.append($0, to: paragraph) ? $0 : nil } : nil
            defer { if let probe { Tree.remove(probe) } }
            let block = probe ?? paragraph
            let quotes = Tree.quoteDepth(of: block)
            let margins = Tables.quoteMargins(of: block, source: source)
            let content = source.content(
                from: first, column: Tree.startColumn(paragraph), through: last, quotes: quotes, margins: margins)
            let items = Tables.itemContentColumns(of: block, source: source, quotes: quotes)
            for number in inside {
                let line = content[number - first]
                let isLazy = line.lazy || items.first.map { line.indent < $0 } ?? false
                // Four columns past the content of what the line stays in, it is code, no tag.
                let outside = Tables.outsideItemContents(of: block, source: source)
                let kept = keptItemContent(
                    of: line, quotes: quotes, items: items, outside: outside,
                    between: { Tables.itemContents(of: block, afterQuotes: $0, source: source) })
                guard isLazy, line.indent - kept < 4, BlockStart.isHTMLTagLine(line.text) else { continue }
                marks.append(Mark(line: number, quotes: line.quotesFound, indent: line.indent))
            }
        }
        return marks
    }

    /// Lines of a paragraph, or of one that libcmark took out as link reference definitions (`vanished`):
    /// then `block` is the block quote or list item it was in.
    private struct Span {
        var block: OpaquePointer
        var first: Int
        var last: Int
        var vanished = false
    }

    /// The runs of lines in block quotes and list items that no block in them holds: paragraphs of link
    /// reference definitions, which leave no node.
    private static func vanishedParagraphs(in root: OpaquePointer) -> [Span] {
        let containers = Tree.blocks(root) {
            Tree.type($0) == CMARK_NODE_ITEM || Tree.type($0) == CMARK_NODE_BLOCK_QUOTE
        }
        return Tree.unheldLines(in: containers, lineCount: 0).map {
            Span(block: $0.container, first: $0.first, last: $0.last, vanished: true)
        }
    }

    /// The content column of the innermost list item a lazy line stays in, of those around its paragraph
    /// (innermost first): a line without one of its quotes' `>` leaves the items inside that quote, and one
    /// with all of them stays in the items it is indented for; one without any `>` stays in the innermost
    /// of the items outside the quotes (whose content columns are `outside`, innermost first) it is indented
    /// for; one with some of them stays in the items between its last one and the next that it is indented
    /// for (`between`: their content columns past that quote's, by how many `>` the line has).
    static func keptItemContent(
        of line: SourceLines.ContentLine, quotes: Int, items: [Int], outside: [Int] = [], between: (Int) -> [Int]
    ) -> Int {
        guard line.quotesFound < quotes else { return items.first { $0 <= line.indent } ?? 0 }
        guard line.quotesFound == 0 else { return between(line.quotesFound).filter { $0 <= line.indent }.max() ?? 0 }
        return outside.first { $0 > 0 && $0 <= line.indent } ?? 0
    }

    /// The numbers of the lines after the first whose text after `>` markers and white space begins with
    /// `<` and a letter or `/`: a byte scan, as most documents have none.
    private static func tagLineNumbers(_ source: String) -> [Int] {
        var source = source
        return source.withUTF8 { bytes in
            // Most documents have no tag at all: found with memchr, not by looking at every line.
            let mayHoldTag = ByteSearch.contains(UInt8(ascii: "<"), in: UnsafeRawBufferPointer(bytes)) { open in
                open + 1 < bytes.count && (isASCIIAlphanumeric(bytes[open + 1]) || bytes[open + 1] == UInt8(ascii: "/"))
            }
            guard mayHoldTag else { return [] }
            let raw = UnsafeRawBufferPointer(bytes)
            if ByteSearch.next(0x0D, in: raw, from: 0, to: bytes.count) == bytes.count {
                return tagLineNumbers(lineFeedsOnly: raw)
            }
            var numbers: [Int] = []
            var number = 1
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte == 0x0A || byte == 0x0D else { continue }
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                number += 1
                var start = index
                while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x3E {
                    start += 1
                }
                if start + 1 < bytes.count, bytes[start] == UInt8(ascii: "<"),
                    isASCIIAlphanumeric(bytes[start + 1]) || bytes[start + 1] == UInt8(ascii: "/")
                {
                    numbers.append(number)
                }
            }
            return numbers
        }
    }

    /// The same for a text whose lines end in line feeds alone (nearly every document): from one `<` to the
    /// next by memchr, back over the white space and `>` before it to a line's start, and the lines between
    /// counted by memchr, not a look at every byte.
    private static func tagLineNumbers(lineFeedsOnly bytes: UnsafeRawBufferPointer) -> [Int] {
        var numbers: [Int] = []
        var (number, counted, at) = (1, 0, 0)
        while true {
            at = ByteSearch.next(UInt8(ascii: "<"), in: bytes, from: at, to: bytes.count)
            guard at + 1 < bytes.count else { return numbers }
            defer { at += 1 }
            guard isASCIIAlphanumeric(bytes[at + 1]) || bytes[at + 1] == UInt8(ascii: "/") else { continue }
            var start = at
            while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 || bytes[start - 1] == 0x3E {
                start -= 1
            }
            guard start > 0, bytes[start - 1] == 0x0A else { continue }
            while true {
                counted = ByteSearch.next(0x0A, in: bytes, from: counted, to: start)
                guard counted < start else { break }
                number += 1
                counted += 1
            }
            if numbers.last != number { numbers.append(number) }
        }
    }

    /// Takes out the marks ``marking(_:at:)`` wrote: the HTML blocks they made, and their lines where a
    /// block that an earlier mark let start runs on over them (a lazy tag line starts an HTML block that
    /// lasts to a blank line: `- a`, `<img>`, `- b`, `<img>` makes one block of the last three lines, with
    /// the second mark in it).
    static func removeMarks(_ root: OpaquePointer) {
        let holders = Tree.blocks(root) {
            Tree.type($0) == CMARK_NODE_HTML_BLOCK || Tree.type($0) == CMARK_NODE_CODE_BLOCK
        }
        for block in holders {
            let literal = Tree.literal(block)
            guard ByteSearch.contains(literal, markText) else { continue }
            // A block keeps the spaces before a mark, which the line's indentation gave it, and the `>` of a
            // mark written in a quote where the block is outside it (an HTML block a lazy tag started goes on
            // over a quote's line: `>[^1]:a`, `<a f="">`, `><b>`).
            var lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
            lines.removeAll { $0.drop(while: { $0 == " " || $0 == "\t" || $0 == ">" }) == markText }
            let kept = lines.joined(separator: "\n")
            if kept.isEmpty && Tree.type(block) == CMARK_NODE_HTML_BLOCK {
                Tree.remove(block)
            } else {
                Tree.setLiteral(block, kept)
            }
        }
    }
}
