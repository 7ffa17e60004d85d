import Foundation
import JSONFeed

/// A Markdown post or standalone page with its front matter read and checked.
public struct Post: Sendable, Equatable {
    /// Posts go in the feed and the lists; pages (`content/pages/`) stand alone.
    public enum Kind: Sendable, Equatable {
        case post
        case page
    }

    public var kind: Kind
    /// The source file, relative to the site root (`content/posts/hello.md`).
    public var source: String
    /// For `content/posts/NAME/index.md`, the folder whose other files are copied beside the page.
    public var bundleFolder: String?
    public var slug: String
    public var title: String
    /// Required for posts; pages may have none.
    public var date: Date?
    public var updated: Date?
    public var summary: String?
    public var tags: [String]
    public var image: String?
    public var bannerImage: String?
    public var externalURL: String?
    public var language: String?
    public var authors: [SiteConfiguration.Author]?
    public var isDraft: Bool
    public var attachments: [Attachment]
    /// Front matter keys beginning with `_`, carried into the feed item.
    public var extensions: JSONObject
    /// The Markdown after the front matter.
    public var body: String
    /// The line of the file where ``body`` starts, for positions in link warnings.
    public var bodyFirstLine: Int

    /// The path of the post's page below the site root, such as `posts/hello/` or `about/`.
    public var outputFolder: String {
        kind == .post ? "posts/\(slug)/" : "\(slug)/"
    }
}
