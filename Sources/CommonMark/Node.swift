internal import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One node of a ``Document``'s tree.
///
/// A node keeps its document alive, so it never outlives the tree it points into.
public struct Node {
    /// The document that owns the node.
    public let document: Document
    let pointer: OpaquePointer

    /// The kinds of node that CommonMark defines.
    public enum Kind: Sendable, Hashable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, customInline, emphasis, strong, link, image
        case unknown
    }

    /// The node's kind.
    public var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: .document
        case CMARK_NODE_BLOCK_QUOTE: .blockQuote
        case CMARK_NODE_LIST: .list
        case CMARK_NODE_ITEM: .item
        case CMARK_NODE_CODE_BLOCK: .codeBlock
        case CMARK_NODE_HTML_BLOCK: .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: .customBlock
        case CMARK_NODE_PARAGRAPH: .paragraph
        case CMARK_NODE_HEADING: .heading
        case CMARK_NODE_THEMATIC_BREAK: .thematicBreak
        case CMARK_NODE_TEXT: .text
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        case CMARK_NODE_CODE: .code
        case CMARK_NODE_HTML_INLINE: .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: .customInline
        case CMARK_NODE_EMPH: .emphasis
        case CMARK_NODE_STRONG: .strong
        case CMARK_NODE_LINK: .link
        case CMARK_NODE_IMAGE: .image
        default: .unknown
        }
    }

    /// The text of a text, code, code block or HTML node; `nil` for other kinds. Setting it on a node of
    /// another kind does nothing.
    public var literal: String? {
        get { cmark_node_get_literal(pointer).map { String(cString: $0) } }
        nonmutating set { cmark_node_set_literal(pointer, newValue) }
    }

    /// Calls `body` with the node's literal as UTF-8 bytes, without copying it into a `String`; the bytes are
    /// empty for nodes without a literal and valid only during the call.
    public func withLiteralBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let text = cmark_node_get_literal(pointer) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(
            UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }

    /// A fenced code block's info string (`swift` in ```` ```swift ````); nil for other kinds.
    public var fenceInfo: String? {
        cmark_node_get_fence_info(pointer).map { String(cString: $0) }
    }

    /// The destination of a link or image; setting it changes the rendered `href` or `src`.
    public var url: String? {
        get { cmark_node_get_url(pointer).map { String(cString: $0) } }
        nonmutating set { cmark_node_set_url(pointer, newValue) }
    }

    /// A heading's level, 1 to 6; 0 for other kinds.
    /// Whether a list is tight: its items' paragraphs render without `<p>` (CommonMark §5.3).
    public var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }

    public var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }

    /// The first line of the node in the source, 1-based.
    public var startLine: Int {
        let line = Int(cmark_node_get_start_line(pointer))
        return line > document.lineShift ? line - document.lineShift : line
    }

    /// The node's first column in the source, 1-based, in bytes; cmark counts an inline's column from the
    /// start of its block's text, past any indentation or container markers stripped from its line.
    public var startColumn: Int {
        Int(cmark_node_get_start_column(pointer))
    }

    /// The node's children, in order.
    public var children: [Node] {
        var result: [Node] = []
        var child = cmark_node_first_child(pointer)
        while let current = child {
            result.append(Node(document: document, pointer: current))
            child = cmark_node_next(current)
        }
        return result
    }

    /// The text a reader sees in this node: text and code literals, with line breaks as spaces.
    public var plainText: String { plainText(includingImages: true) }

    /// The node's text; without images, their alternative text is left out.
    public func plainText(includingImages: Bool) -> String {
        var text = ""
        appendPlainText(to: &text, includingImages: includingImages)
        return text
    }

    private func appendPlainText(to text: inout String, includingImages: Bool) {
        switch kind {
        case .text, .code: withLiteralBytes { text += String(decoding: $0, as: UTF8.self) }
        case .softBreak, .lineBreak: text += " "
        case .image where !includingImages: break
        default:
            // Child by child, not through `children`: an array for every node of every heading and summary.
            var child = cmark_node_first_child(pointer)
            while let current = child {
                Node(document: document, pointer: current).appendPlainText(to: &text, includingImages: includingImages)
                child = cmark_node_next(current)
            }
        }
    }

    /// Puts a block node's children inside custom nodes that render as `onEnter`, the children, `onExit`,
    /// on one line as libcmark writes a heading (a custom block that writes nothing itself, around a
    /// custom inline that writes the tags), and takes the node itself out of the tree.
    ///
    /// Used to render a heading with an `id`. The node stays valid but detached; it is freed with the
    /// document.
    /// - Throws: ``CommonMarkError/treeEditFailed`` if libcmark refused the edit.
    public func replaceWithCustomBlock(onEnter: String, onExit: String) throws(CommonMarkError) {
        guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK), let inline = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)
        else {
            throw CommonMarkError.treeEditFailed
        }
        cmark_node_set_on_enter(inline, onEnter)
        cmark_node_set_on_exit(inline, onExit)
        guard cmark_node_append_child(block, inline) == 1, cmark_node_insert_before(pointer, block) == 1 else {
            cmark_node_free(block)
            throw CommonMarkError.treeEditFailed
        }
        while let child = cmark_node_first_child(pointer) {
            cmark_node_unlink(child)
            // A custom inline holds inlines, which is all a heading has, so this cannot fail.
            guard cmark_node_append_child(inline, child) == 1 else {
                cmark_node_free(child)
                throw CommonMarkError.treeEditFailed
            }
        }
        document.detach(pointer)
    }
}
