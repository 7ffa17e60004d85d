import BlogFileSystem
import Foundation

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

extension FeedJob {
    /// A digest of what each post's feed item is made of: its source's bytes (front matter and body), its
    /// source's path, URL and tag names, by post.
    ///
    /// - Parameter sourceDigests: The digest of each post's source file, by source path.
    static func itemDigests(_ posts: [PublishedPost], sourceDigests: [String: UInt64]) async -> [ObjectIdentifier:
        UInt64]
    {
        let made = await posts.parallelMap(minimumChunk: 256) { published in
            var digest = Digest.Builder()
            digest.add(sourceDigests[published.post.source] ?? 0)
            for string in [published.post.source, published.permalink] + published.tags.map(\.name) {
                digest.add(string)
            }
            return digest.digest
        }
        var byPost: [ObjectIdentifier: UInt64] = [:]
        byPost.reserveCapacity(posts.count)
        for (published, digest) in zip(posts, made) { byPost[ObjectIdentifier(published)] = digest }
        return byPost
    }
}
