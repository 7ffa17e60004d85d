import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Writes `sitemap.xml` (sitemaps.org, ``Sitemap``): every published page under `base_url`, posts with
    /// the date they last changed; and `robots.txt` naming it, unless the theme ships its own.
    /// - Returns: The paths written (`robots.txt` too when written), for the checks that no post, copied
    ///   file or redirect takes one.
    func writeSitemap(_ pages: RenderedPages, listPages: [String: UInt64], into output: StagedTree, _ run: BuildRun)
        throws(DiagnosticError) -> [String]
    {
        let plan = run.plan
        let routes = plan.routes
        var entries: [Sitemap.Entry] = pages.all.map {
            Sitemap.Entry(url: routes.absolute($0.url), modified: $0.post.updated ?? $0.post.date)
        }
        for path in listPages.keys where path != routes.notFound.path {
            entries.append(Sitemap.Entry(url: routes.absolute(routes.url(ofPath: path)), modified: nil))
        }
        let files = Sitemap.files(entries, routes: routes)
        var written = files.map(\.path)
        do {
            for file in files { try output.put(file.path, text: file.xml) }
            if !FileSystem.exists(site.root.appending(path: "\(SiteLayout.staticFiles)/\(routes.robots.path)").path) {
                try output.put(
                    routes.robots.path,
                    text: "User-agent: *\nAllow: /\n\nSitemap: \(routes.absolute(routes.sitemap.url))\n")
                written.append(routes.robots.path)
            }
        } catch {
            throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
        }
        return written
    }
}
