import BlogFileSystem
import Foundation

/// The posts and pages this build published, after their pages were staged.
struct RenderedPages: Sendable {
    /// Posts, newest first (by slug on the same date).
    var posts: [PublishedPost]
    /// The ``SitePages/listEntryHash(_:)`` of each of ``posts``, in the same order.
    var postEntryHashes: [UInt64]
    /// Standalone pages, in the scan's order.
    var standalone: [PublishedPost]
    /// Posts and pages, in the order they were rendered.
    var all: [PublishedPost]
    /// Rendering's warnings.
    var diagnostics: [Diagnostic]
    /// The record of every source for the next build, made on the side while lists and feeds are made.
    var sourceRecords: Task<SourceRecords, Never>
    /// The images posts and pages show, published before the pages that offer them.
    var images = ProcessedImages()
}

extension SiteBuilder {
    /// Renders every published post's and page's Markdown and page on every core, staging each page as it
    /// is made, or carries an unchanged page over from the last build. Stops the build on an error.
    func renderPostPages(
        _ selection: Selection, _ loaded: LoadedFiles, into output: StagedTree, _ run: inout BuildRun
    ) async throws(DiagnosticError) -> RenderedPages {
        let plan = run.plan
        let sources = loaded.files
        let bodies = selection.everything.indices.map { position in
            let index = selection.fileIndices[position]
            return sources[index].isFromRecord ? nil : loaded.bodies.body(index)
        }
        let images = await processImages(selection.everything, bodies: bodies, into: output, &run)
        // The feed items of the posts whose whole text a feed carries are made beside their pages, with
        // HTML from the same tree.
        let wholeInFeeds = FeedJob.wholePostSources(
            selection.everything, tags: selection.tags, configuration: plan.configuration)
        let work: [RenderWork] = selection.everything.indices.map { position in
            let index = selection.fileIndices[position]
            let source = sources[index]
            let post = selection.everything[position]
            // A page that offers images is made again when what it offers of them changed.
            let pictures = images.pageDigests[ProcessedImages.pageKey(post.source)]
            let reuse =
                selection.hasSameLinks && source.rendered != nil
                && pictures.map { run.reuse.isUnchanged(path: ProcessedImages.pageKey(post.source), digest: $0) }
                    ?? true
            return RenderWork(
                post: post, reused: reuse ? source.rendered : nil, url: selection.urls[position],
                needsBody: source.isFromRecord, fileIndex: index, recordedEntryHash: source.recordedEntryHash,
                makesFeedItem: wholeInFeeds.contains(post.source))
        }
        let context = RenderContext(
            bodies: loaded.bodies, tags: selection.tags, renderer: selection.renderer, pages: selection.sitePages,
            routes: plan.routes, output: output, root: site.root, pictures: images.pictures,
            images: ImageLocator(routes: plan.routes, posts: selection.everything))
        let results = await Self.renderPages(work, context, progress: plan.options.progress)
        let diagnostics = results.flatMap(\.diagnostics)
        try run.stopOnErrors(adding: diagnostics)

        let postResults = results.filter { $0.published?.post.kind == .post }
        let unsorted = postResults.compactMap(\.published)
        let newestFirst = Self.newestFirstOrder(unsorted)
        // A carried-over post's list-entry hash is the recorded one; a rendered post's was made with its page.
        var entryHashes = [UInt64](repeating: 0, count: sources.count)
        let postEntryHashes = newestFirst.map { index in
            let result = postResults[index]
            let hash = result.entryHash != 0 ? result.entryHash : selection.sitePages.listEntryHash(unsorted[index])
            entryHashes[result.fileIndex] = hash
            return hash
        }
        let records = run.reuse.recordSources(sources, results: results, entryHashes: entryHashes)
        let all = results.compactMap(\.published)
        return RenderedPages(
            posts: newestFirst.map { unsorted[$0] }, postEntryHashes: postEntryHashes,
            standalone: all.filter { $0.post.kind == .page },
            all: all, diagnostics: diagnostics, sourceRecords: records, images: images)
    }

    /// One post or page to render or carry over.
    struct RenderWork: Sendable {
        var post: Post
        /// The recorded render of an unchanged post whose page may be carried over.
        var reused: RenderedPost?
        /// The page's root-relative URL.
        var url: String
        /// The post has no body yet (it came from the record); read it before rendering.
        var needsBody: Bool
        /// Where its file is among the build's loaded files.
        var fileIndex: Int
        /// The recorded list-entry hash, which a carried-over page keeps; 0 when not known.
        var recordedEntryHash: UInt64
        /// A feed carries the whole post: its feed item is made beside its page.
        var makesFeedItem: Bool
    }

    /// What every render shares.
    struct RenderContext: Sendable {
        var bodies: PostBodies
        var tags: TagFolding
        var renderer: PostRenderer
        var pages: SitePages
        var routes: Routes
        var output: any OutputFiles
        var root: URL
        /// The processed images, by the output paths of their originals.
        var pictures: [String: PictureSource] = [:]
        /// Where the images pages show are published.
        var images: ImageLocator?
    }

    struct RenderResult: Sendable {
        var published: PublishedPost?
        var diagnostics: [Diagnostic]
        /// The page was carried over from the old output, unchanged.
        var carriedOver = false
        /// The post's ``SitePages/listEntryHash(_:)``, made beside its page or taken from the record with a
        /// carried-over page; 0 when not known.
        var entryHash: UInt64 = 0
        /// Where its file is among the build's loaded files.
        var fileIndex: Int
    }

    /// Renders on every core, in chunks of sixteen: carrying a page over takes microseconds, and a task per
    /// post costs more than that; a chunk of rendered posts is still short enough to share out evenly and to
    /// show progress. Each worker keeps its search vocabulary from chunk to chunk. Pages are written to fixed
    /// paths as they are made (so rendered pages are not all held in memory) and results come back in input
    /// order, so the output never depends on scheduling.
    static func renderPages(
        _ work: [RenderWork], _ context: RenderContext, progress: (@Sendable (Int, Int) -> Void)?
    ) async -> [RenderResult] {
        await work.parallelMapChunks(chunk: 16, progress: progress, state: { context.renderer.makeVocabulary() }) {
            vocabulary, chunk in chunk.map { renderPage($0, context, &vocabulary) }
        }.flatMap { $0 }
    }

    /// Carries one post's page over, or renders and stages it.
    private static func renderPage(
        _ item: RenderWork, _ context: RenderContext, _ vocabulary: inout SearchVocabulary
    ) -> RenderResult {
        var post = item.post
        let tags = context.tags.folded(post.tags)
        let route = context.routes.page(of: post)
        let permalink = context.routes.absolute(item.url)
        if let reused = item.reused {
            let published = PublishedPost(
                post: post, rendered: reused, url: item.url, permalink: permalink, tags: tags)
            if context.output.carryOver(route.path) {
                return RenderResult(
                    published: published, diagnostics: reused.diagnostics, carriedOver: true,
                    entryHash: item.recordedEntryHash, fileIndex: item.fileIndex)
            }
        }
        // A post from the record has no body: read it again to render its page.
        if item.needsBody {
            do {
                (post.body, post.bodyFirstLine) = try SourceFile.readBody(of: post.source, root: context.root)
            } catch {
                return RenderResult(published: nil, diagnostics: [error], fileIndex: item.fileIndex)
            }
        } else {
            post.body = context.bodies.take(item.fileIndex)
        }
        do {
            var rendered = try context.renderer.render(
                post, includingFeedHTML: item.makesFeedItem, vocabulary: &vocabulary)
            // Pages offer their folder's images in <picture>; feeds keep the plain <img> of the feed HTML.
            if let images = context.images, !context.pictures.isEmpty,
                let html = PictureMarkup.rewrite(
                    rendered.html.bytes, pictures: context.pictures,
                    outputPath: { images.outputPath(of: $0, in: post) })
            {
                rendered.html = PostHTML(bytes: html)
            }
            let published = PublishedPost(
                post: post, rendered: rendered, url: item.url, permalink: permalink, tags: tags)
            let page = context.pages.page(for: published)
            try context.output.put(route.path, bytes: page.html)
            // The page is on disk; keep only what lists, feeds and the record need, and the feed HTML of a
            // post a feed carries whole, which the feed step makes its item from.
            rendered.html = PostHTML(bytes: [])
            if !item.makesFeedItem { rendered.feedHTML = "" }
            post.body = ""
            let kept = PublishedPost(
                post: post, rendered: rendered, url: item.url, permalink: permalink, tags: tags,
                listEntry: page.listEntry)
            return RenderResult(
                published: kept, diagnostics: rendered.diagnostics, entryHash: page.entryHash, fileIndex: item.fileIndex
            )
        } catch {
            return RenderResult(
                published: nil,
                diagnostics: [Diagnostic(.error, file: post.source, message: "cannot render the page: \(error)")],
                fileIndex: item.fileIndex)
        }
    }

    /// The positions of `posts` newest first, and by slug on the same date. Sorts keys, not posts: moving
    /// ten thousand posts through a sort costs more than the comparisons.
    static func newestFirstOrder(_ posts: [PublishedPost]) -> [Int] {
        newestFirstOrder(keys: posts.map { ($0.post.date ?? .distantPast, $0.post.slug) })
    }

    /// The same order of posts not yet rendered, so that what a feed's first page holds is known before.
    static func newestFirstOrder(_ posts: [Post]) -> [Int] {
        newestFirstOrder(keys: posts.map { ($0.date ?? .distantPast, $0.slug) })
    }

    private static func newestFirstOrder(keys: [(Date, String)]) -> [Int] {
        keys.indices.sorted { a, b in keys[a].0 != keys[b].0 ? keys[a].0 > keys[b].0 : keys[a].1 < keys[b].1 }
    }
}
