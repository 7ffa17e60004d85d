import Foundation

/// A post or page that made it into this build, with its rendered Markdown and URLs.
///
/// A class of constants: ten thousand of these go through several filters and sorts in a build, and
/// copying a struct of this size (a retain per field) costs more than the work done with them.
final class PublishedPost: Sendable {
    let post: Post
    let rendered: RenderedPost
    /// Root-relative URL of its page, such as `/blog/posts/hello/`.
    let url: String
    /// Absolute URL of its page, the feed item's id.
    let permalink: String
    /// Tags with the folder name of their page.
    let tags: [(name: String, slug: String)]
    /// What list pages show of it (its page's `post` object without `content`), when its page was rendered
    /// in this build: the index, tag and archive pages do not build the same object again.
    let listEntry: TemplateObject?

    convenience init(
        post: Post, rendered: RenderedPost, url: String, permalink: String, tags: [(name: String, slug: String)]
    ) {
        self.init(post: post, rendered: rendered, url: url, permalink: permalink, tags: tags, listEntry: nil)
    }

    init(
        post: Post, rendered: RenderedPost, url: String, permalink: String, tags: [(name: String, slug: String)],
        listEntry: TemplateObject?
    ) {
        self.post = post
        self.rendered = rendered
        self.url = url
        self.listEntry = listEntry
        self.permalink = permalink
        self.tags = tags
    }

    /// The same post with other rendered Markdown (the feed's, with absolute URLs).
    func with(_ rendered: RenderedPost) -> PublishedPost {
        PublishedPost(post: post, rendered: rendered, url: url, permalink: permalink, tags: tags)
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
