import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// An edited post or page whose words in the search index changed.
    struct SearchEdit: Sendable {
        /// As published now.
        var published: PublishedPost
        /// What the last build indexed of its body.
        var before: SearchDocument
    }

    /// Rewrites what edits to a few posts' words change in the search index (the word shards of their
    /// terms, their document shards, and the manifest when the average length moves), made from the
    /// files the last build wrote (``SearchIndexEdit``), so that they are the bytes a whole build makes;
    /// the edit-only rebuild's counterpart of ``startSearchIndex(_:_:_:)``.
    ///
    /// - Returns: Nil, or why the whole build must run: a file of the index is not as the last build wrote
    ///   it, or the edits move the shards' bounds.
    func updateSearchIndex(
        _ edits: [SearchEdit], _ context: PageContext, _ reuse: Reuse, into files: EditedFiles, _ run: BuildRun
    ) -> String? {
        guard !edits.isEmpty else { return nil }
        guard run.configuration.search != nil else { return "search is off" }
        let index: WrittenSearchIndex
        switch Self.writtenSearchIndex(reuse, run) {
        case .success(let written): index = written
        case .failure(let reach): return reach.reason
        }
        let (routes, manifest, manifestPath) = (run.routes, index.manifest, run.routes.searchManifest.path)
        var documents = index.documents
        var documentEdits: [SearchIndexEdit.Document] = []
        for edit in edits {
            let before = Self.searchEntry(edit.published, context, document: edit.before)
            let after = Self.searchEntry(edit.published, context)
            guard let (shard, line) = documents.replace(SearchIndex.metadata(before), with: SearchIndex.metadata(after))
            else {
                if documents.isDamaged { return "a file of the search index is not as recorded" }
                return "\(edit.published.post.source): its document is not in the search index as recorded"
            }
            documentEdits.append(
                .init(
                    id: shard * manifest.documentsPerShard + line - 1,
                    before: SearchIndex.weightedTerms(before), after: SearchIndex.weightedTerms(after)))
        }
        let keys = index.keys.map(\.key)
        let local = SearchIndexEdit.local(keys: keys, fileSizes: index.words.fileSizes, edits: documentEdits) {
            index.words.shards(at: $0)
        }
        guard
            let edited = local
                ?? index.words.all().flatMap({
                    SearchIndexEdit($0, documents: manifest.documents, edits: documentEdits)
                })
        else { return "a word shard of the search index is not as recorded, or not as the build writes it" }
        var changed: [(path: String, data: Data)] = edited.changedShards.map {
            (routes.searchWords($0.name).path, Data(SearchIndex.text(of: $0).utf8))
        }
        for change in documents.changes where !change.written.elementsEqual(change.bytes) {
            changed.append((index.documentPaths[change.shard], Data(change.bytes)))
        }
        if edited.averageLength != nil || edited.movedBounds != nil {
            var moved = manifest
            moved.averageLength = edited.averageLength ?? manifest.averageLength
            let data = Data(SearchIndex.manifest(moved, shards: edited.movedBounds ?? index.keys).utf8)
            if data != index.manifestData { changed.append((manifestPath, data)) }
        }
        do {
            for file in changed { try files.put(file.path, file.data) }
        } catch {
            return "the search index's files cannot be put: \(error)"
        }
        for name in edited.removed { files.remove(routes.searchWords(name).path) }
        return nil
    }

    /// The search index as the last build wrote it: its manifest, its word shards and its document
    /// shards, read as an edit asks for them.
    struct WrittenSearchIndex {
        var manifest: SearchIndex.Manifest
        var manifestData: Data
        /// The word shards' keys and names, in order, as the manifest lists them.
        var keys: [(key: String, name: String)]
        var words: WrittenWordShards
        var documentPaths: [String]
        var documents: SearchDocumentLines
    }

    /// The search index the last build wrote, from the files the record vouches for; under `blog serve`,
    /// its shards as the memory keeps them. A failure says why the whole build must run.
    static func writtenSearchIndex(_ reuse: Reuse, _ run: BuildRun) -> Result<WrittenSearchIndex, EditReach> {
        let routes = run.routes
        let folder = run.plan.output.folder
        let manifestPath = routes.searchManifest.path
        guard let manifestData = reuse.writtenOutputs([manifestPath], in: folder)?[manifestPath],
            let (manifest, keys) = Self.searchManifest(manifestData),
            Data(SearchIndex.manifest(manifest, shards: keys).utf8) == manifestData
        else { return .failure(EditReach(reason: "the search index's manifest is not as recorded")) }
        let shardPaths = keys.map { routes.searchWords($0.name).path }
        let documentShards = (manifest.documents + manifest.documentsPerShard - 1) / manifest.documentsPerShard
        let documentPaths = (0..<documentShards).map { routes.searchDocuments($0).path }
        let documentEntries = reuse.outputs(Set(documentPaths))
        guard documentPaths.allSatisfy({ documentEntries[$0] != nil }) else {
            return .failure(EditReach(reason: "a file of the search index is not as recorded"))
        }
        let words = WrittenWordShards(keys: keys, paths: shardPaths, reuse: reuse, run: run)
        guard words.fileSizes.count == keys.count else {
            return .failure(EditReach(reason: "a word shard of the search index is not as recorded"))
        }
        let memory = run.plan.options.memory
        let keptDocuments = memory?.searchFiles(for: documentEntries, as: Data.self) ?? [:]
        let documents = SearchDocumentLines(count: documentPaths.count) { shard in
            let path = documentPaths[shard]
            guard let entry = documentEntries[path] else { return nil }
            if let kept = keptDocuments[path], Self.areAsRecorded([path: entry], in: folder.path) { return kept }
            let data = Reuse.written(path, entry, in: folder)
            if let data { memory?.remember(searchFiles: [path: (entry, data)]) }
            return data
        }
        return .success(
            WrittenSearchIndex(
                manifest: manifest, manifestData: manifestData, keys: keys, words: words,
                documentPaths: documentPaths, documents: documents))
    }

    /// Under `blog serve`, reads the search index a whole build just wrote into the memory, so that the
    /// first save's edit finds its shards there as later saves do (at 50,000 posts, 12 MB of word
    /// shards read, checked and parsed, and as much of document shards).
    func keepSearchIndexInMemory(_ run: BuildRun) {
        guard let memory = run.plan.options.memory, run.configuration.search != nil,
            let record = memory.record(fingerprint: run.plan.incremental.fingerprint),
            case .success(var index) = Self.writtenSearchIndex(Reuse(record), run)
        else { return }
        _ = index.words.all()
        index.documents.readAll()
    }

    /// The word shards the last build wrote, read as an edit asks for them: those a long-running process's
    /// memory kept for their recorded entries, trusted while their files keep the recorded size and time
    /// as the edit's other outputs are, and the others read, checked against their digests and parsed.
    struct WrittenWordShards {
        let keys: [(key: String, name: String)]
        let paths: [String]
        /// Every shard's recorded entry, by path; empty when one is not recorded.
        let entries: [String: OutputFile]
        let folder: URL
        let memory: BuildMemory?

        init(keys: [(key: String, name: String)], paths: [String], reuse: Reuse, run: BuildRun) {
            self.keys = keys
            self.paths = paths
            let entries = reuse.outputs(Set(paths))
            self.entries = paths.allSatisfy { entries[$0] != nil } ? entries : [:]
            folder = run.plan.output.folder
            memory = run.plan.options.memory
        }

        /// Every shard's file size, as recorded; empty when one is not recorded.
        var fileSizes: [Int] { entries.isEmpty ? [] : paths.compactMap { entries[$0]?.size } }

        /// Every shard, in order; nil when one is missing, not as recorded, or not a word shard as the
        /// build writes it.
        func all() -> [SearchIndex.WordShard]? {
            guard let found = shards(at: Array(paths.indices)) else { return nil }
            return paths.indices.compactMap { found[$0] }
        }

        /// The shards at `positions`, by position; nil as for ``all()``.
        func shards(at positions: [Int]) -> [Int: SearchIndex.WordShard]? {
            let wanted = positions.filter { paths.indices.contains($0) }
            guard wanted.count == positions.count else { return nil }
            let wantedPaths = Set(wanted.map { paths[$0] })
            let entries = self.entries.filter { wantedPaths.contains($0.key) }
            var kept = memory?.searchFiles(for: entries, as: SearchIndex.WordShard.self) ?? [:]
            if !kept.isEmpty, !areAsRecorded(entries.filter { kept[$0.key] != nil }, in: folder.path) { kept = [:] }
            var read: [String: (entry: OutputFile, value: any Sendable)] = [:]
            var shards: [Int: SearchIndex.WordShard] = [:]
            for position in wanted {
                let path = paths[position]
                if let shard = kept[path] {
                    shards[position] = shard
                    continue
                }
                guard let entry = entries[path], let data = Reuse.written(path, entry, in: folder),
                    let shard = SearchIndexEdit.shard(key: keys[position].key, name: keys[position].name, text: data)
                else { return nil }
                read[path] = (entry, shard)
                shards[position] = shard
            }
            memory?.remember(searchFiles: read)
            return shards
        }
    }

    /// What the manifest says and its shards' keys and names; nil when it is not a manifest.
    private static func searchManifest(_ data: Data) -> (SearchIndex.Manifest, [(key: String, name: String)])? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let documents = object["documents"] as? Int, let average = object["average_length"] as? Double,
            let stems = object["stems"] as? Bool, let perShard = object["documents_per_shard"] as? Int, perShard > 0,
            let wordsURL = object["words_url"] as? String, let documentsURL = object["documents_url"] as? String,
            let shards = object["shards"] as? [[String]], shards.allSatisfy({ $0.count == 2 })
        else { return nil }
        return (
            SearchIndex.Manifest(
                documents: documents, averageLength: average, stems: stems, documentsPerShard: perShard,
                wordsURL: wordsURL, documentsURL: documentsURL),
            shards.map { ($0[0], $0[1]) }
        )
    }
}
