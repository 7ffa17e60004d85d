/// The block starts that CommonMark lets begin anywhere but in a paragraph's continuation lines, read from a
/// line's text after its containers and indentation, as cmark-gfm's block parser reads them.
enum BlockStart {
    /// Whether the line starts a block that cannot interrupt a paragraph: a list item with nothing after its
    /// marker, an ordered item that does not start at 1, or an HTML block of the seventh kind (an open or
    /// closing tag alone on its line). libcmark takes such a line into a paragraph; after a table's rows,
    /// which are no paragraph in cmark-gfm, it starts the block.
    static func cannotInterruptParagraph(_ text: Substring) -> Bool {
        let bytes = text.utf8Bytes
        return emptyOrLaterListItem(bytes) || isHTMLTagLine(bytes)
    }

    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }

    /// `-`, `+`, `*` or `1.`…`999999999)` followed by nothing but white space, or an ordered marker with
    /// another number than 1 followed by a space or tab.
    private static func emptyOrLaterListItem(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            return isBlank(bytes[1...])
        }
        var index = 0
        while index < bytes.count, index < 9, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > 0, index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")")
        else { return false }
        let rest = bytes[(index + 1)...]
        if isBlank(rest) { return true }
        let startsAtOne = bytes[..<index].drop { $0 == UInt8(ascii: "0") }.elementsEqual([UInt8(ascii: "1")])
        return !startsAtOne && (rest.first == 0x20 || rest.first == 0x09)
    }

    /// cmark's `html_block_start_7`: `<` tag name, attributes, optional `/`, `>`, or `</` tag name `>`,
    /// then only white space.
    static func isHTMLTagLine(_ text: Substring) -> Bool { isHTMLTagLine(text.utf8Bytes) }

    private static func isHTMLTagLine(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func skipSpaces() -> Bool {
            let start = index
            while let byte = peek(), isSpace(byte) { index += 1 }
            return index > start
        }
        guard peek() == UInt8(ascii: "<") else { return false }
        index += 1
        let closing = peek() == UInt8(ascii: "/")
        if closing { index += 1 }
        guard let letter = peek(), isLetter(letter) else { return false }
        while let byte = peek(), isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") { index += 1 }
        if closing {
            _ = skipSpaces()
        } else {
            while true {
                let spaced = skipSpaces()
                guard spaced, let byte = peek(),
                    isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                else { break }
                while let byte = peek(), isLetter(byte) || isDigit(byte) || "_.:-".utf8.contains(byte) { index += 1 }
                let beforeValue = index
                _ = skipSpaces()
                guard peek() == UInt8(ascii: "=") else {
                    index = beforeValue
                    continue
                }
                index += 1
                _ = skipSpaces()
                guard attributeValue() else { return false }
            }
            if peek() == UInt8(ascii: "/") { index += 1 }
        }
        guard peek() == UInt8(ascii: ">") else { return false }
        // `[\t\n\f ]* [\r\n]`: a form feed after the tag that ``FormFeeds`` kept as written ends the line too.
        return bytes[(index + 1)...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0C || $0 == 0x0D || $0 == 0x0A }

        func attributeValue() -> Bool {
            guard let quote = peek() else { return false }
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                while let byte = peek(), byte != quote { index += 1 }
                guard peek() == quote else { return false }
                index += 1
                return true
            }
            let start = index
            while let byte = peek(), !isSpace(byte), !"\"'=<>`".utf8.contains(byte) { index += 1 }
            return index > start
        }
    }
}
