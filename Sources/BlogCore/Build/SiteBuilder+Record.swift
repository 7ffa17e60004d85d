import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Records what this build read and wrote, for the next build to reuse.
    ///
    /// - Parameter diagnostics: The content's diagnostics, which a build that finds nothing changed reports again.
    /// - Returns: The spare tree to make after this build, when it kept none for a large output.
    func record(_ plan: BuildPlan, _ scan: SourceScan, _ loaded: LoadedSources, _ selection: Selection, _ pages: RenderedPages,
                _ listPages: [String: UInt64], _ committed: CommittedOutput, _ summary: BuildSummary,
                _ diagnostics: [Diagnostic]) async -> SpareRequest? {
        let options = plan.options
        let manifest = committed.manifest
        var cache = BuildCache(fingerprint: plan.incremental.fingerprint, outputs: manifest, spare: committed.keptSpare ? committed.previousManifest : nil,
                               linkHash: selection.linkHash)
        var request: SpareRequest?
        if !committed.keptSpare, options.memory == nil, manifest.count >= options.spareRequestMinimumFiles {
            // The spare is described before it exists: until it does, or if it never does, it is not used.
            cache.spare = manifest
            request = SpareRequest(site: site.root.path, output: plan.output.folder.path, cacheFolder: options.cacheFolder, fingerprint: plan.incremental.fingerprint)
        }
        cache.listPages = listPages
        cache.sources = await pages.sourceRecords.value
        cache.sourceOrder = loaded.sources.map(\.job.file)
        let counts = BuildCache.Counts(posts: summary.posts, pages: summary.pages, tags: summary.tags, draftsSkipped: summary.draftsSkipped,
                                       futureSkipped: summary.futureSkipped)
        let (saved, due, bundles, rootPath, fingerprint) = (cache, selection.nextDue, scan.bundleFiles, plan.rootPath, plan.incremental.fingerprint)
        // The check file's stamps, from the records and the manifest. Made beside the record's writing, not
        // before it: ten thousand sources and outputs were a step of their own on one core.
        await plan.incremental.save(cache, {
            var check = QuickCheck(fingerprint: fingerprint, nextDue: due, counts: counts)
            check.sources.reserveCapacity(saved.sources.count + bundles.count)
            for (path, source) in saved.sources { check.sources[path] = FileStamp(size: source.size, modified: source.modified) }
            // A post folder's images and downloads are copied to the output, so a change to one is a change.
            for path in bundles { check.sources[path] = FileStamp(rootPath + "/" + path) }
            check.outputs.reserveCapacity(manifest.count)
            for (path, entry) in manifest { check.outputs[path] = FileStamp(size: entry.size, modified: entry.modified) }
            check.diagnostics = diagnostics
            return check
        }, output: plan.output)
        return request
    }

    /// The record of every source. A source the record vouched for whose page was carried over, or that
    /// was not rendered either time, keeps its record as it is; only the records of the others are made again.
    static func sourceRecords(_ sources: [Source], results: [RenderResult], entryHashes: [UInt64],
                              cached: [String: BuildCache.Source]) -> [String: BuildCache.Source] {
        var resultOfSource = [Int?](repeating: nil, count: sources.count)
        for (index, result) in results.enumerated() where resultOfSource[result.source] == nil { resultOfSource[result.source] = index }
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
}
