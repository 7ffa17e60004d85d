import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Writes `sitemap.xml` (sitemaps.org): every published page under `base_url`, posts with the date they
    /// last changed; and `robots.txt` naming it, unless the theme ships its own.
    func writeSitemap(_ pages: RenderedPages, listPages: [String: UInt64], into output: StagedOutput, _ plan: BuildPlan) throws(DiagnosticError) {
        let routes = plan.routes
        var entries: [(url: String, modified: Date?)] = pages.all.map { (routes.absolute($0.path), $0.post.updated ?? $0.post.date) }
        for path in listPages.keys where path != routes.notFound.path {
            entries.append((routes.absolute(routes.url(ofPath: path)), nil))
        }
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for entry in entries.sorted(by: { $0.url < $1.url }) {
            xml += "  <url>\n    <loc>\(XMLText.escaped(entry.url))</loc>\n"
            if let modified = entry.modified { xml += "    <lastmod>\(XMLText.rfc3339(modified))</lastmod>\n" }
            xml += "  </url>\n"
        }
        xml += "</urlset>\n"
        do {
            try output.put(routes.sitemap.path, text: xml)
            if !FileSystem.exists(site.root.appending(path: "site-template/static/\(routes.robots.path)").path) {
                try output.put(routes.robots.path, text: "User-agent: *\nAllow: /\n\nSitemap: \(routes.absolute(routes.sitemap.url))\n")
            }
        } catch {
            throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
        }
    }
}
