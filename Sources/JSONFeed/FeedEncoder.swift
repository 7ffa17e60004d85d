import Foundation

/// Writes feeds as JSON Feed 1.1 text, the same bytes for the same feed every time.
///
/// Keys follow the spec's order, extensions come last in their stored order, `/` is never escaped, and
/// dates are UTC with three fractional digits (`2012-03-23T18:25:43.511Z`).
public struct FeedEncoder: Sendable {
    /// Indent with two spaces and put each member on its own line.
    public var prettyPrinted: Bool
    /// Also write JSON Feed 1.0's `author` (the first of `authors`) beside `authors`, as the 1.1 spec allows
    /// for older readers.
    public var writesLegacyAuthor: Bool

    /// Makes an encoder; compact output with the legacy `author` by default.
    public init(prettyPrinted: Bool = false, writesLegacyAuthor: Bool = true) {
        self.prettyPrinted = prettyPrinted
        self.writesLegacyAuthor = writesLegacyAuthor
    }

    /// Encodes a feed; pretty output ends with a newline.
    ///
    /// - Throws: ``FeedEncodingError`` for a number JSON cannot hold (NaN or infinity).
    public func encode(_ feed: Feed) throws(FeedEncodingError) -> Data {
        let value = try FeedWriter(writesLegacyAuthor: writesLegacyAuthor).value(of: feed)
        var writer = JSONWriter(pretty: prettyPrinted)
        writer.write(value)
        var bytes = writer.bytes
        if prettyPrinted { bytes.append(0x0A) }
        return Data(bytes)
    }

    /// One item encoded on its own, to be placed in several feeds: a blog's post is in its site's feed
    /// and in each of its tags', and encoding it once served them all.
    public struct EncodedItem: Sendable {
        /// The bytes ``FeedEncoder/encode(_:)`` writes for the item at its place in `items`.
        public let bytes: [UInt8]

        /// The item again, read with the rules of ``FeedDecoder``.
        public func item() throws(FeedDecodingError) -> Item {
            let value: JSONValue
            do {
                value = try JSONValue(parsing: bytes)
            } catch {
                throw FeedDecodingError(problems: [
                    FeedProblem(
                        severity: .error, path: "\(error.line):\(error.column)", rule: "DOC-JSON",
                        message: "invalid JSON: \(error.message)")
                ])
            }
            var reader = FeedReader()
            let item = reader.readItem(value, at: "$")
            let errors = reader.problems.filter { $0.severity == .error }
            guard let item, errors.isEmpty else {
                throw FeedDecodingError(
                    problems: errors.isEmpty
                        ? [FeedProblem(severity: .error, path: "$", rule: "DOC-JSON", message: "not an item")] : errors)
            }
            return item
        }
    }

    /// Encodes one item as it is written inside a feed's `items`.
    ///
    /// ``EncodedItem/item()`` reads it back, extensions in their order: the bytes can stand for the item.
    public func encodedItem(_ item: Item) throws(FeedEncodingError) -> EncodedItem {
        try encodedItemAndValue(item).encoded
    }

    /// Encodes one item as ``encodedItem(_:)`` does, with the JSON value its bytes are written from: a
    /// caller that validates what it writes (``FeedValidator/validate(item:version:)``) need not parse
    /// the bytes again.
    public func encodedItemAndValue(_ item: Item) throws(FeedEncodingError) -> (encoded: EncodedItem, value: JSONValue)
    {
        let value = try FeedWriter(writesLegacyAuthor: writesLegacyAuthor).value(of: item)
        var writer = JSONWriter(
            pretty: prettyPrinted, level: 2, capacity: 1024 + (item.contentHTML?.utf8.count ?? 0) * 11 / 10)
        writer.write(value)
        return (EncodedItem(bytes: writer.bytes), value)
    }

    /// Encodes `feed` with `items` in place of its own: the same bytes as ``encode(_:)`` of the feed
    /// holding those items.
    public func encode(_ feed: Feed, items: [EncodedItem]) throws(FeedEncodingError) -> Data {
        encode(shell: try shell(of: feed), items: items)
    }

    /// The JSON value of `feed` with an empty `items` array, as ``encode(shell:items:)`` writes it.
    public func shell(of feed: Feed) throws(FeedEncodingError) -> JSONObject {
        var empty = feed
        empty.items = []
        guard case .object(let object) = try FeedWriter(writesLegacyAuthor: writesLegacyAuthor).value(of: empty) else {
            return JSONObject()
        }
        return object
    }

    /// Encodes a feed's value without items (``shell(of:)``) with `items` in its `items` array.
    public func encode(shell object: JSONObject, items: [EncodedItem]) -> Data {
        var writer = JSONWriter(pretty: prettyPrinted, capacity: 4096 + items.reduce(0) { $0 + $1.bytes.count + 8 })
        writer.write(object, splicing: "items", items.map(\.bytes))
        var bytes = writer.bytes
        if prettyPrinted { bytes.append(0x0A) }
        return Data(bytes)
    }
}
