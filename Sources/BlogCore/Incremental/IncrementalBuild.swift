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

    /// What comparing the sources and the output with the last build's stamps found.
    struct Check: Sendable {
        /// When nothing changed: the last build's summary and the content's diagnostics, as they were.
        var unchanged: (summary: BuildSummary, diagnostics: [Diagnostic])?
        /// The last build's record file, read for the check and decoded in full only when something changed.
        var file: BuildRecord.File?
        /// When only some posts' files changed since that record was written (nothing added, removed or
        /// due, and the output as it was): where they are among the scan's jobs.
        var edited: [Int] = []
        /// The stamps of the last build's record, as the check read them.
        var stamps: BuildStamps?
        /// The last build's record, for a rebuild of the edited sources: ``file``, or the one in memory.
        var recorded: (any RecordedBuild)?
    }

    /// What the last build left for this one.
    struct Previous: Sendable {
        /// Nil when there is none, or it cannot be used.
        var record: BuildRecord?
        /// A listing of the spare tree (see ``StagedOutput``), started before the record was decoded.
        var spareListing: Task<FolderWalk, Never>?
    }

    /// Whether every source, the theme, blog.yaml and the output itself are as the last build left them,
    /// from the record's stamps alone. Never unchanged when the site or theme has errors.
    func check(_ plan: BuildPlan, _ sources: SourceScan) async -> Check {
        let remembered = memory?.record(fingerprint: fingerprint)
        let file = remembered == nil ? BuildRecord.File.read(for: site, in: folder, fingerprint: fingerprint) : nil
        guard plan.templates != nil,
            !(plan.diagnostics + sources.diagnostics).contains(where: { $0.severity == .error }),
            let stamps = remembered?.stamps ?? file?.stamps(),
            let edited = await editedSources(stamps, sources, output: plan.output.folder.path, now: plan.options.now)
        else { return Check(unchanged: nil, file: file) }
        guard edited.isEmpty else {
            return Check(unchanged: nil, file: file, edited: edited, stamps: stamps, recorded: remembered ?? file)
        }
        return Check(unchanged: (stamps.summary(output: plan.output.folder), stamps.diagnostics), file: file)
    }

    /// The sources (by their place among the scan's jobs) whose size or modification time is not the one
    /// the last build recorded, when every other source and output file has the recorded stamp and the
    /// same files are there; nil when anything else changed.
    private func editedSources(_ stamps: BuildStamps, _ sources: SourceScan, output: String, now: Date) async -> [Int]?
    {
        guard sources.jobs.count + sources.bundleFiles.count == stamps.sources.count else { return nil }
        if let due = stamps.nextDue, due <= now { return nil }
        var edited: [Int] = []
        for (index, (job, stamp)) in zip(sources.jobs, sources.stamps).enumerated() {
            guard let stamp, let recorded = stamps.sources[job.file] else { return nil }
            if recorded != stamp { edited.append(index) }
        }
        let root = site.root.path
        for file in sources.bundleFiles {
            guard let stamp = stamps.sources[file], FileStamp(root + "/" + file) == stamp else { return nil }
        }
        guard FileSystem.exists(output + "/" + OutputWriter.marker) else { return nil }
        let outputs = Array(stamps.outputs)
        guard zip(outputs, await SiteBuilder.stamps(of: outputs.map(\.key), in: output)).allSatisfy({ $0.value == $1 })
        else { return nil }
        return edited
    }

    /// The last build's record, with a listing of the spare tree started first: listing it takes a tenth
    /// of a second of system time, which goes on beside the decoding of the record and the reading of sources.
    func previousBuild(_ plan: BuildPlan, _ check: Check) async -> Previous {
        let listing = StagedOutput.startListing(plan.output.spare.path)
        var record = memory?.record(fingerprint: fingerprint)
        // The check has read the stamps; the build needs the rest.
        if record == nil { record = await check.file?.record(includingStamps: false) }
        return Previous(record: record, spareListing: listing)
    }

    /// Keeps this build's record: in memory for `blog serve`, else on disk.
    func save(_ record: BuildRecord, output: OutputWriter) async {
        if let memory {
            memory.remember(record, for: site, in: folder, output: output)
        } else {
            await record.save(for: site, in: folder)
        }
    }
}
