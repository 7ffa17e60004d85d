import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Makes the files of the search index of every published post and page (``SearchIndex``) and the
    /// theme's search page, when blog.yaml leaves search on, on a task of its own: it needs only the
    /// rendered posts, so it runs beside the list pages and feeds. Drafts and future posts are not among
    /// the published, so their words are in no file. Every file is made again from the posts'
    /// ``SearchDocument``s, which a carried-over post brings from the record; the staged tree keeps each
    /// file whose bytes are as they were, so an edit rewrites only the shards whose terms it changes (and
    /// the manifest).
    func startSearchIndex(_ pages: RenderedPages, _ selection: Selection, _ run: BuildRun)
        -> Task<[(path: String, text: String)], Never>
    {
        Task { Self.searchIndexFiles(pages, selection, run) }
    }

    /// Writes the files ``startSearchIndex(_:_:_:)`` makes.
    ///
    /// - Returns: The paths written, for the checks that no post, copied file or redirect takes one.
    func writeSearchIndex(_ made: Task<[(path: String, text: String)], Never>, into output: StagedTree, _ run: BuildRun)
        async throws(DiagnosticError) -> [String]
    {
        let files = await made.value
        do {
            for file in files { try output.put(file.path, text: file.text) }
        } catch {
            throw DiagnosticError(file: run.plan.output.displayName, message: "cannot write the output: \(error)")
        }
        return files.map(\.path)
    }

    private static func searchIndexFiles(_ pages: RenderedPages, _ selection: Selection, _ run: BuildRun) -> [(
        path: String, text: String
    )] {
        let plan = run.plan
        guard let settings = plan.configuration.search else { return [] }
        let routes = plan.routes
        let context = selection.sitePages.context
        // Oldest post first, pages after: a new post takes the next id, and the shards of older ones stay.
        let published = pages.posts.reversed() + pages.standalone
        let entries = published.map { Self.searchEntry($0, context) }
        let index = SearchIndex(entries, words: settings.words)
        var files: [(path: String, text: String)] = [
            (
                routes.searchManifest.path,
                index.manifest(
                    wordsURL: Routes.folderURL(of: routes.searchWords("")),
                    documentsURL: Routes.folderURL(of: routes.searchDocuments(0)))
            )
        ]
        for shard in index.wordShards {
            files.append((routes.searchWords(shard.name).path, SearchIndex.text(of: shard)))
        }
        for number in 0..<index.documentShardCount {
            files.append((routes.searchDocuments(number).path, index.documentShard(number)))
        }
        if let page = selection.sitePages.searchPage() { files.append((routes.searchPage.path, page)) }
        return files
    }

    /// What the search index holds of a published post or page; `document` in place of its rendered one.
    static func searchEntry(_ item: PublishedPost, _ context: PageContext, document: SearchDocument? = nil)
        -> SearchIndex.Entry
    {
        SearchIndex.Entry(
            title: item.post.title, url: item.url,
            date: item.post.kind == .post ? item.post.date.map { String(context.local($0).iso.prefix(10)) } : nil,
            tags: item.tags.map(\.name),
            document: document ?? item.rendered.search ?? SearchDocument(terms: SearchTerms(), excerpt: ""))
    }
}
