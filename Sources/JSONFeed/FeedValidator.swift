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
