import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Writes a redirect page at each old path a post names (`aliases:` as in Hugo, `redirect_from:` as in
    /// jekyll-redirect-from): an HTML page with a zero-second refresh, a canonical link and a plain link,
    /// which any static host serves. An old path that a page of the site takes is a warning and is skipped.
    ///
    /// - Returns: The redirect pages' paths; the warnings are added to `run`.
    func writeRedirects(
        _ pages: RenderedPages, generated: Set<String>, into output: StagedTree, _ run: inout BuildRun
    ) throws(DiagnosticError) -> Set<String> {
        let plan = run.plan
        let routes = plan.routes
        var taken: [String: String] = [:]
        for path in generated { taken[path] = "a page the build writes" }
        for path in routes.rootOutputs { taken[path] = "the build" }
        var pagePaths: [String: String] = [:]
        for page in pages.all { pagePaths[routes.page(of: page.post).path] = page.post.source }
        taken.merge(pagePaths) { $1 }
        var written: Set<String> = []
        var diagnostics: [Diagnostic] = []
        for page in pages.all {
            for alias in page.post.aliases {
                let route = routes.alias(alias)
                if let owner = taken[route.path] {
                    diagnostics.append(
                        Diagnostic(
                            .warning, file: page.post.source,
                            message:
                                "the old path \(Diagnostic.quoted(alias)) is \(owner == page.post.source ? "the post's own page" : "taken by \(owner)"); no redirect is written there"
                        ))
                    continue
                }
                taken[route.path] = page.post.source
                let target = routes.absolute(page.url)
                do {
                    try output.put(
                        route.path,
                        text: Self.redirectPage(
                            to: target, title: page.post.title, language: plan.configuration.language))
                } catch {
                    throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
                }
                written.insert(route.path)
            }
        }
        // blog.yaml's own redirects, such as an old blog's page URLs.
        for (old, target) in plan.configuration.redirects.sorted(by: { $0.key < $1.key }) {
            let route = routes.alias(old)
            if let source = pagePaths[route.path] {
                diagnostics.append(
                    Diagnostic(
                        .error, file: source,
                        message:
                            "its page would be \(route.path), where blog.yaml's 'redirects' puts a redirect page; give it another 'permalink' or remove the redirect"
                    ))
                continue
            }
            if let owner = taken[route.path] {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: "blog.yaml",
                        message:
                            "the redirect from \(Diagnostic.quoted(old)) is taken by \(owner); none is written there"))
                continue
            }
            taken[route.path] = "blog.yaml"
            let url =
                target.hasPrefix("/")
                ? routes.absolute(routes.basePath + String(target.dropFirst()).pathEncoded) : target
            do {
                try output.put(
                    route.path, text: Self.redirectPage(to: url, title: url, language: plan.configuration.language))
            } catch {
                throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
            }
            written.insert(route.path)
        }
        try run.stopOnErrors(adding: diagnostics)
        return written
    }

    static func redirectPage(to target: String, title: String, language: String) -> String {
        let url = HTMLEscaping().escapeText(target)
        return """
            <!DOCTYPE html>
            <html lang="\(HTMLEscaping().escapeText(language))">
            <head>
            <meta charset="utf-8">
            <title>Moved: \(HTMLEscaping().escapeText(title))</title>
            <link rel="canonical" href="\(url)">
            <meta http-equiv="refresh" content="0; url=\(url)">
            <meta name="robots" content="noindex">
            </head>
            <body>
            <p>This page has moved to <a href="\(url)">\(url)</a>.</p>
            </body>
            </html>

            """
    }
}
