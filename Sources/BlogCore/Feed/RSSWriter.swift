import Foundation
import JSONFeed

/// Writes a feed's items as RSS 2.0: the same items, order, titles, links, ids, dates (RFC 822), authors,
/// tags and content as the JSON Feed made from them. Authors go in `dc:creator`, since RSS's own `author`
/// must be an e-mail address; the channel links to itself with `atom:link rel="self"`.
struct RSSWriter {
    /// The feed's own URL.
    let selfURL: String

    func document(_ feed: Feed) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml +=
            "<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
            + (MediaRSS.uses(feed) ? MediaRSS.namespace : "") + ">\n"
        xml += "  <channel>\n"
        xml += element("title", feed.title)
        xml += element("link", feed.homePageURL ?? selfURL)
        xml += element("description", feed.description ?? feed.title)
        xml += "    <atom:link rel=\"self\" type=\"application/rss+xml\" href=\"\(XMLText.escaped(selfURL))\"/>\n"
        if let language = feed.language { xml += element("language", language) }
        xml += element("lastBuildDate", XMLText.rfc822(AtomWriter.updated(feed)))
        xml += element("generator", "blog")
        if let icon = feed.icon, let home = feed.homePageURL {
            xml +=
                "    <image>\n" + element("url", icon, indent: 6) + element("title", feed.title, indent: 6)
                + element("link", home, indent: 6) + "    </image>\n"
        }
        for item in feed.items { xml += self.item(item) }
        return xml + "  </channel>\n</rss>\n"
    }

    private func item(_ item: Item) -> String {
        var xml = "    <item>\n"
        if let title = item.title { xml += element("title", title, indent: 6) }
        if let url = item.url { xml += element("link", url, indent: 6) }
        let isPermalink = item.url == item.id && (item.id.hasPrefix("http://") || item.id.hasPrefix("https://"))
        xml += "      <guid isPermaLink=\"\(isPermalink)\">\(XMLText.escaped(item.id))</guid>\n"
        if let published = item.datePublished ?? item.dateModified {
            xml += element("pubDate", XMLText.rfc822(published), indent: 6)
        }
        for author in item.authors ?? [] {
            if let name = author.name, !name.isEmpty { xml += element("dc:creator", name, indent: 6) }
        }
        for tag in item.tags ?? [] { xml += element("category", tag, indent: 6) }
        if let html = item.contentHTML ?? item.contentText ?? item.summary {
            xml += element("description", html, indent: 6)
        }
        if let attachment = item.attachments?.first {
            let length = attachment.sizeInBytes.flatMap { $0.isFinite && $0 >= 0 && $0 < 1e18 ? Int($0) : nil } ?? 0
            xml +=
                "      <enclosure url=\"\(XMLText.escaped(attachment.url))\" length=\"\(length)\" type=\"\(XMLText.escaped(attachment.mimeType ?? "application/octet-stream"))\"/>\n"
        }
        xml += MediaRSS.content(of: item, indent: 6)
        return xml + "    </item>\n"
    }

    private func element(_ name: String, _ text: String, indent: Int = 4) -> String {
        "\(String(repeating: " ", count: indent))<\(name)>\(XMLText.escaped(text))</\(name)>\n"
    }
}
