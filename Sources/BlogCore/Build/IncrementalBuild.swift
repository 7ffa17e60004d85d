import BlogFileSystem
import Foundation

/// The incremental build: what the last build recorded, whether anything changed since, and the record
/// of this one. Nothing recorded is trusted blindly: a record of another fingerprint, or damaged, is
/// ignored, and every file it vouches for is checked against its stamp first.
struct IncrementalBuild: Sendable {
    let site: Site
    /// Relative to the site root; `blog serve` keeps its own.
    let folder: String
    /// The record kept in memory between the builds of one process, instead of on disk.
    let memory: BuildMemory?
    /// What a record must match to be reused (see ``SiteBuilder/makePlan(_:)``).
    let fingerprint: UInt64

    /// A build that found nothing changed: its summary and the content's diagnostics, as last time.
    struct Unchanged: Sendable {
        var summary: BuildSummary
        var diagnostics: [Diagnostic]
    }

    /// What the last build left for this one.
    struct Previous: Sendable {
        /// Nil when there is none, or it cannot be used.
        var cache: BuildCache?
        /// A listing of the spare tree (see ``StagedOutput``), started before the record was read.
        var spareListing: Task<FolderWalk, Never>?
    }

    /// The summary of the last build when every source, the theme, blog.yaml and the output itself are as
    /// it left them; nil when anything changed, or the site or theme has errors. Answered from the small
    /// check file, without reading the whole record.
    func unchangedBuild(_ plan: BuildPlan, _ sources: SourceScan) async -> Unchanged? {
        guard plan.templates != nil, !(plan.diagnostics + sources.diagnostics).contains(where: { $0.severity == .error }),
              let check = memory?.quickCheck(fingerprint: fingerprint) ?? QuickCheck.load(for: site, in: folder, fingerprint: fingerprint),
              await isUnchanged(check, sources, output: plan.output.folder.path, now: plan.options.now)
        else { return nil }
        var summary = BuildSummary(output: plan.output.folder)
        summary.filesUnchanged = check.outputs.count
        summary.posts = check.counts.posts
        summary.pages = check.counts.pages
        summary.tags = check.counts.tags
        summary.draftsSkipped = check.counts.draftsSkipped
        summary.futureSkipped = check.counts.futureSkipped
        return Unchanged(summary: summary, diagnostics: check.diagnostics)
    }

    /// Whether every source and output file has the size and modification time the last build recorded.
    private func isUnchanged(_ check: QuickCheck, _ sources: SourceScan, output: String, now: Date) async -> Bool {
        guard sources.jobs.count + sources.bundleFiles.count == check.sources.count else { return false }
        if let due = check.nextDue, due <= now { return false }
        for (job, stamp) in zip(sources.jobs, sources.stamps) {
            guard let stamp, check.sources[job.file] == stamp else { return false }
        }
        let root = site.root.path
        for file in sources.bundleFiles {
            guard let stamp = check.sources[file], FileStamp(root + "/" + file) == stamp else { return false }
        }
        guard FileSystem.exists(output + "/" + OutputWriter.marker) else { return false }
        let outputs = Array(check.outputs)
        return zip(outputs, await SiteBuilder.stamps(of: outputs.map { output + "/" + $0.key })).allSatisfy { $0.value == $1 }
    }

    /// The last build's record, with a listing of the spare tree started first: listing it takes a tenth
    /// of a second of system time, which goes on beside the reading of the record and the sources.
    func previousBuild(_ plan: BuildPlan) async -> Previous {
        let listing = StagedOutput.startListing(plan.output.spare.path)
        let cache = memory?.cache(fingerprint: fingerprint) ?? BuildCache.load(for: site, in: folder, fingerprint: fingerprint)
        return Previous(cache: cache, spareListing: listing)
    }

    /// Keeps this build's record: in memory for `blog serve`, else on disk, the record and its check file
    /// made and written side by side.
    func save(_ cache: BuildCache, _ check: @escaping @Sendable () -> QuickCheck, output: OutputWriter) async {
        if let memory {
            memory.remember(cache, check(), for: site, in: folder, output: output)
            return
        }
        let (site, folder) = (site, folder)
        async let written: Void = cache.save(for: site, in: folder)
        check().save(for: site, in: folder)
        await written
    }
}
