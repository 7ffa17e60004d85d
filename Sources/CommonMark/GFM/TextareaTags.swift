internal import CCmark

/// `<textarea`, which CommonMark 0.30 (libcmark) added to the tags that start an HTML block of the first
/// kind (one that may interrupt a paragraph and runs to its closing tag) and 0.29 (cmark-gfm) reads as any
/// tag: `<textarea>{` is a paragraph there, and a tag followed by text on its line no block at all. Each
/// such tag, and each closing one (which ends such a block in libcmark only), is parsed with its last letter stood in for (`<textare0`, `<textare1` for a capital
/// `A`), a name libcmark knows no better than cmark-gfm knows `textarea`, of the same length so that every
/// column stays; the tree's text, code, HTML and link destinations get it back after.
enum TextareaTags {
    /// The bytes that stand in for the last letter of `textarea`, one for `a` and one for `A`: two that
    /// follow no `textare` of the document, so that every `textare` and such a byte in the tree is a stand-in.
    struct StandIn: Sendable, Equatable {
        var lower: UInt8
        var upper: UInt8
    }

    /// The text with each `<textarea` followed by white space, `>` or the end stood in for, and the stand-in,
    /// or nil when it holds none or already holds every byte that could stand in.
    static func standingIn(_ markdown: String) -> (text: String, standIn: StandIn)? {
        // From one `<` to the next by memchr: the copy and the look at every byte below are for the
        // documents that hold the tag (a `<table>` or `<td>` is no reason to read the whole text).
        var text = markdown
        let holdsTag = text.withUTF8 { bytes in
            ByteSearch.contains(UInt8(ascii: "<"), in: UnsafeRawBufferPointer(bytes)) { at in
                let name = at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "/") ? at + 2 : at + 1
                return name + letters.count < bytes.count && bytes[name + letters.count] | 0x20 == UInt8(ascii: "a")
                    && (0..<letters.count).allSatisfy { bytes[name + $0] | 0x20 == letters[$0] }
            }
        }
        guard holdsTag else { return nil }
        var bytes = Array(markdown.utf8)
        let names = names(in: bytes)
        guard let standIn = unheldStandIn(names.map { followingByte(bytes, at: $0 + letters.count) }) else {
            return nil
        }
        var changed = false
        for index in names {
            let last = bytes[index + letters.count]
            let end = index + letters.count + 1
            // A closing tag ends a block of the first kind in libcmark, not in cmark-gfm (`<pre>`, `</textarea>`).
            let opens = index > 0 && bytes[index - 1] == UInt8(ascii: "<")
            let closes = index > 1 && bytes[index - 2] == UInt8(ascii: "<") && bytes[index - 1] == UInt8(ascii: "/")
            guard opens || closes, last | 0x20 == UInt8(ascii: "a"),
                end == bytes.count || [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">")].contains(bytes[end])
            else { continue }
            bytes[end - 1] = last == UInt8(ascii: "a") ? standIn.lower : standIn.upper
            changed = true
        }
        return changed ? (String(decoding: bytes, as: UTF8.self), standIn) : nil
    }

    /// Bytes that end a tag's name as a letter does (CommonMark's tag name is a letter, then letters, digits
    /// and `-`) and that no block kind's list holds after `textare`: digits and `-` first, as no case
    /// folding of a label or a reference touches them.
    private static let candidates = Array("0123456789-bcdefghijklmnopqrstuvwxyzBCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// The first two candidates that none of `held` is, or nil when fewer than two are left.
    private static func unheldStandIn(_ held: [UInt8?]) -> StandIn? {
        var free = candidates.makeIterator()
        func next() -> UInt8? {
            while let byte = free.next() { if !held.contains(byte) { return byte } }
            return nil
        }
        guard let lower = next(), let upper = next() else { return nil }
        return StandIn(lower: lower, upper: upper)
    }

    /// The byte a `textare` of the document is followed by in the tree's text: the byte at `index`, or
    /// what a backslash escape or a numeric character reference there stands for (no named reference
    /// stands for a letter, a digit or `-`); nil when that is not one byte.
    private static func followingByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
        switch bytes[index] {
        case UInt8(ascii: "\\"): return index + 1 < bytes.count ? bytes[index + 1] : nil
        case UInt8(ascii: "&"):
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") else { return nil }
            var at = index + 2
            let isHex = at < bytes.count && bytes[at] | 0x20 == UInt8(ascii: "x")
            if isHex { at += 1 }
            var value = 0
            while at < bytes.count, value < 0x80, let digit = NumericReferences.digit(bytes[at], hex: isHex) {
                value = value * (isHex ? 16 : 10) + digit
                at += 1
            }
            return value < 0x80 && at < bytes.count && bytes[at] == UInt8(ascii: ";") ? UInt8(value) : nil
        default: return bytes[index]
        }
    }

    /// Gives every node under `root` its `<textarea` back: in text, code and HTML, in destinations and
    /// titles (where a destination in `<` and `>` has lost its `<`) and in what custom nodes write.
    static func restore(_ root: OpaquePointer, _ standIn: StandIn) {
        // In custom nodes, a footnote's label, in its reference's and its entry's ids.
        Tree.restoreStandIns(under: root, { restored(standIn, bytes: $0) }) { node in
            if let info = cmark_node_get_fence_info(node), let text = restored(standIn, String(cString: info)) {
                cmark_node_set_fence_info(node, text)
            }
        }
    }

    private static let letters = Array("textare".utf8)

    /// The text with each stand-in's name back, or nil when it holds none.
    private static func restored(_ standIn: StandIn, _ text: String) -> String? {
        restored(standIn, bytes: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A literal's or attribute's bytes, which may hold what is not UTF-8.
    private static func restored(_ standIn: StandIn, bytes text: [UInt8]) -> [UInt8]? {
        guard text.count > letters.count else { return nil }
        var bytes = text
        var changed = false
        for index in names(in: bytes) {
            let last = index + letters.count
            guard bytes[last] == standIn.lower || bytes[last] == standIn.upper else { continue }
            bytes[last] = bytes[last] == standIn.lower ? UInt8(ascii: "a") : UInt8(ascii: "A")
            changed = true
        }
        return changed ? bytes : nil
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
