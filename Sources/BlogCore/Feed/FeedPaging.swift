/// How a feed of many posts is split into pages linked by `next_url`: the first page holds the newest
/// `limit` posts, and the rest go to archive pages numbered from the oldest, `limit` posts each, the
/// newest of them holding what is left over.
///
/// Numbering from the oldest keeps every full archive page as it is when posts are added: a new post
/// changes the first page and the newest archive page (or starts a new one), so readers and caches
/// fetch two small files, and an incremental build writes two. Walking `next_url` from the first page
/// gives every post exactly once, newest first.
struct FeedPaging: Equatable {
    /// The number of posts, and the most on one page.
    let count: Int
    let limit: Int

    init(count: Int, limit: Int) {
        self.count = max(0, count)
        self.limit = max(1, limit)
    }

    /// Posts past the first page.
    private var archived: Int { max(0, count - limit) }

    /// The number of archive pages, 0 when every post is on the first page.
    var archivePages: Int { (archived + limit - 1) / limit }

    /// The posts of the first page, as positions in the newest-first list.
    var first: Range<Int> { 0..<min(count, limit) }

    /// The posts of archive page `number` (from 1, the oldest), as positions in the newest-first list.
    func archive(_ number: Int) -> Range<Int> {
        let oldestFirstStart = (number - 1) * limit
        let oldestFirstEnd = min(number * limit, archived)
        return (count - oldestFirstEnd)..<(count - oldestFirstStart)
    }

    /// The archive page after the first page, nil when there is none.
    var nextOfFirst: Int? { archivePages > 0 ? archivePages : nil }

    /// The archive page after archive page `number`: the next older one, nil after the oldest.
    func next(ofArchive number: Int) -> Int? { number > 1 ? number - 1 : nil }
}
