import Foundation
import JSONFeed

/// Makes the site's JSON Feed 1.1 from its newest posts.
struct FeedBuilder {
    let configuration: SiteConfiguration
    let routes: Routes

    func feed(for posts: [PublishedPost]) -> Feed {
        let base = configuration.baseURL
        let authors = configuration.authors.map { feedAuthor($0, against: base) }
        return Feed(
            title: configuration.title,
            homePageURL: base,
            feedURL: routes.absolute(routes.feed(.json).url),
            description: configuration.description.isEmpty ? nil : configuration.description,
            icon: configuration.feedIcon.map { absolute($0, against: base) },
            favicon: configuration.feedFavicon.map { absolute($0, against: base) },
            authors: authors.isEmpty ? nil : authors,
            language: configuration.language,
            items: posts.prefix(configuration.feedItemLimit).map(item)
        )
    }

    private func item(_ published: PublishedPost) -> Item {
        let post = published.post
        let page = published.permalink
        let authors = post.authors?.map { feedAuthor($0, against: page) }
        return Item(
            id: page,
            url: page,
            externalURL: post.externalURL.map(Self.encoded),
            title: post.title,
            contentHTML: published.rendered.feedHTML,
            summary: published.rendered.summary.isEmpty ? nil : published.rendered.summary,
            image: post.image.map { absolute($0, against: page) },
            bannerImage: post.bannerImage.map { absolute($0, against: page) },
            datePublished: post.date,
            dateModified: post.updated,
            authors: authors?.isEmpty == false ? authors : nil,
            tags: published.tags.isEmpty ? nil : published.tags.map(\.name),
            language: post.language,
            attachments: post.attachments.isEmpty ? nil : post.attachments.map { attachment in
                var copy = attachment
                copy.url = absolute(attachment.url, against: page)
                return copy
            },
            extensions: post.extensions
        )
    }

    private func feedAuthor(_ author: SiteConfiguration.Author, against base: String) -> Author {
        Author(name: author.name, url: author.url.map { absolute($0, against: base) }, avatar: author.avatar.map { absolute($0, against: base) })
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
