internal import CCmark

/// The blocks that the units of the tables' prelude (``Tables/prelude(for:)``) were parsed into, taken out
/// unit by unit in the prelude's order.
///
/// A unit of only link reference definitions leaves no paragraph, so units are matched to blocks by the
/// line they start on: each unit takes its lines and the blank line after it.
struct PreludeUnits {
    private var paragraphs: [Int: OpaquePointer] = [:]
    /// Top-level blocks by their first line, for units of blocks (``Tables/Segment/blocks(_:)``); made only
    /// when a plan has one.
    private var blocks: [Int: OpaquePointer] = [:]
    private var line = 1

    /// - Parameters:
    ///   - root: The root whose top-level blocks are the prelude's.
    ///   - paragraphs: The paragraphs and headings of that tree.
    init(root: OpaquePointer, paragraphs: [OpaquePointer], plans: [Tables.Plan]) {
        // A unit of text whose lazy lines keep their white space is a block quote's paragraph (``Tables/prelude(for:)``).
        for paragraph in paragraphs where Tree.type(paragraph) == CMARK_NODE_PARAGRAPH {
            guard let parent = Tree.parent(paragraph),
                parent == root || (Tree.type(parent) == CMARK_NODE_BLOCK_QUOTE && Tree.parent(parent) == root)
            else { continue }
            self.paragraphs[Tree.startLine(paragraph)] = paragraph
        }
        let hasBlocks = plans.contains { plan in
            plan.segments.contains { if case .blocks = $0 { true } else { false } }
        }
        if hasBlocks {
            for block in Tree.children(root) { blocks[Tree.startLine(block)] = block }
        }
    }

    /// The next unit's paragraph, unlinked; nil when it left none.
    mutating func takeParagraph(_ unit: String) -> OpaquePointer? {
        defer { advance(over: unit) }
        guard let paragraph = paragraphs.removeValue(forKey: line) else { return nil }
        let parent = Tree.parent(paragraph)
        cmark_node_unlink(paragraph)
        if let parent, Tree.type(parent) == CMARK_NODE_BLOCK_QUOTE { Tree.remove(parent) }
        return paragraph
    }

    /// The next unit's top-level blocks, unlinked, in order.
    mutating func takeBlocks(_ unit: String) -> [OpaquePointer] {
        let first = line
        advance(over: unit)
        return (first..<line).compactMap { line in
            guard let block = blocks.removeValue(forKey: line) else { return nil }
            paragraphs.removeValue(forKey: line)
            cmark_node_unlink(block)
            return block
        }
    }

    /// Removes the paragraphs of units not taken (none, unless a plan's paragraph was not found), which do
    /// not stay in front of the document.
    func removeLeftOver() {
        for paragraph in paragraphs.values { Tree.remove(paragraph) }
    }

    private mutating func advance(over unit: String) {
        line += unit.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + 2
    }
}
