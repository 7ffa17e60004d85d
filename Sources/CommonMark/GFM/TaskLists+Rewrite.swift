extension TaskLists {
    /// How a task line is parsed, where libcmark would read it otherwise than cmark-gfm, which reads the
    /// task's marker before the rest of the line (`open_tasklist_item` opens no block after it).
    enum LineForm: Equatable {
        /// The rest of the line is a link reference definition (`- [x] [f]: /url`), which libcmark, reading
        /// `[x] [f]: /url` as one paragraph, never sees: parsed without the `[x]` (the marker and the spaces
        /// before it kept, so the item's content column stays).
        case definition
        /// Nothing follows the marker: cmark-gfm's item has no block open and no child, as an item that
        /// begins with a blank line has (the next line is read on its own, a blank one ends the item), but
        /// keeps its content column and, its line not being blank, may interrupt a paragraph. Parsed as
        /// that empty item (the list marker and its spaces alone), which is exact where the marker has one
        /// space after it, or a line that ends the item follows.
        case emptyItem
        /// Nothing follows the marker, where the empty item would not do (another content column, or a
        /// paragraph the item interrupts, which an empty item cannot): parsed with ``mark`` for the `[x]`,
        /// a block that leaves nothing open, taken out after parsing.
        case marked
    }

    /// The block that stands for a task's marker with nothing after it, taken out after parsing.
    static let mark = "<![CDATA[\u{2004}]]>"
    /// The mark left open on its line, and what closes it on the last blank line after it.
    static let markOpen = "<![CDATA[\u{2004}"
    static let markClose = "\u{2004}]]>"

    /// The source with task lines rewritten (``LineForm``), and, for each rewritten line (1-based), whether
    /// its task is checked and how it was written; nil when no line was rewritten.
    ///
    /// - Parameters:
    ///   - forms: The form of each line whose first parse made no list item of it (`nil` to leave it as
    ///     written, in a code block, say), which takes the place of the form it would get.
    ///   - definitions: Where footnote definitions' items start (``Footnotes/rewriteDefinitions(_:correcting:)``):
    ///     a definition is no list item in cmark-gfm, so a `[x]` at the start of its text is text.
    static func rewriteLines(
        _ source: String, forms: [Int: LineForm?] = [:], definitions: [Footnotes.Position: String] = [:]
    ) -> (
        source: String, checked: [Int: Bool], forms: [Int: LineForm]
    )? {
        guard mayHoldRewrittenMarker(source) else { return nil }
        let lines = SourceLines(source)
        var checked: [Int: Bool] = [:]
        var written: [Int: LineForm] = [:]
        var rewritten: [Substring] = []
        // The blank lines after empty tasks, rewritten (``blankLineAfter(_:in:content:form:)``).
        var blankLines: [Int: Substring] = [:]
        for (index, line) in lines.lines.enumerated() {
            if let blank = blankLines[index] {
                rewritten.append(blank)
                continue
            }
            let bytes = Array(line.utf8)
            guard let end = markerEnd(bytes),
                definitions.isEmpty
                    || definitions[Footnotes.Position(line: index + 1, column: markerColumn(bytes))] == nil,
                let form = forms[index + 1] ?? form(of: bytes, after: end, next: lines.lines[(index + 1)...].first)
            else {
                rewritten.append(line)
                continue
            }
            // The spaces and tabs between the list marker and `[x]`: five columns or more make the rest
            // indented code, a tab counting to the next tab stop from where it stands.
            let bracket = end - 3
            var listMarkerEnd = bracket
            while listMarkerEnd > 0, bytes[listMarkerEnd - 1] == 0x20 || bytes[listMarkerEnd - 1] == 0x09 {
                listMarkerEnd -= 1
            }
            let markerColumn = columns(bytes[..<listMarkerEnd])
            guard columns(bytes[..<bracket]) - markerColumn <= 4 else {
                rewritten.append(line)
                continue
            }
            checked[index + 1] = contains(bytes, "[x]") || contains(bytes, "[X]")
            written[index + 1] = form
            var markText = mark
            if form != .definition,
                let blank = blankLineAfter(index, in: lines.lines, content: columns(bytes[..<bracket]), form: form)
            {
                blankLines[blank.index] = blank.line
                if blank.line.hasSuffix(markClose) { markText = markOpen }
            }
            let rest: ArraySlice<UInt8> =
                switch form {
                case .definition: bytes[(bytes[end...].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? end)...]
                case .emptyItem: []
                case .marked: Array(markText.utf8)[...]
                }
            rewritten.append(Substring(String(decoding: bytes[..<bracket] + rest, as: UTF8.self)))
        }
        guard !checked.isEmpty else { return nil }
        return (rewrittenSource(source, lines: rewritten), checked, written)
    }

    /// The 1-based column, counted in bytes as a definition's position is, where a line's list marker starts.
    private static func markerColumn(_ line: [UInt8]) -> Int {
        (line.firstIndex { !isSpaceChar($0) } ?? line.count) + 1
    }

    /// The form a task line whose marker ends at `end` is rewritten in, if any.
    private static func form(of line: [UInt8], after end: Int, next: Substring?) -> LineForm? {
        guard let text = line[end...].firstIndex(where: { !isSpaceChar($0) }) else {
            // One space after the list marker gives the empty item the task's content column; where it
            // differs, only a line blank in cmark-gfm's reading after the item ends it before it is used.
            let spaced = end >= 5 && line[end - 4] == 0x20 && !isSpaceChar(line[end - 5])
            return spaced || next.map(isBlank) ?? true ? .emptyItem : .marked
        }
        // A label left open on the line may close on the next (`[`, then `x]: /u`).
        guard line[text] == UInt8(ascii: "[") else { return nil }
        let rest = line[(text + 1)...]
        var index = rest.startIndex
        var closed = false
        while index < rest.endIndex, !closed {
            closed = rest[index] == UInt8(ascii: "]")
            index += rest[index] == 0x5C ? 2 : 1
        }
        return rest.contains(UInt8(ascii: ":")) || !closed ? .definition : nil
    }

    /// The blank line that ends an empty task's item on line index `index`, whose content starts at column
    /// `content`, in cmark-gfm, and what it is written as. While the item has no child, a blank line indented
    /// as its content keeps it, and the first one indented less, or the next line that is not blank, so
    /// indented, ends it (a task is never in a block quote: its line starts with its list marker). An empty
    /// line for the empty item, whose content column may be less (`-   [ ] `, two spaces); for the mark,
    /// which makes the item go on over a blank line, a mark that ends the list where the lines after it are
    /// indented as the item's content (a mark alone comes after a paragraph the task interrupts, and the
    /// item's end is what follows).
    ///
    /// Where the item goes on over its blank lines, the mark's CDATA block is left open (``markOpen``) and the
    /// last of them closes it (``markClose``): cmark-gfm's item has no child for the blank lines to make
    /// end in one, and the mark, a child here, would make the list loose when the item goes on after it.
    private static func blankLineAfter(_ index: Int, in lines: [Substring], content: Int, form: LineForm)
        -> (index: Int, line: Substring)?
    {
        let blanks = lines[(index + 1)...].prefix(while: isBlank)
        let next = blanks.endIndex < lines.count ? lines[blanks.endIndex] : nil
        // Where all are so indented, a line after them indented less ends the item, which ends at the first
        // for the empty item as well.
        guard
            let ending = blanks.firstIndex(where: { indentation($0) < content })
                ?? next.flatMap({ indentation($0) < content ? blanks.indices.first : nil })
        else {
            guard form == .marked, let last = blanks.indices.last, next != nil else { return nil }
            return (last, Substring(String(repeating: " ", count: content) + markClose))
        }
        let later = lines[(ending + 1)...].first { !isBlank($0) }
        guard form == .marked, let later, indentation(later) >= content else { return (ending, "") }
        return (ending, Substring(String(repeating: " ", count: indentation(lines[index])) + listEnd))
    }

    /// The block that stands for a blank line that ends an empty task's list, taken out after parsing.
    static let listEnd = "<![CDATA[\u{2005}]]>"

    private static func isBlank(_ line: Substring) -> Bool { line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

    private static func indentation(_ line: Substring) -> Int {
        columns(Array(line.utf8.prefix { $0 == 0x20 || $0 == 0x09 })[...])
    }

    private static func columns(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $1 == 0x09 ? $0 + 4 - $0 % 4 : $0 + 1 }
    }

    /// Whether a `[ ]`, `[x]` or `[X]` is followed by spaces or tabs and a `[`, or by white space to the
    /// line's end, anywhere: from one `]` to the next, so that a document without one is not split into lines.
    private static func mayHoldRewrittenMarker(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            ByteSearch.contains(UInt8(ascii: "]"), in: UnsafeRawBufferPointer(bytes)) { close in
                guard close >= 2, close + 1 <= bytes.count, bytes[close - 2] == UInt8(ascii: "["),
                    " xX".utf8.contains(bytes[close - 1])
                else { return false }
                var next = close + 1
                while next < bytes.count, isSpaceChar(bytes[next]) { next += 1 }
                return next == bytes.count || bytes[next] == 0x0A || bytes[next] == 0x0D
                    || (next > close + 1 && bytes[next] == UInt8(ascii: "["))
            }
        }
    }

    /// The source with its lines replaced, each keeping the line ending it had.
    static func rewrittenSource(_ source: String, lines: [Substring]) -> String {
        var result = ""
        result.reserveCapacity(source.utf8.count)
        let utf8 = Array(source.utf8)
        var index = 0
        var number = 0
        while index <= utf8.count, number < lines.count {
            var end = index
            while end < utf8.count, utf8[end] != 0x0A, utf8[end] != 0x0D { end += 1 }
            result += lines[number]
            var next = end
            if next < utf8.count {
                next += utf8[next] == 0x0D && next + 1 < utf8.count && utf8[next + 1] == 0x0A ? 2 : 1
                result += String(decoding: utf8[end..<next], as: UTF8.self)
            }
            number += 1
            index = next
            if end == utf8.count { break }
        }
        return result
    }
}
