import Foundation
import JSONFeed

/// A post's feed item with its JSON, made once for all the pages it is on. The item itself is kept only
/// where a page needs it (Atom and RSS); JSON Feed pages are written from the JSON alone.
struct EncodedFeedItem: Sendable {
    var item: Item?
    /// The item's `contentHTML` escaped for Atom and RSS, made beside ``item``: a post on the pages of
    /// several feeds (the site's and its tags'), each in both formats, is escaped once.
    var escapedContent: [UInt8]?
    var json: FeedEncoder.EncodedItem
    /// The item as the feed check finds it, made from the value the JSON is written from, when the build
    /// checks; its place in the list of checked items once all are made.
    var checked: FeedCheck.CheckedItem?
    var checkIndex: Int?
}

/// Makes the items of feed pages' posts: whole, from the post's feed HTML (handed over by the render step
/// when it rendered the post, else rendered again from its source), or with the summary.
struct FeedItemMaker: Sendable {
    let builder: FeedBuilder
    let renderer: PostRenderer
    /// The site root, for reading again the sources of posts rendered in an earlier build.
    let root: URL
    /// Whether each item is checked as it is made (``CheckedJSONFeeds``).
    var checks = false

    /// The items of every post the pages hold, whole for pages with whole posts and with the summary for
    /// the others, each by post.
    ///
    /// The item itself is kept only for the posts of pages written in Atom and RSS too: at 50,000 posts,
    /// keeping every item beside its JSON holds half a gigabyte more. A page that needs the others (one
    /// past the size limit) reads them back from their JSON.
    /// When the items are checked, `checked` holds each item's check, at the item's ``EncodedFeedItem/checkIndex``.
    func items(of jobs: [FeedJob]) async throws(DiagnosticError)
        -> (
            whole: [ObjectIdentifier: EncodedFeedItem], summaries: [ObjectIdentifier: EncodedFeedItem],
            checked: [FeedCheck.CheckedItem]
        )
    {
        var seen: [Set<ObjectIdentifier>] = [[], []]
        var posts: [(published: PublishedPost, summary: Bool)] = []
        var keepsItem = Set<ObjectIdentifier>()
        for job in jobs {
            let summary = job.carriesSummaries(builder.configuration)
            for published in job.posts where seen[summary ? 1 : 0].insert(ObjectIdentifier(published)).inserted {
                posts.append((published, summary))
            }
            if job.formats != [.json] { keepsItem.formUnion(job.posts.map(ObjectIdentifier.init)) }
        }
        let kept = keepsItem
        let made = await posts.parallelMap(minimumChunk: 16) { published, summary in
            item(of: published, summary: summary, keepingItem: kept.contains(ObjectIdentifier(published)))
        }
        var whole: [ObjectIdentifier: EncodedFeedItem] = [:]
        var summaries: [ObjectIdentifier: EncodedFeedItem] = [:]
        var checked: [FeedCheck.CheckedItem] = []
        for ((published, summary), result) in zip(posts, made) {
            switch result {
            case .success(var value):
                if let check = value.checked {
                    value.checkIndex = checked.count
                    value.checked = nil
                    checked.append(check)
                }
                if summary {
                    summaries[ObjectIdentifier(published)] = value
                } else {
                    whole[ObjectIdentifier(published)] = value
                }
            case .failure(let diagnostic): throw DiagnosticError([diagnostic])
            }
        }
        return (whole, summaries, checked)
    }

    private func item(of published: PublishedPost, summary: Bool, keepingItem: Bool)
        -> Result<EncodedFeedItem, Diagnostic>
    {
        let content: String
        if summary {
            content = FeedPageWriter.summaryContent(published.rendered.summary, title: published.post.title)
        } else if !published.rendered.feedHTML.isEmpty {
            content = published.rendered.feedHTML
        } else {
            var post = published.post
            do {
                (post.body, post.bodyFirstLine) = try SourceFile.readBody(of: post.source, root: root)
                content = try renderer.render(post, includingFeedHTML: true).feedHTML
            } catch let diagnostic as Diagnostic {
                return .failure(diagnostic)
            } catch {
                return .failure(
                    Diagnostic(.error, file: post.source, message: "cannot render the feed's item: \(error)"))
            }
        }
        let item = builder.item(published, contentHTML: content)
        var escaped: [UInt8]?
        if keepingItem, let html = item.contentHTML {
            var bytes: [UInt8] = []
            XMLText.appendEscaped(html, to: &bytes)
            escaped = bytes
        }
        do {
            guard checks else {
                return .success(
                    EncodedFeedItem(
                        item: keepingItem ? item : nil, escapedContent: escaped,
                        json: try FeedPageWriter.encoder.encodedItem(item)))
            }
            let (json, value) = try FeedPageWriter.encoder.encodedItemAndValue(item)
            return .success(
                EncodedFeedItem(
                    item: keepingItem ? item : nil, escapedContent: escaped, json: json,
                    checked: FeedCheck.validatedItem(value, version: CheckedJSONFeeds.version)))
        } catch {
            return .failure(
                Diagnostic(.error, file: published.post.source, message: "cannot write the feed's item: \(error)"))
        }
    }
}
