internal import CCmark

/// A source line matched as cmark's block parser matches it against the block quotes and list items around a
/// block, outermost first: how many of them the line continues, and where its text begins after them (a tab
/// that a container took part of leaves its other columns as spaces). Where the other readings of a line
/// know containers of one kind, or quotes with the items between them counted one way, this one follows the
/// whole chain, so a lazy line in a quote inside an item inside a quote keeps the white space cmark keeps.
struct ContainerPrefix {
    /// Where the line's text begins: its byte in the line, its column, and whether the byte is a tab whose
    /// columns up to `column` a container took.
    private struct Position {
        var index: Int
        var column: Int
        var partialTab: Bool
    }

    private let containers: [OpaquePointer]
    private let source: SourceLines
    /// Each item's width (marker's indentation, marker and the spaces after it), found on its own line.
    private var widths: [OpaquePointer: Int] = [:]

    /// Chains longer than this are not matched: each item's width is found by matching its own line, so the
    /// work grows with the square of the chain.
    private static let depthLimit = 32

    /// The matcher for a block's containers, or nil when they are not block quotes and list items alone (a
    /// footnote definition or a table among them) or are nested too deep.
    init?(of block: OpaquePointer, source: SourceLines) {
        var found: [OpaquePointer] = []
        for ancestor in Tree.ancestors(of: block).reversed() {
            switch Tree.type(ancestor) {
            case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM: found.append(ancestor)
            case CMARK_NODE_LIST: continue
            default: return nil
            }
        }
        guard found.count <= Self.depthLimit else { return nil }
        containers = found
        self.source = source
    }

    /// The white space at the start of a line after the containers it continues, with the columns of a tab
    /// they took part of as spaces; nil when the line does not begin as its containers' lines began.
    mutating func whitespace(line number: Int) -> Substring? {
        guard let (position, _) = match(line: number, through: containers.count) else { return nil }
        let bytes = source.lineBytes(number)
        var index = bytes.startIndex + position.index
        var text = ""
        if position.partialTab, index < bytes.endIndex {
            text = String(repeating: " ", count: 4 - position.column % 4)
            index += 1
        }
        while index < bytes.endIndex, bytes[index] == 0x20 || bytes[index] == 0x09 {
            text.append(bytes[index] == 0x20 ? " " : "\t")
            index += 1
        }
        return Substring(text)
    }

    /// The position after the first `count` containers, or as many as the line continues, and that many.
    private mutating func match(line number: Int, through count: Int) -> (Position, Int)? {
        guard number >= 1, number <= source.lines.count else { return nil }
        let bytes = source.lineBytes(number)
        var position = Position(index: 0, column: 0, partialTab: false)
        for (depth, container) in containers.prefix(count).enumerated() {
            let opens = Tree.startLine(container) == number
            let (first, indent) = firstNonspace(bytes, from: position)
            if Tree.type(container) == CMARK_NODE_BLOCK_QUOTE {
                guard indent <= 3, first < bytes.count, bytes[bytes.startIndex + first] == UInt8(ascii: ">") else {
                    return opens ? nil : (position, depth)
                }
                advance(bytes, &position, columns: indent + 1)
                if position.index < bytes.count,
                    bytes[bytes.startIndex + position.index] == 0x20 || bytes[bytes.startIndex + position.index] == 0x09
                {
                    advance(bytes, &position, columns: 1)
                }
            } else if opens {
                guard let width = openItem(bytes, at: &position, indent: indent, first: first) else { return nil }
                widths[container] = width
            } else {
                guard let width = width(of: container, depth: depth) else { return nil }
                guard indent >= width else { return (position, depth) }
                advance(bytes, &position, columns: width)
            }
        }
        return (position, min(count, containers.count))
    }

    /// An item's width, found on its own line after the containers outside it.
    private mutating func width(of item: OpaquePointer, depth: Int) -> Int? {
        if let known = widths[item] { return known }
        guard match(line: Tree.startLine(item), through: depth + 1) != nil else { return nil }
        return widths[item]
    }

    /// Moves past a list item's marker and the white space after it, as cmark opens an item: one to four
    /// columns of it belong to the marker, or one when there are five or more or the line ends.
    private func openItem(_ bytes: ArraySlice<UInt8>, at position: inout Position, indent: Int, first: Int) -> Int? {
        var end = first
        let start = bytes.startIndex
        if end < bytes.count, "-+*".utf8.contains(bytes[start + end]) {
            end += 1
        } else {
            while end < bytes.count, (0x30...0x39).contains(bytes[start + end]) { end += 1 }
            guard end > first, end < bytes.count, bytes[start + end] == 0x2E || bytes[start + end] == 0x29 else {
                return nil
            }
            end += 1
        }
        let marker = end - first
        advance(bytes, &position, columns: indent + marker)
        let saved = position
        let (after, spaces) = firstNonspace(bytes, from: position)
        if spaces >= 5 || spaces < 1 || after >= bytes.count {
            position = saved
            if spaces > 0 { advance(bytes, &position, columns: 1) }
            return indent + marker + 1
        }
        advance(bytes, &position, columns: spaces)
        return indent + marker + spaces
    }

    /// The first byte after spaces and tabs from a position, and its columns past the position's.
    private func firstNonspace(_ bytes: ArraySlice<UInt8>, from position: Position) -> (index: Int, indent: Int) {
        var index = position.index
        var column = position.column
        var toTab = 4 - column % 4
        while index < bytes.count {
            let byte = bytes[bytes.startIndex + index]
            if byte == 0x20 {
                column += 1
                toTab = toTab == 1 ? 4 : toTab - 1
            } else if byte == 0x09 {
                column += toTab
                toTab = 4
            } else {
                break
            }
            index += 1
        }
        return (index, column - position.column)
    }

    /// cmark's `S_advance_offset` by columns: a tab wider than what is left is taken in part.
    private func advance(_ bytes: ArraySlice<UInt8>, _ position: inout Position, columns: Int) {
        var count = columns
        while count > 0, position.index < bytes.count {
            if bytes[bytes.startIndex + position.index] == 0x09 {
                let toTab = 4 - position.column % 4
                position.partialTab = toTab > count
                let step = min(count, toTab)
                position.column += step
                if !position.partialTab { position.index += 1 }
                count -= step
            } else {
                position.partialTab = false
                position.index += 1
                position.column += 1
                count -= 1
            }
        }
    }
}
