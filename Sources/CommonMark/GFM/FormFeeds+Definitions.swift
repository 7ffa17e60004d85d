/// Link reference definitions, whose destination cmark-gfm 0.29 reads up to the first space, tab or line
/// ending, a form feed or vertical tab being text to it (`[a]: <u` and a vertical tab `>`, `[a]: [](` and a
/// form feed `)`): what looks like a tag or an inline link there is part of the destination.
extension FormFeeds {
    /// The destinations of the lines that read as link reference definitions starting a paragraph: the
    /// text's first line, a line after a blank one or after another definition, or one that starts a list
    /// item; a definition's label on one line, not a footnote's.
    static func definitionDestinations(_ bytes: [UInt8]) -> [Range<Int>] {
        var destinations: [Range<Int>] = []
        var (start, startsParagraph) = (0, true)
        while start < bytes.count {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            let line = bytes[start..<end]
            let prefix = containerPrefix(line)
            let blank = line[prefix...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            let startsItem = line[start..<prefix].contains { "-+*.)".utf8.contains($0) }
            var destination: Range<Int>?
            if startsParagraph || startsItem { destination = definitionDestination(bytes, from: prefix, lineEnd: end) }
            if let destination { destinations.append(destination) }
            startsParagraph = blank || destination != nil
            start = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
        }
        return destinations
    }

    /// The destination of a definition whose line (after its containers) starts at `start`: after at most
    /// three spaces, `[`, a label on the line without `[` or `]` not escaped, `]:`, spaces or tabs and at
    /// most one line ending (and the next line's containers), either `<` up to the `>` or up to the first
    /// space, tab or line ending.
    private static func definitionDestination(_ bytes: [UInt8], from start: Int, lineEnd: Int) -> Range<Int>? {
        var index = start
        while index < lineEnd, bytes[index] == 0x20, index - start < 3 { index += 1 }
        guard index + 1 < lineEnd, bytes[index] == UInt8(ascii: "["), bytes[index + 1] != UInt8(ascii: "^")
        else { return nil }
        index += 1
        let labelStart = index
        while index < lineEnd, bytes[index] != UInt8(ascii: "]") {
            if bytes[index] == UInt8(ascii: "[") { return nil }
            index += bytes[index] == 0x5C ? 2 : 1
        }
        guard index + 1 < lineEnd, index > labelStart, index - labelStart <= 999, bytes[index + 1] == UInt8(ascii: ":")
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
        if bytes[index] == UInt8(ascii: "<") {
            guard let close = bytes[index..<end].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return index..<(close + 1)
        }
        let stop = bytes[index..<end].firstIndex { $0 == 0x20 || $0 == 0x09 } ?? end
        return index..<stop
    }
}
