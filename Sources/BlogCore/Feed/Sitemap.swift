import Foundation

/// `sitemap.xml` in the sitemaps.org 0.9 format: each URL with the date it last changed, if known.
///
/// The protocol allows at most 50,000 URLs (and 50 MB) in one file; a larger site gets parts of at most
/// ``urlsPerFile`` URLs each and a sitemap index at `sitemap.xml` naming them, so that `robots.txt` and
/// search engines keep the one address.
enum Sitemap {
    static let urlsPerFile = 50_000

    struct Entry {
        /// Absolute and encoded.
        var url: String
        var modified: Date?
    }

    /// The files to write: `sitemap.xml` alone, or the index and its parts.
    static func files(_ entries: [Entry], routes: Routes) -> [(path: String, xml: String)] {
        let sorted = entries.sorted { $0.url < $1.url }
        guard sorted.count > urlsPerFile else { return [(routes.sitemap.path, urlset(sorted[...]))] }
        var files: [(path: String, xml: String)] = []
        var index =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for (number, start) in stride(from: 0, to: sorted.count, by: urlsPerFile).enumerated() {
            let part = sorted[start..<min(start + urlsPerFile, sorted.count)]
            let route = routes.sitemapPart(number + 1)
            files.append((route.path, urlset(part)))
            index += "  <sitemap>\n    <loc>\(XMLText.escaped(routes.absolute(route.url)))</loc>\n"
            if let modified = part.compactMap(\.modified).max() {
                index += "    <lastmod>\(XMLText.rfc3339(modified))</lastmod>\n"
            }
            index += "  </sitemap>\n"
        }
        index += "</sitemapindex>\n"
        return [(routes.sitemap.path, index)] + files
    }

    private static func urlset(_ entries: ArraySlice<Entry>) -> String {
        var xml =
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for entry in entries {
            xml += "  <url>\n    <loc>\(XMLText.escaped(entry.url))</loc>\n"
            if let modified = entry.modified { xml += "    <lastmod>\(XMLText.rfc3339(modified))</lastmod>\n" }
            xml += "  </url>\n"
        }
        return xml + "</urlset>\n"
    }
}
