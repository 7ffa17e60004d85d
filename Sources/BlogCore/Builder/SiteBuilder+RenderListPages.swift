import BlogFileSystem

extension SiteBuilder {
    /// Stages every page that lists posts (the index and its pages, tags, the archive, 404.html), carrying
    /// over each whose inputs are as the last build made it with.
    ///
    /// - Returns: The path of every list page with the digest of what it shows, for the next build's record.
    func renderListPages(_ pages: RenderedPages, _ selection: Selection, into output: StagedTree, _ run: BuildRun)
        async throws(DiagnosticError) -> [String: UInt64]
    {
        do {
            return try await selection.sitePages.stageListPages(
                posts: pages.posts, entryHashes: pages.postEntryHashes, linkHash: selection.linkHash,
                reuse: run.reuse, into: output)
        } catch {
            throw DiagnosticError(file: run.plan.output.displayName, message: "cannot write the output: \(error)")
        }
    }
}
