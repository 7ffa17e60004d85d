import BlogFileSystem
import Foundation

/// The output after the swap: what was written and what the output folder now holds.
struct CommittedOutput: Sendable {
    var counts: StagedTree.Counts
    /// Every file of the output with its stamp and hash.
    var manifest: [String: OutputFile]
    /// The tree the output held before, kept as the next build's spare.
    var keptSpare: Bool
    /// What the last build's record said the output held (the kept spare's contents).
    var previousManifest: [String: OutputFile]
    var folder: URL

    /// The build's summary line figures.
    func summary(_ pages: RenderedPages, _ selection: Selection) -> BuildSummary {
        var summary = BuildSummary(output: folder)
        summary.filesWritten = counts.written
        summary.filesUnchanged = counts.unchanged
        summary.filesRemoved = counts.removed
        summary.posts = pages.posts.count
        summary.pages = pages.standalone.count
        summary.tags = Set(pages.posts.flatMap { $0.tags.map(\.slug) }).count
        summary.draftsSkipped = selection.draftsSkipped
        summary.futureSkipped = selection.futureSkipped
        return summary
    }
}

extension SiteBuilder {
    /// Prepares the staging folder, starting from the spare tree when the last build's record describes it.
    func stageOutput(_ run: BuildRun) throws(DiagnosticError) -> StagedTree {
        let plan = run.plan
        let staging = run.reuse.staging
        var observer: (@Sendable (String, UnsafeRawBufferPointer) -> Void)?
        if let scans = run.pageScans { observer = { path, bytes in scans.record(path, bytes) } }
        do {
            return try StagedTree(
                target: plan.output, previous: staging.outputs, spare: staging.spare,
                spareWalk: run.reuse.spareListing, observer: observer)
        } catch let unmarked as UnmarkedFolder {
            throw DiagnosticError(
                file: unmarked.name,
                message:
                    "a folder with this name exists beside the output and was not made by blog (it has no \(OutputFolder.marker)); move it away"
            )
        } catch {
            throw DiagnosticError(
                file: plan.output.displayName, message: "cannot stage the output: \(error.localizedDescription)")
        }
    }

    /// Swaps the staged tree in place of the output in one step.
    func commit(_ output: StagedTree, _ plan: BuildPlan) async throws(DiagnosticError) -> CommittedOutput {
        do {
            // The replaced tree is worth keeping only when the record can say what it holds.
            let (counts, manifest, keptSpare) = try await output.finish(
                keepingSpare: !output.previous.isEmpty, beforeSwap: plan.options.beforeSwap)
            return CommittedOutput(
                counts: counts, manifest: manifest, keptSpare: keptSpare, previousManifest: output.previous,
                folder: plan.output.folder)
        } catch {
            throw DiagnosticError(
                file: plan.output.displayName, message: "cannot replace the output: \(error.localizedDescription)")
        }
    }
}
