import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// At most this many edited files take the short way; more go through the whole build, which makes
    /// them on every core.
    static let editLimit = 64

    /// Rebuilds the pages of posts whose files are all that changed since the last build, when the edit
    /// reaches nothing else: each post's front matter and diagnostics are as recorded, what list pages show
    /// of it is too (its list-entry hash), and no feed carries its whole text. Then only its page can
    /// differ: it is rendered and replaced in the output, and the record's entries for it are replaced in
    /// place; nothing else is read, sorted or decoded, so the edit costs the same in a site of any size.
    ///
    /// - Returns: The summary, or nil when the edit reaches further (or the record is not on disk): the
    ///   whole build runs then, from the record as it was.
    func rebuildEdits(_ check: IncrementalBuild.Check, _ scan: SourceScan, _ plan: BuildPlan) async -> BuildSummary? {
        guard !check.edited.isEmpty, check.edited.count <= Self.editLimit, plan.options.memory == nil,
              let file = check.file, let stamps = check.stamps, let templates = plan.templates
        else { return check.edited.isEmpty ? nil : Self.wholeBuild("\(check.edited.count) files edited, or no record on disk") }
        let jobs = check.edited.map { scan.jobs[$0] }
        let loaded = await ContentLoader.read(jobs, sizes: check.edited.map { scan.stamps[$0]?.size }, root: site.root,
                                              timeZone: plan.configuration.timeZone)
        let routes = plan.routes
        let renderer = PostRenderer(configuration: plan.configuration) { path in Self.linkTarget(path, in: file, routes: routes) }
        let navigation = file.dependencies.navigation.map { (title: $0.title, path: $0.path) }
        let pages = SitePages(context: PageContext(configuration: plan.configuration, routes: routes, navigation: navigation), templates: templates)
        var sources: [String: (stamp: FileStamp, record: BuildRecord.Source)] = [:]
        var outputs: [String: BuildRecord.Output] = [:]
        var written: [(path: String, bytes: [UInt8])] = []
        for (index, (job, read)) in zip(jobs, loaded).enumerated() {
            guard let stamp = scan.stamps[check.edited[index]], let recorded = file.source(job.file), let post = read.post,
                  Self.hasSameFrontMatter(post, recorded.post), read.diagnostics.map(\.recorded) == recorded.frontMatterDiagnostics
            else { return Self.wholeBuild("\(job.file): its front matter or its diagnostics changed") }
            guard !file.dependencies.wholeInFeeds.contains(job.file) else { return Self.wholeBuild("\(job.file) is carried whole by a feed") }
            var record = recorded
            (record.size, record.modified, record.hash, record.post) = (stamp.size, stamp.modified, read.hash, Self.withoutBody(post))
            if recorded.isRendered {
                guard let page = Self.renderEdited(post, renderer, pages, routes: routes), page.entryHash == recorded.entryHash,
                      page.rendered.diagnostics.map(\.recorded) == recorded.renderDiagnostics,
                      let old = file.output(page.path)
                else { return Self.wholeBuild("\(job.file): what lists show of it, or its diagnostics, changed") }
                (record.summary, record.wordCount) = (page.rendered.summary, page.rendered.wordCount)
                let hash = page.html.withUnsafeBytes { ContentHash.of($0) }
                if old.size != page.html.count || old.hash != hash { written.append((page.path, page.html)) }
            }
            sources[job.file] = (stamp, record)
        }
        // Every check passed: only now is anything written, the pages first and the record after, so that
        // a build stopped between them finds pages the record does not vouch for, and makes them again.
        let outputFolder = plan.output.folder.path
        for page in written {
            let path = outputFolder + "/" + page.path
            guard (try? FileContents.replace(Data(page.bytes), at: path)) != nil, let stamp = FileStamp(path) else {
                return Self.wholeBuild("cannot write \(page.path)")
            }
            outputs[page.path] = BuildRecord.Output(size: stamp.size, modified: stamp.modified, hash: page.bytes.withUnsafeBytes { ContentHash.of($0) })
        }
        guard let patched = file.patched(sources: sources, outputs: outputs) else {
            // The pages are written and the record is not: remove it, and the next build is a whole one.
            try? FileManager.default.removeItem(at: BuildRecord.url(for: site, in: plan.incremental.folder))
            return Self.wholeBuild("the record does not hold every entry to replace")
        }
        BuildRecord.save(patched, for: site, in: plan.incremental.folder)
        PhaseTimer.note("\(jobs.count) edited files rebuilt alone, \(written.count) pages written")
        var summary = BuildSummary(output: plan.output.folder)
        summary.filesWritten = written.count
        summary.filesUnchanged = stamps.outputs.count - written.count
        (summary.posts, summary.pages, summary.tags) = (stamps.counts.posts, stamps.counts.pages, stamps.counts.tags)
        (summary.draftsSkipped, summary.futureSkipped) = (stamps.counts.draftsSkipped, stamps.counts.futureSkipped)
        summary.diagnostics = stamps.diagnostics
        return summary
    }

    /// Nil, for the whole build to run, saying why under `BLOG_PROFILE`.
    private static func wholeBuild(_ reason: String) -> BuildSummary? {
        PhaseTimer.note("the whole build runs: \(reason)")
        return nil
    }

    /// One edited post's page, rendered as the whole build renders it.
    private static func renderEdited(_ post: Post, _ renderer: PostRenderer, _ pages: SitePages, routes: Routes)
        -> (path: String, html: [UInt8], entryHash: UInt64, rendered: RenderedPost)? {
        guard var rendered = try? renderer.render(post, includingFeedHTML: false) else { return nil }
        let route = routes.page(of: post)
        let url = route.url
        let published = PublishedPost(post: post, rendered: rendered, path: url, permalink: routes.absolute(url),
                                      tags: TagFolding([post]).folded(post.tags))
        let page = pages.page(for: published)
        rendered.html = PostHTML(bytes: [])
        return (route.path, page.html, page.entryHash, rendered)
    }

    /// Where a link to another source leads, from that source's record as the last build left it (the
    /// posts edited since have the front matter it records, or this build is not the short one).
    private static func linkTarget(_ path: String, in file: BuildRecord.File, routes: Routes) -> PostRenderer.LinkTarget {
        guard let source = file.source(path), let post = source.post else { return .none }
        if source.isRendered { return .page(routes.page(of: post).url) }
        return post.kind == .post ? .leftOut : .none
    }

    /// Whether the front matter read now gives the post the record has, body aside (and the line it
    /// starts on, which only moves diagnostics, and those are compared on their own).
    private static func hasSameFrontMatter(_ post: Post, _ recorded: Post?) -> Bool {
        guard let recorded else { return false }
        var post = withoutBody(post)
        post.bodyFirstLine = recorded.bodyFirstLine
        return post == recorded
    }

    private static func withoutBody(_ post: Post) -> Post {
        var post = post
        post.body = ""
        return post
    }
}
