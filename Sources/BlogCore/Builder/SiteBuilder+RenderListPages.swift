extension SiteBuilder {
    /// Stages every page that lists posts (the index and its pages, tags, the archive, 404.html), carrying
    /// over each whose inputs are as the last build recorded them.
    ///
    /// - Returns: The path of every list page with the hash of what it shows, for the next build's record.
    func renderListPages(
        _ pages: RenderedPages, _ selection: Selection, _ previous: IncrementalBuild.Previous,
        into output: StagedOutput,
        _ plan: BuildPlan
    ) async throws(DiagnosticError) -> [String: UInt64] {
        do {
            return try await selection.sitePages.stageListPages(
                posts: pages.posts, entryHashes: pages.postEntryHashes, linkHash: selection.linkHash,
                previous: previous.record?.dependencies.listPages ?? [:], into: output)
        } catch {
            throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
        }
    }
}
