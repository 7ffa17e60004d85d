extension TaskLists {
    /// cmark-gfm reads a task item's marker before the rest of its line, so the rest can be a link reference
    /// definition (`- [x] [f]: /url`), which libcmark, reading `[x] [f]: /url` as one paragraph, never sees.
    /// Such lines are parsed without their `[x]` (the marker and the spaces before it kept, so the item's
    /// content column stays), and ``apply(_:source:written:shift:rewritten:)`` gives their items the checkbox.
    ///
    /// - Parameter only: The line numbers that may be rewritten (all when nil): a line that turned out not to
    ///   start a list item (in a code block, say) is left as written in a second parse.
    /// - Returns: The source and, for each rewritten line (1-based), whether its task is checked; nil when no
    ///   line was rewritten.
    static func rewriteDefinitionLines(_ source: String, only: Set<Int>? = nil) -> (
        source: String, checked: [Int: Bool]
    )? {
        guard mayHoldMarkerBeforeBracket(source) else { return nil }
        let lines = SourceLines(source)
        var checked: [Int: Bool] = [:]
        var rewritten: [Substring] = []
        for (index, line) in lines.lines.enumerated() {
            let bytes = Array(line.utf8)
            guard only?.contains(index + 1) ?? true, let end = markerEnd(bytes),
                let open = bytes[end...].firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
                bytes[open] == UInt8(ascii: "["), bytes[open...].contains(UInt8(ascii: ":"))
            else {
                rewritten.append(line)
                continue
            }
            // The spaces between the list marker and `[x]`: five or more make the rest indented code.
            let bracket = end - 3
            var listMarkerEnd = bracket
            while listMarkerEnd > 0, bytes[listMarkerEnd - 1] == 0x20 { listMarkerEnd -= 1 }
            guard bracket - listMarkerEnd <= 4, !bytes[listMarkerEnd..<bracket].contains(0x09) else {
                rewritten.append(line)
                continue
            }
            checked[index + 1] = contains(bytes, "[x]") || contains(bytes, "[X]")
            rewritten.append(Substring(String(decoding: bytes[..<bracket] + bytes[open...], as: UTF8.self)))
        }
        guard !checked.isEmpty else { return nil }
        return (rewrittenSource(source, lines: rewritten), checked)
    }

    /// Whether a `[ ]`, `[x]` or `[X]` is followed by spaces or tabs and a `[` anywhere: from one `]` to the
    /// next, so that a document without one is not split into lines.
    private static func mayHoldMarkerBeforeBracket(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            ByteSearch.contains(UInt8(ascii: "]"), in: UnsafeRawBufferPointer(bytes)) { close in
                guard close >= 2, close + 1 < bytes.count, bytes[close - 2] == UInt8(ascii: "["),
                    " xX".utf8.contains(bytes[close - 1])
                else { return false }
                var next = close + 1
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                return next > close + 1 && next < bytes.count && bytes[next] == UInt8(ascii: "[")
            }
        }
    }

    /// The source with its lines replaced, each keeping the line ending it had.
    private static func rewrittenSource(_ source: String, lines: [Substring]) -> String {
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
