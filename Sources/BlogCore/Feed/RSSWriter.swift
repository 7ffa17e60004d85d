import Foundation
import JSONFeed

/// Writes a feed's items as RSS 2.0: the same items, order, titles, links, ids, dates (RFC 822), authors,
/// tags and content as the JSON Feed made from them. Authors go in `dc:creator`, since RSS's own `author`
/// must be an e-mail address; the channel links to itself with `atom:link rel="self"`.
struct RSSWriter {
    /// The feed's own URL.
    let selfURL: String

    /// The feed as UTF-8; `escapedContents` as ``AtomWriter/document(_:escapedContents:)`` takes them.
    func document(_ feed: Feed, escapedContents: [[UInt8]?] = []) -> [UInt8] {
        var xml = XMLBytes(reservingCapacity: 4_096 + feed.items.reduce(0) { $0 + ($1.contentHTML?.utf8.count ?? 0) })
        xml.markup(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
        )
        if MediaRSS.uses(feed) { xml.markup(MediaRSS.namespace) }
        xml.markup(">\n  <channel>\n")
        xml.element("title", feed.title, indent: 4)
        xml.element("link", feed.homePageURL ?? selfURL, indent: 4)
        xml.element("description", feed.description ?? feed.title, indent: 4)
        xml.markup("    <atom:link rel=\"self\" type=\"application/rss+xml\" href=\"")
        xml.text(selfURL)
        xml.markup("\"/>\n")
        if let language = feed.language { xml.element("language", language, indent: 4) }
        xml.element("lastBuildDate", XMLText.rfc822(AtomWriter.updated(feed)), indent: 4)
        xml.element("generator", "blog", indent: 4)
        if let icon = feed.icon, let home = feed.homePageURL {
            xml.markup("    <image>\n")
            xml.element("url", icon, indent: 6)
            xml.element("title", feed.title, indent: 6)
            xml.element("link", home, indent: 6)
            xml.markup("    </image>\n")
        }
        for (index, item) in feed.items.enumerated() {
            self.item(item, escapedContent: index < escapedContents.count ? escapedContents[index] : nil, to: &xml)
        }
        xml.markup("  </channel>\n</rss>\n")
        return xml.bytes
    }

    private func item(_ item: Item, escapedContent: [UInt8]?, to xml: inout XMLBytes) {
        xml.markup("    <item>\n")
        if let title = item.title { xml.element("title", title, indent: 6) }
        if let url = item.url { xml.element("link", url, indent: 6) }
        let isPermalink = item.url == item.id && (item.id.hasPrefix("http://") || item.id.hasPrefix("https://"))
        xml.markup("      <guid isPermaLink=\"\(isPermalink)\">")
        xml.text(item.id)
        xml.markup("</guid>\n")
        if let published = item.datePublished ?? item.dateModified {
            xml.element("pubDate", XMLText.rfc822(published), indent: 6)
        }
        for author in item.authors ?? [] {
            if let name = author.name, !name.isEmpty { xml.element("dc:creator", name, indent: 6) }
        }
        for tag in item.tags ?? [] { xml.element("category", tag, indent: 6) }
        if item.contentHTML != nil, let escapedContent {
            xml.markup("      <description>")
            xml.escaped(escapedContent)
            xml.markup("</description>\n")
        } else if let html = item.contentHTML ?? item.contentText ?? item.summary {
            xml.element("description", html, indent: 6)
        }
        if let attachment = item.attachments?.first {
            let length = attachment.sizeInBytes.flatMap { $0.isFinite && $0 >= 0 && $0 < 1e18 ? Int($0) : nil } ?? 0
            xml.markup("      <enclosure url=\"")
            xml.text(attachment.url)
            xml.markup("\" length=\"\(length)\" type=\"")
            xml.text(attachment.mimeType ?? "application/octet-stream")
            xml.markup("\"/>\n")
        }
        xml.markup(MediaRSS.content(of: item, indent: 6))
        xml.markup("    </item>\n")
    }
}
