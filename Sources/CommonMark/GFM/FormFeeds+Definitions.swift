/// Link reference definitions, whose destination cmark-gfm 0.29 reads up to the first space, tab or line
/// ending, a form feed or vertical tab being text to it (`[a]: <u` and a vertical tab `>`, `[a]: [](` and a
/// form feed `)`): what looks like a tag or an inline link there is part of the destination.
extension FormFeeds {
    /// The destinations of the lines that read as link reference definitions starting a paragraph: the
    /// text's first line, a line after a blank one, a heading or a thematic break, or one that starts a list
    /// item, indented less than four columns; or a line after another definition, at any indentation. A
    /// definition's label is on one line; `[^x]:` starts a footnote's definition instead, but for a line
    /// after a definition indented four columns or more, which goes on its paragraph. A line right above a
    /// table's delimiter row is the table's header.
    static func definitionDestinations(_ bytes: [UInt8]) -> [Range<Int>] {
        // The lines, each with where its containers end and whether it is blank.
        var lines: [(range: Range<Int>, prefix: Int, blank: Bool)] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            let prefix = containerPrefix(bytes[start..<end])
            lines.append((start..<end, prefix, bytes[prefix..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }))
            start = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
        }
        // cmark-gfm reads no definitions in a paragraph that a table's header ends: whether one comes at or
        // after each line before a blank one.
        var tableAhead = [Bool](repeating: false, count: lines.count + 1)
        for index in lines.indices.reversed() where !lines[index].blank {
            tableAhead[index] =
                tableAhead[index + 1]
                || (index + 1 < lines.count && aboveDelimiterRow(bytes, line: lines[index], next: lines[index + 1]))
        }
        var destinations: [Range<Int>] = []
        var (startsParagraph, afterDefinition) = (true, false)
        for (index, (range, prefix, blank)) in lines.enumerated() {
            let line = bytes[range]
            let startsItem = line[range.lowerBound..<prefix].contains { "-+*.)".utf8.contains($0) }
            let indent = line[range.lowerBound..<prefix].reversed().prefix { $0 == 0x20 || $0 == 0x09 }.reduce(0) {
                $0 + ($1 == 0x09 ? 4 : 1)
            }
            var destination: Range<Int>?
            if afterDefinition || ((startsParagraph || startsItem) && indent < 4), !tableAhead[index] {
                destination = definitionDestination(
                    bytes, from: prefix, lineEnd: range.upperBound, footnoteLabels: !afterDefinition || indent < 4)
                // A line that goes on a paragraph of definitions holds no container's start: `[^x]:` is a label.
                if afterDefinition, destination == nil,
                    let text = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ">") }),
                    text < prefix
                {
                    destination = definitionDestination(
                        bytes, from: text, lineEnd: range.upperBound, footnoteLabels: false)
                }
            }
            if let destination { destinations.append(destination) }
            afterDefinition = destination != nil
            // A list marker alone starts an empty item, or underlines a paragraph (`-`); a line indented four
            // columns where a block may start is indented code.
            startsParagraph =
                blank || endsParagraph(line[prefix...]) || isListMarker(line[prefix...])
                || (startsParagraph && !startsItem && indent >= 4)
        }
        return destinations
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

    /// Whether the line `next` is a table's delimiter row with as many cells as `line`.
    private static func aboveDelimiterRow(
        _ bytes: [UInt8], line: (range: Range<Int>, prefix: Int, blank: Bool),
        next: (range: Range<Int>, prefix: Int, blank: Bool)
    ) -> Bool {
        let row = bytes[next.prefix..<next.range.upperBound]
        guard row.contains(UInt8(ascii: "-")),
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
    ) -> Range<Int>? {
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
        // Only white space, or white space and a title, may follow it on its line.
        let space = bytes[stop..<end].prefix { $0 == 0x20 || $0 == 0x09 }.count
        guard stop + space == end || (space > 0 && "\"'(".utf8.contains(bytes[stop + space])) else { return nil }
        return index..<stop
    }

    /// Whether a line (after its containers) is a block of its own, which a paragraph starts after: an ATX
    /// heading or a thematic break.
    static func endsParagraph(_ line: ArraySlice<UInt8>) -> Bool {
        let text = line.drop { $0 == 0x20 }
        guard line.count - text.count < 4, let first = text.first else { return false }
        if first == UInt8(ascii: "#") {
            let hashes = text.prefix { $0 == UInt8(ascii: "#") }.count
            return hashes <= 6 && (hashes == text.count || [0x20, 0x09].contains(text[text.startIndex + hashes]))
        }
        guard "-*_".utf8.contains(first) else { return false }
        let marks = text.filter { $0 == first }.count
        return marks >= 3 && text.allSatisfy { $0 == first || $0 == 0x20 || $0 == 0x09 }
    }
}
