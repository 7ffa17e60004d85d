import Foundation
import JSONFeed

/// Writes a feed's items as Atom 1.0 (RFC 4287): the same items, order, titles, URLs, ids, dates, authors,
/// tags, summaries and content as the JSON Feed made from them.
///
/// The prose rules of RFC 4287 hold: the feed and every entry have an `id` and an `updated` date, the feed
/// has an author (the site's, or its title when it names none) so that entries may have none of their
/// own, the feed links to itself with `rel="self"`, and no URL relies on `xml:base`.
struct AtomWriter {
    /// The feed's own URL, for its `rel="self"` link.
    let selfURL: String

    /// The feed as UTF-8. `escapedContents`, when given, holds each item's `contentHTML` escaped already
    /// (by index; nil where it is not), as the items of a site's pages are, once for all their feeds.
    func document(_ feed: Feed, escapedContents: [[UInt8]?] = []) -> [UInt8] {
        var xml = XMLBytes(reservingCapacity: 4_096 + feed.items.reduce(0) { $0 + ($1.contentHTML?.utf8.count ?? 0) })
        xml.markup("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"")
        if MediaRSS.uses(feed) { xml.markup(MediaRSS.namespace) }
        if let language = feed.language { attribute(" xml:lang", language, to: &xml) }
        xml.markup(">\n")
        xml.element("id", feed.homePageURL ?? selfURL, indent: 2)
        xml.element("title", feed.title, indent: 2)
        if let description = feed.description { xml.element("subtitle", description, indent: 2) }
        xml.element("updated", XMLText.rfc3339(Self.updated(feed)), indent: 2)
        link("self", type: "application/atom+xml", selfURL, indent: 2, to: &xml)
        if let home = feed.homePageURL { link("alternate", type: "text/html", home, indent: 2, to: &xml) }
        let authors = (feed.authors ?? []).filter { !($0.name ?? "").isEmpty }
        if authors.isEmpty {
            xml.markup("  <author>\n")
            xml.element("name", feed.title, indent: 4)
            xml.markup("  </author>\n")
        }
        for author in authors { self.author(author, indent: 2, to: &xml) }
        if let icon = feed.icon { xml.element("logo", icon, indent: 2) }
        if let favicon = feed.favicon { xml.element("icon", favicon, indent: 2) }
        xml.markup("  <generator>blog</generator>\n")
        for (index, item) in feed.items.enumerated() {
            entry(item, escapedContent: index < escapedContents.count ? escapedContents[index] : nil, to: &xml)
        }
        xml.markup("</feed>\n")
        return xml.bytes
    }

    /// The newest date of any item; the epoch for a feed of none, so that the same site gives the same bytes.
    static func updated(_ feed: Feed) -> Date {
        feed.items.compactMap { $0.dateModified ?? $0.datePublished }.max() ?? Date(timeIntervalSince1970: 0)
    }

    private func entry(_ item: Item, escapedContent: [UInt8]?, to xml: inout XMLBytes) {
        // A post in another language than the site's says so, as JSON Feed's item `language` does.
        xml.markup("  <entry")
        if let language = item.language { attribute(" xml:lang", language, to: &xml) }
        xml.markup(">\n")
        xml.element("id", item.id, indent: 4)
        xml.element("title", item.title ?? "", indent: 4)
        if let url = item.url { link("alternate", type: "text/html", url, indent: 4, to: &xml) }
        if let external = item.externalURL {
            xml.markup("    <link rel=\"related\"")
            attribute(" href", external, to: &xml)
            xml.markup("/>\n")
        }
        for attachment in item.attachments ?? [] {
            xml.markup("    <link rel=\"enclosure\"")
            attribute(" href", attachment.url, to: &xml)
            if let type = attachment.mimeType, !type.isEmpty { attribute(" type", type, to: &xml) }
            if let size = attachment.sizeInBytes, size.isFinite, size >= 0, size < 1e18 {
                xml.markup(" length=\"\(Int(size))\"")
            }
            xml.markup("/>\n")
        }
        xml.markup(MediaRSS.content(of: item, indent: 4))
        let updated = item.dateModified ?? item.datePublished ?? Date(timeIntervalSince1970: 0)
        if let published = item.datePublished { xml.element("published", XMLText.rfc3339(published), indent: 4) }
        xml.element("updated", XMLText.rfc3339(updated), indent: 4)
        for author in item.authors ?? [] where !(author.name ?? "").isEmpty { self.author(author, indent: 4, to: &xml) }
        for tag in item.tags ?? [] {
            xml.markup("    <category")
            attribute(" term", tag, to: &xml)
            xml.markup("/>\n")
        }
        if let summary = item.summary { xml.element("summary", summary, indent: 4) }
        if let html = item.contentHTML {
            xml.markup("    <content type=\"html\">")
            if let escapedContent { xml.escaped(escapedContent) } else { xml.text(html) }
            xml.markup("</content>\n")
        } else if let text = item.contentText {
            xml.markup("    <content type=\"text\">")
            xml.text(text)
            xml.markup("</content>\n")
        }
        xml.markup("  </entry>\n")
    }

    /// An `author` element of an author with a name, which Atom requires.
    private func author(_ author: Author, indent: Int, to xml: inout XMLBytes) {
        let pad = String(repeating: " ", count: indent)
        xml.markup(pad + "<author>\n")
        xml.element("name", author.name ?? "", indent: indent + 2)
        if let url = author.url { xml.element("uri", url, indent: indent + 2) }
        xml.markup(pad + "</author>\n")
    }

    /// `<link rel="…" type="…" href="…"/>` on a line of its own.
    private func link(_ relation: String, type: String, _ url: String, indent: Int, to xml: inout XMLBytes) {
        xml.markup(String(repeating: " ", count: indent) + "<link rel=\"\(relation)\" type=\"\(type)\"")
        attribute(" href", url, to: &xml)
        xml.markup("/>\n")
    }

    /// ` name="value"`, the value escaped.
    private func attribute(_ name: String, _ value: String, to xml: inout XMLBytes) {
        xml.markup(name + "=\"")
        xml.text(value)
        xml.markup("\"")
    }
}
