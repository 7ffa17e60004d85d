import BlogFileSystem
import Foundation
import JSONFeed

extension SiteBuilder {
    /// At most this many edited files take the short way; more go through the whole build, which makes
    /// them on every core.
    static let editLimit = 64

    /// Rebuilds what edits to a few posts change, when their files are all that changed since the last
    /// build and the edits reach no further than the posts' own pages and the feed pages that carry them
    /// whole: each post's front matter and diagnostics are as recorded, and so are what list pages show of
    /// it (its list-entry hash) and its summary. Those pages are made again from the record's entries for
    /// their posts alone, replaced in the output, and the record's entries for them replaced in place; no
    /// other post is read, sorted or decoded, so the edit itself costs the same in a site of any size.
    ///
    /// - Returns: The summary, or nil when an edit reaches further (or there is no record): the
    ///   whole build runs then, from the record as it was.
    func rebuildEdits(_ check: IncrementalBuild.Check, _ scan: SourceScan, _ plan: BuildPlan) async -> BuildSummary? {
        guard !check.edited.isEmpty, check.edited.count <= Self.editLimit, let recorded = check.recorded,
            let stamps = check.stamps,
            let templates = plan.templates, !FileSystem.exists(plan.output.staging.path)
        else {
            return check.edited.isEmpty
                ? nil : Self.wholeBuild("\(check.edited.count) files edited, no record, or a staging folder left")
        }
        let jobs = check.edited.map { scan.jobs[$0] }
        let loaded = await ContentLoader.read(
            jobs, sizes: check.edited.map { scan.stamps[$0]?.size }, root: site.root,
            timeZone: plan.configuration.timeZone)
        let context = EditContext(
            recorded: recorded, allPaths: Array(stamps.sources.keys), plan: plan, templates: templates)
        let before = recorded.sources(Set(jobs.map(\.file)))
        var edits: [Edit] = []
        for (index, (job, read)) in zip(jobs, loaded).enumerated() {
            guard let stamp = scan.stamps[check.edited[index]] else {
                return Self.wholeBuild("\(job.file) cannot be stamped")
            }
            switch context.edit(job, read, before: before[job.file], stamp: stamp) {
            case .success(let edit): edits.append(edit)
            case .failure(let reason): return Self.wholeBuild("\(job.file): \(reason.text)")
            }
        }
        guard let feedFiles = context.feedFiles(carrying: edits, root: site.root) else {
            return Self.wholeBuild("a feed page that carries an edited post changes its warnings, or cannot be made")
        }
        let files = edits.compactMap(\.page) + feedFiles
        guard
            let written = Self.replaceChanged(
                files, in: plan.output, recorded: recorded.outputs(Set(files.map(\.path)))),
            await recorded.save(
                replacing: Dictionary(edits.map { ($0.source, ($0.stamp, $0.record)) }) { first, _ in first },
                outputs: written,
                plan.incremental, output: plan.output)
        else {
            // Some files may be replaced and the record is not: remove it, and the next build is a whole one.
            try? FileSystem.removeFile(BuildRecord.url(for: site, in: plan.incremental.folder).path)
            return Self.wholeBuild("the output or the record cannot be written")
        }
        PhaseTimer.note("\(edits.count) edited files rebuilt alone, \(written.count) files written")
        var summary = stamps.summary(output: plan.output.folder)
        summary.filesWritten = written.count
        summary.filesUnchanged -= written.count
        summary.diagnostics = stamps.diagnostics
        return summary
    }

    /// One edited source, checked and made.
    struct Edit {
        var source: String
        var stamp: FileStamp
        /// Its record for the next build.
        var record: BuildRecord.Source
        /// Its page, for a published post or page.
        var page: (path: String, bytes: Data)?
        /// The post as published, with its feed HTML, for a post some feed page carries whole.
        var published: PublishedPost?
    }

    /// Why an edit takes the whole build.
    struct Reach: Error {
        var text: String
    }

    /// What the short way reads besides the edited files: the last build's record, and what every page is
    /// made with.
    struct EditContext {
        let recorded: any RecordedBuild
        let renderer: PostRenderer
        let pages: SitePages
        let routes: Routes
        let feeds: FeedBuilder

        /// - Parameter allPaths: Every source the record holds, for ``LinkIndex``.
        init(recorded: any RecordedBuild, allPaths: [String], plan: BuildPlan, templates: TemplateSet) {
            let routes = plan.routes
            self.recorded = recorded
            self.routes = routes
            let links = LinkIndex(recorded: recorded, paths: allPaths)
            renderer = PostRenderer(configuration: plan.configuration) { path in
                Self.linkTarget(path, in: links, routes: routes)
            }
            let navigation = recorded.dependencies.navigation.map { (title: $0.title, path: $0.path) }
            pages = SitePages(
                context: PageContext(configuration: plan.configuration, routes: routes, navigation: navigation),
                templates: templates)
            feeds = FeedBuilder(configuration: plan.configuration, routes: routes)
        }

        /// The edited source checked against its record (`before`) and, when published, its page made as
        /// the whole build makes it.
        func edit(_ job: ContentLoader.Job, _ read: ContentLoader.Loaded, before: BuildRecord.Source?, stamp: FileStamp)
            -> Result<Edit, Reach>
        {
            guard let before, let post = read.post, Self.hasSameFrontMatter(post, before.post),
                read.diagnostics.map(\.recorded) == before.frontMatterDiagnostics
            else { return .failure(Reach(text: "its front matter or its diagnostics changed")) }
            var record = before
            (record.size, record.modified, record.hash, record.post) = (
                stamp.size, stamp.modified, read.hash, Self.withoutBody(post)
            )
            guard before.isRendered else { return .success(Edit(source: job.file, stamp: stamp, record: record)) }
            let inFeed = recorded.dependencies.feedPages.contains { $0.sources.contains(job.file) }
            guard let rendered = try? renderer.render(post, includingFeedHTML: inFeed) else {
                return .failure(Reach(text: "it cannot be rendered"))
            }
            let route = routes.page(of: post)
            let published = PublishedPost(
                post: Self.withoutBody(post), rendered: rendered, path: route.url,
                permalink: routes.absolute(route.url),
                tags: TagFolding([post]).folded(post.tags))
            let page = pages.page(for: published)
            // The summary is compared on its own: feed pages that carry summaries show it whether or not
            // the list templates do.
            guard page.entryHash == before.entryHash, rendered.summary == before.summary,
                rendered.diagnostics.map(\.recorded) == before.renderDiagnostics
            else { return .failure(Reach(text: "what lists or feeds show of it, or its diagnostics, changed")) }
            (record.summary, record.wordCount) = (rendered.summary, rendered.wordCount)
            return .success(
                Edit(
                    source: job.file, stamp: stamp, record: record, page: (route.path, Data(page.html)),
                    published: inFeed ? published : nil))
        }

        /// The files of every feed page that carries an edited post whole, made again from the recorded
        /// pages: the edited posts as they are now, the others from their records and sources. Nil when a
        /// page's warnings would change, or a post cannot be read.
        func feedFiles(carrying edits: [Edit], root: URL) -> [(path: String, bytes: Data)]? {
            var made: [String: PublishedPost] = [:]
            for edit in edits { if let published = edit.published { made[edit.source] = published } }
            let pages = recorded.dependencies.feedPages.filter { $0.sources.contains { made[$0] != nil } }
            guard !pages.isEmpty else { return [] }
            for (source, record) in recorded.sources(Set(pages.flatMap(\.sources)).subtracting(made.keys)) {
                guard let post = record.post, let published = published(post, record, root: root) else { return nil }
                made[source] = published
            }
            var items: [ObjectIdentifier: MadeItem] = [:]
            for published in made.values {
                let item = feeds.item(published, contentHTML: published.rendered.feedHTML)
                guard let encoded = try? SiteBuilder.feedEncoder.encodedItem(item) else { return nil }
                items[ObjectIdentifier(published)] = (item, encoded)
            }
            var files: [(path: String, bytes: Data)] = []
            for page in pages {
                let posts = page.sources.compactMap { made[$0] }
                guard posts.count == page.sources.count else { return nil }
                guard
                    let warnings = try? SiteBuilder.writeFeedPage(
                        FeedJob(page, posts: posts), items: items, builder: feeds, routes: routes,
                        put: { files.append(($0, $1)) }),
                    warnings.map({ BuildRecord.FeedWarning(file: $0.file, message: $0.message) }) == recorded
                        .dependencies.feedWarnings[page.routes[0].path] ?? []
                else { return nil }
            }
            return files
        }

        /// A post another feed item stands beside, as the last build published it, with its feed HTML.
        private func published(_ post: Post, _ record: BuildRecord.Source, root: URL) -> PublishedPost? {
            var post = post
            guard let body = try? SiteBuilder.readBody(of: post.source, root: root) else { return nil }
            (post.body, post.bodyFirstLine) = body
            guard var rendered = try? renderer.render(post, includingFeedHTML: true) else { return nil }
            (rendered.summary, rendered.wordCount) = (record.summary, record.wordCount)
            let url = routes.page(of: post).url
            return PublishedPost(
                post: Self.withoutBody(post), rendered: rendered, path: url, permalink: routes.absolute(url),
                tags: TagFolding([post]).folded(post.tags))
        }

        /// Where a link to another source leads, from that source's record as the last build left it (the
        /// posts edited since have the front matter it records, or this build is not the short one).
        private static func linkTarget(_ path: String, in links: LinkIndex, routes: Routes) -> PostRenderer.LinkTarget {
            guard let source = links.source(path), let post = source.post else { return .none }
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

    /// Where links from edited posts lead, from the record: each target is looked up on its own (a pass
    /// over the record file's sources each) until more than ``limit`` have been, and then every source's
    /// record is read in one pass, so that a post linking to thousands of others costs one pass more, not
    /// one each.
    final class LinkIndex: Sendable {
        static let limit = 16
        private let recorded: any RecordedBuild
        private let paths: [String]
        private let state = Locked<(looked: [String: BuildRecord.Source?], all: [String: BuildRecord.Source]?)>(
            ([:], nil))

        init(recorded: any RecordedBuild, paths: [String]) {
            self.recorded = recorded
            self.paths = paths
        }

        func source(_ path: String) -> BuildRecord.Source? {
            state.withLock { state in
                if let all = state.all { return all[path] }
                if let known = state.looked[path] { return known }
                guard state.looked.count < Self.limit else {
                    let all = recorded.sources(Set(paths))
                    state.all = all
                    return all[path]
                }
                let found = recorded.source(path)
                state.looked[path] = .some(found)
                return found
            }
        }
    }

    /// Replaces each file whose bytes differ from the recorded output's (``StagedOutput/replaceFiles(_:in:)``)
    /// and returns the new entries of those replaced; nil when they cannot be written.
    private static func replaceChanged(
        _ files: [(path: String, bytes: Data)], in target: OutputWriter,
        recorded: [String: BuildRecord.Output]
    ) -> [String: BuildRecord.Output]? {
        let changed = files.filter { path, bytes in
            guard let old = recorded[path] else { return true }
            return old.size != bytes.count || old.hash != Digest.of(bytes)
        }
        guard !changed.isEmpty else { return [:] }
        guard let stamps = try? StagedOutput.replaceFiles(changed, in: target) else { return nil }
        var written: [String: BuildRecord.Output] = [:]
        for (path, bytes) in changed {
            guard let stamp = stamps[path] else { return nil }
            written[path] = BuildRecord.Output(size: stamp.size, modified: stamp.modified, hash: Digest.of(bytes))
        }
        return written
    }

    /// Nil, for the whole build to run, saying why under `BLOG_PROFILE`.
    private static func wholeBuild(_ reason: String) -> BuildSummary? {
        PhaseTimer.note("the whole build runs: \(reason)")
        return nil
    }
}
