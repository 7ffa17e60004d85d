import Foundation

/// One entry of a feed.
public struct Item: Sendable, Hashable {
    /// The unique id; a number in the source is coerced to its string form.
    public var id: String
    /// The item's own page (`url`).
    public var url: String?
    /// The page the item is about, for link posts (`external_url`).
    public var externalURL: String?
    /// Plain-text title; microblog items have none (`title`).
    public var title: String?
    /// The content as HTML (`content_html`).
    public var contentHTML: String?
    /// The content as plain text (`content_text`).
    public var contentText: String?
    /// A plain-text summary (`summary`).
    public var summary: String?
    /// The item's main image (`image`).
    public var image: String?
    /// An image to show above the item (`banner_image`).
    public var bannerImage: String?
    /// The item's authors; a 1.0 `author` is read into this array.
    public var authors: [Author]?
    /// Plain-text tags (`tags`).
    public var tags: [String]?
    /// The item's language as an RFC 5646 tag (`language`).
    public var language: String?
    /// Related resources such as audio files (`attachments`).
    public var attachments: [Attachment]?
    /// Members whose keys begin with `_`, kept as they were read.
    public var extensions: JSONObject
    // Dates are held in whole milliseconds, the precision of the output format, so that
    // decode(encode(feed)) == feed holds for every feed.
    var publishedMilliseconds: Int64?
    var modifiedMilliseconds: Int64?

    /// When the item was published, to the millisecond.
    public var datePublished: Date? {
        get { publishedMilliseconds.map(RFC3339.date(fromMilliseconds:)) }
        set { publishedMilliseconds = newValue.map(RFC3339.milliseconds(from:)) }
    }

    /// When the item was last modified, to the millisecond.
    public var dateModified: Date? {
        get { modifiedMilliseconds.map(RFC3339.date(fromMilliseconds:)) }
        set { modifiedMilliseconds = newValue.map(RFC3339.milliseconds(from:)) }
    }

    /// Makes an item; a valid item needs `contentHTML` or `contentText` (or both).
    public init(
        id: String,
        url: String? = nil,
        externalURL: String? = nil,
        title: String? = nil,
        contentHTML: String? = nil,
        contentText: String? = nil,
        summary: String? = nil,
        image: String? = nil,
        bannerImage: String? = nil,
        datePublished: Date? = nil,
        dateModified: Date? = nil,
        authors: [Author]? = nil,
        tags: [String]? = nil,
        language: String? = nil,
        attachments: [Attachment]? = nil,
        extensions: JSONObject = [:]
    ) {
        self.id = id
        self.url = url
        self.externalURL = externalURL
        self.title = title
        self.contentHTML = contentHTML
        self.contentText = contentText
        self.summary = summary
        self.image = image
        self.bannerImage = bannerImage
        self.authors = authors
        self.tags = tags
        self.language = language
        self.attachments = attachments
        self.extensions = extensions
        self.datePublished = datePublished
        self.dateModified = dateModified
    }
}
