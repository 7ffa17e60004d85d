internal import CCmark

/// `<textarea`, which CommonMark 0.30 (libcmark) added to the tags that start an HTML block of the first
/// kind (one that may interrupt a paragraph and runs to its closing tag) and 0.29 (cmark-gfm) reads as any
/// tag: `<textarea>{` is a paragraph there, and a tag followed by text on its line no block at all. Each
/// such opening tag is parsed as `<textare0` (`<textare1` for a capital `A`), a name libcmark knows no
/// better than cmark-gfm knows `textarea`, of the same length so that every column stays; the tree's text,
/// code, HTML and link destinations get it back after.
enum TextareaTags {
    private static let name = Array("<textarea".utf8)

    /// The text with each `<textarea` followed by white space, `>` or the end stood in for, or nil when it
    /// holds none or already holds a stand-in's name (`textare0`, which would come back as `textarea`).
    static func standingIn(_ markdown: String) -> String? {
        // From one `<` to the next by memchr: the copy and the look at every byte below are for the
        // documents that hold the tag (a `<table>` or `<td>` is no reason to read the whole text).
        var text = markdown
        let holdsTag = text.withUTF8 { bytes in
            ByteSearch.contains(UInt8(ascii: "<"), in: UnsafeRawBufferPointer(bytes)) { at in
                at + 1 + letters.count < bytes.count && bytes[at + 1 + letters.count] | 0x20 == UInt8(ascii: "a")
                    && (0..<letters.count).allSatisfy { bytes[at + 1 + $0] | 0x20 == letters[$0] }
            }
        }
        guard holdsTag else { return nil }
        var bytes = Array(markdown.utf8)
        var changed = false
        for index in names(in: bytes) {
            let last = bytes[index + letters.count]
            if last == UInt8(ascii: "0") || last == UInt8(ascii: "1") { return nil }
            let end = index + letters.count + 1
            guard index > 0, bytes[index - 1] == UInt8(ascii: "<"), last | 0x20 == UInt8(ascii: "a"),
                end == bytes.count || [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">")].contains(bytes[end])
            else { continue }
            bytes[end - 1] = last == UInt8(ascii: "a") ? UInt8(ascii: "0") : UInt8(ascii: "1")
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Gives every node under `root` its `<textarea` back: in text, code and HTML, in destinations and
    /// titles (where a destination in `<` and `>` has lost its `<`) and in what custom nodes write.
    static func restore(_ root: OpaquePointer) {
        Tree.walk(root, into: { _ in true }) { node in
            switch Tree.type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if let text = restored(Tree.literal(node)) { Tree.setLiteral(node, text) }
                if Tree.type(node) == CMARK_NODE_CODE_BLOCK, let info = cmark_node_get_fence_info(node),
                    let text = restored(String(cString: info))
                {
                    cmark_node_set_fence_info(node, text)
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = Tree.url(node), let text = restored(url) { cmark_node_set_url(node, text) }
                if let title = cmark_node_get_title(node), let text = restored(String(cString: title)) {
                    cmark_node_set_title(node, text)
                }
            case CMARK_NODE_CUSTOM_INLINE, CMARK_NODE_CUSTOM_BLOCK:
                // A footnote's label, in its reference's and its entry's ids.
                if let text = restored(Tree.onEnter(node)) { cmark_node_set_on_enter(node, text) }
                if let text = restored(Tree.onExit(node)) { cmark_node_set_on_exit(node, text) }
            default: break
            }
        }
    }

    private static let letters = Array("textare".utf8)

    /// The text with each stand-in's name back, or nil when it holds none.
    private static func restored(_ text: String) -> String? {
        guard text.utf8.count > letters.count else { return nil }
        var bytes = Array(text.utf8)
        var changed = false
        for index in names(in: bytes) {
            let last = index + letters.count
            guard bytes[last] == UInt8(ascii: "0") || bytes[last] == UInt8(ascii: "1") else { continue }
            bytes[last] = bytes[last] == UInt8(ascii: "0") ? UInt8(ascii: "a") : UInt8(ascii: "A")
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Where `textare` (any case) starts with a byte after it, in one pass.
    private static func names(in bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        var index = 0
        while index + letters.count < bytes.count {
            if bytes[index] | 0x20 == letters[0],
                (1..<letters.count).allSatisfy({ bytes[index + $0] | 0x20 == letters[$0] })
            {
                found.append(index)
                index += letters.count
            } else {
                index += 1
            }
        }
        return found
    }
}
