import Foundation

/// What a link check needs from one HTML page: the URLs it links to, the fragments it offers, and the
/// target of a redirect page's refresh; found by one pass over the page's bytes, without a tree.
struct PageScan: Sendable, Equatable {
    /// One URL in an attribute: `href`, `src`, `poster`, each candidate of a `srcset`, a refresh's `url=`.
    struct Link: Sendable, Equatable {
        /// The attribute's name, lower-case.
        var attribute: String
        /// The URL with character references decoded (`&amp;` is `&`), as a browser reads it.
        var url: String
        /// The byte offset of the attribute's value in the page.
        var offset: Int
    }

    var links: [Link] = []
    /// Every `id`, and the `name` of every `<a>`: what a `#fragment` may point to (HTML §7.4.6.4), in
    /// document order. A list, not a set: most pages are never the target of a fragment, and hashing
    /// each of their ids cost a tenth of the scan.
    var anchors: [String] = []
    /// The URL of a `<meta http-equiv="refresh">`, which makes the page a redirect page.
    var refresh: String?
}

/// A small scanner of HTML tags and attributes, enough for link checking: quoted and unquoted values,
/// character references, comments, and the raw text of `<script>`, `<style>`, `<textarea>` and `<title>`,
/// whose contents hold no tags (HTML §13.1.2). Names are matched without regard to case.
enum HTMLScanner {
    /// Scans a page's UTF-8 bytes.
    static func scan(_ bytes: [UInt8]) -> PageScan {
        bytes.withUnsafeBufferPointer { scan($0) }
    }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> PageScan {
        var scan = PageScan()
        // A page of the default theme has a dozen links and more: the list does not start from one.
        scan.links.reserveCapacity(16)
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return scan }
        while index < count {
            // Most of a page is text between tags: memchr finds the next `<` many bytes at a time.
            guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else { break }
            index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            guard index + 1 < count else { break }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                index = skipDeclaration(bytes, from: index)
            } else if next == UInt8(ascii: "/") || next == UInt8(ascii: "?") {
                index = skip(past: UInt8(ascii: ">"), in: bytes, from: index)
            } else if isLetter(next) {
                let (name, end) = readTag(bytes, from: index + 1, into: &scan)
                index = end
                // The name is one of the few known tags or empty: most tags are not looked up at all.
                if !name.isEmpty, rawTextElements.contains(name) {
                    index = skipRawText(bytes, from: index, closing: name)
                }
            } else {
                index += 1
            }
        }
        return scan
    }

    /// Elements whose contents are text up to their end tag.
    private static let rawTextElements = ["script", "style", "textarea", "title"]
    /// The tags whose attributes or contents the scanner looks at.
    private static let knownTags = Names(["a", "meta", "script", "style", "textarea", "title"])
    /// The attributes it keeps: links, anchors, and what makes a refresh.
    private static let keptAttributes = Names([
        "href", "src", "poster", "srcset", "id", "name", "content", "http-equiv",
    ])

    /// Lower-case ASCII names with their bytes, to compare with a page's bytes without making strings.
    private struct Names {
        let names: [String]
        let bytes: [[UInt8]]
        /// Bit `n` is set when a name is `n` bytes long: most of a page's names are ruled out by length.
        let lengths: UInt64

        init(_ names: [String]) {
            self.names = names
            bytes = names.map { Array($0.utf8) }
            lengths = bytes.reduce(0) { $0 | 1 << UInt64($1.count) }
        }
    }

    /// Reads a start tag from its name at `start`; returns the name and where the tag ends.
    private static func readTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into scan: inout PageScan)
        -> (String, Int)
    {
        var index = start
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
            bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        // Names are compared by byte, not made into strings: a page has thousands of tags and attributes,
        // and few of them matter here. Values are decoded only for what is kept, and kept as they come:
        // no list of a tag's attributes is made.
        let name = known(bytes, start..<index, among: knownTags) ?? ""
        var refresh = false
        var content: (value: String, offset: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { index += 1; break }
            if isSpace(byte) || byte == UInt8(ascii: "/") { index += 1; continue }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: ">"), index == nameStart || bytes[index] != UInt8(ascii: "/")
            {
                index += 1
            }
            let attribute = known(bytes, nameStart..<index, among: keptAttributes)
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                // An attribute without a value: an empty one, a link to nothing or an empty `content`.
                if let attribute {
                    record(attribute, of: name, bytes, index..<index, &refresh, &content, &scan)
                }
                continue
            }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            let (range, end) = valueRange(bytes, from: index)
            index = end
            if let attribute {
                record(attribute, of: name, bytes, range, &refresh, &content, &scan)
            }
        }
        if refresh, let content, let url = refreshURL(content.value) {
            scan.refresh = url
            scan.links.append(PageScan.Link(attribute: "content", url: url, offset: content.offset))
        }
        return (name, index)
    }

    /// Keeps what one attribute of a tag says: an anchor, links, or a `<meta>`'s part of a refresh.
    /// The value is the bytes at `range` (empty for an attribute without one), decoded only when kept.
    private static func record(
        _ attribute: String, of tag: String, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
        _ refresh: inout Bool, _ content: inout (value: String, offset: Int)?, _ scan: inout PageScan
    ) {
        let offset = range.lowerBound
        func decoded() -> String { CharacterReferences.decode(bytes, range) }
        switch attribute {
        case "id":
            let id = decoded()
            if !id.isEmpty { scan.anchors.append(id) }
        case "name" where tag == "a":
            let anchor = decoded()
            if !anchor.isEmpty { scan.anchors.append(anchor) }
        case "srcset":
            for candidate in srcsetURLs(decoded()) {
                scan.links.append(PageScan.Link(attribute: attribute, url: candidate, offset: offset))
            }
        case "href", "src", "poster":
            scan.links.append(PageScan.Link(attribute: attribute, url: decoded(), offset: offset))
        case "http-equiv" where tag == "meta":
            refresh = refresh || decoded().lowercased() == "refresh"
        case "content" where tag == "meta":
            // The first `content` is the one a browser reads.
            if content == nil { content = (decoded(), offset) }
        default: break
        }
    }

    /// The bytes of a value from `start` (a quote or the first byte of an unquoted value) and where it ends.
    private static func valueRange(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Range<Int>, Int) {
        guard start < bytes.count else { return (start..<start, start) }
        let quote = bytes[start]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"), let base = bytes.baseAddress {
            let end =
                memchr(base + start + 1, Int32(quote), bytes.count - start - 1).map {
                    UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0))
                } ?? bytes.count
            return (start + 1..<end, min(end + 1, bytes.count))
        }
        var end = start
        while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
        return (start..<end, end)
    }

    /// The URL of a refresh's `content` (`0; url=/new/`), HTML §4.2.5.3, quotes removed.
    static func refreshURL(_ content: String) -> String? {
        guard let range = content.range(of: "url", options: .caseInsensitive) else { return nil }
        var rest = content[range.upperBound...].drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        if let quote = rest.first, quote == "'" || quote == "\"" {
            rest = rest.dropFirst().prefix { $0 != quote }
        }
        let url = rest.trimmingCharacters(in: .whitespaces)
        return url.isEmpty ? nil : url
    }

    /// The URLs of a `srcset`: each candidate's first word (HTML §4.8.4.2.2).
    static func srcsetURLs(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { candidate in
            candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.map(String.init)
        }
    }

    /// Past a comment (`<!-- ... -->`) or a declaration (`<!DOCTYPE ...>`) starting at `start`.
    private static func skipDeclaration(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start + 3 < bytes.count, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-")
        else { return skip(past: UInt8(ascii: ">"), in: bytes, from: start) }
        var index = start + 4
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
                bytes[index + 2] == UInt8(ascii: ">")
            {
                return index + 3
            }
            index += 1
        }
        return bytes.count
    }

    /// Past the end tag `</name` of a raw text element, whatever the case of its name.
    private static func skipRawText(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, closing name: String)
        -> Int
    {
        let name = Array(name.utf8)
        var index = start
        while index + 1 + name.count < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"),
                name.indices.allSatisfy({ bytes[index + 2 + $0] | 0x20 == name[$0] })
            {
                return skip(past: UInt8(ascii: ">"), in: bytes, from: index)
            }
            index += 1
        }
        return bytes.count
    }

    private static func skip(past byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != byte { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The one of `names` (lower-case) that the bytes spell in any case of ASCII letters, or nil.
    private static func known(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, among names: Names)
        -> String?
    {
        guard range.count < 64, names.lengths & (1 << UInt64(range.count)) != 0 else { return nil }
        search: for (position, name) in names.bytes.enumerated() where name.count == range.count {
            for offset in 0..<name.count {
                let byte = bytes[range.lowerBound + offset]
                guard name[offset] == ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) else { continue search }
            }
            return names.names[position]
        }
        return nil
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
