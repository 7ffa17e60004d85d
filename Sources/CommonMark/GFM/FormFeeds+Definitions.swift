/// Link reference definitions, whose destination cmark-gfm 0.29 reads up to the first space, tab or line
/// ending, a form feed or vertical tab being text to it (`[a]: <u` and a vertical tab `>`, `[a]: [](` and a
/// form feed `)`): what looks like a tag or an inline link there is part of the destination.
extension FormFeeds {
    /// A link reference definition's label and destination, in the text's bytes.
    struct Definition {
        var label: Range<Int>
        var destination: Range<Int>
    }

    /// The destinations of the lines that read as link reference definitions starting a paragraph: the
    /// text's first line, a line after a blank one, a heading or a thematic break, or one that starts a list
    /// item, indented less than four columns; or a line after another definition, at any indentation. A
    /// definition's label is on one line; `[^x]:` starts a footnote's definition instead, but for a line
    /// after a definition indented four columns or more, which goes on its paragraph. A line right above a
    /// table's delimiter row is the table's header. A task's marker on a line that starts with its item
    /// (`- [ ] [a]: [](`), which cmark-gfm's scanner reads from the line's first byte, goes with the item's
    /// marker: the paragraph starts after it and the white space after it, however wide.
    static func definitionDestinations(_ bytes: [UInt8]) -> [Definition] {
        let (lines, tasks) = linesAndContainers(bytes)
        let tableAhead = tablesAhead(bytes, lines)
        var destinations: [Definition] = []
        var (startsParagraph, afterDefinition) = (true, false)
        // The last line of the definition before: its destination, then a title, may stand on later lines.
        var definitionEnd = -1
        var containers = ParagraphContainers()
        // The containers of the paragraph the last line went on, as its first line shows them.
        var textContainers = ParagraphContainers()
        // The `>` of the last line that was not blank: a line with more starts a quote, and a paragraph in it;
        // whether the line before is a table's: one indented four columns after it is code, which ends it.
        var (quotesBefore, inTable, fences) = (0, false, Fences())
        for (index, (range, prefix, blank)) in lines.enumerated() {
            let tableBefore = inTable
            inTable = !blank && (inTable || startsTable(bytes, lines, at: index))
            if index <= definitionEnd {
                (startsParagraph, afterDefinition) = (false, true)
                continue
            }
            let line = bytes[range]
            let quotes = textContainers.quoteMarkers(line[range.lowerBound..<prefix])
            if quotes > quotesBefore { startsParagraph = true }
            if !blank,
                !isLazyText(line, markers: range.lowerBound..<prefix, quotes: (quotes, quotesBefore), startsParagraph)
            {
                quotesBefore = quotes
            }
            // Where the line's text stands in the paragraph's containers: a lazy line keeps the white space it
            // starts with, and holds no definition (`-   [r]: /u`, `   [x]: <v` and a form feed `>` is text).
            let text = line.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") } ?? range.upperBound
            let read = fences.read(
                line, start: range.lowerBound, prefix: prefix, text: text, blank: blank, afterTable: tableBefore,
                paragraph: textContainers)
            if read.endsBlocks { (inTable, startsParagraph) = (false, true) }
            if let closes = read.code {
                (startsParagraph, afterDefinition) = (closes, false)
                continue
            }
            let place = containers.place(line[..<text], deepQuotes: afterDefinition)
            let (startsItem, startsDefinitions, indent, codeIndent, goesOn) = lineStart(
                line, range: range, prefix: prefix, text: text, place: place, afterDefinition: afterDefinition,
                startsParagraph: startsParagraph, isTask: tasks.contains(index), textContainers: textContainers,
                carried: read.carried)
            // A lazy line after definitions that starts a list item leaves their containers (`> [a]: /u`, then
            // `  1. [c]:<u`): its paragraph is the item's.
            let goesOnDefinitions = afterDefinition && !(startsItem && place.lazy)
            let destination =
                tableAhead[index]
                ? nil
                : lineDefinition(
                    bytes, range, prefix: prefix, text: text, place: place, goesOn: goesOnDefinitions,
                    starts: startsDefinitions, quotes: containers.quotes, afterTask: tasks.contains(index),
                    indent: indent)
            if destination != nil, !goesOnDefinitions {
                containers = ParagraphContainers(firstLine: line[..<prefix])
            }
            let underline =
                !blank && !startsParagraph && !startsItem && !afterDefinition
                && isUnderline(line, text: text, of: textContainers)
            if !blank, startsParagraph || startsItem {
                // A line without markers of its own that stays in the last paragraph's containers starts its
                // paragraph there (`- # h`, `    w`: a `2.` after it leaves the item and starts a list).
                let stays = !Fences.hasMarker(line[range.lowerBound..<prefix], quotes: true) && !goesOn.lazy
                textContainers = Fences.paragraph(
                    line, range.lowerBound, prefix, text, read.carried ?? (stays ? textContainers : nil))
            }
            if let destination {
                destinations.append(destination)
                definitionEnd = lastLine(of: destination.destination, on: index, in: bytes, lines: lines)
            }
            afterDefinition = destination != nil
            // After a task's marker, cmark-gfm starts no other block on the line: what follows is a paragraph's.
            startsParagraph =
                blank || underline
                || (!tasks.contains(index)
                    && endsBlock(line[prefix...], code: (startsParagraph || inTable) && !startsItem && codeIndent >= 4))
        }
        return destinations
    }

    /// Whether a line is a lazy line of a paragraph, with fewer `>` than the line before (`quotes`): it
    /// leaves the quotes open, and a `>` after it goes on the same paragraph (`> - a`, `  x`, `>   [1]: <b`
    /// and a form feed `>`). A line that starts a block, a list item's included, is none.
    private static func isLazyText(
        _ line: ArraySlice<UInt8>, markers: Range<Int>, quotes: (count: Int, before: Int), _ startsParagraph: Bool
    ) -> Bool {
        !startsParagraph && quotes.count < quotes.before && !endsBlock(line[markers.upperBound...], code: false)
            && !startsItem(line[markers], afterText: true)
    }

    /// How a line that no fence holds starts, in the containers of the definitions before it (`place` there)
    /// and of the last paragraph (``definitionDestinations(_:)``): whether it starts a list item, whether
    /// definitions may start on it, the white space after its own markers, that counted past the containers
    /// it goes on (for indented code), and where it stands in the last paragraph's containers.
    private static func lineStart(
        _ line: ArraySlice<UInt8>, range: Range<Int>, prefix: Int, text: Int, place: (indent: Int, lazy: Bool),
        afterDefinition: Bool, startsParagraph: Bool, isTask: Bool, textContainers: ParagraphContainers,
        carried: ParagraphContainers?
    ) -> (startsItem: Bool, startsDefinitions: Bool, indent: Int, codeIndent: Int, goesOn: (indent: Int, lazy: Bool)) {
        // An ordered item not at 1 interrupts no paragraph; a line that leaves its item is none (`1) a`, `2)`).
        let leaves = (afterDefinition ? place : textContainers.place(line[..<text])).lazy
        // A list marker four columns or more past the content of the containers the line goes on starts no
        // item: it is text, or code (`a`, then `    - [x]:<u` and a form feed `>` goes on the paragraph).
        let marker =
            line[range.lowerBound..<prefix].firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") }
            ?? prefix
        let startsItem =
            Self.startsItem(line[range.lowerBound..<prefix], afterText: !startsParagraph && !leaves)
            && textContainers.place(line[range.lowerBound..<marker]).indent < 4
        let indent = indentAfterMarkers(line[range.lowerBound..<prefix])
        // Counted past the content of the containers the line goes on, where it goes on those of the last
        // paragraph (`- a`, a blank line, `    x` is no code, nor is `    w` after a table's rows in `- |a|`).
        let goesOn = textContainers.place(line[..<text])
        let codeIndent = carried.map { $0.place(line[..<text]).indent } ?? (goesOn.lazy ? indent : goesOn.indent)
        // A paragraph's first line, indented less than four columns past its own containers' content.
        // A line without markers of its own counts from the content of the items it stays in (`1. > [^1]:~~~`,
        // then `    [a]: <u` leaves the quote and the fence, and starts a paragraph in the item).
        let ownMarkers = Fences.hasMarker(line[range.lowerBound..<prefix], quotes: true)
        let startsDefinitions =
            (startsParagraph || startsItem)
            && (isTask || ParagraphContainers(firstLine: line[..<prefix]).place(line[..<prefix]).indent < 4
                || (!ownMarkers && (carried ?? textContainers).place(line[..<prefix]).indent < 4))
        return (startsItem, startsDefinitions, indent, codeIndent, goesOn)
    }

    /// The definition a line that may hold one holds: from its text after its containers, and, on a line after
    /// another definition indented four columns or more past its containers' content (`afterDefinition`),
    /// from its first text: such a line goes on a paragraph of definitions and holds no container's start,
    /// so `[^x]:` is a label there. Less indented, it starts a footnote's definition (`> [r]: /u`, `>\t[^e]:`,
    /// whose `>` takes one of the tab's columns). After a task's marker no footnote definition starts:
    /// `[^x]:` is a link's there.
    private static func lineDefinition(
        _ bytes: [UInt8], _ range: Range<Int>, prefix: Int, text: Int, place: (indent: Int, lazy: Bool), goesOn: Bool,
        starts: Bool, quotes: Int, afterTask: Bool, indent: Int
    ) -> Definition? {
        // A line after definitions goes on their paragraph (`goesOn`), where a lazy one indented holds none; else
        // a definition may start on it (`starts`).
        guard goesOn ? !(place.lazy && place.indent > 0) : starts else { return nil }
        return lineDefinition(
            bytes, range, prefix: prefix, text: goesOn ? textStart(bytes[range], quotes: quotes) : text,
            afterTask: afterTask, afterDefinition: goesOn ? place.indent : nil, indent: indent)
    }

    private static func lineDefinition(
        _ bytes: [UInt8], _ range: Range<Int>, prefix: Int, text: Int, afterTask: Bool, afterDefinition: Int?,
        indent: Int
    ) -> Definition? {
        // So far in, what reads as a container's marker is text (`[a]: /u`, `    - [b]: <v` is no definition).
        if let placed = afterDefinition, placed >= 4, text < prefix {
            return definitionDestination(bytes, from: text, lineEnd: range.upperBound, footnoteLabels: false)
        }
        return definitionDestination(
            bytes, from: prefix, lineEnd: range.upperBound,
            footnoteLabels: !afterTask && (afterDefinition == nil || indent < 4))
    }

    /// Where the text of a line that goes on a paragraph in `quotes` block quotes starts: after as many `>`
    /// and the white space around them; a `>` after those is the text's (`[a]: /u`, `    > [b]: <v`).
    private static func textStart(_ line: ArraySlice<UInt8>, quotes: Int) -> Int {
        var (index, seen) = (line.startIndex, 0)
        while index < line.endIndex {
            let byte = line[index]
            if byte == UInt8(ascii: ">"), seen < quotes {
                seen += 1
            } else if byte != 0x20 && byte != 0x09 {
                break
            }
            index += 1
        }
        return index
    }

    /// The fence a line's text (after its containers) starts with, within three spaces: three or more
    /// backticks (with no backtick after them) or tildes; whether it may close a block, with only white space
    /// after it.
    fileprivate static func fence(_ text: ArraySlice<UInt8>) -> (byte: UInt8, count: Int, closes: Bool)? {
        let body = text.drop { $0 == 0x20 }
        guard text.count - body.count < 4, let first = body.first,
            first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        let count = body.prefix { $0 == first }.count
        let rest = body.dropFirst(count)
        guard count >= 3, first == UInt8(ascii: "~") || !rest.contains(UInt8(ascii: "`")) else { return nil }
        return (first, count, rest.allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }

    /// The fenced code blocks of ``definitionDestinations(_:)``'s lines, whose lines hold no definition. A
    /// fenced code block or a table takes no lazy line: one that leaves their containers ends them and their
    /// items, and starts a paragraph of its own (`2. ;`, `   ~~~`, `x`, then `2. [1]:` goes on it).
    private struct Fences {
        /// The fenced code block open, its fence's character and length and its first line's containers.
        var fence: (byte: UInt8, count: Int, containers: ParagraphContainers)?
        /// The containers of a fence that closed on the line before: a paragraph after it in them is theirs.
        var afterFence: ParagraphContainers?
        /// The containers of an HTML block open that a blank line ends (a block tag's), which takes no lazy
        /// line either (`- [^1]:<div>`, then `   [a]: <u` is the item's paragraph).
        var html: ParagraphContainers?

        struct Reading {
            /// Whether the line ends the fence or table before it, and starts a paragraph.
            var endsBlocks = false
            /// Set for a line of a fence (its first, its code and its last): whether a paragraph may start
            /// after it.
            var code: Bool?
            /// The containers the line's text stands in after a fence closed (``afterFence``).
            var carried: ParagraphContainers?
        }

        mutating func read(
            _ line: ArraySlice<UInt8>, start: Int, prefix: Int, text: Int, blank: Bool, afterTable: Bool,
            paragraph: ParagraphContainers
        ) -> Reading {
            var reading = Reading()
            var ended: ParagraphContainers?
            if let open = html {
                guard blank || open.place(line[..<text]).lazy else {
                    reading.code = false
                    return reading
                }
                (html, ended, reading.endsBlocks) = (nil, blank ? nil : open.continued(by: line[..<text]), !blank)
            }
            if !blank, afterTable || fence != nil, (fence?.containers ?? paragraph).place(line[..<text]).lazy {
                // The line may stay in the fence's outer containers (`1. > ~~~`, then `    [a]: <u`).
                (ended, fence, reading.endsBlocks) = (fence?.containers, nil, true)
            }
            if let open = fence {
                // A line of code, or the closing fence, after which a paragraph may start.
                let closing = FormFeeds.fence(line[prefix...])
                if let closing, closing.byte == open.byte, closing.count >= open.count, closing.closes {
                    (fence, afterFence) = (nil, open.containers)
                }
                reading.code = fence == nil
                return reading
            }
            if let opening = FormFeeds.fence(line[prefix...]) {
                // A fence in the paragraph's containers is theirs (`2. ;`, then `   ~~~`); one with a list marker
                // or a quote's `>` of its own, or that leaves them, has its line's.
                // One that leaves some of them stays in the others (`2) [^1]: x`, then `   ~~~` is the item's).
                let own = Self.hasMarker(line[start..<prefix], quotes: true)
                fence = (
                    opening.byte, opening.count,
                    own ? ParagraphContainers(firstLine: line[..<prefix]) : paragraph.continued(by: line[..<text])
                )
                reading.code = false
                return reading
            }
            let own = Self.hasMarker(line[start..<prefix], quotes: true)
            let containers =
                own ? ParagraphContainers(firstLine: line[..<prefix]) : paragraph.continued(by: line[..<text])
            if !blank, containers.place(line[..<text]).indent < 4,
                FormFeeds.htmlBlock(line[prefix...], startsParagraph: false) == .blankLine
            {
                html = containers
                reading.code = false
                return reading
            }
            // After a fence closed, the next line's text stands in the fence's containers, whose content its
            // indentation counts from (`- ~~~`, `  ~~~`, `    w` is a paragraph's).
            if !blank { (reading.carried, afterFence) = (afterFence ?? ended, nil) }
            return reading
        }

        /// Whether a line's containers' markers hold a list item's marker, or, when `quotes`, a quote's `>`.
        static func hasMarker(_ markers: ArraySlice<UInt8>, quotes: Bool) -> Bool {
            markers.contains { $0 != 0x20 && $0 != 0x09 && (quotes || $0 != UInt8(ascii: ">")) }
        }

        /// The containers of a paragraph that starts on the line: the fence's that closed before it, where the
        /// line has no container's marker of its own and stays in them, else its own.
        static func paragraph(
            _ line: ArraySlice<UInt8>, _ start: Int, _ prefix: Int, _ text: Int, _ carried: ParagraphContainers?
        ) -> ParagraphContainers {
            // A quote's `>` alone keeps them: its line shows no list item around the quote.
            if let carried, !hasMarker(line[start..<prefix], quotes: false), !carried.place(line[..<text]).lazy {
                return carried
            }
            return ParagraphContainers(firstLine: line[..<prefix])
        }
    }

    /// Whether the next line starts a paragraph after a line whose text is `text`: a list marker alone starts
    /// an empty item, or underlines a paragraph (`-`); a heading or a thematic break is a block of one line;
    /// and so is a line of indented `code` (where a block may start, four columns in).
    private static func endsBlock(_ text: ArraySlice<UInt8>, code: Bool) -> Bool {
        code || endsParagraph(text) || isListMarker(text)
    }

    /// Whether the line at `index` is a table's delimiter row under a header that is no indented code.
    private static func startsTable(
        _ bytes: [UInt8], _ lines: [(range: Range<Int>, prefix: Int, blank: Bool)], at index: Int
    ) -> Bool {
        index > 0 && !isIndentedCode(bytes, lines[index - 1])
            && aboveDelimiterRow(bytes, line: lines[index - 1], next: lines[index])
    }

    /// For each line, whether a table's header comes at or after it before a blank line: cmark-gfm reads no
    /// definitions in a paragraph that a table's header ends.
    private static func tablesAhead(_ bytes: [UInt8], _ lines: [(range: Range<Int>, prefix: Int, blank: Bool)])
        -> [Bool]
    {
        var ahead = [Bool](repeating: false, count: lines.count + 1)
        for index in lines.indices.reversed() where !lines[index].blank {
            ahead[index] =
                ahead[index + 1]
                || (index + 1 < lines.count && aboveDelimiterRow(bytes, line: lines[index], next: lines[index + 1]))
        }
        return ahead
    }

    /// Whether a line's containers' markers end with a list item's; an ordered item not at 1 starts none
    /// after a paragraph's text, where the paragraph goes on (`t`, `3. [r]: <u` is text).
    private static func startsItem(_ markers: ArraySlice<UInt8>, afterText: Bool) -> Bool {
        let digits = markers.drop { $0 == 0x20 || $0 == 0x09 }.prefix { (0x30...0x39).contains($0) }
        if afterText, !digits.isEmpty, Int(String(decoding: digits, as: UTF8.self)) != 1 { return false }
        return markers.contains { "-+*.)".utf8.contains($0) }
    }

    /// The white space after a line's containers' markers (`markers` runs to the line's text), in columns
    /// (a tab to its tab stop); a `>` takes one column of it, of a tab too (`>`, a tab and text is a
    /// paragraph's line).
    private static func indentAfterMarkers(_ markers: ArraySlice<UInt8>) -> Int {
        let end = markers.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? markers.startIndex
        let columns = { (to: Int) in
            SourceLines.advance(0, over: Substring(decoding: markers[markers.startIndex..<to], as: UTF8.self))
        }
        let afterQuote = end > markers.startIndex && markers[end - 1] == UInt8(ascii: ">") && markers.endIndex > end
        return columns(markers.endIndex) - columns(end) - (afterQuote ? 1 : 0)
    }

    /// Whether a line whose text starts at `text` is a setext underline of the paragraph in `containers`:
    /// no lazy line, and indented less than four columns past their content. Under a paragraph's text (not
    /// under definitions alone, which it then goes on as text) it makes a heading of it, and the next line
    /// starts a paragraph (`a`, `--`, `[r]: <v`, a vertical tab, `>`).
    private static func isUnderline(_ line: ArraySlice<UInt8>, text: Int, of containers: ParagraphContainers) -> Bool {
        guard Tables.isSetextUnderline(Substring(decoding: line[text...], as: UTF8.self), allowingEquals: true)
        else { return false }
        let place = containers.place(line[..<text])
        return !place.lazy && place.indent < 4
    }

    /// The lines, each with where its containers end and whether it is blank, and the lines (indices) whose
    /// containers end with a task's marker.
    private static func linesAndContainers(_ bytes: [UInt8]) -> (
        lines: [(range: Range<Int>, prefix: Int, blank: Bool)], tasks: Set<Int>
    ) {
        var lines: [(range: Range<Int>, prefix: Int, blank: Bool)] = []
        var tasks: Set<Int> = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            var prefix = containerPrefix(bytes[start..<end])
            if prefix < end, bytes[prefix] == UInt8(ascii: "["), let task = taskMarkerEnd(bytes[start..<end]) {
                prefix = bytes[task..<end].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? end
                tasks.insert(lines.count)
            }
            lines.append((start..<end, prefix, bytes[prefix..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }))
            start = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
        }
        return (lines, tasks)
    }

    /// Where the task marker of a line that starts with a list item ends (the `]`'s next index), when the
    /// paragraph starts after it: a space or a tab follows it, not a form feed, which is the paragraph's.
    private static func taskMarkerEnd(_ line: ArraySlice<UInt8>) -> Int? {
        guard let end = TaskLists.markerEnd(Array(line)).map({ line.startIndex + $0 }),
            end < line.endIndex, line[end] == 0x20 || line[end] == 0x09
        else { return nil }
        return end
    }

    /// The block quotes and list items a paragraph of definitions is in, as its first line shows them.
    private struct ParagraphContainers {
        var quotes = 0
        /// The content columns of the list items whose markers stand on the first line, outermost first, with
        /// the number of `>` before each.
        var items: [(column: Int, quotes: Int)] = []

        init() {}

        /// - Parameter start: The first line up to the end of its containers' markers.
        init(firstLine start: ArraySlice<UInt8>) {
            var column = 0
            var marker: Int?
            // Where the last quote's content starts.
            var quoteContent = 0
            var index = start.startIndex
            while index < start.endIndex {
                let byte = start[index]
                if byte == 0x20 || byte == 0x09 {
                    column = byte == 0x09 ? column + 4 - column % 4 : column + 1
                    index += 1
                    continue
                }
                // The white space after a list marker: one to four columns are the item's, five start code.
                if let end = marker {
                    items.append((column - end <= 4 ? column : end + 1, quotes))
                    marker = nil
                }
                if byte == UInt8(ascii: ">") {
                    quotes += 1
                    column += 1
                    index += 1
                    quoteContent = column + 1
                    continue
                }
                // A footnote definition's content is four columns past the content it starts in (`2) [^1]: ~~~`,
                // then `     [a]: <u` is the item's, no longer the definition's).
                if start[index...].starts(with: "[^".utf8),
                    let close = start[index...].firstIndex(of: UInt8(ascii: "]")),
                    close + 1 < start.endIndex, start[close + 1] == UInt8(ascii: ":")
                {
                    items.append((max(items.last?.column ?? 0, quoteContent) + 4, quotes))
                    column += close + 2 - index
                    index = close + 2
                    continue
                }
                let digits = start[index...].prefix { (0x30...0x39).contains($0) }.count
                guard digits > 0 || "-+*".utf8.contains(byte) else { break }
                column += max(digits, 0) + 1
                index += max(digits, 0) + 1
                marker = column
            }
            if let end = marker { items.append((column - end <= 4 ? column : end + 1, quotes)) }
        }

        /// The columns of white space at the end of `start` (a later line up to its text) past the content
        /// of the containers it continues (a `>` takes the column after it, of a tab too), and whether it
        /// is a lazy line, continuing fewer of them than the first line.
        ///
        /// - Parameter deepQuotes: Whether a `>` four columns or more past the content it stands in is text
        ///   (`[a]: /u`, `    > [b]`), where the containers are those of the paragraph the line goes on.
        func place(_ start: ArraySlice<UInt8>, deepQuotes: Bool = false) -> (indent: Int, lazy: Bool) {
            var (column, content, quotes) = walk(start, deepQuotes: deepQuotes)
            let continued = items.prefix { $0.quotes <= quotes && $0.column <= column }
            content = max(content, continued.last?.column ?? 0)
            return (max(0, column - content), quotes < self.quotes || continued.count < items.count)
        }

        /// The containers that a later line (`start`, up to its text) goes on.
        func continued(by start: ArraySlice<UInt8>) -> ParagraphContainers {
            let (column, _, quotes) = walk(start, deepQuotes: false)
            var kept = self
            kept.items = Array(items.prefix { $0.quotes <= quotes && $0.column <= column })
            kept.quotes = min(self.quotes, quotes)
            return kept
        }

        /// The `>` of `start` (a later line up to its text) that are block quotes' markers where the line goes
        /// on these containers: one four columns or more past the content it stands in is text (`a`, then
        /// `      > b`).
        func quoteMarkers(_ start: ArraySlice<UInt8>) -> Int { walk(start, deepQuotes: true).quotes }

        /// The columns of `start` up to its first `>` that is text (with `deepQuotes`), the content column of
        /// its last quote marker, and the number of them.
        private func walk(_ start: ArraySlice<UInt8>, deepQuotes: Bool) -> (column: Int, content: Int, quotes: Int) {
            var (column, content, quotes) = (0, 0, 0)
            for byte in start {
                if deepQuotes, byte == UInt8(ascii: ">"),
                    column - max(content, items.prefix { $0.quotes <= quotes && $0.column <= column }.last?.column ?? 0)
                        >= 4
                {
                    break
                }
                column = byte == 0x09 ? column + 4 - column % 4 : column + 1
                if byte == UInt8(ascii: ">") { (content, quotes) = (column + 1, quotes + 1) }
            }
            return (column, content, quotes)
        }
    }

    /// The index of the last line of the definition on line `index` with `destination`: the next where the
    /// destination stands there, and the one after where a title stands alone on it.
    private static func lastLine(
        of destination: Range<Int>, on index: Int, in bytes: [UInt8],
        lines: [(range: Range<Int>, prefix: Int, blank: Bool)]
    ) -> Int {
        let last = destination.lowerBound >= lines[index].range.upperBound ? index + 1 : index
        guard last + 1 < lines.count,
            bytes[destination.upperBound..<lines[last].range.upperBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
            isTitle(bytes[lines[last + 1].prefix..<lines[last + 1].range.upperBound])
        else { return last }
        return last + 1
    }

    /// Whether a line's text is a link title alone: `"…"`, `'…'` or `(…)`, backslash escapes inside, then
    /// only white space.
    private static func isTitle(_ text: ArraySlice<UInt8>) -> Bool {
        let start = text.drop { $0 == 0x20 || $0 == 0x09 }
        guard let open = start.first, "\"'(".utf8.contains(open) else { return false }
        let close = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : open
        var index = start.startIndex + 1
        while index < start.endIndex {
            let byte = start[index]
            if byte == 0x5C {
                index += 2
                continue
            }
            if byte == close { return start[(index + 1)...].allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            if open == UInt8(ascii: "("), byte == open { return false }
            index += 1
        }
        return false
    }

    /// Whether a line's text is a list marker alone (`-`, `+`, `*`, `1.`, `2)`).
    private static func isListMarker(_ text: ArraySlice<UInt8>) -> Bool {
        let trimmed = text.prefix { $0 != 0x20 && $0 != 0x09 }
        guard text.dropFirst(trimmed.count).allSatisfy({ $0 == 0x20 || $0 == 0x09 }), let last = trimmed.last
        else { return false }
        if trimmed.count == 1 { return "-+*".utf8.contains(last) }
        return ".)".utf8.contains(last) && trimmed.dropLast().allSatisfy { (0x30...0x39).contains($0) }
            && trimmed.count <= 10
    }

    /// The bytes of the lines that read as a table's rows: from a line above a delimiter row to the next
    /// blank line, roughly (a table's row splits its cells before their inlines are read).
    static func tableRowSpans(_ bytes: [UInt8]) -> [Range<Int>] {
        guard bytes.contains(UInt8(ascii: "|")) else { return [] }
        let lines = linesAndContainers(bytes).lines
        var spans: [Range<Int>] = []
        var index = 0
        while index + 1 < lines.count {
            guard !lines[index].blank, aboveDelimiterRow(bytes, line: lines[index], next: lines[index + 1]) else {
                index += 1
                continue
            }
            var last = index + 1
            while last + 1 < lines.count, !lines[last + 1].blank { last += 1 }
            spans.append(lines[index].range.lowerBound..<lines[last].range.upperBound)
            index = last + 1
        }
        return spans
    }

    /// Whether a line with no container's marker is indented four columns or more: code, no table's header.
    private static func isIndentedCode(_ bytes: [UInt8], _ line: (range: Range<Int>, prefix: Int, blank: Bool)) -> Bool
    {
        let start = bytes[line.range.lowerBound..<line.prefix]
        return start.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            && SourceLines.advance(0, over: Substring(decoding: start, as: UTF8.self)) >= 4
    }

    /// Whether the line `next` is a table's delimiter row with as many cells as `line`.
    private static func aboveDelimiterRow(
        _ bytes: [UInt8], line: (range: Range<Int>, prefix: Int, blank: Bool),
        next: (range: Range<Int>, prefix: Int, blank: Bool)
    ) -> Bool {
        let row = bytes[next.prefix..<next.range.upperBound]
        // A row of dashes alone is a setext underline first (`[q]: /u`, `--` makes no table); a delimiter row
        // is in the header's block quotes (a lazy one is no table's).
        let quotes = { (line: (range: Range<Int>, prefix: Int, blank: Bool)) in
            bytes[line.range.lowerBound..<line.prefix].count { $0 == UInt8(ascii: ">") }
        }
        // A row four columns or more past the header's containers and its text is a paragraph's line
        // (`[y]:^<t` and a form feed `>`, then a tab and `:-`, is a definition).
        let columns = { (bytes: ArraySlice<UInt8>) in
            SourceLines.advance(0, over: Substring(decoding: bytes, as: UTF8.self))
        }
        let rowStart = bytes[next.range.lowerBound..<next.prefix]
        let headerText = bytes[line.range].firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") }
        let indented =
            ParagraphContainers(firstLine: bytes[line.range.lowerBound..<line.prefix]).place(rowStart).indent >= 4
            && columns(rowStart) - columns(bytes[line.range.lowerBound..<(headerText ?? line.prefix)]) >= 4
        guard !indented, row.contains(UInt8(ascii: "-")), quotes(line) == quotes(next),
            !Tables.isSetextUnderline(Substring(decoding: row.drop { $0 == 0x20 }, as: UTF8.self)),
            let alignments = Tables.delimiterRow(Substring(decoding: row, as: UTF8.self)),
            let cells = Tables.cells(of: Substring(decoding: bytes[line.prefix..<line.range.upperBound], as: UTF8.self))
        else { return false }
        return alignments.count == cells.count
    }

    /// The destination of a definition whose line (after its containers) starts at `start`: after at most
    /// three spaces, `[`, a label on the line without `[` or `]` not escaped, `]:`, spaces or tabs and at
    /// most one line ending (and the next line's containers), either `<` up to the `>` or up to the first
    /// space, tab or line ending.
    private static func definitionDestination(
        _ bytes: [UInt8], from start: Int, lineEnd: Int, footnoteLabels: Bool
    ) -> Definition? {
        var index = start
        while index < lineEnd, bytes[index] == 0x20, index - start < 3 { index += 1 }
        guard index + 1 < lineEnd, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        let labelStart = index
        while index < lineEnd, bytes[index] != UInt8(ascii: "]") {
            if bytes[index] == UInt8(ascii: "[") { return nil }
            index += bytes[index] == 0x5C ? 2 : 1
        }
        // A label holds more than white space; a footnote's is `^` and more, without spaces or tabs.
        let labelEnd = index
        let label = bytes[labelStart..<index]
        let footnote =
            label.count > 1 && label.first == UInt8(ascii: "^") && !label.contains { $0 == 0x20 || $0 == 0x09 }
        guard index + 1 < lineEnd, label.count <= 999, bytes[index + 1] == UInt8(ascii: ":"),
            label.contains(where: { $0 != 0x20 && $0 != 0x09 }), !(footnote && footnoteLabels)
        else { return nil }
        index += 2
        while index < lineEnd, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        var end = lineEnd
        if index == lineEnd {
            // The destination on the next line, after its containers.
            index =
                lineEnd + (lineEnd + 1 < bytes.count && bytes[lineEnd] == 0x0D && bytes[lineEnd + 1] == 0x0A ? 2 : 1)
            end = bytes[min(index, bytes.count)...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            guard index < end else { return nil }
            index = containerPrefix(bytes[index..<end])
        }
        guard index < end else { return nil }
        let stop: Int
        if bytes[index] == UInt8(ascii: "<") {
            guard let close = bytes[index..<end].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            stop = close + 1
        } else {
            stop = bytes[index..<end].firstIndex { $0 == 0x20 || $0 == 0x09 } ?? end
        }
        // Only white space, or white space and a title that closes (on this line or a later one) before
        // white space to its line's end, may follow it on its line (`[y]:[](\f) "` is no definition).
        let space = bytes[stop..<end].prefix { $0 == 0x20 || $0 == 0x09 }.count
        guard stop + space < end else { return Definition(label: labelStart..<labelEnd, destination: index..<stop) }
        guard space > 0, let title = titleEnd(bytes, from: stop + space),
            bytes[title...].prefix(while: { $0 != 0x0A && $0 != 0x0D }).allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        else { return nil }
        return Definition(label: labelStart..<labelEnd, destination: index..<stop)
    }

    /// Whether a line (after its containers) is a block of its own, which a paragraph starts after: an ATX
    /// heading, a thematic break, or an HTML block of the first five kinds whose end is on its line
    /// (``htmlBlockEndsOnItsLine(_:)``).
    static func endsParagraph(_ line: ArraySlice<UInt8>) -> Bool {
        let text = line.drop { $0 == 0x20 }
        guard line.count - text.count < 4, let first = text.first else { return false }
        if first == UInt8(ascii: "<") { return htmlBlockEndsOnItsLine(text) }
        if first == UInt8(ascii: "#") {
            let hashes = text.prefix { $0 == UInt8(ascii: "#") }.count
            return hashes <= 6 && (hashes == text.count || [0x20, 0x09].contains(text[text.startIndex + hashes]))
        }
        guard "-*_".utf8.contains(first) else { return false }
        let marks = text.filter { $0 == first }.count
        return marks >= 3 && text.allSatisfy { $0 == first || $0 == 0x20 || $0 == 0x09 }
    }

    /// What ends an HTML block of cmark-gfm 0.29 (``htmlBlock(_:startsParagraph:)``).
    enum HTMLBlockEnd: Equatable {
        /// A line that holds one of these (kinds 1 to 5), the block's first line included.
        case marker([String])
        /// A blank line (kinds 6 and 7).
        case blankLine

        /// Whether the line (without its line ending) ends the block.
        func ends(_ line: ArraySlice<UInt8>) -> Bool {
            switch self {
            case .blankLine: return line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            case .marker(let markers):
                return markers.contains { marker in
                    let needle = Array(marker.utf8)
                    guard line.count >= needle.count else { return false }
                    return (line.startIndex...(line.endIndex - needle.count)).contains { at in
                        zip(line[at...], needle).allSatisfy { $0 | 0x20 == $1 | 0x20 }
                    }
                }
            }
        }
    }

    /// The HTML block that a line's text (after its containers and fewer than four columns of white space)
    /// starts, as cmark-gfm 0.29's `html_block_start` reads it, and what ends it: `<script`, `<pre` or `<style`;
    /// `<!--`; `<?`; `<!` and a capital letter; `<![CDATA[`; a block tag's name; and, where the line starts a
    /// paragraph (the seventh kind interrupts none), any tag alone on its line.
    static func htmlBlock(_ text: ArraySlice<UInt8>, startsParagraph: Bool) -> HTMLBlockEnd? {
        let line = text.prefix { $0 != 0x0A && $0 != 0x0D }
        guard line.first == UInt8(ascii: "<") else { return nil }
        func starts(_ prefix: String) -> Bool {
            line.count >= prefix.utf8.count && zip(line, prefix.utf8).allSatisfy { $0 | 0x20 == $1 | 0x20 }
        }
        // A tag's name: letters and digits after `<` or `</`, followed by white space, `>`, `/>` or the end.
        let closing = starts("</")
        let nameStart = line.startIndex + (closing ? 2 : 1)
        let nameEnd =
            line[nameStart...].firstIndex {
                !(0x30...0x39).contains($0) && !(0x41...0x5A).contains($0) && !(0x61...0x7A).contains($0)
            } ?? line.endIndex
        let name = String(decoding: line[nameStart..<nameEnd], as: UTF8.self).lowercased()
        let after = nameEnd < line.endIndex ? line[nameEnd] : nil
        let endsName = after.map { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") } ?? true
        if !closing, ["script", "pre", "style"].contains(name), endsName {
            return .marker(["</script>", "</pre>", "</style>"])
        }
        if starts("<![CDATA[") { return .marker(["]]>"]) }
        if starts("<!--") { return .marker(["-->"]) }
        if starts("<?") { return .marker(["?>"]) }
        if starts("<!"), line.count > 2, (0x41...0x5A).contains(line[line.startIndex + 2]) { return .marker([">"]) }
        let selfClosing =
            after == UInt8(ascii: "/") && nameEnd + 1 < line.endIndex && line[nameEnd + 1] == UInt8(ascii: ">")
        if blockTagNames.contains(name), !["script", "pre", "style"].contains(name), endsName || selfClosing {
            return .blankLine
        }
        return startsParagraph && BlockStart.isHTMLTagLine(Substring(decoding: line, as: UTF8.self)) ? .blankLine : nil
    }

    /// Whether the text starts an HTML block of the first five kinds whose end is on the same line, as
    /// cmark's block parser tests it from the line's text: the block is that line alone (`<?>` ends where it
    /// starts), and what follows is another paragraph.
    private static func htmlBlockEndsOnItsLine(_ text: ArraySlice<UInt8>) -> Bool {
        guard let end = htmlBlock(text, startsParagraph: false), end != .blankLine else { return false }
        return end.ends(text.prefix { $0 != 0x0A && $0 != 0x0D })
    }
}
