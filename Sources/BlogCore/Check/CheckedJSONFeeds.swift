import JSONFeed

/// The JSON Feed pages a checked build writes, checked as it writes them: each distinct item is validated
/// once, from the JSON value its bytes are written from (``FeedEncoder/encodedItemAndValue(_:)``), and each
/// page keeps its value without items and which items it holds. The feed check reads none of these pages
/// back, cuts none into items and looks no item up by its bytes: at 10,000 posts they are 55 MB of tag
/// feeds and archive pages that hold each post's item two or three times.
///
/// A page written any other way (carried over from the last build, or made whole to keep it under the
/// size limit) is not here, and the feed check reads it from the output.
struct CheckedJSONFeeds: Sendable {
    /// A page as written: its value with an empty `items` array (``FeedEncoder/shell(of:)``), and its
    /// items by their place in ``items``.
    struct Page: Sendable {
        var shell: JSONObject
        var items: [Int]
    }

    /// The version the items are validated for: the one ``FeedEncoder`` writes. A page of another
    /// version is left to be read back.
    static let version = Feed.version1_1

    /// Every distinct item of the pages, validated; the URLs in them are resolved by the feed check, which
    /// knows every file of the output.
    var items: [FeedCheck.CheckedItem] = []
    /// The pages, by output path.
    var pages: [String: Page] = [:]
}
