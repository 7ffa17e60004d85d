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
}
