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
    /// it (its list-entry digest) and its summary. The pages are made by the whole build's own steps
    /// (``renderPages(_:_:progress:)``, ``FeedItemMaker``, ``FeedPageWriter``)
    /// over the edited posts and the feed pages' posts alone, from what ``Reuse`` answers of the rest;
    /// they replace their old copies in the output together, and the record's entries for them are
    /// replaced in place. No other post is read, sorted or decoded, so an edit costs the same in a site of
    /// any size.
    ///
    /// - Returns: The summary, or nil when an edit reaches further: the whole build runs then.
    func rebuildEdits(_ edits: IncrementalBuild.Edits, _ scan: SourceScan, _ run: BuildRun) async -> BuildSummary? {
        let plan = run.plan
        let reuse = edits.reuse
        var timer = PhaseTimer()
        let stamps = edits.indices.compactMap { scan.stamps[$0] }
        guard edits.indices.count <= Self.editLimit, stamps.count == edits.indices.count,
            let templates = plan.templates, !FileSystem.exists(plan.output.staging.path)
        else { return Self.wholeBuild("\(edits.indices.count) files edited, one unstamped, or a staging folder left") }
        let files = edits.indices.map { scan.files[$0] }
        let read = await ContentLoader.read(
            files, stamps: stamps, root: site.root, timeZone: plan.configuration.timeZone)
        let before = reuse.recorded(posts: Set(files.map(\.path)))
        var edited: [Reuse.EditedPost] = []
        for (loaded, stamp) in zip(read, stamps) {
            let path = loaded.file.path
            guard let recorded = before[path], let post = loaded.post,
                Self.hasSameFrontMatter(post, recorded.post), loaded.diagnostics == recorded.diagnostics
            else { return Self.wholeBuild("\(path): its front matter or its diagnostics changed") }
            // Its page offers images, whose sizes and encodings the whole build reads (from the cache).
            guard !hasImages(post, run) else {
                return Self.wholeBuild("\(path): it shows images or its folder holds some")
            }
            edited.append(
                .init(file: path, recorded: recorded, stamp: stamp, hash: loaded.hash, post: post, rendered: nil))
        }
        let (renderer, pages) = Self.makeRenderers(
            plan, templates: templates, navigation: reuse.navigation,
            linkTarget: reuse.linkTargets(plan.routes, recordedSources: edits.recordedSources))
        let replaced = EditedFiles()
        let feedPages = reuse.wholePostFeedPages
        let published: [PublishedPost]
        let searchEdits: [SearchEdit]
        switch await renderEdited(&edited, before: before, feedPages: feedPages, (renderer, pages), into: replaced, run)
        {
        case .success(let made): (published, searchEdits) = made
        case .failure(let reach): return Self.wholeBuild(reach.reason)
        }
        timer.mark("edits: posts read and rendered")
        guard await writeFeedPages(carrying: published, feedPages, reuse, renderer, into: replaced, run) else {
            return Self.wholeBuild("a feed page that carries an edited post changes its warnings, or cannot be made")
        }
        timer.mark("edits: feed pages")
        if let reach = updateSearchIndex(searchEdits, pages.context, reuse, into: replaced, run) {
            return Self.wholeBuild(reach)
        }
        timer.mark("edits: search index")
        for index in edited.indices { edited[index].post.body = "" }
        let made = replaced.all.sorted { $0.path < $1.path }
        let removed = replaced.removed.sorted()
        let recordedOutputs = reuse.outputs(Set(made.map(\.path) + removed))
        guard removed.allSatisfy({ recordedOutputs[$0] != nil }),
            Self.areAsRecorded(recordedOutputs, in: plan.output.folder.path)
        else {
            return Self.wholeBuild("an output file the edit replaces is not as the last build left it")
        }
        guard
            let written = await Self.replaceChanged(
                made, in: plan.output, recorded: recordedOutputs,
                beforeSwap: plan.options.beforeSwap),
            Self.remove(removed, from: plan.output.folder.path),
            await reuse.save(edited, outputs: written, removing: Set(removed), plan.incremental, output: plan.output)
        else {
            reuse.forget(plan.incremental)
            return Self.wholeBuild("the output or the record cannot be written")
        }
        timer.mark("edits: output replaced and record saved")
        PhaseTimer.note("\(edited.count) edited files rebuilt alone, \(written.count) files written")
        var summary = edits.summary
        summary.filesWritten = written.count
        summary.filesRemoved = removed.count
        summary.filesUnchanged -= written.keys.filter { recordedOutputs[$0] != nil }.count + removed.count
        summary.diagnostics = edits.diagnostics
        return summary
    }

    /// Why an edit takes the whole build.
    struct EditReach: Error {
        var reason: String
    }

    /// Renders the edited posts that the last build rendered through the whole build's render step, and
    /// checks that what lists and feeds show of each is as recorded.
    ///
    /// - Returns: The posts as published, for the feed pages that carry them, and those whose words in
    ///   the search index changed.
    private func renderEdited(
        _ edited: inout [Reuse.EditedPost], before: [String: Reuse.RecordedPost],
        feedPages: [(job: FeedJob.Recorded, sources: [String])], _ renderers: (PostRenderer, SitePages),
        into files: EditedFiles, _ run: BuildRun
    ) async -> Result<([PublishedPost], [SearchEdit]), EditReach> {
        let inFeeds = Set(feedPages.flatMap(\.sources))
        let rendering = edited.indices.filter { before[edited[$0].file]?.rendered != nil }
        let work = rendering.enumerated().map { position, index in
            let post = edited[index].post
            return RenderWork(
                post: post, reused: nil, url: run.routes.page(of: post).url, needsBody: false, fileIndex: position,
                recordedEntryHash: 0, makesFeedItem: inFeeds.contains(post.source))
        }
        let context = RenderContext(
            bodies: PostBodies(work.map(\.post.body)), tags: TagFolding(work.map(\.post)), renderer: renderers.0,
            pages: renderers.1, routes: run.routes, output: files, root: site.root)
        let results = await Self.renderPages(work, context, progress: nil)
        var published: [PublishedPost] = []
        var searchEdits: [SearchEdit] = []
        for (index, result) in zip(rendering, results) {
            let file = edited[index].file
            guard let made = result.published, let recorded = before[file]?.rendered,
                result.entryHash == before[file]?.entryHash, made.rendered.summary == recorded.summary,
                made.rendered.diagnostics == recorded.diagnostics
            else {
                return .failure(
                    EditReach(reason: "\(file): what lists or feeds show of it, or its diagnostics, changed"))
            }
            if let search = made.rendered.search, search != recorded.search {
                guard let old = recorded.search else {
                    return .failure(EditReach(reason: "\(file): the record holds none of its words"))
                }
                searchEdits.append(SearchEdit(published: made, before: old))
            }
            edited[index].rendered = made.rendered
            if inFeeds.contains(file) { published.append(made) }
        }
        return .success((published, searchEdits))
    }

    /// Makes again, through the whole build's feed writer, every feed page that carries an edited post
    /// whole: the edited posts as they are now, the others as the last build published them. False when a
    /// page's warnings would change, or a post cannot be made.
    private func writeFeedPages(
        carrying edited: [PublishedPost], _ feedPages: [(job: FeedJob.Recorded, sources: [String])], _ reuse: Reuse,
        _ renderer: PostRenderer, into files: EditedFiles, _ run: BuildRun
    ) async -> Bool {
        var made: [String: PublishedPost] = [:]
        for published in edited { made[published.post.source] = published }
        let pages = feedPages.filter { $0.sources.contains { made[$0] != nil } }
        guard !pages.isEmpty else { return true }
        let others = Set(pages.flatMap(\.sources)).subtracting(made.keys)
        for (source, recorded) in reuse.recorded(posts: others) {
            guard let rendered = recorded.rendered else { return false }
            let url = run.routes.page(of: recorded.post).url
            made[source] = PublishedPost(
                post: recorded.post, rendered: rendered, url: url, permalink: run.routes.absolute(url),
                tags: TagFolding([recorded.post]).folded(recorded.post.tags))
        }
        var jobs: [FeedJob] = []
        for page in pages {
            let posts = page.sources.compactMap { made[$0] }
            guard posts.count == page.sources.count else { return false }
            jobs.append(FeedJob(page.job, posts: posts))
        }
        let builder = FeedBuilder(configuration: run.configuration, routes: run.routes)
        let maker = FeedItemMaker(builder: builder, renderer: renderer, root: site.root)
        guard let items = try? await maker.items(of: jobs) else { return false }
        let writer = FeedPageWriter(builder: builder)
        for job in jobs {
            guard
                let warnings = try? writer.write(job, items: items.whole, put: files.put).diagnostics,
                warnings == reuse.feedWarnings(of: job.routes[0].path) ?? []
            else { return false }
        }
        return true
    }

    /// Whether the front matter read now gives the post the record has, body aside (and the line it
    /// starts on, which only moves diagnostics, and those are compared on their own).
    private static func hasSameFrontMatter(_ post: Post, _ recorded: Post) -> Bool {
        var post = post
        post.body = ""
        post.bodyFirstLine = recorded.bodyFirstLine
        return post == recorded
    }

    /// Whether the output files an edit replaces have the stamps the record gives them: the start of the
    /// build stamps every output only when no source changed (``IncrementalBuild/start(_:_:)``), so an
    /// edit checks the few it writes over, and a changed one sends the build the whole way, which
    /// restores it.
    static func areAsRecorded(_ recorded: [String: OutputFile], in folder: String) -> Bool {
        let files = Array(recorded)
        return zip(files, FileStamp.stamps(of: files.map(\.key), in: folder)).allSatisfy { entry, stamp in
            stamp?.hasSameContentStamp(as: FileStamp(size: entry.value.size, modified: entry.value.modified)) == true
        }
    }

    /// Replaces each file whose bytes differ from the recorded output's (``StagedTree/replaceFiles(_:in:)``)
    /// and returns the new entries of those replaced; nil when they cannot be written.
    private static func replaceChanged(
        _ files: [(path: String, bytes: Data)], in target: OutputFolder, recorded: [String: OutputFile],
        beforeSwap: (@Sendable () async -> Void)?
    ) async -> [String: OutputFile]? {
        let changed = files.filter { path, bytes in
            guard let old = recorded[path] else { return true }
            return old.size != bytes.count || old.hash != Digest.of(bytes)
        }
        guard !changed.isEmpty else { return [:] }
        guard let stamps = try? await StagedTree.replaceFiles(changed, in: target, beforeSwap: beforeSwap) else {
            return nil
        }
        var written: [String: OutputFile] = [:]
        for (path, bytes) in changed {
            guard let stamp = stamps[path] else { return nil }
            written[path] = OutputFile(size: stamp.size, modified: stamp.modified, hash: Digest.of(bytes))
        }
        return written
    }

    /// Removes output files the edit makes no more (word shards of the search index that its terms cut
    /// away); false when one cannot be removed.
    private static func remove(_ paths: [String], from folder: String) -> Bool {
        for path in paths {
            do {
                try FileSystem.removeFile(folder + "/" + path)
            } catch {
                return false
            }
        }
        return true
    }

    /// Nil, for the whole build to run, saying why under `BLOG_PROFILE`.
    private static func wholeBuild(_ reason: String) -> BuildSummary? {
        PhaseTimer.note("the whole build runs: \(reason)")
        return nil
    }
}
