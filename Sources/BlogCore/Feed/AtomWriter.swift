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

    func document(_ feed: Feed) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml +=
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"\(MediaRSS.uses(feed) ? MediaRSS.namespace : "")\(feed.language.map { " xml:lang=\"\(XMLText.escaped($0))\"" } ?? "")>\n"
        xml += element("id", feed.homePageURL ?? selfURL)
        xml += element("title", feed.title)
        if let description = feed.description { xml += element("subtitle", description) }
        xml += element("updated", XMLText.rfc3339(Self.updated(feed)))
        xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(XMLText.escaped(selfURL))\"/>\n"
        if let home = feed.homePageURL {
            xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escaped(home))\"/>\n"
        }
        let authors = (feed.authors ?? []).compactMap(author)
        xml +=
            authors.isEmpty
            ? "  <author>\n    <name>\(XMLText.escaped(feed.title))</name>\n  </author>\n" : authors.joined()
        if let icon = feed.icon { xml += element("logo", icon) }
        if let favicon = feed.favicon { xml += element("icon", favicon) }
        xml += "  <generator>blog</generator>\n"
        for item in feed.items { xml += entry(item) }
        return xml + "</feed>\n"
    }

    /// The newest date of any item; the epoch for a feed of none, so that the same site gives the same bytes.
    static func updated(_ feed: Feed) -> Date {
        feed.items.compactMap { $0.dateModified ?? $0.datePublished }.max() ?? Date(timeIntervalSince1970: 0)
    }

    private func entry(_ item: Item) -> String {
        // A post in another language than the site's says so, as JSON Feed's item `language` does.
        var xml = item.language.map { "  <entry xml:lang=\"\(XMLText.escaped($0))\">\n" } ?? "  <entry>\n"
        xml += element("id", item.id, indent: 4)
        xml += element("title", item.title ?? "", indent: 4)
        if let url = item.url {
            xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escaped(url))\"/>\n"
        }
        if let external = item.externalURL {
            xml += "    <link rel=\"related\" href=\"\(XMLText.escaped(external))\"/>\n"
        }
        for attachment in item.attachments ?? [] {
            xml += "    <link rel=\"enclosure\" href=\"\(XMLText.escaped(attachment.url))\""
            if let type = attachment.mimeType, !type.isEmpty { xml += " type=\"\(XMLText.escaped(type))\"" }
            if let size = attachment.sizeInBytes, size.isFinite, size >= 0, size < 1e18 {
                xml += " length=\"\(Int(size))\""
            }
            xml += "/>\n"
        }
        xml += MediaRSS.content(of: item, indent: 4)
        let updated = item.dateModified ?? item.datePublished ?? Date(timeIntervalSince1970: 0)
        if let published = item.datePublished { xml += element("published", XMLText.rfc3339(published), indent: 4) }
        xml += element("updated", XMLText.rfc3339(updated), indent: 4)
        for author in (item.authors ?? []).compactMap({ author($0, indent: 4) }) { xml += author }
        for tag in item.tags ?? [] { xml += "    <category term=\"\(XMLText.escaped(tag))\"/>\n" }
        if let summary = item.summary { xml += element("summary", summary, indent: 4) }
        if let html = item.contentHTML {
            xml += "    <content type=\"html\">\(XMLText.escaped(html))</content>\n"
        } else if let text = item.contentText {
            xml += "    <content type=\"text\">\(XMLText.escaped(text))</content>\n"
        }
        return xml + "  </entry>\n"
    }

    /// An `author` element; nil for an author without a name, which Atom requires.
    private func author(_ author: Author) -> String? {
        self.author(author, indent: 2)
    }

    private func author(_ author: Author, indent: Int) -> String? {
        guard let name = author.name, !name.isEmpty else { return nil }
        let pad = String(repeating: " ", count: indent)
        var xml = "\(pad)<author>\n\(pad)  <name>\(XMLText.escaped(name))</name>\n"
        if let url = author.url { xml += "\(pad)  <uri>\(XMLText.escaped(url))</uri>\n" }
        return xml + "\(pad)</author>\n"
    }

    private func element(_ name: String, _ text: String, indent: Int = 2) -> String {
        "\(String(repeating: " ", count: indent))<\(name)>\(XMLText.escaped(text))</\(name)>\n"
    }
}
