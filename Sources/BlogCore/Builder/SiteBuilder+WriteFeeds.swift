import JSONFeed

extension SiteBuilder {
    /// Writes the site's feeds (JSON Feed, Atom and RSS, those blog.yaml leaves on) from one set of items:
    /// the newest posts, their HTML rendered again with absolute URLs (feed readers show items away from
    /// the site) from their sources.
    func writeFeeds(_ pages: RenderedPages, _ selection: Selection, into output: StagedOutput, _ plan: BuildPlan) async throws(DiagnosticError) {
        var items: [PublishedPost] = []
        for published in pages.posts.prefix(plan.configuration.feedItemLimit) {
            var post = published.post
            do {
                (post.body, post.bodyFirstLine) = try Self.readBody(of: post.source, root: site.root)
                var rendered = published.rendered
                rendered.feedHTML = try selection.renderer.render(post, includingFeedHTML: true).feedHTML
                items.append(published.with(rendered))
            } catch let diagnostic as Diagnostic {
                throw DiagnosticError([diagnostic])
            } catch {
                throw DiagnosticError(file: post.source, message: "cannot render the feed's item: \(error)")
            }
        }
        let feed = FeedBuilder(configuration: plan.configuration, routes: plan.routes).feed(for: items)
        let routes = plan.routes
        do {
            for format in plan.configuration.feedFormats.sorted() {
                let route = routes.feed(format)
                switch format {
                case .json: try output.put(route.path, try FeedEncoder(prettyPrinted: true).encode(feed))
                case .atom: try output.put(route.path, text: AtomWriter(selfURL: routes.absolute(route.url)).document(feed))
                case .rss: try output.put(route.path, text: RSSWriter(selfURL: routes.absolute(route.url)).document(feed))
                }
            }
        } catch {
            throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
        }
    }
}
