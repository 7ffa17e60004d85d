internal import CCmark

/// `![^`, which cmark-gfm's inline parser never reads as the start of an image (it keeps `[^` for a footnote
/// reference, whatever the extensions): the `!` is text and the `[` a link's bracket, so `![^a](b)` is `!`
/// and a link to `b`. libcmark makes an image of it; each such image becomes that `!` and a link with the
/// image's children, destination and title. Inside another link's text, the link it is in cmark-gfm makes
/// the `[` of the link around it inactive (CommonMark §6.3: no link holds a link), so that one is no link
/// there: such a block is parsed again with a mark between each `!` and its `[^`.
enum CaretImages {
    private static let mark = Array("![^".utf8)

    /// Rewrites the images written `![^` in the paragraphs and headings whose source holds that mark.
    ///
    /// - Parameter definitions: The reads of the text's link reference definitions left for blocks parsed
    ///   again, which a block's brackets may use.
    static func apply(
        _ blocks: [OpaquePointer], lines: SourceLines, entities: EntityDecoder, smart: Bool,
        definitions: inout Autolinks.DefinitionReads
    ) {
        for block in blocks
        where lines.contains(from: Tree.startLine(block), through: Tree.endLine(block), sequence: mark) {
            let images = Tree.all(block) { Tree.type($0) == CMARK_NODE_IMAGE }
            guard !images.isEmpty, let source = InlineSource.make(for: block, lines: lines, entities: entities)
            else { continue }
            let caretImages = images.filter { image in
                source.ranges[image].map { source.raw[$0].starts(with: mark) } ?? false
            }
            let nested = caretImages.contains { image in
                var ancestor = Tree.parent(image)
                while let current = ancestor, current != block {
                    if Tree.type(current) == CMARK_NODE_LINK { return true }
                    ancestor = Tree.parent(current)
                }
                return false
            }
            if nested,
                reparse(
                    block, source: source, at: caretImages.compactMap { source.ranges[$0]?.lowerBound }, lines: lines,
                    smart: smart, definitions: &definitions)
            {
                continue
            }
            for image in caretImages { split(image) }
        }
    }

    /// Makes an image the `!` and a link with its children, destination and title.
    private static func split(_ image: OpaquePointer) {
        guard let link = cmark_node_new(CMARK_NODE_LINK) else { return }
        cmark_node_set_url(link, cmark_node_get_url(image))
        cmark_node_set_title(link, cmark_node_get_title(image))
        Tree.moveChildren(of: image, to: link)
        Tree.insert(Tree.text("!"), before: image)
        Tree.insert(link, before: image)
        Tree.remove(image)
    }

    /// The inline comment put between a `!` and its `[^` for the parse, taken out after.
    private static let separator = Array("<!--\u{E0FF}-->".utf8)

    /// Parses a block's source again with ``separator`` after the `!` of each image at `starts`, so that
    /// libcmark reads each `[^` as cmark-gfm does, a link's bracket; the block's inlines are replaced by the
    /// new ones. Returns false, the block as it was, where the parse does not give one paragraph of its lines.
    private static func reparse(
        _ block: OpaquePointer, source: InlineSource, at starts: [Int], lines: SourceLines, smart: Bool,
        definitions: inout Autolinks.DefinitionReads
    ) -> Bool {
        let raw = source.raw
        guard ByteSearch.firstIndex(of: separator, in: raw[...], from: 0) == nil else { return false }
        var text: [UInt8] = []
        var from = 0
        for start in starts.sorted() where start >= from {
            text += raw[from...start] + separator
            from = start + 1
        }
        text += raw[from...]
        // Continuation lines indented four columns stay the paragraph's and start no block; libcmark reads
        // them without that indentation.
        text = text.reduce(into: []) { indented, byte in
            indented.append(byte)
            if byte == 0x0A { indented += [0x20, 0x20, 0x20, 0x20] }
        }
        guard
            let (document, paragraph) = definitions.parse(
                text, brackets: raw.contains(UInt8(ascii: "[")), lines: lines, smart: smart)
        else { return false }
        defer { cmark_node_free(document) }
        let marks = Tree.all(paragraph) {
            Tree.type($0) == CMARK_NODE_HTML_INLINE && Tree.literalBytes($0).elementsEqual(separator)
        }
        for node in marks { Tree.remove(node) }
        for child in Tree.children(block) { Tree.remove(child) }
        Tree.moveChildren(of: paragraph, to: block)
        return true
    }
}
