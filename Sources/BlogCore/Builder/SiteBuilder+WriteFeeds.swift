import BlogFileSystem
import Foundation
import JSONFeed

/// The feed files a build staged: each file's path with the hash of its inputs, for the next build's
/// record, and the warnings of the feeds written.
struct WrittenFeeds: Sendable {
    var hashes: [String: UInt64]
    /// The warnings of the pages written and, as the last build found them, of the pages carried over,
    /// by page.
    var warnings: [String: [Diagnostic]]
    /// Every page that carries whole posts, for the next build's record.
    var wholePostPages: [FeedJob]
}

extension SiteBuilder {
    /// The most bytes a feed file is kept under: reader services stop reading a feed at about a megabyte.
    static let feedSizeLimit = 1_000_000

    /// Writes the site's feeds and each tag's (JSON Feed, Atom and RSS, those blog.yaml leaves on), every
    /// format of a page from one set of items. JSON Feeds are paged through `next_url` (``FeedPaging``) so
    /// that the whole archive is reachable; Atom and RSS hold the first page. Items carry the posts' HTML
    /// with absolute URLs (feed readers show items away from the site), or their summaries.
    ///
    /// A page whose inputs (its posts' sources, URLs and tags, its links, the site's links) hash as the
    /// last build recorded is carried over; only the posts of the other pages are rendered for it.
    func writeFeeds(
        _ pages: RenderedPages, _ selection: Selection, _ loaded: LoadedSources, into output: StagedTree,
        _ run: inout BuildRun
    ) async throws(DiagnosticError) -> WrittenFeeds {
        let plan = run.plan
        let reuse = run.reuse
        let jobs = FeedJob.all(posts: pages.posts, configuration: plan.configuration, routes: plan.routes)
        let itemHashes = await Self.itemHashes(pages.posts, loaded)
        let linkHash = selection.linkHash
        // On every core: at 50,000 posts an edit's build checks ten thousand pages here.
        let checked: [(hash: UInt64, carried: Bool)] = await jobs.runs(
            4 * ProcessInfo.processInfo.activeProcessorCount, minimumLength: 64
        )
        .parallelMap { run in
            run.map { job in
                let hash = job.inputHash(itemHashes: itemHashes, linkHash: linkHash)
                return (
                    hash,
                    job.routes.allSatisfy { reuse.isUnchanged(path: $0.path, digest: hash) }
                        && job.routes.allSatisfy { output.carryOver($0.path) }
                )
            }
        }.flatMap { $0 }
        var hashes: [String: UInt64] = [:]
        var warnings: [String: [Diagnostic]] = [:]
        var toWrite: [(job: FeedJob, hash: UInt64)] = []
        for (job, check) in zip(jobs, checked) {
            for route in job.routes { hashes[route.path] = check.hash }
            if check.carried {
                warnings[job.routes[0].path] = reuse.feedWarnings(of: job.routes[0].path)
            } else {
                toWrite.append((job, check.hash))
            }
        }
        let builder = FeedBuilder(configuration: plan.configuration, routes: plan.routes)
        let made = try await feedItems(of: toWrite.map(\.job), builder, selection.renderer, plan)
        let configuration = plan.configuration
        let written: [Result<[Diagnostic], StagingFailure>] = await toWrite.map(\.job).parallelMap { job in
            do {
                return .success(
                    try Self.writeFeedPage(
                        job, items: job.carriesSummaries(configuration) ? made.summaries : made.whole, builder: builder,
                        routes: plan.routes
                    ) { path, data in try output.put(path, data) })
            } catch {
                return .failure(StagingFailure(description: "\(job.routes[0].path): \(error)"))
            }
        }
        for (job, result) in zip(toWrite.map(\.job), written) {
            switch result {
            case .success(let found):
                if !found.isEmpty { warnings[job.routes[0].path] = found }
            case .failure(let failure):
                throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(failure)")
            }
        }
        run.report(warnings.keys.sorted().flatMap { warnings[$0] ?? [] })
        let wholePostPages = jobs.filter { !$0.carriesSummaries(configuration) }
        return WrittenFeeds(hashes: hashes, warnings: warnings, wholePostPages: wholePostPages)
    }

    /// Writes one page of a feed in each of its formats through `put`, from its posts' items; a page past
    /// the size limit gets summaries for its largest items.
    ///
    /// - Returns: The warnings of the items shortened.
    static func writeFeedPage(
        _ job: FeedJob, items: [ObjectIdentifier: MadeItem], builder: FeedBuilder, routes: Routes,
        put: (String, Data) throws -> Void
    ) throws -> [Diagnostic] {
        // Each item's JSON was made once for all the pages it is on; the items themselves are needed only
        // by Atom and RSS, and by a page past the size limit, made again with summaries for its largest items.
        var feed = builder.feed(job.channel, items: [])
        var json =
            (try? Self.feedEncoder.encode(feed, items: job.posts.compactMap { items[ObjectIdentifier($0)]?.encoded }))
            ?? Data()
        var diagnostics: [Diagnostic] = []
        if json.count > Self.feedSizeLimit || job.formats != [.json] {
            feed.items = job.posts.map { published in
                guard let made = items[ObjectIdentifier(published)] else { return Item(id: "") }
                return made.item ?? (try? made.encoded.item()) ?? Item(id: "")
            }
        }
        if json.count > Self.feedSizeLimit {
            (json, diagnostics) = Self.keptUnderLimit(
                &feed, file: job.routes[0].path, sources: job.posts.map(\.post.source))
        }
        for (format, route) in zip(job.formats, job.routes) {
            switch format {
            case .json: try put(route.path, json)
            case .atom: try put(route.path, Data(AtomWriter(selfURL: routes.absolute(route.url)).document(feed).utf8))
            case .rss: try put(route.path, Data(RSSWriter(selfURL: routes.absolute(route.url)).document(feed).utf8))
            }
        }
        return diagnostics
    }

    /// A hash of what a post's feed item is made of: its source's bytes (front matter and body), its
    /// source's path, URL and tag names, by post.
    private static func itemHashes(_ posts: [PublishedPost], _ loaded: LoadedSources) async -> [ObjectIdentifier:
        UInt64]
    {
        var sourceHashes: [String: UInt64] = [:]
        sourceHashes.reserveCapacity(loaded.sources.count)
        for source in loaded.sources { if let post = source.post { sourceHashes[post.source] = source.hash } }
        let hashes = sourceHashes
        let made = await posts.runs(4 * ProcessInfo.processInfo.activeProcessorCount, minimumLength: 256).parallelMap {
            run in
            run.map { published in
                var digest = Digest.Builder()
                digest.add(hashes[published.post.source] ?? 0)
                for string in [published.post.source, published.permalink] + published.tags.map(\.name) {
                    digest.add(string)
                }
                return digest.digest
            }
        }.flatMap { $0 }
        var byPost: [ObjectIdentifier: UInt64] = [:]
        byPost.reserveCapacity(posts.count)
        for (published, hash) in zip(posts, made) { byPost[ObjectIdentifier(published)] = hash }
        return byPost
    }

    static let feedEncoder = FeedEncoder(prettyPrinted: true)

    /// A post's feed item, with its JSON, made once for all the pages it is on.
    typealias MadeItem = (item: Item?, encoded: FeedEncoder.EncodedItem)

    /// The items of every post the jobs hold, whole (the post's feed HTML: made beside its page when it
    /// was rendered in this build, else rendered again from its source) for pages with whole posts, and
    /// with the summary for the others.
    ///
    /// The item itself is kept only for the posts of pages written in Atom and RSS too: at 50,000 posts,
    /// keeping every item beside its JSON held half a gigabyte more. A page that needs the others (one
    /// past the size limit) reads them back from their JSON.
    func feedItems(of jobs: [FeedJob], _ builder: FeedBuilder, _ renderer: PostRenderer, _ plan: BuildPlan)
        async throws(DiagnosticError)
        -> (whole: [ObjectIdentifier: MadeItem], summaries: [ObjectIdentifier: MadeItem])
    {
        var seen: [Set<ObjectIdentifier>] = [[], []]
        var posts: [(published: PublishedPost, summary: Bool)] = []
        var keepsItem = Set<ObjectIdentifier>()
        for job in jobs {
            let summary = job.carriesSummaries(plan.configuration)
            for published in job.posts where seen[summary ? 1 : 0].insert(ObjectIdentifier(published)).inserted {
                posts.append((published, summary))
            }
            if job.formats != [.json] { keepsItem.formUnion(job.posts.map(ObjectIdentifier.init)) }
        }
        let kept = keepsItem
        let root = site.root
        let made: [Result<MadeItem, Diagnostic>] = await posts.runs(
            4 * ProcessInfo.processInfo.activeProcessorCount, minimumLength: 16
        )
        .parallelMap { run in
            run.map { (published, summary) in
                let keeps = kept.contains(ObjectIdentifier(published))
                if !summary, let made = published.rendered.feedItem {
                    return .success((keeps ? made.item : nil, made.encoded))
                }
                let content: String
                if summary {
                    content = Self.summaryContent(published.rendered.summary, title: published.post.title)
                } else {
                    var post = published.post
                    do {
                        (post.body, post.bodyFirstLine) = try Self.readBody(of: post.source, root: root)
                        content = try renderer.render(post, includingFeedHTML: true).feedHTML
                    } catch let diagnostic as Diagnostic {
                        return .failure(diagnostic)
                    } catch {
                        return .failure(
                            Diagnostic(.error, file: post.source, message: "cannot render the feed's item: \(error)"))
                    }
                }
                let item = builder.item(published, contentHTML: content)
                do {
                    return .success((keeps ? item : nil, try Self.feedEncoder.encodedItem(item)))
                } catch {
                    return .failure(
                        Diagnostic(
                            .error, file: published.post.source, message: "cannot write the feed's item: \(error)"))
                }
            }
        }.flatMap { $0 }
        var whole: [ObjectIdentifier: MadeItem] = [:]
        var summaries: [ObjectIdentifier: MadeItem] = [:]
        for ((published, summary), result) in zip(posts, made) {
            switch result {
            case .success(let value):
                if summary {
                    summaries[ObjectIdentifier(published)] = value
                } else {
                    whole[ObjectIdentifier(published)] = value
                }
            case .failure(let diagnostic): throw DiagnosticError([diagnostic])
            }
        }
        return (whole, summaries)
    }

    /// An item's content as its summary, for `feed.content: summary` and for items too large to carry whole.
    static func summaryContent(_ summary: String?, title: String?) -> String {
        "<p>" + HTMLEscaping().escapeText(summary.flatMap { $0.isEmpty ? nil : $0 } ?? title ?? "") + "</p>"
    }

    /// The feed as JSON, with summaries instead of whole posts for the largest items, one by one, until the
    /// JSON Feed (the largest of the three formats for the same items) is under the limit; `feed` is left
    /// with the items the JSON holds, for the other formats.
    ///
    /// - Returns: The JSON, and a warning for each shortened item and one if the feed is larger still.
    static func keptUnderLimit(_ feed: inout Feed, file: String, sources: [String]) -> (Data, [Diagnostic]) {
        guard let json = try? feedEncoder.encode(feed) else { return (Data(), []) }
        guard json.count > feedSizeLimit else { return (json, []) }
        var diagnostics: [Diagnostic] = []
        var estimate = json.count
        let largest = feed.items.indices.sorted {
            (feed.items[$0].contentHTML?.utf8.count ?? 0) > (feed.items[$1].contentHTML?.utf8.count ?? 0)
        }
        for index in largest where estimate > feedSizeLimit {
            let before = feed.items[index].contentHTML?.utf8.count ?? 0
            let summary = summaryContent(feed.items[index].summary, title: feed.items[index].title)
            guard summary.utf8.count < before else { continue }
            feed.items[index].contentHTML = summary
            estimate -= before - summary.utf8.count
            diagnostics.append(
                Diagnostic(
                    .warning, file: sources[index],
                    message:
                        "the feed \(file) carries this post's summary, not the whole post: with it, the feed would pass \(feedSizeLimit / 1_000_000) MB, where reader services stop reading"
                ))
        }
        let final = (try? feedEncoder.encode(feed)) ?? json
        if final.count > feedSizeLimit {
            diagnostics.append(
                Diagnostic(
                    .warning, file: "blog.yaml",
                    message:
                        "the feed \(file) is \(final.count) bytes even with summaries, past the \(feedSizeLimit / 1_000_000) MB reader services read; lower 'feed.item_limit'"
                ))
        }
        return (final, diagnostics)
    }
}

/// One page of a feed, written in one or more formats from the same items.
struct FeedJob: Sendable {
    var channel: FeedBuilder.Channel
    /// The formats written and their files, in the same order; JSON Feed first when it is on.
    var formats: [FeedFormat]
    var routes: [Routes.Route]
    /// Newest first.
    var posts: ArraySlice<PublishedPost>
    /// A page past the first, which carries summaries unless blog.yaml asks for whole posts.
    var isArchive = false

    /// Whether the page's items carry summaries rather than whole posts.
    func carriesSummaries(_ configuration: SiteConfiguration) -> Bool {
        configuration.feedCarriesSummaries || (isArchive && !configuration.feedArchiveCarriesWholePosts)
    }

    /// The sources of the posts whose whole text a feed carries: with whole posts in the archive, every
    /// post; else those on the first page of the site's feed or of a tag's. Known before rendering, so
    /// that only these posts' feed HTML is made beside their pages.
    static func wholePostSources(_ posts: [Post], tags: TagFolding, configuration: SiteConfiguration) -> Set<String> {
        guard !configuration.feedFormats.isEmpty, !configuration.feedCarriesSummaries else { return [] }
        let dated = posts.filter { $0.kind == .post }
        if configuration.feedArchiveCarriesWholePosts { return Set(dated.map(\.source)) }
        let order = SiteBuilder.newestFirstOrder(dated)
        let limit = configuration.feedItemLimit
        var sources = Set(order.prefix(limit).map { dated[$0].source })
        guard configuration.tagFeeds else { return sources }
        var counts: [String: Int] = [:]
        for index in order {
            for tag in tags.folded(dated[index].tags) where counts[tag.slug, default: 0] < limit {
                counts[tag.slug, default: 0] += 1
                sources.insert(dated[index].source)
            }
        }
        return sources
    }

    /// Every page of the site's feed and of each tag's: the first page in every format blog.yaml leaves
    /// on, and the JSON Feed's archive pages.
    static func all(posts: [PublishedPost], configuration: SiteConfiguration, routes: Routes) -> [FeedJob] {
        let formats = configuration.feedFormats.sorted()
        guard !formats.isEmpty else { return [] }
        var jobs = pages(
            of: posts[...], formats: formats, limit: configuration.feedItemLimit, paged: configuration.feedArchive,
            title: configuration.title,
            homePageURL: configuration.baseURL, routes: routes, route: routes.feed, archive: routes.feedArchive)
        guard configuration.tagFeeds else { return jobs }
        let byTag = posts.groupedByTag()
        for slug in byTag.keys.sorted() {
            guard let tag = byTag[slug] else { continue }
            jobs += pages(
                of: tag.posts[...], formats: formats, limit: configuration.feedItemLimit,
                paged: configuration.feedArchive,
                title: FeedBuilder.tagFeedTitle(site: configuration.title, tag: tag.name),
                homePageURL: routes.absolute(routes.tag(slug).url), routes: routes,
                route: { routes.tagFeed(slug, $0) }, archive: { routes.tagFeedArchive(slug, $0) })
        }
        return jobs
    }

    private static func pages(
        of posts: ArraySlice<PublishedPost>, formats: [FeedFormat], limit: Int, paged: Bool, title: String,
        homePageURL: String,
        routes: Routes, route: (FeedFormat) -> Routes.Route, archive: (Int) -> Routes.Route
    ) -> [FeedJob] {
        let paging = FeedPaging(count: posts.count, limit: limit)
        let paged = paged && formats.contains(.json)
        let firstRoutes = formats.map(route)
        func next(_ number: Int?) -> String? { paged ? number.map { routes.absolute(archive($0).url) } : nil }
        var jobs = [
            FeedJob(
                channel: .init(
                    title: title, homePageURL: homePageURL, feedURL: routes.absolute(firstRoutes[0].url),
                    nextURL: next(paging.nextOfFirst)),
                formats: formats, routes: firstRoutes, posts: posts[paging.first.shifted(by: posts.startIndex)])
        ]
        guard paged else { return jobs }
        for number in stride(from: paging.archivePages, through: 1, by: -1) {
            let page = archive(number)
            jobs.append(
                FeedJob(
                    channel: .init(
                        title: title, homePageURL: homePageURL, feedURL: routes.absolute(page.url),
                        nextURL: next(paging.next(ofArchive: number))),
                    formats: [.json], routes: [page],
                    posts: posts[paging.archive(number).shifted(by: posts.startIndex)], isArchive: true))
        }
        return jobs
    }

    /// A hash of everything the page's files show: its place among the pages, and each post's item hash
    /// (its source's bytes, URL and tag names); `linkHash` stands for the URLs of the posts it links to.
    /// blog.yaml and the engine are the build record's fingerprint.
    func inputHash(itemHashes: [ObjectIdentifier: UInt64], linkHash: UInt64) -> UInt64 {
        var digest = Digest.Builder(capacity: 256 + 8 * posts.count)
        digest.add(linkHash)
        for string in [channel.title, channel.homePageURL, channel.feedURL, channel.nextURL ?? ""] + routes.map(\.path)
            + formats.map(\.rawValue)
        { digest.add(string) }
        digest.add(UInt64(posts.count))
        for published in posts { digest.add(itemHashes[ObjectIdentifier(published)] ?? 0) }
        return digest.digest
    }
}

extension Range<Int> {
    /// The same range moved by `offset`, for positions in a slice that does not start at 0.
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
