internal import CCmark

/// Numeric character references of eight decimal digits, or seven or eight hexadecimal ones
/// (`&#98765432;`, `&#x0000041;`): cmark-gfm 0.29's `houdini_unescape_ent` reads up to eight digits of
/// either kind, where libcmark 0.30 stops at seven decimal and six hexadecimal digits and leaves the
/// reference as text. Such text is decoded as cmark-gfm decodes it: zero, a surrogate or a value past
/// U+10FFFF as U+FFFD.
enum NumericReferences {
    /// Whether the text may hold such a reference: an `&#` with eight digits or `x` and seven after it.
    static func mayHold(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var index = 0
            while let found = ByteSearch.firstIndex(of: Array("&#".utf8), in: bytes, from: index) {
                if reference(in: bytes, at: found) != nil { return true }
                index = found + 2
            }
            return false
        }
    }

    /// Decodes the references in the tree's text, links and fenced code's info strings, outside code and
    /// extended autolinks (whose text
    /// is their source),
    /// when the source writes each of them unescaped: a `\&` before one keeps it text in cmark-gfm too, and
    /// the text nodes no longer tell which one was escaped.
    static func apply(_ root: OpaquePointer, source: String) {
        var source = source
        let escaped = source.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var index = 0
            while let found = ByteSearch.firstIndex(of: Array("&#".utf8), in: bytes, from: index) {
                var backslashes = 0
                while found - backslashes > 0, bytes[found - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 1, reference(in: bytes, at: found) != nil { return true }
                index = found + 2
            }
            return false
        }
        guard !escaped else { return }
        // Extended autolinks keep their source as written; links' destinations and titles are decoded too.
        Tree.walk(root, into: { !Tree.isAutolink($0) }) { node in
            if Tree.isText(node), !FootnoteReferences.isMarked(node), let decoded = decoding(Tree.literalBytes(node)) {
                Tree.setLiteral(node, bytes: decoded)
            }
            if Tree.type(node) == CMARK_NODE_CODE_BLOCK, let info = cmark_node_get_fence_info(node),
                let decoded = decoding(Array(String(cString: info).utf8))
            {
                cmark_node_set_fence_info(node, String(decoding: decoded, as: UTF8.self))
            }
            guard Tree.isLink(node), !Tree.isAutolink(node) else { return }
            if let url = Tree.url(node), let decoded = decoding(Array(url.utf8)) {
                cmark_node_set_url(node, String(decoding: decoded, as: UTF8.self))
            }
            if let title = cmark_node_get_title(node).map({ String(cString: $0) }),
                let decoded = decoding(Array(title.utf8))
            {
                cmark_node_set_title(node, String(decoding: decoded, as: UTF8.self))
            }
        }
    }

    /// The text with its references decoded, or nil when it holds none.
    private static func decoding(_ literal: [UInt8]) -> [UInt8]? {
        literal.withUnsafeBytes { bytes -> [UInt8]? in
            var result: [UInt8] = []
            var plain = 0
            var index = 0
            while let found = ByteSearch.firstIndex(of: Array("&#".utf8), in: bytes, from: index) {
                guard let (end, scalar) = reference(in: bytes, at: found) else {
                    index = found + 2
                    continue
                }
                result += bytes[plain..<found]
                result += Array(String(scalar).utf8)
                plain = end
                index = end
            }
            guard plain > 0 else { return nil }
            result += bytes[plain...]
            return result
        }
    }

    /// The end of a reference libcmark leaves as text at `start` (an `&#`), and what cmark-gfm reads it as.
    private static func reference(in bytes: UnsafeRawBufferPointer, at start: Int) -> (Int, Unicode.Scalar)? {
        var index = start + 2
        let hex = index < bytes.count && (bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X"))
        if hex { index += 1 }
        let digitsStart = index
        var value = 0
        while index < bytes.count, index - digitsStart < 9, let digit = digit(bytes[index], hex: hex) {
            value = min(value * (hex ? 16 : 10) + digit, 0x110000)
            index += 1
        }
        let count = index - digitsStart
        guard (hex ? 7...8 : 8...8).contains(count), index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            return nil
        }
        let scalar = value == 0 ? nil : Unicode.Scalar(UInt32(value))
        return (index + 1, scalar ?? "\u{FFFD}")
    }

    /// The value of a decimal (or, when `hex`, hexadecimal) digit, as a numeric character reference reads it.
    static func digit(_ byte: UInt8, hex: Bool) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
