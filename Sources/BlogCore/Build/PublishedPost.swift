import Foundation

/// A post or page that made it into this build, with its rendered Markdown and URLs.
struct PublishedPost: Sendable {
    var post: Post
    var rendered: RenderedPost
    /// Root-relative URL of its page, such as `/blog/posts/hello/`.
    var path: String
    /// Absolute URL of its page, the feed item's id.
    var permalink: String
    /// Tags with the folder name of their page.
    var tags: [(name: String, slug: String)]
}
