import Foundation
import JSONFeed

/// Makes JSON Feed 1.1 feeds of the site's posts: the site's own and each tag's, a page at a time.
struct FeedBuilder {
    let configuration: SiteConfiguration
    let routes: Routes

    /// What tells one feed page from another: the whole site's or a tag's, and which page.
    struct Channel {
        var title: String
        /// The page that lists the same posts: the home page, or the tag's page.
        var homePageURL: String
        /// This page's own URL.
        var feedURL: String
        /// The next (older) page, nil on the last.
        var nextURL: String?
    }

    /// The title of a tag's feeds: the site's and the tag's, `My blog · swift`.
    static func tagFeedTitle(site: String, tag: String) -> String { "\(site) · \(tag)" }

    func feed(_ channel: Channel, items: [Item]) -> Feed {
        let base = configuration.baseURL
        let authors = configuration.authors.map { feedAuthor($0, against: base) }
        return Feed(
            title: channel.title,
            homePageURL: channel.homePageURL,
            feedURL: channel.feedURL,
            description: configuration.description.isEmpty ? nil : configuration.description,
            nextURL: channel.nextURL,
            icon: configuration.feedIcon.map { absolute($0, against: base) },
            favicon: configuration.feedFavicon.map { absolute($0, against: base) },
            authors: authors.isEmpty ? nil : authors,
            language: configuration.language,
            items: items
        )
    }

    /// A post as a feed item, carrying `contentHTML` (its HTML with absolute URLs, or its summary).
    func item(_ published: PublishedPost, contentHTML: String) -> Item {
        let post = published.post
        let page = published.permalink
        let authors = post.authors?.map { feedAuthor($0, against: page) }
        return Item(
            id: page,
            url: page,
            externalURL: post.externalURL.map(Self.encoded),
            title: post.title,
            contentHTML: contentHTML,
            summary: published.rendered.summary.isEmpty ? nil : published.rendered.summary,
            image: post.image.map { absolute($0, against: page) },
            bannerImage: post.bannerImage.map { absolute($0, against: page) },
            datePublished: post.date,
            dateModified: post.updated,
            authors: authors?.isEmpty == false ? authors : nil,
            tags: published.tags.isEmpty ? nil : published.tags.map(\.name),
            language: post.language,
            attachments: post.attachments.isEmpty
                ? nil
                : post.attachments.map { attachment in
                    var copy = attachment
                    copy.url = absolute(attachment.url, against: page)
                    return copy
                },
            extensions: post.extensions
        )
    }

    private func feedAuthor(_ author: SiteConfiguration.Author, against base: String) -> Author {
        Author(
            name: author.name, url: author.url.map { absolute($0, against: base) },
            avatar: author.avatar.map { absolute($0, against: base) })
    }

    /// Feed readers show items away from the site, so every URL in the feed is absolute, and encoded.
    private func absolute(_ url: String, against base: String) -> String {
        Self.encoded(PostRenderer.absolute(url, against: base) ?? url)
    }

    /// A URL with spaces, non-ASCII characters and the other bytes a URL may not hold percent-encoded, as
    /// JSON Feed's URLs must be (front matter often has `my photo.png` or `café/`); `%XX` already there
    /// is kept.
    static func encoded(_ url: String) -> String {
        let allowed = Set("!#$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~".utf8)
        guard url.utf8.contains(where: { !allowed.contains($0) }) else { return url }
        var result = ""
        for byte in url.utf8 {
            if allowed.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%"
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return result
    }
}
