/// Definitions nested on one line (`[^e]:[^n]:`, `[^e]: - [^n]:`, `[^e]:>[^n]:`) and the lines after it that
/// end some of them in cmark-gfm but not in libcmark.
extension Footnotes {
    /// A container of a definition's first line, from the definition on: another definition nested on the
    /// line (four columns on later lines, in both parsers), or a list item (with its width) or block quote
    /// between two.
    enum Nested {
        case definition
        case item(Int)
        case quote
    }

    /// The markers and white space between a definition's colon and what follows them (`lead`, before
    /// `body`), as the rewrite writes them. The rewrite moves the text a column: tabs among them are written as
    /// the spaces they stood for where they were (`[^1]:>\t x` is code in a quote). A nested definition's
    /// content is four columns past its container's, wherever its `[^` stands after a quote's marker
    /// (`[^B]:>  [^n]:`): its bullet goes right after the marker's space.
    static func writtenLead(
        _ lead: Substring, before body: Substring, in text: Substring, columns: LineColumns, nesting: Bool
    ) -> String {
        var written =
            lead.contains("\t")
            ? expandingTabs(lead, in: columns, before: codeStart(body, after: text, in: columns)) : String(lead)
        if nesting, let marker = written.lastIndex(where: { $0 != " " }), written[marker] == ">",
            written.distance(from: marker, to: written.endIndex) > 2
        {
            written = String(written[...marker]) + " "
        }
        if let kept = fenceOffsetBehindQuote(lead, before: body, columns: columns), written != lead,
            let marker = written.lastIndex(where: { $0 != " " }), written[marker] == ">"
        {
            written = String(written[...marker]) + String(repeating: " ", count: kept + 1)
        }
        return written
    }

    /// A code fence right behind a quote's marker and white space that holds a tab: cmark counts the fence's
    /// offset in bytes from where the quote's optional space left off (a tab it took one column of is still
    /// there, one byte), and takes up to that many columns off each line of the code. The tabs written as
    /// spaces would count one for each column (`[^B]:+ >`, a tab and three backticks, then `       >`, a tab
    /// and `x`, is `  x` in cmark-gfm): the offset as written, to keep it.
    private static func fenceOffsetBehindQuote(_ lead: Substring, before body: Substring, columns: LineColumns)
        -> Int?
    {
        let fence =
            body.utf8.prefix { $0 == UInt8(ascii: "`") }.count >= 3
            || body.utf8.prefix { $0 == UInt8(ascii: "~") }.count >= 3
        let run = lead.utf8.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
        guard fence, run > 0, run < lead.utf8.count, lead.utf8.contains(0x09) else { return nil }
        let runStart = lead.utf8.index(lead.utf8.endIndex, offsetBy: -run)
        guard lead.utf8[lead.utf8.index(before: runStart)] == UInt8(ascii: ">") else { return nil }
        // Four columns past the quote's optional space, the fence is indented code.
        guard columns.column(of: lead.endIndex) - columns.column(of: runStart) - 1 < 4 else { return nil }
        // That space: a space, or a tab one column wide, is taken whole.
        let first = lead.utf8[runStart]
        let whole =
            first == 0x20 || columns.column(of: lead.utf8.index(after: runStart)) - columns.column(of: runStart) == 1
        return whole ? run - 1 : run
    }

    /// The list items and block quotes whose markers stand between a definition's colon and the definition
    /// nested after them (tabs written as spaces), or nil where they do not read as such.
    static func nestedContainers(_ lead: String) -> [Nested]? {
        var found: [Nested] = []
        var bytes = lead.utf8[...]
        while !bytes.isEmpty {
            let indent = bytes.prefix { $0 == 0x20 }.count
            bytes = bytes.dropFirst(indent)
            guard let first = bytes.first, indent <= 3 else { return bytes.isEmpty ? found : nil }
            if first == UInt8(ascii: ">") {
                // The marker and its optional space; any spaces after it are the next one's indentation.
                bytes = bytes.dropFirst()
                if bytes.first == 0x20 { bytes = bytes.dropFirst() }
                found.append(.quote)
                continue
            }
            var marker = 1
            if !"-+*".utf8.contains(first) {
                marker = bytes.prefix { (0x30...0x39).contains($0) }.count
                guard marker > 0, marker < bytes.count,
                    ".)".utf8.contains(bytes[bytes.index(bytes.startIndex, offsetBy: marker)])
                else { return nil }
                marker += 1
            }
            bytes = bytes.dropFirst(marker)
            let spaces = bytes.prefix { $0 == 0x20 }.count
            guard (1...4).contains(spaces) else { return nil }
            bytes = bytes.dropFirst(spaces)
            found.append(.item(indent + marker + spaces))
        }
        return found
    }

    /// The marks for the lines that end definitions nested on one line but not the containers around them.
    /// cmark-gfm's definition goes on over a blank line only where it is indented four columns past the
    /// definition's own start, or where the whole line is empty (`parse_footnote_definition_block_prefix`,
    /// at each depth): a line of a tab keeps `[^e]` and ends `[^n]`, a line of `>` ends a definition inside
    /// its quote, and a list item between goes on over either as over any blank line. libcmark's nested item
    /// goes on over them too. Each is written as a mark at the content of the innermost container it keeps,
    /// taken out after parsing (``blankMark``). Up to the first line that leaves the outermost (lazy, maybe);
    /// a paragraph's line (``Corrections/paragraphLines``) leaves none.
    ///
    /// - Parameter nested: The definition and what is nested on its line, outermost first.
    static func nestedEndingMarks(
        after number: Int, of lines: [Substring], paragraphLines: Set<Int>, nested: [Nested], markerColumn: Int
    ) -> [(range: Range<String.Index>, replacement: String)] {
        var marks: [(range: Range<String.Index>, replacement: String)] = []
        var open = nested.count
        var index = number + 1
        while index < lines.count, open > 1 {
            let line = lines[index]
            index += 1
            if line.isEmpty { continue }
            // Of white space and `>` alone: blank to libcmark's items once the quotes' markers are read.
            let isBlank = line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }
            let reading = NestedReading(line: line, start: markerColumn)
            let kept = reading.kept(nested[..<open], definitionsAsItems: false)
            let isWhiteSpace = line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if kept.count >= open || (paragraphLines.contains(index - 1) && !isWhiteSpace) { continue }
            guard kept.count > 0 else { break }
            // A line of text starts a block in the innermost container it is indented for, in both parsers,
            // and ends the ones inside that; a blank one ends them only in cmark-gfm.
            if isBlank, reading.kept(nested[..<open], definitionsAsItems: true).count > kept.count,
                let mark = kept.mark
            {
                marks.append((line.startIndex..<line.endIndex, mark + blankMark))
            }
            open = kept.count
        }
        return marks
    }

    /// A line read against the containers nested on a definition's line, from the column where the
    /// definition's bullet stands.
    private struct NestedReading {
        let line: Substring
        let start: Int

        /// How many of `nested` the line continues, and what to write before a mark that stays in them:
        /// the line up to where they end and the spaces to the innermost one's content (a tab they take in
        /// part is left out, its columns written as spaces).
        func kept(_ nested: ArraySlice<Nested>, definitionsAsItems: Bool) -> (count: Int, mark: String?) {
            var index = line.startIndex
            var column = 0
            // Spaces and tabs from the cursor: where they end, and the column there.
            func whiteSpace() -> (end: String.Index, column: Int) {
                var (end, to) = (index, column)
                while end < line.endIndex, line[end] == " " || line[end] == "\t" {
                    to = line[end] == "\t" ? to + 4 - to % 4 : to + 1
                    end = line.index(after: end)
                }
                return (end, to)
            }
            // Moves the cursor `columns` on over white space; false where the line ends first.
            func advance(_ columns: Int) -> Bool {
                let target = column + columns
                while column < target, index < line.endIndex {
                    let next = line[index] == "\t" ? column + 4 - column % 4 : column + 1
                    // A tab taken in part stays under the cursor, its other columns white space after it.
                    guard next <= target else {
                        column = target
                        return true
                    }
                    (column, index) = (next, line.index(after: index))
                }
                return column == target
            }
            var (count, mark): (Int, String?) = (0, nil)
            func keep(content: Int) {
                count += 1
                // The line's own columns up to the cursor: short of `column` after a blank line's items.
                let written = line[..<index].utf8.reduce(0) { $1 == 0x09 ? $0 + 4 - $0 % 4 : $0 + 1 }
                mark =
                    content >= written ? String(line[..<index]) + String(repeating: " ", count: content - written) : nil
            }
            guard whiteSpace().column >= start, advance(start) else { return (0, nil) }
            for container in nested {
                let (end, reached) = whiteSpace()
                let restIsBlank = end == line.endIndex
                switch container {
                case .quote:
                    guard reached - column <= 3, end < line.endIndex, line[end] == ">" else { return (count, mark) }
                    (index, column) = (line.index(after: end), reached + 2)
                    // The optional space: a space, a tab's first column (the rest is white space after it), or,
                    // at the line's end, the space a mark written there starts with.
                    if index < line.endIndex, line[index] == " " {
                        index = line.index(after: index)
                    } else if index < line.endIndex, line[index] != "\t" {
                        column -= 1
                    }
                    keep(content: column)
                case .definition where !definitionsAsItems:
                    guard reached - column >= 4, advance(4) else { return (count, mark) }
                    keep(content: column)
                case .definition, .item:
                    let width: Int
                    if case .item(let itemWidth) = container { width = itemWidth } else { width = 4 }
                    if reached - column >= width {
                        guard advance(width) else { return (count, mark) }
                        keep(content: column)
                    } else if restIsBlank {
                        // A list item goes on over a blank line: what it holds is counted from its content,
                        // where the mark stands.
                        (index, column) = (end, column + width)
                        keep(content: column)
                    } else {
                        return (count, mark)
                    }
                }
            }
            return (count, mark)
        }
    }
}
