internal import CCmark

/// GFM footnotes on libcmark's tree.
///
/// libcmark would read `[^label]: text` as a link reference definition, so before parsing, each
/// definition's first line is written as a bullet list item whose content starts four columns in, as a
/// footnote's continuation lines do; the line count stays the same. A definition with nothing after the
/// colon gets an HTML block that closes on its line (a CDATA section of one U+2001, where a post may write
/// an empty one; taken out after parsing) as its first block: an item whose first line is empty would
/// start its content two columns in, could not interrupt a paragraph and would end at a blank line, where
/// cmark-gfm's definition does none of these. The marks written before the parse are CDATA blocks, not
/// comments: a line written in an HTML block is still in it after the rewrite, and a block of the kind a
/// mark is of would end at the mark (comments are common in posts, CDATA sections rare). After parsing,
/// those items are the definitions; `[^label]` in text refers to one when the label matches (case-insensitively, as link
/// labels do). Referenced definitions go, numbered in order of first reference, into a section at the
/// end, each with links back to its references; cmark-gfm's markup, attribute for attribute.
enum Footnotes {
    /// Where a definition's item starts: its line (1-based) and column.
    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// The source with definitions rewritten, each definition's position and label as written, and the
    /// lines that may end a definition after a lazy line (``EndingLines/Ending/pending``, 1-based, by the
    /// definition's line).
    ///
    /// Every line that reads as a definition is rewritten, in code blocks and HTML blocks too: which lines
    /// those hold is known only from the parse, after which the caller rewrites again with the parse's
    /// ``Corrections`` (``corrections(_:labels:pending:source:)``) and parses once more: definitions whose
    /// item did not appear are left as written; one indented past its container's content gets its bullet
    /// there, as cmark-gfm counts a definition's four columns of indentation from that content, not from the
    /// definition; lazy lines the parse kept in a definition carry the search for its end on.
    static func rewriteDefinitions(_ source: String, correcting corrections: Corrections = Corrections()) -> (
        source: String, labels: [Position: String], pending: [Int: Int]
    )? {
        guard source.utf8.count >= 5, ByteSearch.contains(source, "[^") else { return nil }
        var labels: [Position: String] = [:]
        var pending: [Int: Int] = [:]
        // What to replace: from a definition's `[^` to its text, by `+   `. Collected first, so that a
        // document with none is not copied.
        var replaced: [(range: Range<String.Index>, replacement: String)] = []
        let sourceLines = SourceLines(source)
        let lines = sourceLines.lines
        var endings = EndingLines(
            lines: lines, continuing: corrections.continuing, paragraphLines: corrections.paragraphLines)
        var ahead: LinesAhead?
        // Most lines hold no definition: only those with a `[^` are read, found by bytes in one search.
        for number in sourceLines.lineIndices(holding: [UInt8(ascii: "["), UInt8(ascii: "^")]) {
            let line = lines[number]
            if corrections.excluding.contains(number + 1) { continue }
            // Block quote and list markers first: a definition may start inside them.
            let prefix = containerPrefix(line)
            let rest = line.dropFirst(prefix)
            let indent = rest.prefix { $0 == " " || $0 == "\t" }.count
            let body = rest.dropFirst(indent)
            let quotes = line[..<rest.startIndex].count { $0 == ">" }
            // Four columns or more may still be a definition: one nested in another's content, which a
            // definition's four columns of indentation leave (the parse says whether it is one).
            guard var found = definition(at: body) else { continue }
            let columns = LineColumns(line)
            if ahead == nil { ahead = LinesAhead(sourceLines) }
            let marker = Self.marker(
                between: lines[..<number], and: number + 1, ahead: ahead ?? LinesAhead(sourceLines),
                beforeText: innermostText(of: found.text, in: columns),
                avoidingFirstChoice: corrections.joined.contains(number + 1))
            // The item's content starts a column further in where the next line ends the definition, so that a
            // line indented four columns after that line is no longer its; the next line ends one nested on the
            // line where it is blank and not indented four columns past the content of the one around it.
            var depth = 0
            // The marker's width and the spaces after it make four columns, or five.
            var spaces: String {
                let columns = endsAtLine(number + 1, of: lines, quotes: quotes, past: 4 * depth) ? 5 : 4
                return String(repeating: " ", count: columns - marker.utf8.count)
            }
            // A definition may start where another's text would (`[^1]:[^2]: text`): cmark-gfm opens it
            // inside the first, as a list item opens inside another on one line.
            var (start, lead) = outdented(body, in: line, by: corrections.outdenting[number + 1])
            replaced.append((start.startIndex..<start.startIndex, lead))
            // The column in the rewritten line, where each definition before takes the marker's width.
            var column = line[..<start.startIndex].utf8.count + lead.utf8.count + 1
            // The definitions nested on the line and the list items and block quotes between them, outermost
            // first (``nestedEndingMarks``); nil where their markers are read no further.
            var levels: [Nested]? = [.definition]
            while true {
                labels[Position(line: number + 1, column: column)] = String(found.label)
                let text = found.text
                // So may one after list or quote markers that start the text (`[^1]:+ [^2]: a`).
                let innerBody = afterContainers(text)
                let nested = definition(at: innerBody).flatMap {
                    isIndentedAsCode(innerBody, after: text, in: columns) ? nil : $0
                }
                replaced.append((start.startIndex..<text.startIndex, marker + spaces + (text.isEmpty ? emptyMark : "")))
                let lead = text[..<innerBody.startIndex]
                let written = writtenLead(lead, before: innerBody, in: text, columns: columns, nesting: nested != nil)
                if written != lead { replaced.append((lead.startIndex..<lead.endIndex, written)) }
                guard let inner = nested else { break }
                levels = levels.flatMap { levels in nestedContainers(written).map { levels + $0 + [.definition] } }
                column += marker.utf8.count + spaces.utf8.count + written.utf8.count
                depth += 1
                start = innerBody
                found = inner
            }
            let ending = endingMarks(
                of: (number, line), lines: lines, containers: rest.startIndex, body: body.startIndex,
                quotes: quotes, nested: levels ?? Array(repeating: .definition, count: depth + 1),
                outdent: corrections.outdenting[number + 1] ?? 0, endings: &endings)
            replaced += ending.marks
            pending[number + 1] = ending.pending
        }
        guard !labels.isEmpty else { return nil }
        replaced += emptiedMarks(corrections.emptied, lines: lines)
        return (replacing(replaced, in: source), labels, pending)
    }

    /// The marks that end a definition (on line `number`, 0-based) where cmark-gfm ends it, and those of
    /// the definitions nested on its line; with the line (1-based) where a lazy line's search for its end
    /// goes on, if any.
    private static func endingMarks(
        of definition: (number: Int, line: Substring), lines: [Substring], containers: String.Index,
        body: String.Index, quotes: Int, nested: [Nested], outdent: Int, endings: inout EndingLines
    ) -> (marks: [(range: Range<String.Index>, replacement: String)], pending: Int?) {
        let (number, line) = definition
        var marks: [(range: Range<String.Index>, replacement: String)] = []
        // Its content is four columns past the definition, which list items may stand before; past its
        // container's content where it is indented from there (cmark-gfm counts its columns from there).
        let offset = Self.column(of: body, in: line) - quoteContentColumn(of: line, before: containers) - outdent
        if nested.count > 1, quotes == 0 {
            marks += nestedEndingMarks(
                after: number, of: lines, paragraphLines: endings.paragraphLines, nested: nested,
                markerColumn: Self.column(of: body, in: line) - outdent)
        }
        let lead = quotes > 0 ? quoteLead(at: number, in: lines) : 0
        let items = quotes > 1 ? itemWidths(at: number, in: lines, before: containers) : []
        let ending = endings.line(after: number, quotes: quotes, offset: offset, lead: lead, items: items)
        if let end = ending.line,
            let mark = blankLineMark(
                after: line, containers: containers, definition: (body, outdent), next: lines[end],
                quotes: (lead, items))
        {
            marks.append(mark)
        }
        return (marks, ending.pending.map { $0 + 1 })
    }

    /// Where the bullet of a definition at `body` goes when it is indented `outdent` columns past its
    /// container's content, and the spaces written before it: a tab there is written as the spaces it
    /// stands for (`>\t[^1]:`, whose `>` takes one of the tab's columns).
    private static func outdented(_ body: Substring, in line: Substring, by outdent: Int?) -> (Substring, String) {
        guard let outdent else { return (body, "") }
        let before = line[..<body.startIndex]
        if before.hasSuffix(String(repeating: " ", count: outdent)) {
            return (line[line.utf8.index(body.startIndex, offsetBy: -outdent)...], "")
        }
        let spaceStart =
            before.lastIndex { $0 != " " && $0 != "\t" }.map { before.index(after: $0) } ?? before.startIndex
        let expanded = expandingTabs(before[spaceStart...], in: LineColumns(line))
        guard before[spaceStart...].contains("\t"), expanded.count >= outdent else { return (body, "") }
        return (line[spaceStart...], String(repeating: " ", count: expanded.count - outdent))
    }

    /// Whether the line at `index` ends a definition inside `quotes` block quotes: cmark-gfm's definition
    /// goes on over a blank line only when the line is empty from its first byte
    /// (`parse_footnote_definition_block_prefix` looks at the line's start, not at what its containers left);
    /// after `>` or spaces alone it ends.
    private static func endsAtLine(_ index: Int, of lines: [Substring], quotes: Int, past indent: Int = 0) -> Bool {
        index < lines.count && isBlankButNotEmpty(lines[index])
            && !isIndentedForContent(
                lines[index], quotes: quotes, past: indent, quoteLead: quoteLead(at: index - 1, in: lines))
    }

    /// The source with each range replaced, in the source's order. A line that ends definitions nested in
    /// each other is replaced once, by the outermost one's mark, which came first.
    private static func replacing(_ replaced: [(range: Range<String.Index>, replacement: String)], in source: String)
        -> String
    {
        var output = ""
        output.reserveCapacity(source.utf8.count)
        var last = source.startIndex
        // A nested definition's rewrite comes after the mark of the line that ends the one around it.
        let ordered = replaced.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }
        for (range, replacement) in ordered.map(\.element) where range.lowerBound >= last {
            output += source[last..<range.lowerBound]
            output += replacement
            last = range.upperBound
        }
        output += source[last...]
        return output
    }

    /// The lines of only `>` (or white space) that end definitions, after lines indented as their content:
    /// cmark-gfm's definition goes on over a blank line only where the line is empty from its first byte,
    /// which a line in a block quote never is.
    private struct EndingLines {
        /// Where a definition's search ended: the index of the line that ends it, or, where the search stopped
        /// at a line that may be a lazy continuation line of its paragraph, the index of the first line of
        /// only `>` or white space after that one, which ends it if the parse keeps the lazy line in it.
        struct Ending {
            var line: Int?
            var pending: Int?
        }

        let lines: [Substring]
        /// The indices of lines the parse kept in definitions as lazy continuation lines, as cmark-gfm keeps
        /// them (a definition's paragraph continues lazily in both).
        let continuing: Set<Int>
        private var last: (found: Ending, stop: Int, quotes: Int, offset: Int, lead: Int, items: [Int])?
        /// For each line index, the index of the first line from it on of only `>` and white space: found
        /// once, when a search first stops at a line that may be lazy.
        private var nextBlankButNotEmpty: [Int] = []

        /// ``Corrections/paragraphLines``, for the definitions nested on a line.
        let paragraphLines: Set<Int>

        init(lines: [Substring], continuing: Set<Int>, paragraphLines: Set<Int>) {
            self.lines = lines
            self.continuing = continuing
            self.paragraphLines = paragraphLines
        }

        /// Where the definition on line index `number` ends, inside `quotes` block quotes and `offset` columns
        /// past their content, their first `>` standing up to three columns past `lead` (``quoteLead(at:in:)``). A definition in the lines another's search passed ends where that one does:
        /// each line is looked at once, however many definitions it holds.
        mutating func line(after number: Int, quotes: Int, offset: Int, lead: Int, items: [Int] = []) -> Ending {
            if let last, number < last.stop, last.quotes == quotes, last.offset == offset, last.lead == lead,
                last.items == items
            {
                return last.found
            }
            var index = number + 1
            while index < lines.count {
                let line = lines[index]
                let indented = isIndentedForContent(
                    line, quotes: quotes, past: offset, quoteLead: lead, items: items)
                if isBlankButNotEmpty(line), !indented { break }
                guard indented || (line.isEmpty && quotes == 0) || continuing.contains(index) else {
                    // A line right after one that is not blank may continue the definition's paragraph; the
                    // parse tells, where a line that would end the definition follows.
                    let mayBeLazy =
                        !line.isEmpty && !lines[index - 1].allSatisfy { $0 == " " || $0 == "\t" || $0 == ">" }
                    let found = Ending(line: nil, pending: mayBeLazy ? blankButNotEmpty(from: index + 1) : nil)
                    last = (found, index, quotes, offset, lead, items)
                    return found
                }
                index += 1
            }
            let found = Ending(line: index < lines.count ? index : nil)
            last = (found, index, quotes, offset, lead, items)
            return found
        }

        private mutating func blankButNotEmpty(from index: Int) -> Int? {
            if nextBlankButNotEmpty.isEmpty {
                nextBlankButNotEmpty = [Int](repeating: lines.count, count: lines.count + 1)
                for line in lines.indices.reversed() {
                    nextBlankButNotEmpty[line] = isBlankButNotEmpty(lines[line]) ? line : nextBlankButNotEmpty[line + 1]
                }
            }
            let found = nextBlankButNotEmpty[min(index, lines.count)]
            return found < lines.count ? found : nil
        }
    }

    /// A line of only `>` ends the definition even where the line after it is indented as its content
    /// would be; libcmark's item would go on, so the line is written as a mark that ends it, taken out after
    /// parsing: the line's range and the mark, or nil where the line is no blank line of the definition's
    /// containers.
    ///
    /// - Parameters:
    ///   - line: The definition's line, whose containers' markers end at `containers` and whose definition
    ///     starts at `definition`, its bullet `outdent` columns before (at its container's content).
    ///   - next: The line after it, of only `>` markers and white space.
    private static func blankLineMark(
        after line: Substring, containers: Substring.Index, definition written: (Substring.Index, outdent: Int),
        next: Substring, quotes: (lead: Int, items: [Int])
    ) -> (Range<Substring.Index>, String)? {
        let (definition, outdent) = written
        let markers = next.prefix { $0 == ">" || $0 == " " || $0 == "\t" }
        let prefix = line[..<containers]
        // A `>` four columns past where its quote's marker may stand is no marker (`>[^1]: b`, `\t>`): the
        // line is the paragraph's lazy text, as in cmark-gfm. The definition's line shows where its first
        // quote stands: past the four columns of each definition or list item around it (`[^1]:`,
        // `\t>[^n]:`, `\t>`; `1)`, `   >[^2]:`, `    >`).
        guard areQuoteMarkers(markers, from: quotes.lead, items: quotes.items) else { return nil }
        // Outside block quotes, a line of white space ends it: the mark stands at the definition's marker.
        if !prefix.contains(">"), !markers.contains(">") {
            let indent = String(repeating: " ", count: column(of: definition, in: line) - outdent)
            return (next.startIndex..<next.endIndex, indent + blankMark)
        }
        // Only at the definition's own depth of quotes: one more `>` starts a quote of its own, and one left
        // of the definition's last `>` leaves the list items before that (`* >[^1]:`, `>`); where no list
        // marker stands before that `>`, the quotes go on wherever their markers stand (` >* [^1]:`, `>`).
        guard let last = markers.lastIndex(of: ">"), let own = prefix.lastIndex(of: ">"),
            markers.filter({ $0 == ">" }).count == prefix.filter({ $0 == ">" }).count,
            column(of: last, in: next) >= column(of: own, in: line)
                || prefix[..<own].allSatisfy({ $0 == ">" || $0 == " " || $0 == "\t" })
        else { return nil }
        // Indented to the definition's marker after the quotes' content, so that the list items around it
        // (`>2. [^1]:`) go on.
        let indent = column(of: definition, in: line) - outdent - quoteContentColumn(of: line, before: containers)
        return (
            next.startIndex..<next.endIndex, next[...last] + " " + String(repeating: " ", count: indent) + blankMark
        )
    }

    /// The marks on the lines that libcmark's item of a definition, left without a block, would end at
    /// (``Corrections/emptied``), each at the item's content: the item goes on over it.
    private static func emptiedMarks(_ emptied: [Int: Int], lines: [Substring]) -> [(
        range: Range<String.Index>, replacement: String
    )] {
        emptied.compactMap { index, column in
            index < lines.count
                ? (lines[index].startIndex..<lines[index].endIndex, String(repeating: " ", count: column) + blankMark)
                : nil
        }
    }

    /// The first block of a definition written with nothing after its colon, taken out after parsing.
    static let emptyMark = "<![CDATA[\u{2001}]]>"

    /// The block that stands for a line of only block quote markers after a definition's first line, taken
    /// out after parsing.
    static let blankMark = "<![CDATA[\u{2000}]]>"

    /// Whether every `>` in a line's leading markers and white space stands at most three columns past the
    /// content of the quote before it (column `start` for the first), as a block quote's marker must.
    ///
    /// - Parameter items: For each quote after the first, the columns that the list items between it and
    ///   the quote before it take past that one's content (``itemWidths(at:in:before:)``).
    private static func areQuoteMarkers(_ markers: Substring, from start: Int, items: [Int] = []) -> Bool {
        var content = start
        var index = markers.startIndex
        var depth = 0
        while let quote = markers[index...].firstIndex(of: ">") {
            if depth > 0, depth - 1 < items.count { content += items[depth - 1] }
            depth += 1
            // Not before its container's content either: a `>` left of a list item's content leaves the item.
            guard (0...3).contains(column(of: quote, in: markers) - content) else { return false }
            index = markers.index(after: quote)
            // The marker's optional space: a space, or a tab's first column.
            content = column(of: quote, in: markers) + 1
            if index < markers.endIndex, markers[index] == " " || markers[index] == "\t" { content += 1 }
            if index < markers.endIndex, markers[index] == " " { index = markers.index(after: index) }
        }
        return true
    }

    /// For each block quote after the first in the container markers of a definition's line (index `number`,
    /// markers before `containers`), the width of the list items between it and the quote before it, which
    /// a later line's `>` stands up to three columns past: where list markers stand between them on the line
    /// (`> - >[^1]:`), the columns from the content of the quote before to the `>`; where none does, the
    /// width of the item that a line before opened there (`>-`, `>   >[^1]:`), looked for up to a bound; four
    /// where none is found and the `>` stands four columns or more past the quote's content (a definition's
    /// content); 0 otherwise.
    private static func itemWidths(at number: Int, in lines: [Substring], before containers: Substring.Index)
        -> [Int]
    {
        let gaps = itemWidths(between: lines[number][..<containers])
        return gaps.enumerated().map { depth, gap in
            guard !gap.marked else { return gap.columns }
            // The line's `>` stands in the item only at or past its content (`>*`, `>  >[^1]:` leaves it).
            let opened = openedItemWidth(afterQuotes: depth + 1, before: number, in: lines) ?? 0
            if opened > 0, opened <= gap.columns { return opened }
            // Four columns or more with no item is a definition's content, which takes four (`>[^a]:>[^b]:`,
            // then `>     >`): a `>` less indented on a later line leaves it.
            return gap.columns >= 4 ? 4 : 0
        }
    }

    /// The width of the list item (marker's indentation past the quote's content, marker, and its padding as
    /// cmark counts it) that the nearest line before line index `number` opens right after its first `quotes`
    /// block quote markers; nil where none of the lines looked at does.
    private static func openedItemWidth(afterQuotes quotes: Int, before number: Int, in lines: [Substring]) -> Int? {
        for line in lines[max(0, number - 64)..<number].reversed() {
            if line.isEmpty { return nil }
            var index = line.startIndex
            var (found, content) = (0, 0)
            while found < quotes, index < line.endIndex {
                let marker = line[index...].firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
                guard marker < line.endIndex, line[marker] == ">" else { break }
                found += 1
                content = column(of: marker, in: line) + 1
                index = line.index(after: marker)
                if index < line.endIndex, line[index] == " " || line[index] == "\t" {
                    content += 1
                    if line[index] == " " { index = line.index(after: index) }
                }
            }
            guard found == quotes else { continue }
            let rest = line[index...]
            guard let marker = rest.firstIndex(where: { $0 != " " && $0 != "\t" }) else { continue }
            var end = marker
            if "-+*".contains(line[marker]) {
                end = line.index(after: marker)
            } else {
                let digits = line[marker...].prefix { $0.isASCII && $0.isNumber }
                guard (1...9).contains(digits.count), digits.endIndex < line.endIndex,
                    line[digits.endIndex] == "." || line[digits.endIndex] == ")"
                else { continue }
                end = line.index(after: digits.endIndex)
            }
            let text = line[end...].firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
            guard text == line.endIndex || text > end else { continue }
            let spaces = column(of: text, in: line) - column(of: end, in: line)
            let padding = text == line.endIndex || spaces >= 5 ? 1 : spaces
            return column(of: end, in: line) + padding - content
        }
        return nil
    }

    /// For each block quote after the first in a line's container markers, the columns from the content of
    /// the quote before it to its `>`, and whether list markers stand between them (`> - >[^1]:`).
    private static func itemWidths(between prefix: Substring) -> [(columns: Int, marked: Bool)] {
        var widths: [(columns: Int, marked: Bool)] = []
        var content: Int?
        var marked = false
        var index = prefix.startIndex
        while index < prefix.endIndex {
            let character = prefix[index]
            if character == ">" {
                let column = column(of: index, in: prefix)
                if let content { widths.append((column - content, marked)) }
                let next = prefix.index(after: index)
                content = column + (next < prefix.endIndex && (prefix[next] == " " || prefix[next] == "\t") ? 2 : 1)
                marked = false
            } else if character != " " && character != "\t" {
                marked = true
            }
            index = prefix.index(after: index)
        }
        return widths
    }

    /// A definition's text after the list and quote markers at its start, where another definition may be.
    private static func afterContainers(_ text: Substring) -> Substring {
        text.dropFirst(containerPrefix(text)).drop { $0 == " " || $0 == "\t" }
    }

    /// Whether the white space after one of the markers between a definition's text (`outer`) and the text
    /// after them (`text`, ``afterContainers(_:)``) makes the rest indented code: four columns past a `>` and
    /// its optional space (`[^ab]:> \t[^1]:`, where the tab takes four), or five past a list marker, whose
    /// content then starts one column after it (`[^a]: - \t- [^b]:`, `[^a]:-     >[^b]:`), whichever marker
    /// it follows. Right after a definition's colon it never does: cmark-gfm's `scan_footnote_definition`
    /// takes the white space after the colon with it (`[^a]:[^b]:     [^c]:` defines `c` too).
    private static func isIndentedAsCode(_ text: Substring, after outer: Substring, in line: LineColumns) -> Bool {
        codeSpace(text, after: outer, in: line) != nil
    }

    /// Where the code that white space after one of the markers makes begins (``isIndentedAsCode(_:after:in:)``):
    /// the column four past the content, which starts one column after the marker's `>` or list marker.
    static func codeStart(_ text: Substring, after outer: Substring, in line: LineColumns) -> Int? {
        codeSpace(text, after: outer, in: line).map { line.column(of: $0) + 5 }
    }

    /// The white space after a marker that makes the rest code (``isIndentedAsCode(_:after:in:)``). Each
    /// search stays between the two texts, and columns are counted from the line's start only for white space
    /// that holds a tab: a line of thousands of nested definitions is read once for each, not from its start.
    private static func codeSpace(_ text: Substring, after outer: Substring, in columns: LineColumns)
        -> Substring.Index?
    {
        let line = columns.line
        var index = outer.startIndex
        while index < text.startIndex {
            let isQuote = line[index] == ">"
            // Past the marker (`>`, a bullet, or digits and `.` or `)`) to the white space after it.
            guard let space = line[index..<text.startIndex].firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                return nil
            }
            index = line[space..<text.startIndex].firstIndex { $0 != " " && $0 != "\t" } ?? text.startIndex
            let run = line[space..<index]
            let width = run.contains("\t") ? columns.column(of: index) - columns.column(of: space) : run.count
            if isQuote ? width - 1 >= 4 : width >= 5 { return space }
        }
        return nil
    }

    /// The text of the innermost of the definitions that start a definition's text, or that text.
    private static func innermostText(of text: Substring, in line: LineColumns) -> Substring {
        var text = text
        while case let inner = afterContainers(text), let found = definition(at: inner),
            !isIndentedAsCode(inner, after: text, in: line)
        {
            text = found.text
        }
        return text
    }

    /// A bullet that the list items around a definition do not start with, so that its item never joins a
    /// list of the post's own (which would make that list loose): the list before, and the next line that is
    /// neither blank nor indented as the definition's own content.
    ///
    /// Nor one the definition's text is made of, with which the rewritten line would be a thematic break
    /// (`[^1]:**`), and the list after the definition's paragraph and a blank line is kept apart too. Where
    /// these take all three bullets, `1.` or `1)`, which start ordered lists (a definition is no item in
    /// cmark-gfm: it ends the list before it, and the items after it start another); where they take those
    /// too, the one taken by the fewest of the nearest.
    ///
    /// - Parameter avoidingFirstChoice: Whether the bullet chosen so joined a list it should keep apart
    ///   (``Corrections/joined``): the next one is taken.
    private static func marker(
        between preceding: ArraySlice<Substring>, and following: Int, ahead: LinesAhead, beforeText text: Substring,
        avoidingFirstChoice: Bool = false
    ) -> String {
        // The markers of the list items a line starts (`2. + a` starts one of `.` and one of `+`; `-` alone, an
        // empty one), as a mask of `+`, `-`, `*`, `.` and `)`; by byte, as most lines are text that starts none.
        func bullets(_ line: Substring?) -> UInt8 {
            guard let bytes = line?.utf8 else { return 0 }
            var found: UInt8 = 0
            var index = bytes.startIndex
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") {
                    index = bytes.index(after: index)
                    continue
                }
                let bullet = Self.bulletBytes.firstIndex(of: byte)
                var end = index
                if bullet != nil {
                    end = bytes.index(after: index)
                } else {
                    while end < bytes.endIndex, (0x30...0x39).contains(bytes[end]) { end = bytes.index(after: end) }
                    guard end > index, end < bytes.endIndex, bytes[end] == UInt8(ascii: ".") || bytes[end] == 0x29
                    else { break }
                    let delimiter = bytes[end]
                    end = bytes.index(after: end)
                    if end == bytes.endIndex || bytes[end] == 0x20 || bytes[end] == 0x09 {
                        found |= delimiter == 0x29 ? 1 << 4 : 1 << 3
                    }
                }
                guard end == bytes.endIndex || bytes[end] == 0x20 || bytes[end] == 0x09 else { break }
                if let bullet { found |= 1 << bullet }
                index = end
            }
            return found
        }
        func indentation(_ line: Substring) -> Int { line.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count }
        let next = ahead.line(ahead.shallow, from: following)
        // The first line after the blank line that ends the definition's paragraph.
        let afterBlank = ahead.line(ahead.filled, from: ahead.blank[min(following, ahead.blank.count - 1)])
        // The next line may be a lazy line of the definition's last paragraph: a list item that interrupts
        // that paragraph, or the list after it and a blank line, would join the item in libcmark too.
        let nextIndex = ahead.shallow[min(max(following, 0), ahead.shallow.count - 1)]
        let interrupting = ahead.line(ahead.item, from: nextIndex)
        let afterParagraph = ahead.line(ahead.filled, from: ahead.blank[nextIndex])
        // A lazy line may continue the paragraph: the list after the content that follows a blank line
        // would join the item too.
        let afterContent = ahead.line(ahead.shallow, from: ahead.blank[min(following, ahead.blank.count - 1)])
        // Back over blank lines and more deeply indented ones (a nested list's) to the first line at most
        // as indented as the definitions: a list there, with a blank line between, is the one to keep apart.
        // A line there that starts no list item may be a lazy line of an item's paragraph: the scan goes on to
        // the paragraph's start.
        var before: [UInt8] = []
        var inParagraph = false
        for line in preceding.suffix(64).reversed() {
            if line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                if inParagraph { break }
                continue
            }
            before.append(bullets(line))
            guard indentation(line) == 0 else { continue }
            if startsListItem(line) { break }
            inParagraph = true
        }
        // Most to keep apart first: the rule the text would make, the next line, the list right before,
        // the lines after, the lines before further up. The bullet is the one free of the most of them.
        var ranked: [UInt8] = [1, 2].map { bullet in
            let rule = Self.bulletBytes[bullet]
            return !text.isEmpty && text.utf8.allSatisfy({ $0 == rule || $0 == 0x20 || $0 == 0x09 }) ? 1 << bullet : 0
        }
        ranked += [bullets(next), before.first { $0 != 0 } ?? 0]
        ranked += [afterBlank, interrupting, afterParagraph, afterContent].map(bullets) + before
        // Each rank takes its bullets while some are left; the first that would take all ends the search.
        let choice = { (all: UInt8) in
            ranked.reduce((free: all, done: false)) { state, taken in
                state.done || state.free & ~taken == 0 ? (state.free, true) : (state.free & ~taken, false)
            }.free
        }
        var free = choice(0b1_1111)
        if avoidingFirstChoice { free = choice(0b1_1111 & ~(1 << free.trailingZeroBitCount)) }
        return ["+", "-", "*", "1.", "1)"][free.trailingZeroBitCount]
    }

    /// `+`, `-` and `*`, the bits 0, 1 and 2 of a mask of bullets.
    private static let bulletBytes: [UInt8] = [UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*")]

    /// For each line, the index of the first line from it on that is blank, that is not, that is neither
    /// blank nor indented four columns or by a tab, and that starts a list item so indented before the next
    /// blank line (the lines' count where there is none): found once for the document, as each definition
    /// looks ahead for them.
    private struct LinesAhead {
        let lines: [Substring]
        var blank: [Int]
        var filled: [Int]
        var shallow: [Int]
        var item: [Int]

        init(_ source: SourceLines) {
            let lines = source.lines
            self.lines = lines
            var (blank, filled, shallow, item) = (
                [Int](repeating: lines.count, count: lines.count + 1), [Int](), [Int](), [Int]()
            )
            (filled, shallow, item) = (blank, blank, blank)
            // By bytes in place: counting a long line's Characters cost a few percent of a large document's time.
            source.withBytes { bytes, bounds in
                for index in lines.indices.reversed() {
                    var end = bounds[index].lowerBound
                    var tabbed = false
                    while end < bounds[index].upperBound, bytes[end] == 0x20 || bytes[end] == 0x09 {
                        tabbed = tabbed || bytes[end] == 0x09
                        end += 1
                    }
                    let isBlank = end == bounds[index].upperBound
                    blank[index] = isBlank ? index : blank[index + 1]
                    filled[index] = isBlank ? filled[index + 1] : index
                    let isShallow = !isBlank && end - bounds[index].lowerBound < 4 && !tabbed
                    shallow[index] = isShallow ? index : shallow[index + 1]
                    item[index] =
                        isBlank ? lines.count : isShallow && startsListItem(lines[index]) ? index : item[index + 1]
                }
            }
            (self.blank, self.filled, self.shallow, self.item) = (blank, filled, shallow, item)
        }

        /// The line that `next` finds from `index` on, if any.
        func line(_ next: [Int], from index: Int) -> Substring? {
            let found = next[min(max(index, 0), next.count - 1)]
            return found < lines.count ? lines[found] : nil
        }
    }

    /// Whether a line (after any `>`) begins with a list marker: `-`, `+`, `*` or digits and `.` or `)`, then
    /// white space or the line's end.
    /// By byte, as cmark reads markers: a space or tab after the marker counts even where a combining mark
    /// follows it.
    private static func startsListItem(_ line: Substring) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x3E {
                index += 1
            }
            let digitsStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return false }
            let marker = bytes[index]
            let isMarker =
                index == digitsStart
                ? marker == UInt8(ascii: "-") || marker == UInt8(ascii: "+") || marker == UInt8(ascii: "*")
                : marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")")
            guard isMarker else { return false }
            return index + 1 == bytes.count || bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09
        }
    }

    /// The label and the text after it (white space skipped) of a definition at the start of `body`.
    /// By byte, as cmark-gfm's scanner reads `[^label]:` (a label holds no space, tab or NUL).
    private static func definition(at body: Substring) -> (label: Substring, text: Substring)? {
        let bytes = body.utf8
        guard bytes.first == UInt8(ascii: "[") else { return nil }
        let caret = bytes.index(after: bytes.startIndex)
        guard caret < bytes.endIndex, bytes[caret] == UInt8(ascii: "^") else { return nil }
        let labelStart = bytes.index(after: caret)
        guard let close = bytes[labelStart...].firstIndex(of: UInt8(ascii: "]")), close > labelStart else { return nil }
        let colon = bytes.index(after: close)
        guard colon < bytes.endIndex, bytes[colon] == UInt8(ascii: ":"),
            !bytes[labelStart..<close].contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0 })
        else { return nil }
        var textStart = bytes.index(after: colon)
        while textStart < bytes.endIndex, bytes[textStart] == 0x20 || bytes[textStart] == 0x09 {
            textStart = bytes.index(after: textStart)
        }
        return (body[labelStart..<close], body[textStart...])
    }

    /// Whether a line is indented four columns or more past `indent` after the `>` of `quotes` block quotes, which
    /// cmark-gfm's `parse_footnote_definition_block_prefix` takes for a definition's content before it looks
    /// for a blank line (`[^1]:`, `    >` holds a quote). The first `>` may stand up to three columns past
    /// `quoteLead` (``quoteLead(at:in:)``): past the content of a list item the quote is in (`* >[^1]:`,
    /// `    >`), and not before it (`+ >[^1]:`, `>     a` leaves the item).
    ///
    /// - Parameter items: For each quote after the first, the width of the list items between it and the
    ///   quote before (``itemWidths(at:in:before:)``), whose content its `>` stands up to three columns past.
    static func isIndentedForContent(
        _ line: Substring, quotes: Int, past indent: Int = 0, quoteLead: Int = 0, items: [Int] = []
    ) -> Bool {
        var rest = line
        var column = 0
        var start = 0
        for quote in 0..<quotes {
            let space = rest.prefix { $0 == " " || $0 == "\t" }
            var marker = column
            for character in space { marker = character == "\t" ? marker + 4 - marker % 4 : marker + 1 }
            let lead = quote == 0 ? quoteLead : quote - 1 < items.count ? items[quote - 1] : 0
            // Not left of the content of a list item the quote is in either: the line leaves the item.
            guard marker - start <= 3 + lead, marker - start >= lead, rest.dropFirst(space.count).first == ">" else {
                return false
            }
            column = marker + 1
            rest = rest.dropFirst(space.count + 1)
            start = column
            if rest.first == " " {
                column += 1
                rest = rest.dropFirst()
                start = column
            } else if rest.first == "\t" {
                // cmark takes one column of the tab as the marker's optional space; the others are indentation.
                start = column + 1
            }
        }
        for character in rest {
            guard character == " " || character == "\t" else { break }
            column = character == "\t" ? column + 4 - column % 4 : column + 1
        }
        return column - start >= 4 + indent
    }

    /// The column from which the first `>` of a definition's line (index `number`) and of the lines after it
    /// may stand up to three columns further in: the content of the list item the quote is in, where its
    /// marker stands before the `>` on the line (`* >[^1]:`) or on the nearest line before it that is
    /// indented less than the `>` (`1)`, `   >[^2]:`), or of the definitions around it (four columns each).
    /// Lines before are looked at up to a bound, so that a document of many such definitions stays linear.
    static func quoteLead(at number: Int, in lines: [Substring]) -> Int {
        let line = lines[number]
        guard let quote = line.firstIndex(of: ">") else { return 0 }
        let quoteColumn = column(of: quote, in: line)
        if line[..<quote].contains(where: { $0 != " " && $0 != "\t" }) { return quoteColumn }
        var lead = quoteColumn / 4 * 4
        for previous in lines[max(0, number - 64)..<number].reversed() {
            let indentation = previous.prefix { $0 == " " || $0 == "\t" }
            if indentation.endIndex == previous.endIndex { continue }
            guard column(of: indentation.endIndex, in: previous) < quoteColumn else { continue }
            if let content = listContentColumn(previous), content <= quoteColumn { lead = max(lead, content) }
            break
        }
        return lead
    }

    /// The column of the content of the list item a line starts, if it starts one: after its marker and one
    /// to four columns of white space, or one column after it where the line ends there or five or more follow.
    private static func listContentColumn(_ line: Substring) -> Int? {
        let bytes = line.utf8
        var index = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
        guard index < bytes.endIndex else { return nil }
        if "-+*".utf8.contains(bytes[index]) {
            index = bytes.index(after: index)
        } else {
            let digits = index
            while index < bytes.endIndex, bytes.distance(from: digits, to: index) < 9,
                (0x30...0x39).contains(bytes[index])
            {
                index = bytes.index(after: index)
            }
            guard index > digits, index < bytes.endIndex,
                bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")
            else { return nil }
            index = bytes.index(after: index)
        }
        let markerEnd = column(of: index, in: line)
        guard index < bytes.endIndex else { return markerEnd + 1 }
        guard bytes[index] == 0x20 || bytes[index] == 0x09 else { return nil }
        let text = bytes[index...].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
        let content = column(of: text, in: line)
        return text == bytes.endIndex || content - markerEnd > 4 ? markerEnd + 1 : content
    }

    /// Whether a line holds only block quote markers, spaces and tabs, and at least one of them.
    private static func isBlankButNotEmpty(_ line: Substring) -> Bool {
        !line.isEmpty && line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
    }

    /// The lines of rewritten definitions that the parse made no list item of, as the definition's item
    /// starts where it was written: they lie in code blocks, HTML blocks or paragraphs' lazy lines.
    static func missingDefinitions(_ root: OpaquePointer, labels: [Position: String]) -> Set<Int> {
        var found: Set<Position> = []
        for item in Tree.blocks(root, where: { Tree.type($0) == CMARK_NODE_ITEM }) {
            found.insert(Position(line: Tree.startLine(item), column: Tree.startColumn(item)))
        }
        return Set(labels.keys.filter { !found.contains($0) }.map(\.line))
    }

    /// The lines of definitions indented one to three columns past the content of the document, list
    /// item or block quote they are in, and by how much.
    /// The nearest definition's item around a node, within a bounded climb (deeper nesting is measured as
    /// it stands).
    static func enclosingDefinition(of node: OpaquePointer, labels: [Position: String]) -> OpaquePointer? {
        var ancestor = Tree.parent(node)
        var steps = 0
        while let current = ancestor, steps < 64 {
            if Tree.type(current) == CMARK_NODE_ITEM, isDefinition(current, labels: labels, lineShift: 0) {
                return current
            }
            ancestor = Tree.parent(current)
            steps += 1
        }
        return nil
    }

    static func indentedDefinitions(_ root: OpaquePointer, labels: [Position: String], source: SourceLines)
        -> [Int: Int]
    {
        var indented: [Int: Int] = [:]
        var ancestry = Tree.QuoteAncestry()
        // The rewrite moves the first definition of a line: one nested after it on the line (`- [^n]:>  [^b]:`)
        // has no line of its own to move, and its indentation is not the first one's.
        var firstColumns: [Int: Int] = [:]
        for position in labels.keys {
            firstColumns[position.line] = min(firstColumns[position.line] ?? .max, position.column)
        }
        // Definitions inside one that moves, or inside one of those: their containers stand elsewhere after
        // the move, and so may they (` [^a]:*  ```, then `       [^b]:` is code in the `*` item once `[^a]`
        // moves), so they are measured in the parse after it.
        var moving: Set<OpaquePointer> = []
        for item in Tree.blocks(root, where: { Tree.type($0) == CMARK_NODE_ITEM }) {
            let line = Tree.startLine(item)
            guard labels[Position(line: line, column: Tree.startColumn(item))] != nil else { continue }
            if let outer = enclosingDefinition(of: item, labels: labels), moving.contains(outer) {
                moving.insert(item)
                continue
            }
            // Those nested on a moving one's line move with it.
            defer { if indented[line] != nil { moving.insert(item) } }
            guard firstColumns[line] == Tree.startColumn(item), let container = Tree.parent(item).flatMap(Tree.parent)
            else { continue }
            let quotes = ancestry.of(item)
            let content: Int? =
                switch Tree.type(container) {
                case CMARK_NODE_DOCUMENT: 0
                case CMARK_NODE_BLOCK_QUOTE where Tree.startLine(container) == line:
                    // A quote that starts on the definition's line may follow a list item's marker there
                    // (`- >  [^1]:`): its content is after its own `>` and the space or a tab's column after it.
                    quoteContentColumn(container, on: line, source: source)
                case CMARK_NODE_BLOCK_QUOTE:
                    source.quoteContentColumn(line: line, quotes: quotes.depth)
                case CMARK_NODE_ITEM where !isDefinition(container, labels: labels, lineShift: 0):
                    // Counted from the quotes' content on the definition's line: a `>` without its space on
                    // the item's line (`>1.   a`) puts the item's content a column further on the next.
                    Tables.itemContentColumns(
                        of: item, source: source, quotes: quotes.depth, limit: 1, quote: .some(quotes.innermost)
                    ).first.map { $0 + source.quoteContentColumn(line: line, quotes: quotes.depth) }
                case CMARK_NODE_ITEM where Tree.startLine(container) < line:
                    // In another definition's content, four columns from where that one's bullet goes (its
                    // item's spaces may put its content a column further), counted from the quotes' content.
                    definitionContentColumn(container, moved: indented, source: source)
                        .map { $0 + source.quoteContentColumn(line: line, quotes: quotes.depth) }
                default: nil
                }
            guard let content else { continue }
            let indent = source.column(line: line, byteColumn: Tree.startColumn(item)) - content
            if (1...3).contains(indent) { indented[line] = indent }
        }
        return indented
    }

    /// The content column of a definition's item as cmark-gfm counts it, after the block quotes' content on
    /// its line: four columns from its bullet, once that has moved by `moved` (by line) to its container's
    /// content.
    private static func definitionContentColumn(_ item: OpaquePointer, moved: [Int: Int], source: SourceLines)
        -> Int?
    {
        let line = Tree.startLine(item)
        guard line >= 1, line <= source.lines.count else { return nil }
        let bullet = source.column(line: line, byteColumn: Tree.startColumn(item)) - (moved[line] ?? 0)
        return bullet + 4 - source.quoteContentColumn(line: line, quotes: Tree.quoteDepth(of: item))
    }

    /// The column where a block quote's content begins on its first line, `line`.
    private static func quoteContentColumn(_ quote: OpaquePointer, on line: Int, source: SourceLines) -> Int {
        let marker = Tree.startColumn(quote)
        let text = source.lines[line - 1].utf8
        let after = text.index(text.startIndex, offsetBy: marker, limitedBy: text.endIndex) ?? text.endIndex
        let space = after < text.endIndex && (text[after] == 0x20 || text[after] == 0x09)
        return source.column(line: line, byteColumn: marker) + 1 + (space ? 1 : 0)
    }

    /// The length in characters of the block quote markers (`>`) and list markers (`-`, `+`, `*`, `1.`,
    /// `1)`, each with the spaces after it) at the start of a line.
    static func containerPrefix(_ line: Substring) -> Int {
        // Most lines open no container: their first byte after white space is no marker's, and no
        // Character can be a marker when its first byte is not one.
        let first = line.utf8.first { $0 != 0x20 && $0 != 0x09 }
        guard let first,
            first == UInt8(ascii: ">") || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: "*") || (0x30...0x39).contains(first)
        else { return 0 }
        var index = line.startIndex
        var length = 0
        while true {
            // Any indentation: a marker four columns in may still open a container, in a list item's or a
            // definition's content (`[^1]:`, `    - [^2]: b`); the parse tells (``missingDefinitions(_:labels:)``).
            var probe = index
            while probe < line.endIndex, line[probe] == " " || line[probe] == "\t" { probe = line.index(after: probe) }
            guard probe < line.endIndex else { return length }
            var marker = probe
            if line[marker] == ">" {
                marker = line.index(after: marker)
                if marker < line.endIndex, line[marker] == " " {
                    marker = line.index(after: marker)
                } else if marker < line.endIndex, line[marker] == "\t", line.index(after: marker) < line.endIndex,
                    line[line.index(after: marker)] != " ", line[line.index(after: marker)] != "\t"
                {
                    // cmark takes one column of the tab as the marker's space; the two or three left are less
                    // than the four that make code.
                    marker = line.index(after: marker)
                }
            } else {
                if "-+*".contains(line[marker]) {
                    marker = line.index(after: marker)
                } else {
                    var digits = 0
                    while marker < line.endIndex, line[marker].isASCII, line[marker].isNumber, digits < 9 {
                        marker = line.index(after: marker)
                        digits += 1
                    }
                    guard digits > 0, marker < line.endIndex, line[marker] == "." || line[marker] == ")" else {
                        return length
                    }
                    marker = line.index(after: marker)
                }
                // A list marker is followed by a space or tab; the content starts after at most four columns
                // (tabs to the next multiple of four).
                guard marker < line.endIndex, line[marker] == " " || line[marker] == "\t" else { return length }
                let markerEnd = column(of: marker, in: line)
                while marker < line.endIndex, line[marker] == " " || line[marker] == "\t",
                    column(of: line.index(after: marker), in: line) - markerEnd <= 4
                {
                    marker = line.index(after: marker)
                }
            }
            length += line.distance(from: index, to: marker)
            index = marker
        }
    }

    /// The column where the content of a line's last block quote begins: after its `>` and the space or tab
    /// after it (a tab's other columns are indentation).
    private static func quoteContentColumn(of line: Substring, before end: Substring.Index) -> Int {
        guard let quote = line[..<end].lastIndex(of: ">") else { return 0 }
        let after = line.index(after: quote)
        return column(of: quote, in: line)
            + (after < line.endIndex && (line[after] == " " || line[after] == "\t") ? 2 : 1)
    }

    /// Part of a line with each tab written as the spaces it stands for at its column in the line, up to
    /// column `end`: a tab from there on is code's text, which keeps it (one across it is indentation, and
    /// the code's text begins with the spaces left of it).
    static func expandingTabs(_ part: Substring, in line: LineColumns, before end: Int? = nil) -> String {
        var column = line.column(of: part.startIndex)
        var result = ""
        for character in part {
            if character == "\t", column < end ?? .max {
                result += String(repeating: " ", count: 4 - column % 4)
                column += 4 - column % 4
            } else {
                result.append(character)
                column += character.utf8.count
            }
        }
        return result
    }

    /// The column of a position in a line, tabs to the next multiple of four and any other byte one, as
    /// cmark counts columns.
    private static func column(of index: Substring.Index, in line: Substring) -> Int {
        line.utf8[..<index].reduce(0) { $1 == 0x09 ? $0 + 4 - $0 % 4 : $0 + 1 }
    }

    /// A line's columns (``column(of:in:)``), counted once for the whole line where it holds a tab: the
    /// passes over thousands of definitions nested on one line ask for them at each.
    struct LineColumns {
        let line: Substring
        /// The column at each byte offset of the line and at its end, for a line with a tab.
        private let table: [Int]?

        init(_ line: Substring) {
            self.line = line
            guard line.utf8.contains(0x09) else {
                table = nil
                return
            }
            var table = [0]
            table.reserveCapacity(line.utf8.count + 1)
            for byte in line.utf8 {
                let column = table[table.count - 1]
                table.append(byte == 0x09 ? column + 4 - column % 4 : column + 1)
            }
            self.table = table
        }

        func column(of index: Substring.Index) -> Int {
            let offset = line.utf8.distance(from: line.startIndex, to: index)
            return table?[offset] ?? offset
        }
    }

    /// Whether a node is the item of a definition.
    static func isDefinition(_ node: OpaquePointer, labels: [Position: String], lineShift: Int) -> Bool {
        Tree.type(node) == CMARK_NODE_ITEM
            && labels[Position(line: Tree.startLine(node) - lineShift, column: Tree.startColumn(node))] != nil
    }

    /// The definitions by their normalized labels. Of definitions with one label, cmark-gfm keeps the first
    /// to end: one nested in another ends before it.
    private static func byLabel(_ items: [OpaquePointer], labels: [Position: String], lineShift: Int) -> [String: (
        label: String, item: OpaquePointer
    )] {
        var definitions = [String: (label: String, item: OpaquePointer)](minimumCapacity: items.count)
        for item in items {
            let position = Position(line: Tree.startLine(item) - lineShift, column: Tree.startColumn(item))
            guard let label = labels[position] else { continue }
            let key = normalized(label)
            if let kept = definitions[key]?.item, !Tree.isAncestor(kept, of: item) { continue }
            definitions[key] = (label, item)
        }
        return definitions
    }

    /// The section of referenced definitions, in order of first reference, each with links back to its
    /// references, after the document's blocks: cmark-gfm's markup, attribute for attribute.
    private static func appendSection(
        to root: OpaquePointer, order: [String], definitions: [String: (label: String, item: OpaquePointer)],
        referenced: References
    ) {
        guard !order.isEmpty else { return }
        let section = Tree.custom(
            block: true, onEnter: "<section class=\"footnotes\" data-footnotes>\n<ol>", onExit: "</ol>\n</section>")
        for key in order {
            guard let definition = definitions[key] else { continue }
            let href = hrefEscaped(definition.label)
            let entry = Tree.custom(block: true, onEnter: "<li id=\"fn-\(href)\">", onExit: "</li>")
            Tree.moveChildren(of: definition.item, to: entry)
            var backrefs = ""
            for number in 1...(referenced[key]?.count ?? 1) {
                if number > 1 { backrefs += " " }
                let id = number == 1 ? href : "\(href)-\(number)"
                backrefs +=
                    "<a href=\"#fnref-\(id)\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩"
                backrefs += number == 1 ? "</a>" : "<sup class=\"footnote-ref\">\(number)</sup></a>"
            }
            if let last = Tree.lastChild(entry), Tree.type(last) == CMARK_NODE_PARAGRAPH {
                Tree.append(Tree.custom(block: false, onEnter: " " + backrefs, onExit: ""), to: last)
            } else {
                Tree.append(Tree.custom(block: true, onEnter: backrefs, onExit: ""), to: entry)
            }
            Tree.append(entry, to: section)
        }
        Tree.append(section, to: root)
    }

    /// Links references to the definitions (the items at `labels`' lines) and moves the referenced ones to
    /// a section at the end of the document.
    /// A text holds a reference only where the source holds `[^` as written: without one, a `[^` in the
    /// text came from an escape or an entity (`&#91;^1]`), which cmark-gfm leaves as text; `sourceRefers`
    /// says whether it does.
    static func apply(
        _ root: OpaquePointer, labels: [Position: String], lineShift: Int, source: () -> SourceLines,
        sourceRefers: Bool
    ) {
        // By line and column: a list written on the definition's first line starts on the same line.
        let isDefinition: (OpaquePointer) -> Bool = { Self.isDefinition($0, labels: labels, lineShift: lineShift) }
        let items = Tree.blocks(root, where: isDefinition)
        // The marks after definitions are no blocks to cmark-gfm: out before lists are read, their lines
        // blank there loosen lists after.
        var loosening: [(list: OpaquePointer, followed: Bool)] = []
        tightenLists(beside: items, source: source, isDefinition: isDefinition) {
            loosening = removeBlankMarks(after: items)
        }
        for (list, followed) in loosening {
            // A mark last in a definition's own item (`- [^n]:[^m]:-`, a line of two tabs, `- b`): the line ends
            // the definitions inside but not this one, the deepest block it goes on in, which cmark marks as
            // ending in a blank line and which, a block of its own to cmark-gfm, answers so for itself.
            var block = list
            if !followed, let item = Tree.parent(list), isDefinition(item), Tree.lastChild(item) == list,
                let outer = Tree.parent(item)
            {
                block = outer
            }
            Tree.loosenLists(endingInBlankLine: block, followed: followed, isDefinition: isDefinition) {
                isFollowedByLinkDefinitions($0, source: source())
            }
        }
        removeStrayBlankMarks(in: root, source: source())
        removeMarks(in: items, source: source, isDefinition: isDefinition)
        loosenLists(between: items, source: source, isDefinition: isDefinition)
        let lines = source()
        var definitions = byLabel(items, labels: labels, lineShift: lineShift)
        // A label's form feeds and vertical tabs, stood in for while parsing, are written in its ids as such.
        if let standIn = lines.standIn {
            definitions = definitions.mapValues { (FormFeeds.restored(standIn, $0.label) ?? $0.label, $0.item) }
        }
        // Definitions leave their lists before references are looked for, so that text inside them is
        // still visited (a footnote may refer to another) but in document order.
        var order: [String] = []
        var referenced = References(minimumCapacity: definitions.count)
        // Text taken out of a reference's wrapper as it is, which holds no reference.
        var unwrapped: Set<OpaquePointer> = []
        // References are read in link text and image descriptions too (an image's writes nothing of it),
        // not in autolinks, whose text is their source.
        var texts: [OpaquePointer] = []
        // The type first: the lines are copied into the check only for a link.
        Tree.walk(root, into: { Tree.type($0) != CMARK_NODE_LINK || !Tree.isAnyAutolink($0, lines: lines) }) { node in
            if Tree.isText(node) { texts.append(node) }
        }
        for text in texts where sourceRefers && !unwrapped.contains(text) {
            if let wrapper = Tree.parent(text), FootnoteReferences.isRestored(wrapper), Tree.next(text) != nil {
                // A reference to no definition whose e-mail addresses are linked already: text again.
                while let child = Tree.firstChild(wrapper) {
                    cmark_node_unlink(child)
                    Tree.insert(child, before: wrapper)
                    unwrapped.insert(child)
                }
                Tree.remove(wrapper)
                continue
            }
            link(text, definitions: definitions, order: &order, referenced: &referenced)
        }
        for item in items {
            let list = Tree.parent(item)
            cmark_node_unlink(item)
            if let list, Tree.firstChild(list) == nil { Tree.remove(list) }
        }
        appendSection(to: root, order: order, definitions: definitions, referenced: referenced)
        for item in items { cmark_node_free(item) }
    }

    /// Replaces each `[^label]` with a known label in a text node by a reference.
    private static func link(
        _ node: OpaquePointer, definitions: [String: (label: String, item: OpaquePointer)], order: inout [String],
        referenced: inout References
    ) {
        if let wrapper = Tree.parent(node), FootnoteReferences.isRestored(wrapper) {
            // A reference restored to its source: the whole text is `[^label]`, linked or left as text.
            let text = Tree.literal(node)
            let key = normalized(String(text.dropFirst(2).dropLast()))
            if let definition = definitions[key] {
                let reference = reference(
                    key: key, label: definition.label, order: &order, referenced: &referenced)
                Tree.insert(reference, before: wrapper)
            } else {
                Tree.insert(Tree.text(text), before: wrapper)
            }
            Tree.remove(wrapper)
            return
        }
        // By byte: the marks are ASCII, and most text holds none, which is decided without copying it.
        let mayRefer = Tree.withLiteralBytes(node) { bytes in
            ByteSearch.contains(UInt8(ascii: "["), in: UnsafeRawBufferPointer(bytes)) {
                $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "^")
            }
        }
        guard mayRefer else { return }
        let bytes = Tree.literalBytes(node)
        let bracket = UInt8(ascii: "[")
        var pieces: [OpaquePointer] = []
        var plainStart = 0
        var search = 0
        while search + 1 < bytes.count {
            // From one `[` to the next by memchr.
            search = bytes.withUnsafeBytes { ByteSearch.next(bracket, in: $0, from: search, to: bytes.count - 1) }
            guard search + 1 < bytes.count else { break }
            guard bytes[search + 1] == UInt8(ascii: "^") else {
                search += 1
                continue
            }
            let open = search
            guard let close = bytes[(open + 2)...].firstIndex(of: UInt8(ascii: "]")) else { break }
            let label = bytes[(open + 2)..<close]
            let key = normalized(String(decoding: label, as: UTF8.self))
            guard !label.isEmpty, !label.contains(bracket), let definition = definitions[key] else {
                search = open + 2
                continue
            }
            if open > plainStart { pieces.append(Tree.text(bytes: bytes[plainStart..<open])) }
            pieces.append(
                reference(key: key, label: definition.label, order: &order, referenced: &referenced))
            plainStart = close + 1
            search = plainStart
        }
        guard !pieces.isEmpty else { return }
        if plainStart < bytes.count { pieces.append(Tree.text(bytes: bytes[plainStart...])) }
        for piece in pieces { Tree.insert(piece, before: node) }
        Tree.remove(node)
    }

    /// For each definition referred to (by its normalized label), how many references it has so far and its
    /// number.
    typealias References = [String: (count: Int, number: Int)]

    /// The next reference to a definition: numbered by its first reference, with an id for each.
    private static func reference(
        key: String, label: String, order: inout [String], referenced: inout References
    ) -> OpaquePointer {
        // The number is the position in `order`, kept beside the count: a search of `order` for each reference
        // made many footnotes quadratic. A definition referred to again is hashed once.
        let (count, number): (Int, Int)
        if let index = referenced.index(forKey: key) {
            referenced.values[index].count += 1
            (count, number) = referenced.values[index]
        } else {
            order.append(key)
            (count, number) = (1, order.count)
            referenced[key] = (count, number)
        }
        let href = hrefEscaped(label)
        // Written into one buffer of its final size: interpolation grew the string at each of its pieces.
        var onEnter = ""
        onEnter.reserveCapacity(2 * href.utf8.count + 100)
        onEnter += "<sup class=\"footnote-ref\"><a href=\"#fn-"
        onEnter += href
        onEnter += "\" id=\"fnref-"
        onEnter += href
        if count > 1 {
            onEnter += "-"
            onEnter += String(count)
        }
        onEnter += "\" data-footnote-ref>"
        onEnter += String(number)
        onEnter += "</a></sup>"
        return Tree.custom(block: false, onEnter: onEnter, onExit: "")
    }

    /// A label as link labels are compared: case folded, runs of white space as one space.
    static func normalized(_ label: String) -> String {
        // A label of lowercase ASCII without white space (nearly all) is its own normal form.
        if label.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && !(0x41...0x5A).contains($0) })
        {
            return label
        }
        return label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(
            separator: " ")
    }

    /// cmark's `houdini_escape_href`: bytes outside its safe set percent-encoded, `&` and `'` as entities.
    static func hrefEscaped(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "'"): result += "&#x27;".utf8
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.append(byte)
            case _ where "-_.+!*(),%#@?=;:/$~".utf8.contains(byte):
                result.append(byte)
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
