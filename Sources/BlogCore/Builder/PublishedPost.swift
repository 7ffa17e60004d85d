import Foundation

/// A post or page that made it into this build, with its rendered Markdown and URLs.
///
/// A class of constants: ten thousand of these go through several filters and sorts in a build, and
/// copying a struct of this size (a retain per field) cost more than the work done with them.
final class PublishedPost: Sendable {
    let post: Post
    let rendered: RenderedPost
    /// Root-relative URL of its page, such as `/blog/posts/hello/`.
    let path: String
    /// Absolute URL of its page, the feed item's id.
    let permalink: String
    /// Tags with the folder name of their page.
    let tags: [(name: String, slug: String)]
    /// What list pages show of it, when its page was rendered in this build.
    let listEntry: ListEntry?

    convenience init(
        post: Post, rendered: RenderedPost, path: String, permalink: String, tags: [(name: String, slug: String)]
    ) {
        self.init(post: post, rendered: rendered, path: path, permalink: permalink, tags: tags, listEntry: nil)
    }

    init(
        post: Post, rendered: RenderedPost, path: String, permalink: String, tags: [(name: String, slug: String)],
        listEntry: ListEntry?
    ) {
        self.post = post
        self.rendered = rendered
        self.path = path
        self.listEntry = listEntry
        self.permalink = permalink
        self.tags = tags
    }

    /// The same post with other rendered Markdown (the feed's, with absolute URLs).
    func with(_ rendered: RenderedPost) -> PublishedPost {
        PublishedPost(post: post, rendered: rendered, path: path, permalink: permalink, tags: tags)
    }
}

extension [PublishedPost] {
    /// The posts of each tag, by the tag's folder name, in this array's order, with the tag's name.
    func groupedByTag() -> [String: (name: String, posts: [PublishedPost])] {
        var byTag: [String: (name: String, posts: [PublishedPost])] = [:]
        for published in self {
            for tag in published.tags { byTag[tag.slug, default: (tag.name, [])].posts.append(published) }
        }
        return byTag
    }
}
