import BlogFileSystem
import Foundation
import JSONFeed

/// Builds a site: reads blog.yaml, the theme and the content, renders everything and writes the output.
public struct SiteBuilder: Sendable {
    /// The site to build.
    public let site: Site

    /// Makes a builder for `site`.
    public init(site: Site) {
        self.site = site
    }

    /// Paths that belong to the engine; a page slug may not take them.
    static let reservedSlugs: Set<String> = ["posts", "tags", "page", "archive", "feed.json", "404.html", "index.html"]

    /// Bumped whenever output for the same input changes, so caches of older engines are ignored.
    static let engineVersion = "blog 0.1 output 4"

    /// Builds the site into the output folder, re-rendering only what changed since the last build.
    ///
    /// - Returns: What was built, with every warning.
    /// - Throws: ``DiagnosticError`` with every error and warning found; the output is left as it was then.
    public func build(_ options: BuildOptions) async throws(DiagnosticError) -> BuildSummary {
        var finished: [any Sendable] = []
        let summary = try await build(options, leavingDataIn: &finished)
        Self.releaseInBackground(finished)
        return summary
    }

    /// Frees a finished build's data on a task of its own instead of on the way out of the build: ten
    /// thousand posts' worth of objects took tens of milliseconds to free, and a command-line build has no
    /// reason to wait for that before it reports and exits. Call it once the build's own references are gone.
    static func releaseInBackground(_ values: consuming [any Sendable]) {
        guard !values.isEmpty else { return }
        let values = values
        Task.detached(priority: .background) { withExtendedLifetime(values) {} }
    }

    /// The build; what it made and no longer needs is left in `leftovers`, to be freed after it returns.
    private func build(_ options: BuildOptions, leavingDataIn leftovers: inout [any Sendable]) async throws(DiagnosticError) -> BuildSummary {
        let started = ContinuousClock.now
        var phases = PhaseTimer()
        var (configuration, diagnostics) = try site.loadConfiguration()
        if let override = options.baseURL {
            guard let normalized = SiteConfiguration.normalizedBaseURL(override) else {
                throw DiagnosticError(file: "--base-url", message: "expected an absolute http or https URL such as https://example.com/blog/, got \(Diagnostic.quoted(override))")
            }
            configuration.baseURL = normalized
        }
        let outputName = options.output ?? "public"
        let outputURL = (outputName.hasPrefix("/") ? URL(filePath: outputName) : site.root.appending(path: outputName)).standardizedFileURL
        let target = OutputWriter(folder: outputURL, displayName: outputName)
        try target.check(siteRoot: site.root)
        var templates: TemplateSet?
        do {
            let (loaded, warnings) = try TemplateSet.load(from: site.root.appending(path: "site-template"), displayFolder: "site-template", strict: options.isStrict)
            templates = loaded
            diagnostics += warnings
        } catch {
            diagnostics += error.diagnostics
        }
        phases.mark("configuration and theme")
        let loader = ContentLoader(root: site.root, timeZone: configuration.timeZone)
        let (jobs, scanDiagnostics) = loader.scan()
        // Every source's stamp, made once on every core: the quick check compares them, and a build reuses
        // what the cache has for each file whose stamp is as before. Paths are joined as strings: a URL per
        // file cost more than its stat.
        let rootPath = site.root.path
        let sourceStamps = Self.stamps(of: jobs.map { rootPath + "/" + $0.file })
        // A post folder's images and downloads, listed once: the quick check compares their stamps, and the
        // cache's quick records hold them.
        let bundles = bundleFiles(jobs)
        phases.mark("scan")
        diagnostics += scanDiagnostics
        let fingerprint = self.fingerprint(options: options, outputURL: outputURL)
        var summary = BuildSummary(output: outputURL)
        // Diagnostics from here on come from the content; the quick check keeps those for a no-change rebuild.
        let siteDiagnosticCount = diagnostics.count

        // Nothing changed: every source, the theme, blog.yaml and the output itself are as the last build
        // left them. The quick check answers that without parsing the whole cache.
        if templates != nil, !diagnostics.contains(where: { $0.severity == .error }),
           let quick = options.memory?.quickCheck(fingerprint: fingerprint) ?? QuickCheck.load(for: site, in: options.cacheFolder, fingerprint: fingerprint),
           isUnchanged(quick, jobs: jobs, stamps: sourceStamps, bundles: bundles, output: outputURL, now: options.now) {
            phases.mark("quick check: nothing changed")
            summary.filesUnchanged = quick.outputs.count
            summary.posts = quick.counts.posts
            summary.pages = quick.counts.pages
            summary.tags = quick.counts.tags
            summary.draftsSkipped = quick.counts.draftsSkipped
            summary.futureSkipped = quick.counts.futureSkipped
            return finish(summary: summary, diagnostics: diagnostics + quick.diagnostics, started: started)
        }
        // Something changed. Listing the spare tree, which this build will likely stage into, takes a tenth
        // of a second of system time: it starts now, beside the cache load and the reading of sources.
        let spareWalk = StagedOutput.startListing(target.spare.path)
        let cache = options.memory?.cache(fingerprint: fingerprint) ?? BuildCache.load(for: site, in: options.cacheFolder, fingerprint: fingerprint)
        phases.mark("load cache")

        // Read what changed; reuse what the cache vouches for.
        phases.mark("check sources and output")
        var sources = await readSources(jobs, stamps: sourceStamps, cache: cache, loader: loader)
        let bodies = PostBodies(taking: &sources)
        phases.mark("read sources")
        for source in sources { diagnostics += source.diagnostics }
        var posts: [Post] = []
        var pages: [Post] = []
        // Where each post and page is in `sources`: results are tied back to their source by position, not
        // by looking paths up in dictionaries of ten thousand.
        var postSources: [Int] = []
        var pageSources: [Int] = []
        var leftOut = Set<String>()
        var nextDue: Date?
        for (index, source) in sources.enumerated() {
            guard let post = source.post else { continue }
            if post.kind == .page {
                if !post.isDraft || options.includesDrafts {
                    pages.append(post)
                    pageSources.append(index)
                }
            } else if post.isDraft && !options.includesDrafts {
                summary.draftsSkipped += 1
                leftOut.insert(post.source)
            } else if let date = post.date, date > options.now, !options.includesFuture {
                summary.futureSkipped += 1
                leftOut.insert(post.source)
                nextDue = min(nextDue ?? date, date)
            } else {
                posts.append(post)
                postSources.append(index)
            }
        }
        // Posts first, then pages: the order of everything rendered. Made once, for a copy of ten thousand
        // posts costs a retain of every field of each.
        let everything = posts + pages
        phases.mark("sort sources")
        // Collisions are looked for on a second core while the link map is made: both only read the posts,
        // and the check is in before anything is rendered.
        async let collisions = Self.checkCollisions(everything)
        // A post's page depends on its own source, the link map and the navigation; when those are as
        // before, an unchanged post's page is carried over from the old output. Sources are in the scan's
        // fixed order, so the link map is hashed as it is made, without sorting.
        var pageURLs: [String: String] = [:]
        pageURLs.reserveCapacity(everything.count)
        var urls: [String] = []
        urls.reserveCapacity(everything.count)
        var links = ""
        let basePath = configuration.basePath
        for post in everything {
            let url = basePath + post.outputFolder.pathEncoded
            pageURLs[post.source] = url
            urls.append(url)
            links += post.source + ">" + url + "\n"
        }
        for page in pages { links += "nav:" + page.title + ">" + page.slug + "\n" }
        for source in leftOut.sorted() { links += "out:" + source + "\n" }
        let linkHash = ContentHash.of(links)
        let sameLinks = cache?.linkHash == linkHash
        phases.mark("link hash")
        diagnostics += await collisions
        phases.mark("collisions")
        guard let templates, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticError(diagnostics.sorted(by: Self.diagnosticOrder))
        }
        let staged: StagedOutput
        do {
            staged = try StagedOutput(target: target, previous: cache?.outputs ?? [:], spare: cache?.spare, spareWalk: spareWalk)
        } catch let error as DiagnosticError {
            throw error
        } catch {
            throw DiagnosticError(file: outputName, message: "cannot stage the output: \(error.localizedDescription)")
        }
        let renderer = PostRenderer(configuration: configuration, pageURLs: pageURLs, leftOut: leftOut)
        let context = PageContext(configuration: configuration, navigation: pages.sorted { $0.slug < $1.slug }.map { ($0.title, pageURLs[$0.source] ?? basePath) })
        let sitePages = SitePages(context: context, templates: templates)
        let work: [RenderWork] = zip(everything, postSources + pageSources).enumerated().map { position, item in
            let (post, index) = item
            let source = sources[index]
            let reuse = sameLinks && source.rendered != nil
            return RenderWork(post: post, reused: reuse ? source.rendered : nil, path: urls[position], needsBody: source.isFromCache,
                              source: index, cachedEntryHash: source.cachedEntryHash)
        }
        phases.mark("staging")
        let results = await Self.renderPages(work, bodies: bodies, renderer: renderer, pages: sitePages, output: staged, root: site.root,
                                             progress: options.progress)
        phases.mark("render posts and pages")
        var published: [PublishedPost] = []
        var resultOfSource = [Int?](repeating: nil, count: sources.count)
        for (index, result) in results.enumerated() {
            diagnostics += result.diagnostics
            if let post = result.published { published.append(post) }
            if resultOfSource[result.source] == nil { resultOfSource[result.source] = index }
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticError(diagnostics.sorted(by: Self.diagnosticOrder))
        }

        let postResults = results.filter { $0.published?.post.kind == .post }
        let unsortedPosts = postResults.compactMap(\.published)
        let newestFirst = Self.newestFirstOrder(unsortedPosts)
        let postPages = newestFirst.map { unsortedPosts[$0] }
        let standalone = published.filter { $0.post.kind == .page }
        var listPages: [String: UInt64] = [:]
        var records: [String: BuildCache.Source] = [:]
        // The list-entry hash of every published post, by its place in `sources`; 0 for the others.
        var entryHashes = [UInt64](repeating: 0, count: sources.count)
        do {
            // List pages show only what listEntryHash covers (and the navigation, which the link hash
            // covers): a list page whose posts' hashes are all as before is carried over. A carried-over
            // post's hash is the cached one; a rendered post's was made with its page.
            var postEntryHashes: [UInt64] = []
            postEntryHashes.reserveCapacity(newestFirst.count)
            for index in newestFirst {
                let result = postResults[index]
                let hash = result.entryHash != 0 ? result.entryHash : sitePages.listEntryHash(unsortedPosts[index])
                entryHashes[result.source] = hash
                postEntryHashes.append(hash)
            }
            // The cache's records of the sources are made on the side while the list pages are: both only
            // read what rendering left, and the records were a step on one core after everything else.
            let hashesOfSources = entryHashes
            async let sourceRecords = Self.sourceRecords(sources, results: results, resultOfSource: resultOfSource,
                                                         entryHashes: hashesOfSources, cached: cache?.sources ?? [:])
            listPages = try sitePages.stageListPages(posts: postPages, entryHashes: postEntryHashes, linkHash: linkHash,
                                                     previous: cache?.listPages ?? [:], into: staged)
            phases.mark("list pages")
            records = await sourceRecords
            phases.mark("cache records")
            let feedItems = try await feedPosts(Array(postPages.prefix(configuration.feedItemLimit)), renderer: renderer)
            try staged.put("feed.json", try FeedEncoder(prettyPrinted: true).encode(FeedBuilder(configuration: configuration).feed(for: feedItems)))
            phases.mark("feed")
            diagnostics += try copyStaticFiles(into: staged, posts: published)
            phases.mark("static files")
        } catch let error as DiagnosticError {
            throw error
        } catch {
            throw DiagnosticError(file: outputName, message: "cannot write the output: \(error)")
        }

        let counts: StagedOutput.Counts
        let manifest: [String: BuildCache.Output]
        let keptSpare: Bool
        do {
            // The replaced tree is worth keeping only when the cache can say what it holds.
            (counts, manifest, keptSpare) = try await staged.finish(keepingSpare: !staged.previous.isEmpty)
        } catch {
            throw DiagnosticError(file: outputName, message: "cannot replace the output: \(error.localizedDescription)")
        }
        phases.mark("swap")
        summary.filesWritten = counts.written
        summary.filesUnchanged = counts.unchanged
        summary.filesRemoved = counts.removed
        summary.posts = postPages.count
        summary.pages = standalone.count
        summary.tags = Set(postPages.flatMap { $0.tags.map(\.slug) }).count

        var newCache = BuildCache(fingerprint: fingerprint, outputs: manifest, spare: keptSpare ? staged.previous : nil, linkHash: linkHash)
        if !keptSpare, options.memory == nil, manifest.count >= options.spareRequestMinimumFiles {
            // The spare is described before it exists: until it does, or if it never does, it is not used.
            newCache.spare = manifest
            summary.spareRequest = SpareRequest(site: site.root.path, output: outputURL.path, cacheFolder: options.cacheFolder, fingerprint: fingerprint)
        }
        newCache.listPages = listPages
        newCache.sources = records
        newCache.sourceOrder = sources.map(\.job.file)
        let quickCounts = BuildCache.Counts(posts: summary.posts, pages: summary.pages, tags: summary.tags, draftsSkipped: summary.draftsSkipped,
                                            futureSkipped: summary.futureSkipped)
        let (cacheToSave, quickDiagnostics, folder, due) = (newCache, Array(diagnostics[siteDiagnosticCount...]), options.cacheFolder, nextDue)
        // The quick check's stamps, from the cache's records and the manifest. Made beside the cache's
        // writing, not before it: ten thousand sources and outputs were a step of their own on one core.
        let makeQuick = { @Sendable () -> QuickCheck in
            var quick = QuickCheck(fingerprint: fingerprint, nextDue: due, counts: quickCounts)
            quick.sources.reserveCapacity(cacheToSave.sources.count + bundles.count)
            for (path, source) in cacheToSave.sources { quick.sources[path] = FileStamp(size: source.size, modified: source.modified) }
            // A post folder's images and downloads are copied to the output, so a change to one is a change.
            for path in bundles { quick.sources[path] = FileStamp(rootPath + "/" + path) }
            quick.outputs.reserveCapacity(manifest.count)
            for (path, entry) in manifest { quick.outputs[path] = FileStamp(size: entry.size, modified: entry.modified) }
            quick.diagnostics = quickDiagnostics
            return quick
        }
        if let memory = options.memory {
            memory.remember(newCache, makeQuick(), for: site, in: options.cacheFolder, output: target)
        } else {
            // Two files of their own, made and written side by side.
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 { cacheToSave.save(for: site, in: folder) } else { makeQuick().save(for: site, in: folder) }
            }
        }
        phases.mark("save cache")
        leftovers = [sources, bodies, results, published, postResults, unsortedPosts, postPages, work, everything, posts, pages, records,
                     newCache, manifest, staged, pageURLs, urls, renderer, cache, jobs, sourceStamps]
        return finish(summary: summary, diagnostics: diagnostics, started: started)
    }

    private func finish(summary: BuildSummary, diagnostics: [Diagnostic], started: ContinuousClock.Instant) -> BuildSummary {
        var summary = summary
        summary.diagnostics = diagnostics.sorted(by: Self.diagnosticOrder)
        let elapsed = ContinuousClock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// What the cache must match: the engine, blog.yaml, every theme file and the options.
    private func fingerprint(options: BuildOptions, outputURL: URL) -> UInt64 {
        var parts = [Self.engineVersion, "drafts=\(options.includesDrafts)", "future=\(options.includesFuture)",
                     "base=\(options.baseURL ?? "")", "strict=\(options.isStrict)", "output=\(outputURL.path)"]
        parts.append(String(ContentHash.of(FileContents.read(site.root.appending(path: "blog.yaml")) ?? Data())))
        let theme = site.root.appending(path: "site-template")
        for path in ((try? FileManager.default.subpathsOfDirectory(atPath: theme.path)) ?? []).sorted() {
            let url = theme.appending(path: path)
            if let stamp = FileStamp(url.path) { parts.append("\(path):\(stamp.size):\(stamp.modified)") }
        }
        return ContentHash.of(parts.joined(separator: "\n"))
    }

    /// Whether every source and output file has the size and modification time the last build recorded.
    private func isUnchanged(_ quick: QuickCheck, jobs: [ContentLoader.Job], stamps: [FileStamp?], bundles: [String], output: URL, now: Date) -> Bool {
        guard jobs.count + bundles.count == quick.sources.count else { return false }
        if let due = quick.nextDue, due <= now { return false }
        for (job, stamp) in zip(jobs, stamps) {
            guard let stamp, quick.sources[job.file] == stamp else { return false }
        }
        let root = site.root.path
        for file in bundles {
            guard let stamp = quick.sources[file], FileStamp(root + "/" + file) == stamp else { return false }
        }
        let folder = output.path
        guard FileManager.default.fileExists(atPath: folder + "/" + OutputWriter.marker) else { return false }
        let outputs = Array(quick.outputs)
        return zip(outputs, Self.stamps(of: outputs.map { folder + "/" + $0.key })).allSatisfy { $0.value == $1 }
    }

    /// The files beside each post folder's index.md, relative to the site root, in a fixed order.
    private func bundleFiles(_ jobs: [ContentLoader.Job]) -> [String] {
        var files: [String] = []
        for bundle in jobs.compactMap(\.bundle) {
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: site.root.appending(path: bundle).path)) ?? []
            for path in paths.sorted() where path != "index.md" {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: site.root.appending(path: "\(bundle)/\(path)").path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append("\(bundle)/\(path)")
                }
            }
        }
        return files
    }

    /// One content file after this build looked at it.
    struct Source: Sendable {
        var job: ContentLoader.Job
        var post: Post?
        var diagnostics: [Diagnostic]
        var hash: UInt64
        var stamp: FileStamp?
        /// The cached summary and word count of a reused, rendered post.
        var rendered: RenderedPost?
        /// The post came from the cache, which keeps no body: rendering it means reading the file again.
        var isFromCache = false
        /// The cached ``SitePages/listEntryHash(_:)`` of the post; 0 when not known.
        var cachedEntryHash: UInt64 = 0
    }

    /// Reads the files whose size or modification time (in `stamps`, one per job) changed, or whose cache record is missing.
    private func readSources(_ jobs: [ContentLoader.Job], stamps: [FileStamp?], cache: BuildCache?, loader: ContentLoader) async -> [Source] {
        var sources: [Source] = []
        sources.reserveCapacity(jobs.count)
        var toRead: [(Int, ContentLoader.Job)] = []
        for (index, job) in jobs.enumerated() {
            let stamp = stamps[index]
            if let entry = cache?.sources[job.file], let stamp, stamp.size == entry.size, stamp.modified == entry.modified, var post = entry.post {
                post.bundleFolder = job.bundle
                let rendered = entry.isRendered
                    ? RenderedPost(html: PostHTML(bytes: []), feedHTML: "", summary: entry.summary, wordCount: entry.wordCount, diagnostics: entry.renderDiagnostics.map(Diagnostic.init))
                    : nil
                sources.append(Source(job: job, post: post, diagnostics: entry.frontMatterDiagnostics.map(Diagnostic.init), hash: entry.hash,
                                      stamp: stamp, rendered: rendered, isFromCache: true, cachedEntryHash: entry.entryHash))
            } else {
                toRead.append((index, job))
                sources.append(Source(job: job, post: nil, diagnostics: [], hash: 0, stamp: nil, rendered: nil))
            }
        }
        let loaded = await ContentLoader.read(toRead.map(\.1), sizes: toRead.map { stamps[$0.0]?.size }, root: loader.root, timeZone: loader.timeZone)
        // A file read is recorded with the stamp made before it was read: if it is saved again meanwhile,
        // the next build sees another stamp and reads it again (a stamp made after the read could vouch for
        // bytes that were never read).
        for ((index, job), result) in zip(toRead, loaded) {
            sources[index] = Source(job: job, post: result.post, diagnostics: result.diagnostics, hash: result.hash,
                                    stamp: stamps[index], rendered: nil)
        }
        return sources
    }

    /// The stamps of many files, made on every core, in the order of `paths`.
    static func stamps(of paths: [String]) -> [FileStamp?] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, paths.count / 1000))
        let made = Locked([[FileStamp?]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (paths.count * part / parts)..<(paths.count * (part + 1) / parts)
            let stamps = paths[range].map { FileStamp($0) }
            made.withLock { $0[part] = stamps }
        }
        return made.withLock { $0 }.flatMap { $0 }
    }

    /// One post or page for ``renderPages(_:bodies:renderer:pages:output:root:progress:)``.
    struct RenderWork: Sendable {
        var post: Post
        /// The cached render of an unchanged post whose page may be carried over.
        var reused: RenderedPost?
        var path: String
        /// The post has no body yet (it came from the cache); read it before rendering.
        var needsBody: Bool
        /// Where its source is in the build's sources.
        var source: Int
        /// The list-entry hash the cache has for it, which a carried-over page keeps; 0 when not known.
        var cachedEntryHash: UInt64
    }

    struct RenderResult: Sendable {
        var published: PublishedPost?
        var diagnostics: [Diagnostic]
        /// The page was carried over from the old output, unchanged.
        var carriedOver = false
        /// The post's ``SitePages/listEntryHash(_:)``, made beside its page on every core or taken from the
        /// cache with a carried-over page; 0 when not known.
        var entryHash: UInt64 = 0
        /// Where its source is in the build's sources.
        var source: Int
    }

    /// Renders Markdown and pages on every core and stages each page as soon as it is made, so rendered
    /// pages are not all held in memory. Results come back in input order, and pages are written to
    /// fixed paths, so the output never depends on scheduling.
    static func renderPages(_ work: [RenderWork], bodies: PostBodies, renderer: PostRenderer, pages: SitePages, output: StagedOutput, root: URL,
                            progress: (@Sendable (Int, Int) -> Void)?) async -> [RenderResult] {
        // Posts go to tasks in runs: carrying a page over takes microseconds, and a task per post cost
        // more than that. A run of rendered posts is still short enough to share out evenly.
        let run = 16
        let tags = TagFolding(work.map(\.post))
        return await withTaskGroup(of: (Int, [RenderResult]).self) { group in
            for start in stride(from: 0, to: work.count, by: run) {
                group.addTask {
                    (start, work[start..<min(start + run, work.count)].map { item in
                        renderPage(item, bodies: bodies, tags: tags.folded(item.post.tags), renderer: renderer, pages: pages, output: output, root: root)
                    })
                }
            }
            var results = [RenderResult?](repeating: nil, count: work.count)
            var done = 0
            for await (start, runResults) in group {
                for (offset, result) in runResults.enumerated() { results[start + offset] = result }
                done += runResults.count
                progress?(done, work.count)
            }
            return results.enumerated().map { $1 ?? RenderResult(published: nil, diagnostics: [], source: work[$0].source) }
        }
    }

    /// Carries one post's page over, or renders and stages it.
    private static func renderPage(_ item: RenderWork, bodies: PostBodies, tags: [(name: String, slug: String)], renderer: PostRenderer,
                                   pages: SitePages, output: StagedOutput, root: URL) -> RenderResult {
        var post = item.post
        let permalink = renderer.configuration.absoluteURL(forPath: item.path)
        if let reused = item.reused {
            let published = PublishedPost(post: post, rendered: reused, path: item.path, permalink: permalink, tags: tags)
            if output.carryOver(post.outputFolder + "index.html") {
                return RenderResult(published: published, diagnostics: reused.diagnostics, carriedOver: true, entryHash: item.cachedEntryHash, source: item.source)
            }
        }
        // A post from the cache has no body: read it again to render its page.
        if item.needsBody {
            guard let body = readBody(of: post.source, root: root) else {
                return RenderResult(published: nil, diagnostics: [Diagnostic(.error, file: post.source, message: "cannot read the file; check its permissions")],
                                    source: item.source)
            }
            (post.body, post.bodyFirstLine) = body
        } else {
            post.body = bodies.take(item.source)
        }
        do {
            var rendered = try renderer.render(post, includingFeedHTML: false)
            let published = PublishedPost(post: post, rendered: rendered, path: item.path, permalink: permalink, tags: tags)
            let page = pages.page(for: published)
            try output.put(page.path, bytes: page.html)
            // The page is on disk; keep only what lists and the cache need.
            rendered.html = PostHTML(bytes: [])
            post.body = ""
            let kept = PublishedPost(post: post, rendered: rendered, path: item.path, permalink: permalink, tags: tags, listEntry: page.listEntry)
            return RenderResult(published: kept, diagnostics: rendered.diagnostics, entryHash: page.entryHash,
                                source: item.source)
        } catch {
            return RenderResult(published: nil, diagnostics: [Diagnostic(.error, file: post.source, message: "cannot render the page: \(error)")],
                                source: item.source)
        }
    }

    /// A post's Markdown body and its first line, read again from its file.
    static func readBody(of source: String, root: URL) -> (String, Int)? {
        guard let data = FileContents.read(root.appending(path: source)), let text = String(validating: data, as: UTF8.self),
              let file = try? SourceFile.split(text)
        else { return nil }
        return (file.body, file.bodyFirstLine)
    }

    /// The feed's posts with their HTML rendered again, with absolute URLs, from their sources.
    private func feedPosts(_ posts: [PublishedPost], renderer: PostRenderer) async throws -> [PublishedPost] {
        var result: [PublishedPost] = []
        for published in posts {
            guard let (body, firstLine) = Self.readBody(of: published.post.source, root: site.root) else {
                throw DiagnosticError(file: published.post.source, message: "cannot read the file; check its permissions")
            }
            var post = published.post
            post.body = body
            post.bodyFirstLine = firstLine
            var rendered = published.rendered
            rendered.feedHTML = try renderer.render(post, includingFeedHTML: true).feedHTML
            result.append(published.with(rendered))
        }
        return result
    }

    /// The cache's record of every source. A source the cache vouched for whose page was carried over, or
    /// that was not rendered either time, keeps its cached record as it is; only the records of the others
    /// are made again.
    private static func sourceRecords(_ sources: [Source], results: [RenderResult], resultOfSource: [Int?], entryHashes: [UInt64],
                                      cached: [String: BuildCache.Source]) -> [String: BuildCache.Source] {
        var records = cached
        // Records of files that are gone are dropped; when every record belongs to a source, as after most
        // builds, no set of ten thousand paths is made to find out which.
        var recordsOfSources = 0
        for source in sources where source.isFromCache || records[source.job.file] != nil { recordsOfSources += 1 }
        if recordsOfSources != records.count {
            let files = Set(sources.map(\.job.file))
            for path in records.keys where !files.contains(path) { records[path] = nil }
        }
        for (index, source) in sources.enumerated() {
            let file = source.job.file
            guard let stamp = source.stamp else {
                records[file] = nil
                continue
            }
            let result = resultOfSource[index].map { results[$0] }
            let carriedOver = result?.carriedOver == true
            let renderedNow = carriedOver ? nil : result
            if source.isFromCache, renderedNow == nil, let old = records[file], old.entryHash == entryHashes[index],
               carriedOver || old.renderDiagnostics.isEmpty {
                continue
            }
            let rendered = renderedNow?.published?.rendered ?? source.rendered
            var post = source.post
            post?.body = ""
            records[file] = BuildCache.Source(
                size: stamp.size, modified: stamp.modified, hash: source.hash, post: post,
                summary: rendered?.summary ?? "", wordCount: rendered?.wordCount ?? 0,
                entryHash: entryHashes[index], frontMatterDiagnostics: source.diagnostics.map(\.cached),
                renderDiagnostics: (renderedNow?.diagnostics ?? (carriedOver ? rendered?.diagnostics : nil) ?? []).map(\.cached),
                isRendered: rendered != nil
            )
        }
        return records
    }

    /// Two posts or pages on one URL is an error naming both files.
    static func checkCollisions(_ all: [Post]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var owners: [String: String] = [:]
        // Sorts positions, not posts: moving posts through a sort cost more than the comparisons.
        for post in all.indices.sorted(by: { all[$0].source < all[$1].source }).map({ all[$0] }) {
            if post.kind == .page, reservedSlugs.contains(post.slug) {
                diagnostics.append(Diagnostic(.error, file: post.source, message: "the page slug \(Diagnostic.quoted(post.slug)) is used by the engine; choose another 'slug'"))
                continue
            }
            if let owner = owners[post.outputFolder] {
                diagnostics.append(Diagnostic(.error, file: post.source, message: "\(owner) and \(post.source) would both be published at /\(post.outputFolder); give one of them another 'slug'"))
            } else {
                owners[post.outputFolder] = post.source
            }
        }
        return diagnostics
    }

    /// The positions of `posts` newest first, and by slug on the same date. Sorts keys, not posts: moving
    /// ten thousand posts through a sort cost more than the comparisons.
    static func newestFirstOrder(_ posts: [PublishedPost]) -> [Int] {
        let keys = posts.map { ($0.post.date ?? .distantPast, $0.post.slug) }
        return keys.indices.sorted { a, b in keys[a].0 != keys[b].0 ? keys[a].0 > keys[b].0 : keys[a].1 < keys[b].1 }
    }

    static func diagnosticOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0, a.message) < (b.file, b.line ?? 0, b.column ?? 0, b.message)
    }

    /// The theme's `static/` files at the output root, and each post bundle's files beside its page.
    private func copyStaticFiles(into output: StagedOutput, posts: [PublishedPost]) throws -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var made = Set<String>()
        func copy(from folder: URL, display: String, to prefix: String, skipping skipped: Set<String>) throws {
            guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
            var urls: [URL] = []
            for case let url as URL in enumerator { urls.append(url) }
            for url in urls.sorted(by: { $0.path < $1.path }) {
                let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
                if let problem = ContentLoader.outsideLinkProblem(url, root: site.root) {
                    diagnostics.append(Diagnostic(.warning, file: "\(display)/\(relative)", message: "not copied: \(problem)"))
                    continue
                }
                guard (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                if skipped.contains(relative) || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                let target = prefix + relative
                guard !Self.generatedPaths(prefix: prefix).contains(target), made.insert(target).inserted else {
                    diagnostics.append(Diagnostic(.warning, file: "\(display)/\(relative)", message: "not copied: the build already makes \(target)"))
                    continue
                }
                guard let data = FileContents.read(url) else {
                    diagnostics.append(Diagnostic(.warning, file: "\(display)/\(relative)", message: "cannot read the file; it was not copied"))
                    continue
                }
                try output.put(target, data)
            }
        }
        for post in posts {
            guard let bundle = post.post.bundleFolder else { continue }
            try copy(from: site.root.appending(path: bundle), display: bundle, to: post.post.outputFolder, skipping: ["index.md"])
        }
        try copy(from: site.root.appending(path: "site-template/static"), display: "site-template/static", to: "", skipping: [])
        return diagnostics
    }

    /// Paths the build makes itself, which a copied file may not take.
    static func generatedPaths(prefix: String) -> Set<String> {
        prefix.isEmpty ? ["index.html", "feed.json", "404.html", "tags/index.html", "archive/index.html"] : [prefix + "index.html"]
    }
}

extension String {
    /// Each path segment percent-encoded for an `href`.
    var pathEncoded: String {
        if utf8.allSatisfy({ $0 == UInt8(ascii: "/") || Slug.isPlainPathByte($0) }) { return self }
        return split(separator: "/", omittingEmptySubsequences: false).map { Slug.pathSegment(String($0)) }.joined(separator: "/")
    }
}

/// Prints how long each build step took when `BLOG_PROFILE` is set, for finding where time goes: the
/// wall time, the processor time of every thread (user and system), which tells a step that keeps
/// every core busy from one that waits, and the peak memory so far.
struct PhaseTimer {
    private let isOn = ProcessInfo.processInfo.environment["BLOG_PROFILE"] != nil
    private var last = ContinuousClock.now
    private var lastProcessor = ProcessUsage.current().processorMilliseconds

    mutating func mark(_ phase: String) {
        guard isOn else { return }
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        let usage = ProcessUsage.current()
        let (processor, peakKB) = (usage.processorMilliseconds, usage.peakKilobytes)
        defer { lastProcessor = processor }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        FileHandle.standardError.write(Data(String(format: "profile: %8.1f ms  %@ (processor %.0f ms, peak memory %.0f MB)\n", milliseconds, phase,
                                                   processor - lastProcessor, Double(peakKB) / 1024).utf8))
    }
}
