import Foundation

/// A JSON Feed document (https://jsonfeed.org/version/1.1).
///
/// Read one with ``FeedDecoder`` (strict, with JSON paths in its errors) and write one with
/// ``FeedEncoder`` (deterministic). The type is also `Codable`, going through the same rules, so it can be
/// nested in other `Codable` values. URLs are kept as strings because relative URLs are legal.
public struct Feed: Sendable, Hashable {
    /// The version URL of JSON Feed 1.1, which ``FeedEncoder`` output follows.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The underscore stands for the dot of "1.1", and the name is public API.
    public static let version1_1 = "https://jsonfeed.org/version/1.1"
    /// The version URL of JSON Feed 1.0.
    public static let version1 = "https://jsonfeed.org/version/1"
    /// Version URLs published by jsonfeed.org.
    public static let knownVersions: Set<String> = [version1, version1_1]

    /// The version URL, as read; ``Feed/version1_1`` for a feed made here.
    public var version: String
    /// The feed's name, usually the name of the site (`title`).
    public var title: String
    /// The site the feed describes (`home_page_url`).
    public var homePageURL: String?
    /// Where the feed itself lives, so readers can find it again (`feed_url`).
    public var feedURL: String?
    /// What the feed is about (`description`).
    public var description: String?
    /// A note for people reading the JSON (`user_comment`).
    public var userComment: String?
    /// The next page of a paginated feed (`next_url`).
    public var nextURL: String?
    /// A large image for the feed, 512×512 or more (`icon`).
    public var icon: String?
    /// A small image for the feed, 64×64 (`favicon`).
    public var favicon: String?
    /// The feed's authors; a JSON Feed 1.0 `author` object is read into this array.
    public var authors: [Author]?
    /// The feed's primary language as an RFC 5646 tag (`language`).
    public var language: String?
    /// Whether the feed is finished and will never update again (`expired`).
    public var expired: Bool?
    /// Endpoints for real-time notification of updates (`hubs`).
    public var hubs: [Hub]?
    /// The entries, in the order of the document (`items`).
    public var items: [Item]
    /// Members whose keys begin with `_`, kept as they were read.
    public var extensions: JSONObject

    /// Makes a feed; only `title` and `items` are required.
    public init(
        version: String = Feed.version1_1,
        title: String,
        homePageURL: String? = nil,
        feedURL: String? = nil,
        description: String? = nil,
        userComment: String? = nil,
        nextURL: String? = nil,
        icon: String? = nil,
        favicon: String? = nil,
        authors: [Author]? = nil,
        language: String? = nil,
        expired: Bool? = nil,
        hubs: [Hub]? = nil,
        items: [Item] = [],
        extensions: JSONObject = [:]
    ) {
        self.version = version
        self.title = title
        self.homePageURL = homePageURL
        self.feedURL = feedURL
        self.description = description
        self.userComment = userComment
        self.nextURL = nextURL
        self.icon = icon
        self.favicon = favicon
        self.authors = authors
        self.language = language
        self.expired = expired
        self.hubs = hubs
        self.items = items
        self.extensions = extensions
    }
}
