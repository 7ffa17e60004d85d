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

    /// What validating one item found, apart from the feed that holds it.
    ///
    /// An item's problems depend on its bytes and the feed's version alone: a site whose posts stand in
    /// several feeds (the main feed, tag feeds, archive pages) validates each distinct item once.
    public struct ItemReport: Sendable, Hashable {
        /// The item's id as the validator reads it (a number's literal for a numeric id); nil when the
        /// item has none, which is one of its problems.
        public var id: String?
        /// The item's problems, with paths from the item: `$` is the item itself, then `url`,
        /// `attachments[0].url`.
        public var problems: [FeedProblem]
    }

    /// Validates one item of a feed, for ``validate(_:items:)``.
    ///
    /// - Parameters:
    ///   - item: The item, as ``JSONValue/init(parsing:)`` read it.
    ///   - version: The `version` of the feed that holds it, if a string: keys added in 1.1 warn in a 1.0 feed.
    /// - Returns: The item's id and problems.
    public static func validate(item: JSONValue, version: String?) -> ItemReport {
        var reader = FeedReader()
        let read = reader.readItem(item, at: "$", version: version)
        return ItemReport(id: read?.id, problems: reader.problems)
    }

    /// Validates a feed whose items were validated apart: the problems ``validate(_:)-(JSONValue)`` reports
    /// for the feed with those items in its `items` array, in the same order.
    ///
    /// - Parameters:
    ///   - feed: The document with an empty `items` array where its items stand.
    ///   - items: What ``validate(item:version:)`` reported for each item, in the document's order.
    public static func validate(_ feed: JSONValue, items: [ItemReport]) -> [FeedProblem] {
        var reader = FeedReader()
        _ = reader.readFeed(feed, validatedItems: items)
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
