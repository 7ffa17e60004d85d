import Foundation

/// A JSON Feed document cut into its items and the rest, by one pass over its bytes that makes no value:
/// the check validates an item that several feeds hold byte for byte once (``FeedCheck``).
///
/// Only the shape is read here; the parser reads each part, so a document it cannot cut (no `items`
/// array, a key written with an escape, two `items`, a byte-order mark) or cut wrongly (bad JSON) is
/// parsed whole instead, with the parser's own messages.
struct JSONFeedSplit {
    /// The document with an empty `items` array in place of the items.
    var shell: [UInt8]
    /// Where each item's bytes are, in order.
    var items: [Range<Int>]

    /// Items nest no deeper than this here; a deeper one is left to the parser, which knows its limit.
    static let maximumDepth = 256

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var itemsArray: Range<Int>?
        var items: [Range<Int>] = []
        reader.skipSpace()
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                reader.skipSpace()
                guard let key = reader.skipString(), !bytes[key].contains(UInt8(ascii: "\\")) else { return nil }
                reader.skipSpace()
                guard reader.take(UInt8(ascii: ":")) else { return nil }
                reader.skipSpace()
                if bytes[key].elementsEqual(#""items""#.utf8) {
                    guard itemsArray == nil, let array = reader.skipArray(into: &items) else { return nil }
                    itemsArray = array
                } else {
                    guard reader.skipValue() else { return nil }
                }
                reader.skipSpace()
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        reader.skipSpace()
        guard reader.index == bytes.count, let itemsArray else { return nil }
        shell = Array(bytes[..<(itemsArray.lowerBound + 1)]) + Array(bytes[(itemsArray.upperBound - 1)...])
        self.items = items
    }

    /// A cursor over the bytes that steps over JSON without reading it.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Past a string at `index`; returns its bytes, quotes included.
        mutating func skipString() -> Range<Int>? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index
            index += 1
            // The next quote by memchr (an item's `content_html` is most of its bytes); it ends the string
            // unless an odd run of backslashes stands before it.
            guard let base = bytes.baseAddress else { return nil }
            while index < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index)
            {
                let quote = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                var backslashes = 0
                while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                index = quote + 1
                if backslashes % 2 == 0 { return start..<index }
            }
            index = bytes.count
            return nil
        }

        /// Past the array at `index`, adding where each element is to `elements`; returns the array's bytes.
        mutating func skipArray(into elements: inout [Range<Int>]) -> Range<Int>? {
            let start = index
            guard take(UInt8(ascii: "[")) else { return nil }
            skipSpace()
            if take(UInt8(ascii: "]")) { return start..<index }
            repeat {
                skipSpace()
                let element = index
                guard skipValue() else { return nil }
                elements.append(element..<index)
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? start..<index : nil
        }

        /// Past one value: a string, an object or array with all it holds, or a literal.
        mutating func skipValue() -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return skipString() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard skipString() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        guard depth <= JSONFeedSplit.maximumDepth else { return false }
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                let start = index
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ","),
                    bytes[index] != UInt8(ascii: "]"), bytes[index] != UInt8(ascii: "}")
                {
                    index += 1
                }
                return index > start
            }
        }
    }
}
