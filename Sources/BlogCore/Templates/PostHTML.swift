import Mustache

/// A post's HTML as libcmark wrote it, in UTF-8 bytes that never become a `String`: a template prints a
/// marker for it, which ``splice(into:)`` replaces with the bytes once the page is rendered.
///
/// As a `String`, the HTML of every post would be checked as UTF-8 (2% of a build's processor time) and
/// copied twice more inside swift-mustache, into the post template's block and into the base template's
/// page. A template that escapes it (`{{post.content}}`) prints the marker escaped and gets the HTML
/// escaped; its transforms (`{{uppercased(post.content)}}`) work on the text.
struct PostHTML: MustacheCustomRenderable, MustacheTransformable, Sendable, Equatable, ExpressibleByStringLiteral {
    var bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(stringLiteral text: String) {
        bytes = Array(text.utf8)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Private-use characters around a random name, so that no text of a post or a site reads the same;
    /// the `&` is what escaping changes, so an escaped marker can be told from a raw one.
    private static let markerText = "\u{E000}&post-html-\(String(UInt64.random(in: .min ... .max), radix: 16))\u{E000}"
    private static let marker = Array(markerText.utf8)
    private static let escapedMarker = Array(HTMLEscaping().escapeText(markerText).utf8)

    var renderText: String { Self.markerText }

    /// Empty HTML still opens a section, as an empty string does.
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        text.transform(name)
    }

    /// The bytes of `page` with each marker replaced by the HTML, escaped where the marker was.
    func splice(into page: String) -> [UInt8] {
        var page = page
        return page.withUTF8 { page in
            var spliced: [UInt8] = []
            spliced.reserveCapacity(page.count + bytes.count)
            var copied = 0
            var index = 0
            func marks(_ marker: [UInt8]) -> Bool {
                page.count - index >= marker.count && marker.indices.allSatisfy { page[index + $0] == marker[$0] }
            }
            while index < page.count {
                // Both markers start with U+E000, whose first byte is 0xEE.
                guard page[index] == 0xEE else {
                    index += 1
                    continue
                }
                let replacement: (length: Int, bytes: [UInt8])? =
                    marks(Self.marker)
                    ? (Self.marker.count, bytes)
                    : marks(Self.escapedMarker)
                        ? (Self.escapedMarker.count, Array(HTMLEscaping().escapeText(text).utf8)) : nil
                guard let replacement else {
                    index += 1
                    continue
                }
                spliced += UnsafeBufferPointer(rebasing: page[copied..<index])
                spliced += replacement.bytes
                index += replacement.length
                copied = index
            }
            spliced += UnsafeBufferPointer(rebasing: page[copied...])
            return spliced
        }
    }
}
