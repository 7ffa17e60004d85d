internal import CCmark

/// `![^`, which cmark-gfm's inline parser never reads as the start of an image (it keeps `[^` for a footnote
/// reference, whatever the extensions): the `!` is text and the `[` a link's bracket, so `![^a](b)` is `!`
/// and a link to `b`. libcmark makes an image of it; each such image becomes that `!` and a link with the
/// image's children, destination and title.
enum CaretImages {
    private static let mark = Array("![^".utf8)

    /// Rewrites the images written `![^` in the paragraphs and headings whose source holds that mark.
    static func apply(_ blocks: [OpaquePointer], lines: SourceLines, entities: EntityDecoder) {
        for block in blocks
        where lines.contains(from: Tree.startLine(block), through: Tree.endLine(block), sequence: mark) {
            let images = Tree.all(block) { Tree.type($0) == CMARK_NODE_IMAGE }
            guard !images.isEmpty, let source = InlineSource.make(for: block, lines: lines, entities: entities)
            else { continue }
            for image in images {
                guard let range = source.ranges[image], source.raw[range].starts(with: mark),
                    let link = cmark_node_new(CMARK_NODE_LINK)
                else { continue }
                cmark_node_set_url(link, cmark_node_get_url(image))
                cmark_node_set_title(link, cmark_node_get_title(image))
                Tree.moveChildren(of: image, to: link)
                Tree.insert(Tree.text("!"), before: image)
                Tree.insert(link, before: image)
                Tree.remove(image)
            }
        }
    }
}
