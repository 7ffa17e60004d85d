import Foundation

/// Checks a feed document against the spec and reports every problem, errors and warnings alike.
///
/// Beyond what ``FeedDecoder`` rejects, it warns about unknown keys, duplicate item ids, a missing or
/// non-absolute `feed_url` or `home_page_url`, relative image URLs, an unknown version URL, numeric ids,
/// authors with no member, HTML in titles and odd extension names.
public enum FeedValidator {
    /// Validates a feed document.
    ///
    /// - Returns: Every problem in document order; an empty array for a clean feed.
    public static func validate(_ data: Data) -> [FeedProblem] {
        read(data).problems
    }

    /// Validates a feed document that is already parsed, for a caller that reads the same value for
    /// other ends and need not parse the bytes twice.
    ///
    /// - Parameter value: The document, as ``JSONValue/init(parsing:)`` read it from the feed's bytes.
    /// - Returns: The problems ``validate(_:)-(Data)`` reports for those bytes, in document order.
    public static func validate(_ value: JSONValue) -> [FeedProblem] {
        var reader = FeedReader()
        _ = reader.readFeed(value)
        return reader.problems
    }

    static func read(_ data: Data) -> (feed: Feed?, problems: [FeedProblem]) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            return (
                nil,
                [
                    FeedProblem(
                        severity: .error, path: "\(error.line):\(error.column)", rule: "DOC-JSON",
                        message: "invalid JSON: \(error.message)")
                ]
            )
        }
        var reader = FeedReader()
        let feed = reader.readFeed(value)
        return (feed, reader.problems)
    }
}
