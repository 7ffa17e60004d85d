import JSONFeed

extension SiteBuilder {
    /// Writes the site's feeds (JSON Feed, Atom and RSS, those blog.yaml leaves on) from one set of items:
    /// the newest posts, their HTML rendered again with absolute URLs (feed readers show items away from
    /// the site) from their sources.
    /// The most bytes a feed file is kept under: reader services stop reading a feed at about a megabyte.
    static let feedSizeLimit = 1_000_000

    /// - Returns: A warning for each item whose content was shortened to its summary to keep the feed
    ///   under ``feedSizeLimit``, and one if it is larger still.
    func writeFeeds(_ pages: RenderedPages, _ selection: Selection, into output: StagedOutput, _ plan: BuildPlan) async throws(DiagnosticError) -> [Diagnostic] {
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
        var feed = FeedBuilder(configuration: plan.configuration, routes: plan.routes).feed(for: items)
        let diagnostics = Self.keepUnderLimit(&feed, sources: items.map(\.post.source), summariesOnly: plan.configuration.feedCarriesSummaries)
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
        return diagnostics
    }

    /// An item's content as its summary, for `feed.content: summary` and for items too large to carry whole.
    static func summaryContent(_ item: Item) -> String {
        "<p>" + HTMLEscaping().escapeText(item.summary ?? item.title ?? "") + "</p>"
    }

    /// Summaries instead of whole posts where blog.yaml asks for them, and else for the largest items, one
    /// by one, until the JSON Feed (the largest of the three formats for the same items) is under the limit.
    static func keepUnderLimit(_ feed: inout Feed, sources: [String], summariesOnly: Bool) -> [Diagnostic] {
        if summariesOnly {
            for index in feed.items.indices { feed.items[index].contentHTML = summaryContent(feed.items[index]) }
        }
        guard let size = try? FeedEncoder(prettyPrinted: true).encode(feed).count, size > feedSizeLimit else { return [] }
        var diagnostics: [Diagnostic] = []
        var estimate = size
        let largest = feed.items.indices.sorted { (feed.items[$0].contentHTML?.utf8.count ?? 0) > (feed.items[$1].contentHTML?.utf8.count ?? 0) }
        for index in largest where estimate > feedSizeLimit {
            let before = feed.items[index].contentHTML?.utf8.count ?? 0
            let summary = summaryContent(feed.items[index])
            guard summary.utf8.count < before else { continue }
            feed.items[index].contentHTML = summary
            estimate -= before - summary.utf8.count
            diagnostics.append(Diagnostic(.warning, file: sources[index], message: "the feed carries this post's summary, not the whole post: with it, the feed would pass \(feedSizeLimit / 1_000_000) MB, where reader services stop reading"))
        }
        if let final = try? FeedEncoder(prettyPrinted: true).encode(feed).count, final > feedSizeLimit {
            diagnostics.append(Diagnostic(.warning, file: "blog.yaml", message: "the feed is \(final) bytes even with summaries, past the \(feedSizeLimit / 1_000_000) MB reader services read; lower 'feed.item_limit'"))
        }
        return diagnostics
    }
}
