import Foundation
import Images

/// What a page needs to offer one processed image: the image's upright size and its encoded widths,
/// each named by its file, which is beside the image's own.
struct PictureSource: Sendable, Equatable {
    struct Candidate: Sendable, Equatable {
        /// The file's name, beside the image's.
        var file: String
        var width: Int
    }

    /// One format's files: its media type and its widths, narrowest first.
    struct SourceSet: Sendable, Equatable {
        var type: String
        var candidates: [Candidate]
    }

    var size: PixelSize
    /// AVIF first, the smaller files, then WebP; empty when the image is offered as it is.
    var sets: [SourceSet]
}

/// Turns a post's `<img>` elements whose `src` names a processed image into `<picture>` elements (HTML
/// Living Standard §4.8.1): AVIF and WebP `<source>`s with `srcset` and `sizes`, and the `<img>` kept as
/// the fallback with the real pixels' `width` and `height`, so the page does not shift as it loads, and
/// `loading="lazy" decoding="async"` on every image but the page's first. An image offered as it is
/// keeps its `<img>` alone, with the same attributes.
enum PictureMarkup {
    /// `html` with its images rewritten, or nil when it has none of `pictures` (keyed by the output paths
    /// of the originals, which `outputPath` gives for a `src`).
    static func rewrite(
        _ html: [UInt8], pictures: [String: PictureSource], outputPath: (String) -> String?
    ) -> [UInt8]? {
        let text = String(decoding: html, as: UTF8.self)
        var output = ""
        var rest = text[...]
        var imagesSeen = 0
        var changed = false
        while let start = rest.range(of: "<img", options: .caseInsensitive)?.lowerBound {
            guard let end = tagEnd(rest[start...]) else { break }
            let tag = rest[start..<end]
            output += rest[..<start]
            rest = rest[end...]
            imagesSeen += 1
            guard let source = attribute("src", in: tag), let picture = outputPath(source).flatMap({ pictures[$0] })
            else {
                output += tag
                continue
            }
            output += markup(tag, source: source, picture, isFirst: imagesSeen == 1)
            changed = true
        }
        guard changed else { return nil }
        output += rest
        return Array(output.utf8)
    }

    private static func markup(_ tag: Substring, source: String, _ picture: PictureSource, isFirst: Bool) -> String {
        let width = picture.size.width
        let sizes = "(max-width: \(width)px) 100vw, \(width)px"
        // The encodings are beside the original: each candidate's URL is the `src` with another file name.
        let folder = (source.lastIndex(of: "/").map { String(source[...$0]) } ?? "")
            // srcset splits candidates at commas and white space (HTML §4.8.4.2); the value is an attribute.
            .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: ",", with: "%2C")
        var html = picture.sets.isEmpty ? "" : "<picture>"
        for set in picture.sets {
            let srcset = set.candidates.map { "\(folder)\($0.file.pathEncoded) \($0.width)w" }.joined(separator: ", ")
            html += "<source type=\"\(set.type)\" srcset=\"\(srcset)\" sizes=\"\(sizes)\">"
        }
        var added = ""
        if attribute("width", in: tag) == nil && attribute("height", in: tag) == nil {
            added += " width=\"\(width)\" height=\"\(picture.size.height)\""
        }
        // The first image is most likely in view as the page opens: it loads at once (HTML §2.5.7).
        if !isFirst && attribute("loading", in: tag) == nil { added += " loading=\"lazy\"" }
        if !isFirst && attribute("decoding", in: tag) == nil { added += " decoding=\"async\"" }
        let closing = tag.hasSuffix("/>") ? tag.index(tag.endIndex, offsetBy: -2) : tag.index(before: tag.endIndex)
        var body = tag[..<closing]
        while body.last == " " { body = body.dropLast() }
        return html + body + added + (tag.hasSuffix("/>") ? " " : "") + tag[closing...]
            + (picture.sets.isEmpty ? "" : "</picture>")
    }

    /// The index after the `>` that ends the tag starting `text`, quoted values passed over.
    private static func tagEnd(_ text: Substring) -> Substring.Index? {
        var quote: Character?
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return text.index(after: index)
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The value of attribute `name` in a tag, entities `&amp;` and `&quot;` decoded, or nil.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag.dropFirst(4)
        while let range = rest.range(of: name, options: .caseInsensitive) {
            let before = rest[..<range.lowerBound].last
            var after = rest[range.upperBound...].drop { $0 == " " }
            rest = rest[range.upperBound...]
            guard before == " " || before == "\n" || before == "\t", after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            guard let quote = after.first, quote == "\"" || quote == "'" else {
                return String(after.prefix { $0 != " " && $0 != ">" && $0 != "/" })
            }
            let value = after.dropFirst().prefix { $0 != quote }
            return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
        return nil
    }
}
