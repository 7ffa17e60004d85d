import Foundation
import JSONFeed

/// A Markdown post or standalone page with its front matter read and checked.
public struct Post: Sendable, Equatable {
    /// Posts go in the feed and the lists; pages (`content/pages/`) stand alone.
    public enum Kind: String, Sendable, Equatable {
        case post
        case page
    }

    /// Post or page.
    public var kind: Kind
    /// The source file, relative to the site root (`content/posts/hello.md`).
    public var source: String
    /// For `content/posts/NAME/index.md`, the folder whose other files are copied beside the page.
    public var bundleFolder: String?
    /// The URL segment of the page.
    public var slug: String
    /// The title, plain text.
    public var title: String
    /// Required for posts; pages may have none.
    public var date: Date?
    /// When the post last changed.
    public var updated: Date?
    /// The front matter summary, if given.
    public var summary: String?
    /// Tags as written.
    public var tags: [String]
    /// The main image, relative to the page or absolute.
    public var image: String?
    /// An image to show above the post.
    public var bannerImage: String?
    /// For link posts, the page the post is about.
    public var externalURL: String?
    /// The post's language tag.
    public var language: String?
    /// The post's authors.
    public var authors: [SiteConfiguration.Author]?
    /// Left out of builds unless drafts are asked for.
    public var isDraft: Bool
    /// Files for the feed item, such as podcast audio.
    public var attachments: [Attachment]
    /// Front matter keys beginning with `_`, carried into the feed item.
    public var extensions: JSONObject
    /// The Markdown after the front matter.
    public var body: String
    /// The line of the file where ``body`` starts, for positions in link warnings.
    public var bodyFirstLine: Int
    /// Jekyll's `categories` (or `category`), for `:categories` in permalinks; they are tags too.
    public var categories: [String] = []
    /// The post's own URL path (`permalink:` or `url:` in front matter), replacing the site's pattern.
    public var permalink: String? = nil
    /// Old paths that redirect to the post (`aliases:` as in Hugo, `redirect_from:` as in Jekyll).
    public var aliases: [String] = []
    /// The offset `date` was written with, in seconds east of UTC: a permalink's date parts are those the
    /// author wrote (23:30 at -04:00 stays on its day), as Jekyll and Hugo make them.
    public var dateOffset: Int? = nil
    /// `slug:` as front matter gives it, for permalinks (``slug`` is made from the file name otherwise).
    public var customSlug: String? = nil
}
