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

    /// How a build begins, decided once from the last build's stamps.
    enum Start: Sendable {
        /// Every source, the theme, blog.yaml and the output are as the last build left them: its summary
        /// and the content's diagnostics, as they were.
        case unchanged(BuildSummary, [Diagnostic])
        /// Only some posts' files changed (nothing added, removed or due, and the output as it was).
        case edited(Edits)
        /// Anything else: a whole build, reusing what the record vouches for.
        case whole(Previous)
    }

    /// The last build's record as the check found it, for a whole build to decode.
    struct Previous: Sendable {
        fileprivate var file: BuildRecord.File?
        fileprivate var remembered: BuildRecord?
    }

    /// The edited sources, with the record read entry by entry for a rebuild of them alone.
    struct Edits: Sendable {
        /// Where the edited files are among the scan's jobs.
        var indices: [Int]
        /// Answers from the record, read entry by entry.
        var reuse: Reuse
        /// The whole build to fall back on when an edit reaches further than its own pages.
        var previous: Previous
        /// The last build's summary: the output is as it left it, but for the files an edit replaces.
        var summary: BuildSummary
        /// The content's diagnostics of the last build, which the edits leave as they were.
        var diagnostics: [Diagnostic]
        /// Every source the record holds, for looking up where links lead.
        var recordedSources: [String]
    }

    /// Whether every source, the theme, blog.yaml and the output itself are as the last build left them,
    /// from the record's stamps alone. Never unchanged when the site or theme has errors.
    ///
    /// - Parameter recorded: The last build's record, when it has been read already (``previous()``).
    func start(_ plan: BuildPlan, _ sources: SourceScan, recorded: Previous? = nil) async -> Start {
        let previous = recorded ?? self.previous()
        let (remembered, file) = (previous.remembered, previous.file)
        let order = file == nil ? nil : SourceOrder(sources)
        guard plan.templates != nil,
            !(plan.diagnostics + sources.diagnostics).contains(where: { $0.severity == .error }),
            let stamps = remembered?.stamps ?? file?.stamps(decodingOutputs: false, order: order),
            let edited = await editedSources(
                stamps, sources, comparing: remembered == nil ? nil : sources.differing,
                output: plan.output.folder.path, now: plan.options.now,
                outputs: { remembered?.stamps.outputs ?? file?.stamps()?.outputs })
        else { return .whole(previous) }
        let summary = stamps.summary(output: plan.output.folder)
        guard !edited.isEmpty else { return .unchanged(summary, stamps.diagnostics) }
        let recorded: (any RecordedBuild)? = remembered ?? file
        return .edited(
            Edits(
                indices: edited, reuse: Reuse(recorded), previous: previous, summary: summary,
                diagnostics: stamps.diagnostics,
                recordedSources: stamps.orderedSources == nil ? Array(stamps.sources.keys) : order?.paths ?? []))
    }

    /// The last build's record, for a whole build whatever changed (a build that checks its links).
    func previous() -> Previous {
        let remembered = memory?.record(fingerprint: fingerprint)
        let file = remembered == nil ? BuildRecord.File.read(for: site, in: folder, fingerprint: fingerprint) : nil
        return Previous(file: file, remembered: remembered)
    }

    /// The sources (by their place among the scan's jobs) whose size or modification time is not the one
    /// the last build recorded, when every other source has the recorded stamp and the same files are
    /// there; nil when anything else changed.
    ///
    /// Every output file is stamped only when no source changed: a build that would otherwise end with
    /// nothing to do restores an output changed by hand. An edit trusts the record for the outputs it does
    /// not write (stamping them would make an edit cost a stat of every output file, 63,000 at 50,000
    /// posts) and checks those it replaces itself (``SiteBuilder/rebuildEdits(_:_:_:)``); the record keeps
    /// the stamps of the outputs it did not write, so the next build with nothing changed still finds and
    /// restores a hand-changed one.
    ///
    /// With `positions`, only the sources there are compared: the others have the stamps the record was
    /// made from (a watcher saw no change to them since, ``SourceScan/differing``), which spares a look-up
    /// of every source (50,000 at 50,000 posts) for each save under `blog serve`.
    private func editedSources(
        _ stamps: BuildStamps, _ sources: SourceScan, comparing positions: Set<Int>?,
        output: String, now: Date, outputs recordedOutputs: () -> [String: FileStamp]?
    ) async -> [Int]? {
        let recordedCount = stamps.orderedSources?.count ?? stamps.sources.count
        guard sources.files.count + sources.bundleFiles.count == recordedCount else { return nil }
        if let due = stamps.nextDue, due <= now { return nil }
        let root = site.root.path
        var edited: [Int] = []
        if let ordered = stamps.orderedSources {
            for (index, recorded) in ordered.enumerated() {
                if index < sources.files.count {
                    guard let stamp = sources.stamps[index] else { return nil }
                    if recorded != stamp { edited.append(index) }
                } else if FileStamp(root + "/" + sources.bundleFiles[index - sources.files.count]) != recorded {
                    return nil
                }
            }
        } else {
            for index in positions.map({ $0.sorted() }) ?? Array(sources.files.indices) {
                guard let stamp = sources.stamps[index], let recorded = stamps.sources[sources.files[index].path]
                else { return nil }
                if recorded != stamp { edited.append(index) }
            }
            for file in sources.bundleFiles {
                guard let stamp = stamps.sources[file], FileStamp(root + "/" + file) == stamp else { return nil }
            }
        }
        guard FileSystem.exists(output + "/" + OutputFolder.marker) else { return nil }
        guard edited.isEmpty else { return edited }
        guard let outputs = recordedOutputs().map(Array.init) else { return nil }
        guard
            zip(outputs, await SiteBuilder.stamps(of: outputs.map(\.key), in: output)).allSatisfy({
                $1?.hasSameContentStamp(as: $0.value) == true
            })
        else { return nil }
        return edited
    }

    /// What a whole build may reuse: the last build's record, with a listing of the spare tree started
    /// first (listing it takes a tenth of a second of system time, which goes on beside the decoding of
    /// the record and the reading of sources).
    func reuse(_ plan: BuildPlan, _ previous: Previous) async -> Reuse {
        let listing = StagedTree.startListing(plan.output.spare.path)
        var record = previous.remembered
        // The check has read the stamps; the build needs the rest.
        if record == nil { record = await previous.file?.record(includingStamps: false) }
        return Reuse(record, spareListing: listing)
    }

    /// Keeps this build's record: in memory for `blog serve`, else on disk.
    func save(_ record: BuildRecord, output: OutputFolder) async {
        if let memory {
            memory.remember(record, for: site, in: folder, output: output)
        } else {
            await record.save(for: site, in: folder)
        }
    }
}
