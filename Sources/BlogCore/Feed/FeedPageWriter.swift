import Foundation
import JSONFeed

/// Writes a page of a feed in each of its formats (JSON Feed, Atom, RSS) from its posts' items, kept
/// under the size that reader services read.
struct FeedPageWriter: Sendable {
    /// The most bytes a feed file is kept under: reader services stop reading a feed at about a megabyte.
    static let sizeLimit = 1_000_000
    static let encoder = FeedEncoder(prettyPrinted: true)

    let builder: FeedBuilder
    var routes: Routes { builder.routes }

    /// What writing one page gave.
    struct Written: Sendable {
        /// The warnings of the items shortened.
        var diagnostics: [Diagnostic] = []
        /// The JSON Feed page as the feed check takes it, when its items were checked as they were made
        /// and it was written from them.
        var checked: (path: String, page: CheckedJSONFeeds.Page)?
    }

    /// Writes one page of a feed in each of its formats through `put`, from its posts' items; a page past
    /// the size limit gets summaries for its largest items.
    func write(_ job: FeedJob, items: [ObjectIdentifier: EncodedFeedItem], put: (String, Data) throws -> Void) throws
        -> Written
    {
        // Each item's JSON was made once for all the pages it is on; the items themselves are needed only
        // by Atom and RSS, and by a page past the size limit, made again with summaries for its largest items.
        var feed = builder.feed(job.channel, items: [])
        let encoded = job.posts.compactMap { items[ObjectIdentifier($0)] }
        let shell = try? Self.encoder.shell(of: feed)
        var json = shell.map { Self.encoder.encode(shell: $0, items: encoded.map(\.json)) } ?? Data()
        var written = Written()
        if let shell, case .string(CheckedJSONFeeds.version)? = shell["version"],
            let route = zip(job.formats, job.routes).first(where: { $0.0 == .json })?.1
        {
            let indices = encoded.compactMap(\.checkIndex)
            if indices.count == encoded.count {
                written.checked = (route.path, CheckedJSONFeeds.Page(shell: shell, items: indices))
            }
        }
        var diagnostics: [Diagnostic] = []
        if json.count > Self.sizeLimit || job.formats != [.json] {
            feed.items = job.posts.map { published in
                guard let made = items[ObjectIdentifier(published)] else { return Item(id: "") }
                return made.item ?? (try? made.json.item()) ?? Item(id: "")
            }
        }
        // Each item's content as escaped once for all its pages, unless some items were shortened here.
        var escaped = job.posts.map { items[ObjectIdentifier($0)]?.escapedContent }
        if json.count > Self.sizeLimit {
            (json, diagnostics) = Self.keptUnderLimit(
                &feed, file: job.routes[0].path, sources: job.posts.map(\.post.source))
            // Made whole again, from other items: the check reads it back.
            written.checked = nil
            escaped = []
        }
        for (format, route) in zip(job.formats, job.routes) {
            let selfURL = routes.absolute(route.url)
            switch format {
            case .json: try put(route.path, json)
            case .atom: try put(route.path, Data(AtomWriter(selfURL: selfURL).document(feed, escapedContents: escaped)))
            case .rss: try put(route.path, Data(RSSWriter(selfURL: selfURL).document(feed, escapedContents: escaped)))
            }
        }
        written.diagnostics = diagnostics
        return written
    }

    /// An item's content as its summary, for `feed.content: summary` and for items too large to carry whole.
    static func summaryContent(_ summary: String?, title: String?) -> String {
        "<p>" + HTMLEscaping().escapeText(summary.flatMap { $0.isEmpty ? nil : $0 } ?? title ?? "") + "</p>"
    }

    /// The feed as JSON, with summaries instead of whole posts for the largest items, one by one, until the
    /// JSON Feed (the largest of the three formats for the same items) is under the limit; `feed` is left
    /// with the items the JSON holds, for the other formats.
    ///
    /// - Returns: The JSON, and a warning for each shortened item and one if the feed is larger still.
    static func keptUnderLimit(_ feed: inout Feed, file: String, sources: [String]) -> (Data, [Diagnostic]) {
        guard let json = try? encoder.encode(feed) else { return (Data(), []) }
        guard json.count > sizeLimit else { return (json, []) }
        var diagnostics: [Diagnostic] = []
        var estimate = json.count
        let largest = feed.items.indices.sorted {
            (feed.items[$0].contentHTML?.utf8.count ?? 0) > (feed.items[$1].contentHTML?.utf8.count ?? 0)
        }
        for index in largest where estimate > sizeLimit {
            let before = feed.items[index].contentHTML?.utf8.count ?? 0
            let summary = summaryContent(feed.items[index].summary, title: feed.items[index].title)
            guard summary.utf8.count < before else { continue }
            feed.items[index].contentHTML = summary
            estimate -= before - summary.utf8.count
            diagnostics.append(
                Diagnostic(
                    .warning, file: sources[index],
                    message:
                        "the feed \(file) carries this post's summary, not the whole post: with it, the feed would pass \(sizeLimit / 1_000_000) MB, where reader services stop reading"
                ))
        }
        let final = (try? encoder.encode(feed)) ?? json
        if final.count > sizeLimit {
            diagnostics.append(
                Diagnostic(
                    .warning, file: "blog.yaml",
                    message:
                        "the feed \(file) is \(final.count) bytes even with summaries, past the \(sizeLimit / 1_000_000) MB reader services read; lower 'feed.item_limit'"
                ))
        }
        return (final, diagnostics)
    }
}
