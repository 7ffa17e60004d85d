import BlogFileSystem
import Foundation

/// What a whole build read, made and wrote: all the record of it needs.
struct BuildOutcome: Sendable {
    var scan: SourceScan
    var loaded: LoadedFiles
    /// Its links' digest, navigation and the first date of a future post left out.
    var selection: Selection
    /// The pages made: their sources' records, and the digests of the images pages offer.
    var pages: RenderedPages
    /// Each list page with the digest of its inputs.
    var listPages: [String: UInt64]
    var feeds: WrittenFeeds
    var committed: CommittedOutput
    var summary: BuildSummary
    /// The content's diagnostics, which a build that finds nothing changed reports again.
    var diagnostics: [Diagnostic]
}

extension IncrementalBuild {
    /// Records what a whole build read and wrote, for the next build to reuse.
    ///
    /// - Returns: The spare tree to make after this build, when it kept none for a large output.
    func record(_ outcome: BuildOutcome, _ plan: BuildPlan) async -> SpareTreeRequest? {
        let feeds = outcome.feeds
        var warnings: [String: [BuildRecord.FeedWarning]] = [:]
        for (page, found) in feeds.warnings where !found.isEmpty {
            warnings[page] = found.map { BuildRecord.FeedWarning(file: $0.file, message: $0.message) }
        }
        let dependencies = BuildRecord.Dependencies(
            links: outcome.selection.linkHash,
            listPages: outcome.listPages.merging(outcome.pages.images.pageDigests) { page, _ in page }
                .merging(feeds.hashes) { page, _ in page },
            feedWarnings: warnings,
            navigation: outcome.selection.sitePages.context.navigation.map(BuildRecord.NavigationLink.init),
            feedPages: feeds.wholePostPages.map(BuildRecord.FeedPage.init))
        let options = plan.options
        let committed = outcome.committed
        let manifest = committed.manifest
        var record = BuildRecord(
            fingerprint: fingerprint, stamps: BuildStamps(), outputs: manifest,
            spare: committed.keptSpare ? committed.previousManifest : nil)
        var request: SpareTreeRequest?
        if !committed.keptSpare, options.memory == nil, manifest.count >= options.spareRequestMinimumFiles {
            // The spare is described before it exists: until it does, or if it never does, it is not used.
            record.spare = manifest
            request = SpareTreeRequest(
                site: site.root.path, output: plan.output.folder.path, cacheFolder: options.cacheFolder,
                fingerprint: fingerprint)
        }
        record.dependencies = dependencies
        // The stamps are made on one core while the sources' records are finished on the other.
        async let stamps = Self.stamps(
            outcome.scan, manifest: manifest, nextDue: outcome.selection.nextDue, summary: outcome.summary,
            plan.rootPath,
            outcome.diagnostics)
        record.sources = await outcome.pages.sourceRecords.value.records
        record.sourceOrder = outcome.loaded.files.map(\.file.path)
        record.stamps = await stamps
        await save(record, output: plan.output)
        return request
    }

    /// The stamps of every source (as the scan made them: a source's record carries the same stamp, or it
    /// has none when it could not be stamped), of every post folder's file, and of every output file.
    private static func stamps(
        _ scan: SourceScan, manifest: [String: OutputFile], nextDue: Date?, summary: BuildSummary,
        _ rootPath: String, _ diagnostics: [Diagnostic]
    ) -> BuildStamps {
        var stamps = BuildStamps(nextDue: nextDue, diagnostics: diagnostics)
        stamps.counts = BuildRecord.Counts(
            posts: summary.posts, pages: summary.pages, tags: summary.tags, draftsSkipped: summary.draftsSkipped,
            futureSkipped: summary.futureSkipped)
        stamps.sources.reserveCapacity(scan.files.count + scan.bundleFiles.count)
        var order: [String] = []
        order.reserveCapacity(scan.files.count + scan.bundleFiles.count)
        for (file, stamp) in zip(scan.files, scan.stamps) {
            stamps.sources[file.path] = stamp
            if stamp != nil { order.append(file.path) }
        }
        // A post folder's images and downloads are copied to the output, so a change to one is a change.
        for path in scan.bundleFiles {
            let stamp = FileStamp(rootPath + "/" + path)
            stamps.sources[path] = stamp
            if stamp != nil { order.append(path) }
        }
        stamps.sourceOrder = order
        stamps.outputs.reserveCapacity(manifest.count)
        for (path, entry) in manifest { stamps.outputs[path] = FileStamp(size: entry.size, modified: entry.modified) }
        return stamps
    }

}

extension SourceRecords {
    /// The record of every source. A source the record vouched for whose page was carried over, or that
    /// was not rendered either time, keeps its record as it is; only the records of the others are made again.
    static func make(
        _ sources: [LoadedFile], results: [SiteBuilder.RenderResult], entryHashes: [UInt64],
        cached: [String: BuildRecord.Source]
    ) -> [String: BuildRecord.Source] {
        var resultOfSource = [Int?](repeating: nil, count: sources.count)
        for (index, result) in results.enumerated() where resultOfSource[result.fileIndex] == nil {
            resultOfSource[result.fileIndex] = index
        }
        var records = cached
        // Records of files that are gone are dropped; when every record belongs to a source, as after most
        // builds, no set of ten thousand paths is made to find out which.
        var recordsOfSources = 0
        for source in sources where source.isFromRecord || records[source.file.path] != nil { recordsOfSources += 1 }
        if recordsOfSources != records.count {
            let files = Set(sources.map(\.file.path))
            for path in records.keys where !files.contains(path) { records[path] = nil }
        }
        for (index, source) in sources.enumerated() {
            let file = source.file.path
            guard let stamp = source.stamp else {
                records[file] = nil
                continue
            }
            let result = resultOfSource[index].map { results[$0] }
            let carriedOver = result?.carriedOver == true
            let renderedNow = carriedOver ? nil : result
            if source.isFromRecord, renderedNow == nil, let old = records[file], old.entryHash == entryHashes[index],
                carriedOver || old.renderDiagnostics.isEmpty
            {
                continue
            }
            let rendered = renderedNow?.published?.rendered ?? source.rendered
            var post = source.post
            post?.body = ""
            records[file] = BuildRecord.Source(
                size: stamp.size, modified: stamp.modified, changed: stamp.changed, hash: source.hash, post: post,
                summary: rendered?.summary ?? "", wordCount: rendered?.wordCount ?? 0,
                entryHash: entryHashes[index], frontMatterDiagnostics: source.diagnostics.map(\.recorded),
                renderDiagnostics: (renderedNow?.diagnostics ?? (carriedOver ? rendered?.diagnostics : nil) ?? []).map(
                    \.recorded),
                isRendered: rendered != nil, searchText: rendered?.search?.recordText ?? ""
            )
        }
        return records
    }
}

extension BuildRecord.FeedPage {
    /// The page as the record keeps it: its channel, files and its posts' sources.
    init(_ job: FeedJob) {
        self.init(
            title: job.channel.title, homePageURL: job.channel.homePageURL, feedURL: job.channel.feedURL,
            nextURL: job.channel.nextURL, formats: job.formats.map(\.rawValue), routes: job.routes,
            sources: job.posts.map(\.post.source), isArchive: job.isArchive)
    }
}
