import BlogFileSystem
import Foundation

/// What the default theme's search script fetches for a query from a built site's index, read from the
/// output folder the way the script reads it over the network: for the benchmark's figures.
public enum SearchFetch {
    /// The output files a query fetches: the manifest, the word shards of its words and the document shards
    /// of the first `shown` results (the script's first page of results).
    ///
    /// - Parameters:
    ///   - query: As typed; the last word counts as being typed (a prefix) unless the query ends in a space.
    ///   - site: A site built into `public/`, with search on.
    /// - Returns: The files' paths relative to the output folder, in the order fetched, with their sizes,
    ///   and the number of results; nil when the site's settings or its index cannot be read.
    public static func files(for query: String, site: Site, shown: Int = 5) -> (
        files: [(path: String, bytes: Int)], results: Int
    )? {
        guard let configuration = try? site.loadConfiguration().0 else { return nil }
        let routes = Routes(configuration: configuration)
        let output = site.root.appending(path: "public")
        func read(_ path: String) -> (object: Any, bytes: Int)? {
            guard let data = FileContents.read(output.appending(path: path)),
                let object = try? JSONSerialization.jsonObject(with: data)
            else { return nil }
            return (object, data.count)
        }
        guard let (object, manifestBytes) = read(routes.searchManifest.path),
            let manifest = object as? [String: Any], let shards = manifest["shards"] as? [[String]],
            let stems = manifest["stems"] as? Bool, let documents = manifest["documents"] as? Int,
            let average = manifest["average_length"] as? Double, let perShard = manifest["documents_per_shard"] as? Int
        else { return nil }
        var files = [(routes.searchManifest.path, manifestBytes)]
        let parsed = SearchQuery(query, stems: stems)
        var loaded: [Int: [String: String]] = [:]
        for word in parsed.words {
            for number in SearchIndex.shards(for: word, keys: shards.map { $0.first ?? "" })
            where loaded[number] == nil {
                let path = routes.searchWords(shards[number].last ?? "").path
                guard let (shard, bytes) = read(path), let terms = shard as? [String: String] else { return nil }
                loaded[number] = terms
                files.append((path, bytes))
            }
        }
        let ranked = parsed.rank(
            postings: { word in
                SearchIndex.shards(for: word, keys: shards.map { $0.first ?? "" }).flatMap { number in
                    (loaded[number] ?? [:]).filter { word.matches($0.key) }.map { SearchIndex.postings($0.value) }
                }
            }, documents: documents, averageLength: average)
        var seen = Set<Int>()
        for id in ranked.prefix(shown) where seen.insert(id / perShard).inserted {
            let path = routes.searchDocuments(id / perShard).path
            files.append((path, FileContents.read(output.appending(path: path))?.count ?? 0))
        }
        return (files, ranked.count)
    }
}
