import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Records what this build read and wrote, for the next build to reuse.
    ///
    /// - Parameters:
    ///   - listPages: Each list page and feed file with the hash of its inputs.
    ///   - feeds: The feed pages written, with their warnings.
    ///   - diagnostics: The content's diagnostics, which a build that finds nothing changed reports again.
    /// - Returns: The spare tree to make after this build, when it kept none for a large output.
    func record(
        _ plan: BuildPlan, _ scan: SourceScan, _ loaded: LoadedSources, _ selection: Selection, _ pages: RenderedPages,
        listPages: [String: UInt64], _ feeds: WrittenFeeds, _ committed: CommittedOutput, _ summary: BuildSummary,
        _ diagnostics: [Diagnostic]
    ) async -> StagingTreeRequest? {
        let dependencies = BuildRecord.Dependencies(
            links: selection.linkHash, listPages: listPages, feedWarnings: feeds.warnings,
            navigation: selection.sitePages.context.navigation.map(BuildRecord.NavigationLink.init),
            feedPages: feeds.wholePages)
        let options = plan.options
        let manifest = committed.manifest
        var record = BuildRecord(
            fingerprint: plan.incremental.fingerprint, stamps: BuildStamps(), outputs: manifest,
            spare: committed.keptSpare ? committed.previousManifest : nil)
        var request: StagingTreeRequest?
        if !committed.keptSpare, options.memory == nil, manifest.count >= options.spareRequestMinimumFiles {
            // The spare is described before it exists: until it does, or if it never does, it is not used.
            record.spare = manifest
            request = StagingTreeRequest(
                site: site.root.path, output: plan.output.folder.path, cacheFolder: options.cacheFolder,
                fingerprint: plan.incremental.fingerprint)
        }
        record.dependencies = dependencies
        // The stamps are made on one core while the sources' records are finished on the other.
        async let stamps = Self.stamps(
            scan, manifest: manifest, nextDue: selection.nextDue, summary: summary, plan.rootPath, diagnostics)
        record.sources = await pages.sourceRecords.value
        record.sourceOrder = loaded.sources.map(\.job.file)
        record.stamps = await stamps
        await plan.incremental.save(record, output: plan.output)
        return request
    }

    /// The stamps of every source (as the scan made them: a source's record carries the same stamp, or it
    /// has none when it could not be stamped), of every post folder's file, and of every output file.
    private static func stamps(
        _ scan: SourceScan, manifest: [String: BuildRecord.Output], nextDue: Date?, summary: BuildSummary,
        _ rootPath: String, _ diagnostics: [Diagnostic]
    ) -> BuildStamps {
        var stamps = BuildStamps(nextDue: nextDue, diagnostics: diagnostics)
        stamps.counts = BuildRecord.Counts(
            posts: summary.posts, pages: summary.pages, tags: summary.tags, draftsSkipped: summary.draftsSkipped,
            futureSkipped: summary.futureSkipped)
        stamps.sources.reserveCapacity(scan.jobs.count + scan.bundleFiles.count)
        for (job, stamp) in zip(scan.jobs, scan.stamps) { stamps.sources[job.file] = stamp }
        // A post folder's images and downloads are copied to the output, so a change to one is a change.
        for path in scan.bundleFiles { stamps.sources[path] = FileStamp(rootPath + "/" + path) }
        stamps.outputs.reserveCapacity(manifest.count)
        for (path, entry) in manifest { stamps.outputs[path] = FileStamp(size: entry.size, modified: entry.modified) }
        return stamps
    }

    /// The record of every source. A source the record vouched for whose page was carried over, or that
    /// was not rendered either time, keeps its record as it is; only the records of the others are made again.
    static func sourceRecords(
        _ sources: [Source], results: [RenderResult], entryHashes: [UInt64],
        cached: [String: BuildRecord.Source]
    ) -> [String: BuildRecord.Source] {
        var resultOfSource = [Int?](repeating: nil, count: sources.count)
        for (index, result) in results.enumerated() where resultOfSource[result.source] == nil {
            resultOfSource[result.source] = index
        }
        var records = cached
        // Records of files that are gone are dropped; when every record belongs to a source, as after most
        // builds, no set of ten thousand paths is made to find out which.
        var recordsOfSources = 0
        for source in sources where source.isFromRecord || records[source.job.file] != nil { recordsOfSources += 1 }
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
            if source.isFromRecord, renderedNow == nil, let old = records[file], old.entryHash == entryHashes[index],
                carriedOver || old.renderDiagnostics.isEmpty
            {
                continue
            }
            let rendered = renderedNow?.published?.rendered ?? source.rendered
            var post = source.post
            post?.body = ""
            records[file] = BuildRecord.Source(
                size: stamp.size, modified: stamp.modified, hash: source.hash, post: post,
                summary: rendered?.summary ?? "", wordCount: rendered?.wordCount ?? 0,
                entryHash: entryHashes[index], frontMatterDiagnostics: source.diagnostics.map(\.recorded),
                renderDiagnostics: (renderedNow?.diagnostics ?? (carriedOver ? rendered?.diagnostics : nil) ?? []).map(
                    \.recorded),
                isRendered: rendered != nil
            )
        }
        return records
    }
}
