import CommonMark
import Foundation

/// One place a post or page names an image: a Markdown image, a raw `<img src>`, or its front matter's
/// `image` or `banner_image`; what a warning about the image points at.
struct ImageReference: Sendable, Equatable {
    /// The URL as the source writes it.
    var url: String
    /// The post's or page's source, relative to the site root.
    var file: String
    /// 1-based line and column (in bytes) in the source file; nil when not known.
    var line: Int?
    var column: Int?

    /// The images `post` names, front matter first, then its body's in order. `body` is the post's Markdown
    /// and `text` the whole file, read only for the front matter's lines when the post has a cover.
    static func all(
        in post: Post, body: String, text: @autoclosure () -> String?, markdown: MarkdownSettings
    ) -> [ImageReference] {
        var found: [ImageReference] = []
        let covers = [("image", post.image), ("banner_image", post.bannerImage)].compactMap { key, value in
            value.map { (key, $0) }
        }
        if !covers.isEmpty {
            let lines = (text() ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            for (key, url) in covers {
                let position = frontMatterPosition(of: key, in: lines.prefix(max(0, post.bodyFirstLine - 1)))
                found.append(
                    ImageReference(url: url, file: post.source, line: position?.line, column: position?.column))
            }
        }
        // Most posts show no image: the parse is skipped for them.
        guard mayShowImages(body),
            let document = try? Document(
                markdown: body.replacingControlCharacters, options: markdown.parseOptions,
                extensions: markdown.extensions)
        else { return found }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        document.forEachNode { node in
            switch node.kind {
            case .image:
                guard let url = node.url else { return }
                let line = node.startLine
                found.append(
                    ImageReference(
                        url: url, file: post.source, line: line > 0 ? post.bodyFirstLine + line - 1 : nil,
                        column: line > 0 ? column(of: "![", from: node.startColumn, in: lines, line: line) : nil))
            case .htmlBlock, .htmlInline:
                found += rawImages(node, in: post, lines: lines)
            default: break
            }
        }
        return found
    }

    /// Whether `text` holds `![` or `<img` (in any case), without which it shows no image.
    static func mayShowImages(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { mayShowImages(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `bytes` hold `![` or `<img` (in any case). From one `!` or `<` to the next with memchr: a
    /// whole build asks it of every post's file, and a generic walk of `Data` checked exclusive access at
    /// each byte, a sixth of the build of ten thousand posts.
    static func mayShowImages(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ByteSearch.contains(UInt8(ascii: "!"), in: bytes) { bang in
            bang + 1 < bytes.count && bytes[bang + 1] == UInt8(ascii: "[")
        }
            || ByteSearch.contains(UInt8(ascii: "<"), in: bytes) { open in
                open + 3 < bytes.count && bytes[open + 1] | 0x20 == UInt8(ascii: "i")
                    && bytes[open + 2] | 0x20 == UInt8(ascii: "m") && bytes[open + 3] | 0x20 == UInt8(ascii: "g")
            }
    }

    /// The column of the `marker` (`![`, `<img`) that cmark's column points at or before: cmark counts
    /// from the start of the block's text, so a list item's or quote's markers and indentation move the
    /// real one right.
    private static func column(of marker: String, from column: Int, in lines: [Substring], line: Int) -> Int {
        guard line >= 1, line <= lines.count else { return column }
        let text = Array(lines[line - 1].utf8.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) })
        let wanted = Array(marker.utf8)
        var index = max(0, column - 1)
        while index + wanted.count <= text.count {
            if text[index..<index + wanted.count].elementsEqual(wanted) { return index + 1 }
            index += 1
        }
        return column
    }

    /// The `<img src>` of a raw HTML node, each at the line and column of its `<img`.
    private static func rawImages(_ node: Node, in post: Post, lines: [Substring]) -> [ImageReference] {
        guard let literal = node.literal, node.startLine > 0 else { return [] }
        var found: [ImageReference] = []
        var rest = literal[...]
        while let start = rest.range(of: "<img", options: .caseInsensitive)?.lowerBound {
            let tagEnd = rest[start...].firstIndex(of: ">") ?? rest.endIndex
            let before = literal[..<start]
            let newlines = before.utf8.count { $0 == UInt8(ascii: "\n") }
            let lineStart = before.lastIndex(of: "\n").map { literal.index(after: $0) } ?? literal.startIndex
            let offset = literal[lineStart..<start].utf8.count
            if let url = PictureMarkup.attribute("src", in: rest[start..<tagEnd]) {
                let line = node.startLine + newlines
                let guess = newlines == 0 ? node.startColumn + offset : offset + 1
                found.append(
                    ImageReference(
                        url: url, file: post.source, line: post.bodyFirstLine + line - 1,
                        column: column(of: "<img", from: guess, in: lines, line: line)))
            }
            rest = rest[tagEnd...]
        }
        return found
    }

    /// The line and column of `key`'s value among the front matter's lines (YAML `key: value` or TOML
    /// `key = value`, at the start of a line; the opening `---` is line 1).
    private static func frontMatterPosition(of key: String, in lines: ArraySlice<Substring>) -> (
        line: Int, column: Int
    )? {
        for (index, line) in lines.enumerated() where line.hasPrefix(key) {
            let afterKey = line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
            guard afterKey.first == ":" || afterKey.first == "=" else { continue }
            let value = afterKey.dropFirst().drop { $0 == " " || $0 == "\t" }
            return (index + 1, line.utf8.count - value.utf8.count + 1)
        }
        return nil
    }
}
