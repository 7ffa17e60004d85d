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
    /// Writes the site's feeds and each tag's (JSON Feed, Atom and RSS, those blog.yaml leaves on), every
    /// format of a page from one set of items (``FeedJob``, ``FeedItemMaker``, ``FeedPageWriter``). JSON
    /// Feeds are paged through `next_url` (``FeedPaging``) so that the whole archive is reachable; Atom and
    /// RSS hold the first page. Items carry the posts' HTML with absolute URLs (feed readers show items
    /// away from the site), or their summaries.
    ///
    /// A page whose inputs (its posts' sources, URLs and tags, its links, the site's links) digest as the
    /// last build's did is carried over; only the posts of the other pages get items.
    func writeFeeds(
        _ pages: RenderedPages, _ selection: Selection, _ loaded: LoadedFiles, into output: StagedTree,
        _ run: inout BuildRun
    ) async throws(DiagnosticError) -> WrittenFeeds {
        let plan = run.plan
        let reuse = run.reuse
        let jobs = FeedJob.all(posts: pages.posts, configuration: plan.configuration, routes: plan.routes)
        var sourceDigests: [String: UInt64] = [:]
        sourceDigests.reserveCapacity(loaded.files.count)
        for source in loaded.files { if let post = source.post { sourceDigests[post.source] = source.hash } }
        let itemDigests = await FeedJob.itemDigests(pages.posts, sourceDigests: sourceDigests)
        let linkHash = selection.linkHash
        // On every core: at 50,000 posts an edit's build checks ten thousand pages here.
        let checked: [(hash: UInt64, carried: Bool)] = await jobs.parallelMap(minimumChunk: 64) { job in
            let hash = job.inputHash(itemHashes: itemDigests, linkHash: linkHash)
            let unchanged = job.routes.allSatisfy { reuse.isUnchanged(path: $0.path, digest: hash) }
            return (hash, unchanged && job.routes.allSatisfy { output.carryOver($0.path) })
        }
        var hashes: [String: UInt64] = [:]
        var warnings: [String: [Diagnostic]] = [:]
        var toWrite: [FeedJob] = []
        for (job, check) in zip(jobs, checked) {
            for route in job.routes { hashes[route.path] = check.hash }
            if check.carried {
                warnings[job.routes[0].path] = reuse.feedWarnings(of: job.routes[0].path)
            } else {
                toWrite.append(job)
            }
        }
        let builder = FeedBuilder(configuration: plan.configuration, routes: plan.routes)
        var maker = FeedItemMaker(builder: builder, renderer: selection.renderer, root: site.root)
        maker.checks = plan.options.checksLinks
        let made = try await maker.items(of: toWrite)
        let writer = FeedPageWriter(builder: builder)
        let configuration = plan.configuration
        let written: [Result<FeedPageWriter.Written, StagingFailure>] = await toWrite.parallelMap { job in
            do {
                let items = job.carriesSummaries(configuration) ? made.summaries : made.whole
                return .success(try writer.write(job, items: items, put: output.put))
            } catch {
                return .failure(StagingFailure(description: "\(job.routes[0].path): \(error)"))
            }
        }
        var checkedFeeds = CheckedJSONFeeds(items: made.checked)
        for (job, result) in zip(toWrite, written) {
            switch result {
            case .success(let page):
                if !page.diagnostics.isEmpty { warnings[job.routes[0].path] = page.diagnostics }
                if maker.checks, let found = page.checked { checkedFeeds.pages[found.path] = found.page }
            case .failure(let failure):
                throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(failure)")
            }
        }
        run.report(warnings.keys.sorted().flatMap { warnings[$0] ?? [] })
        if maker.checks { run.checkedJSONFeeds = checkedFeeds }
        let wholePostPages = jobs.filter { !$0.carriesSummaries(configuration) }
        return WrittenFeeds(hashes: hashes, warnings: warnings, wholePostPages: wholePostPages)
    }
}
