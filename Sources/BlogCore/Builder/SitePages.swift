import BlogFileSystem
import Foundation

/// Renders every HTML page of a site through the theme's templates.
struct SitePages: Sendable {
    let context: PageContext
    let templates: TemplateSet

    var configuration: SiteConfiguration { context.configuration }
    var routes: Routes { context.routes }

    /// The page of one post or standalone page: its HTML (UTF-8) and, for a post, its ``listEntryHash(_:)``
    /// and list entry (made from the same values as the page; 0 and nil for a standalone page).
    func page(for published: PublishedPost) -> (html: [UInt8], entryHash: UInt64, listEntry: TemplateObject?) {
        let post = published.post
        let page = context.page(
            title: post.title, description: published.rendered.summary, url: published.url,
            type: post.kind == .post ? "article" : "website",
            image: post.image.flatMap { PostRenderer.absolute($0, against: published.permalink) ?? $0 },
            published: post.kind == .post ? post.date : nil)
        let template = post.kind == .post ? "post" : "page"
        let values = context.post(published, includingContent: true)
        let html = published.rendered.html.splice(
            into: context.render(templates, template, page: page, ["post": values]))
        guard post.kind == .post else { return (html, 0, nil) }
        var entry = values
        entry["content"] = nil
        return (html, listEntryHash(of: entry), entry)
    }

    /// One page that lists posts.
    private enum ListPage: Sendable {
        case index(Int)
        case tags
        case tag(String)
        case archive
        case notFound
    }

    /// Stages every page that lists posts (the index and its pages, tags, the archive, 404.html) on every
    /// core. A page whose hash (of the list-entry hashes of the posts it shows, in order, and of all else
    /// it shows; `linkHash` stands for the navigation) is unchanged by `reuse` is carried over from the
    /// old output; the others are rendered and staged as they are made.
    ///
    /// - Parameter entryHashes: The ``listEntryHash(_:)`` of each of `posts`, in the same order.
    /// - Returns: The path and hash of every list page.
    func stageListPages(
        posts: [PublishedPost], entryHashes: [UInt64], linkHash: UInt64, reuse: Reuse,
        into output: StagedTree
    ) async throws -> [String: UInt64] {
        let perPage = configuration.postsPerPage
        let pageCount = max(1, (posts.count + perPage - 1) / perPage)
        let byTag = posts.groupedByTag()
        let tagSlugs = byTag.keys.sorted {
            (byTag[$0]?.name.lowercased() ?? "", $0) < (byTag[$1]?.name.lowercased() ?? "", $1)
        }
        var years: [(year: Int, posts: [PublishedPost])] = []
        for published in posts {
            let year = published.post.date.map(context.year) ?? 0
            if years.last?.year == year {
                years[years.count - 1].posts.append(published)
            } else {
                years.append((year, [published]))
            }
        }
        // Biggest pages first, handed out one at a time: the archive and the larger tag pages list
        // thousands of posts, and with a fixed share per core one core finishes long before the other.
        let bigPages =
            [(ListPage.archive, posts.count)] + tagSlugs.map { (ListPage.tag($0), byTag[$0]?.posts.count ?? 0) }
        let jobs: [ListPage] =
            bigPages.sorted { $0.1 > $1.1 }.map(\.0) + [.tags] + (1...pageCount).map(ListPage.index) + [.notFound]
        var hashOfPost: [ObjectIdentifier: UInt64] = [:]
        hashOfPost.reserveCapacity(posts.count)
        for (published, hash) in zip(posts, entryHashes) { hashOfPost[ObjectIdentifier(published)] = hash }
        let lists = ListPageInputs(
            posts: posts, pageCount: pageCount, tags: byTag, tagSlugs: tagSlugs, years: years, entryHashes: hashOfPost,
            linkHash: linkHash)
        // The pages' digests first: the pages that are as the last build made them are carried over.
        let keys = await jobs.parallelMap(minimumChunk: 64) { job in
            let (path, hash) = lists.key(of: job, pages: self)
            return (
                path: path, hash: hash, carried: reuse.isUnchanged(path: path, digest: hash) && output.carryOver(path)
            )
        }
        let toRender = zip(jobs, keys).filter { !$1.carried }
        // The list entries of posts whose pages were carried over (a post shows on several list pages), made
        // once each before the pages that show them.
        var seen = Set<ObjectIdentifier>()
        var missing: [PublishedPost] = []
        for (job, _) in toRender {
            for published in lists.posts(of: job, pages: self) where published.listEntry == nil {
                if seen.insert(ObjectIdentifier(published)).inserted { missing.append(published) }
            }
        }
        let made = await missing.parallelMap(minimumChunk: 64) { context.post($0, includingContent: false) }
        var entries: [String: TemplateObject] = [:]
        for (published, entry) in zip(missing, made) { entries[published.post.source] = entry }
        let madeEntries = entries
        // A page a task, biggest first: the archive and the larger tag pages list thousands of posts. Pages
        // are written to fixed paths, so the output does not depend on which task wrote which.
        let failures = await toRender.parallelMap(maximumChunk: 1) { job, key -> StagingFailure? in
            do {
                try output.put(key.path, text: render(job, lists: lists, entries: madeEntries))
                return nil
            } catch {
                return StagingFailure(description: "\(key.path): \(error)")
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        var staged: [String: UInt64] = [:]
        for key in keys { staged[key.path] = key.hash }
        return staged
    }

    /// What list pages are made of, shared by the tasks that make them.
    private struct ListPageInputs: Sendable {
        let posts: [PublishedPost]
        let pageCount: Int
        let tags: [String: (name: String, posts: [PublishedPost])]
        let tagSlugs: [String]
        let years: [(year: Int, posts: [PublishedPost])]
        let entryHashes: [ObjectIdentifier: UInt64]
        let linkHash: UInt64

        /// The posts a page lists.
        func posts(of job: ListPage, pages: SitePages) -> [PublishedPost] {
            switch job {
            case .index(let number):
                let perPage = pages.configuration.postsPerPage
                return Array(posts.dropFirst((number - 1) * perPage).prefix(perPage))
            case .tag(let slug): return tags[slug]?.posts ?? []
            case .archive: return posts
            case .tags, .notFound: return []
            }
        }

        /// The page's path in the output, and the hash of everything it shows.
        func key(of job: ListPage, pages: SitePages) -> (String, UInt64) {
            var digest = Digest.Builder()
            func add(_ value: UInt64) { digest.add(value) }
            func add(_ string: String) { digest.add(string) }
            func add(_ listed: [PublishedPost]) {
                add(UInt64(listed.count))
                for published in listed { add(entryHashes[ObjectIdentifier(published)] ?? 0) }
            }
            add(linkHash)
            let path: String
            switch job {
            case .index(let number):
                let perPage = pages.configuration.postsPerPage
                path = pages.routes.index(page: number).path
                add(UInt64(pageCount))
                add(Array(posts.dropFirst((number - 1) * perPage).prefix(perPage)))
            case .tags:
                path = pages.routes.tags.path
                for slug in tagSlugs {
                    add(slug)
                    add(tags[slug]?.name ?? slug)
                    add(UInt64(tags[slug]?.posts.count ?? 0))
                }
            case .tag(let slug):
                path = pages.routes.tag(slug).path
                add(tags[slug]?.name ?? slug)
                add(tags[slug]?.posts ?? [])
            case .archive:
                path = pages.routes.archive.path
                for year in years {
                    add(UInt64(bitPattern: Int64(year.year)))
                    add(year.posts)
                }
            case .notFound:
                path = pages.routes.notFound.path
            }
            add(path)
            return (path, digest.digest)
        }
    }

    /// A hash of what list pages can show of one post: the values of the keys that list templates and
    /// partials mention. When every post's hash is as before (and the rest of the input is, which the
    /// cache's fingerprint covers), the list pages are the same, so an edit to a post's body keeps them.
    func listEntryHash(_ published: PublishedPost) -> UInt64 {
        listEntryHash(of: context.post(published, includingContent: false))
    }

    /// The hash of a `post` object made without `content`, as list entries are.
    private func listEntryHash(of value: TemplateObject) -> UInt64 {
        // The object's names that the list templates use, sorted: the bytes that looking up each of the
        // templates' names would give, without a scan of the object per name.
        var members = value.pairs.filter { templates.listVariableNames.contains($0.name) }
        members.sort { $0.name < $1.name }
        // Bytes, not a String: appending to a String checks each piece, which costs as much as the
        // hashing; the bytes are the same, so the hashes are too.
        var text: [UInt8] = []
        text.reserveCapacity(1_024)
        for (key, child) in members {
            text += key.utf8
            text.append(UInt8(ascii: "="))
            Self.appendStableText(child, to: &text)
            text.append(0x1F)
        }
        return text.withUnsafeBytes { Digest.of($0) }
    }

    /// A description of a context value that does not depend on dictionary order, which Swift randomises
    /// per process, as UTF-8. Text is prefixed with its length, so no two values read the same. The
    /// common kinds are written by hand: interpolating `Any` goes through the standard library's printing,
    /// which costs more than rendering the post's page.
    static func appendStableText(_ value: Any, to text: inout [UInt8]) {
        switch value {
        case let string as String:
            appendString(string, to: &text)
        case let value as TemplateText:
            appendString(value.text, to: &text)
        case let object as TemplateObject:
            appendMembers(object.pairs, to: &text)
        case let objects as [TemplateObject]:
            // Tags and the like, by their own type: cast to `[Any]` each is copied into a new box.
            appendElements(objects, to: &text) { appendMembers($0.pairs, to: &$1) }
        case let number as Int:
            text.append(UInt8(ascii: "i"))
            text += String(number).utf8
        case let flag as Bool:
            text.append(UInt8(ascii: flag ? "T" : "F"))
        case let dictionary as [String: Any]:
            appendMembers(dictionary.map { (name: $0.key, value: $0.value) }, to: &text)
        case let array as [Any]:
            appendElements(array, to: &text, appendStableText)
        case let optional as any OptionalValue:
            if let wrapped = optional.wrapped { appendStableText(wrapped, to: &text) } else { text += "nil".utf8 }
        default:
            text += "?\(value)".utf8
        }
    }

    /// `{name:value,...}` in the order of the names, for a template object and a dictionary alike, so that
    /// the bytes do not depend on which of the two holds the values.
    private static func appendMembers(_ pairs: [(name: String, value: Any)], to text: inout [UInt8]) {
        func append(_ name: String, _ value: Any) {
            appendString(name, to: &text)
            text.append(UInt8(ascii: ":"))
            appendStableText(value, to: &text)
            text.append(UInt8(ascii: ","))
        }
        text.append(UInt8(ascii: "{"))
        // Tags and authors, most of what comes here, have their names in order already: no sorted copy.
        if zip(pairs, pairs.dropFirst()).allSatisfy({ $0.name < $1.name }) {
            for (name, value) in pairs { append(name, value) }
        } else {
            for (name, value) in pairs.sorted(by: { $0.name < $1.name }) { append(name, value) }
        }
        text.append(UInt8(ascii: "}"))
    }

    /// `[element,...]`.
    private static func appendElements<Element>(
        _ elements: [Element], to text: inout [UInt8], _ appendElement: (Element, inout [UInt8]) -> Void
    ) {
        text.append(UInt8(ascii: "["))
        for element in elements {
            appendElement(element, &text)
            text.append(UInt8(ascii: ","))
        }
        text.append(UInt8(ascii: "]"))
    }

    /// `s`, the byte count, `:` and the bytes.
    private static func appendString(_ string: String, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "s"))
        text += String(string.utf8.count).utf8
        text.append(UInt8(ascii: ":"))
        text += string.utf8
    }

    private func render(_ job: ListPage, lists: ListPageInputs, entries: [String: TemplateObject]) -> String {
        let (posts, pageCount, tags, tagSlugs, years) = (
            lists.posts, lists.pageCount, lists.tags, lists.tagSlugs, lists.years
        )
        // The page's path comes from ListPageInputs.key(of:pages:), which must agree with what is linked here.
        func entry(_ published: PublishedPost) -> TemplateObject {
            published.listEntry ?? entries[published.post.source]
                ?? context.post(published, includingContent: false)
        }
        switch job {
        case .index(let number):
            let perPage = configuration.postsPerPage
            let slice = posts.dropFirst((number - 1) * perPage).prefix(perPage)
            let url = routes.index(page: number).url
            let pagination = TemplateObject([
                "page_number": number, "page_count": pageCount, "has_pages": pageCount > 1, "is_first": number == 1,
                "previous_url": number > 1 ? routes.index(page: number - 1).url : nil,
                "next_url": number < pageCount ? routes.index(page: number + 1).url : nil,
            ])
            let title = number == 1 ? configuration.title : "Page \(number)"
            let html = context.render(
                templates, "index", page: context.page(title: title, description: nil, url: url),
                [
                    "posts": slice.map(entry), "pagination": pagination,
                ])
            return html
        case .tags:
            let tagList = tagSlugs.map {
                TemplateObject([
                    "name": tags[$0]?.name ?? $0, "url": routes.tag($0).url, "count": tags[$0]?.posts.count ?? 0,
                ])
            }
            return context.render(
                templates, "tags", page: context.page(title: "Tags", description: nil, url: routes.tags.url),
                ["tags": tagList, "has_tags": !tagList.isEmpty])
        case .tag(let slug):
            let tagged = tags[slug] ?? (slug, [])
            var page = context.page(
                title: "Posts tagged “\(tagged.name)”", description: nil, url: routes.tag(slug).url)
            let formats = configuration.tagFeeds ? configuration.feedFormats.sorted() : []
            page["feeds"] = formats.map { format in
                TemplateObject([
                    "url": routes.absolute(routes.tagFeed(slug, format).url), "type": format.mediaType,
                    "title":
                        "\(FeedBuilder.tagFeedTitle(site: configuration.title, tag: tagged.name)) (\(format.displayName))",
                ])
            }
            return context.render(
                templates, "tag", page: page,
                [
                    "tag": TemplateObject([
                        "name": tagged.name, "url": routes.tag(slug).url, "count": tagged.posts.count,
                        "feed_url": formats.first.map { routes.absolute(routes.tagFeed(slug, $0).url) },
                    ]),
                    "posts": tagged.posts.map(entry),
                ])
        case .archive:
            return context.render(
                templates, "archive", page: context.page(title: "Archive", description: nil, url: routes.archive.url),
                [
                    "years": years.map { TemplateObject(["year": $0.year, "posts": $0.posts.map(entry)]) }
                ])
        case .notFound:
            return context.render(
                templates, "404",
                page: context.page(title: "Page not found", description: nil, url: routes.notFound.url))
        }
    }
}

/// An optional seen through `Any`, so that the stable text can look inside it without reflection.
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrapped: Any? { self.map { $0 as Any } }
}

extension SitePages {
    /// The search page, when the theme has a `search` template.
    func searchPage() -> String? {
        guard templates.has("search") else { return nil }
        return context.render(
            templates, "search", page: context.page(title: "Search", description: nil, url: routes.searchPage.url))
    }
}
