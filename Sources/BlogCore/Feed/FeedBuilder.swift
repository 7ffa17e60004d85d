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
            externalURL: post.externalURL,
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

    /// Feed readers show items away from the site, so every URL in the feed is absolute.
    private func absolute(_ url: String, against base: String) -> String {
        PostRenderer.absolute(url, against: base) ?? url
    }
}
