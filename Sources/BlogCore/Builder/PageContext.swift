import Foundation
import JSONFeed

/// Builds the objects that templates render, one fixed shape for every page.
struct PageContext: Sendable {
    let configuration: SiteConfiguration
    let routes: Routes
    /// Standalone pages, for the navigation.
    let navigation: [(title: String, url: String)]
    /// The words the theme's templates mention (``TemplateSet/mentionedWords``); a value of the `post`
    /// object whose name is not among them is not made. Nil: every value is made.
    let mentioned: Set<String>?

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The `site` object, the same on every page: made once, not for each of ten thousand pages.
    let site: TemplateObject

    init(
        configuration: SiteConfiguration, routes: Routes, navigation: [(title: String, url: String)],
        mentioned: Set<String>? = nil
    ) {
        self.configuration = configuration
        self.routes = routes
        self.navigation = navigation
        self.mentioned = mentioned
        site = TemplateObject([
            "title": configuration.title,
            "description": configuration.description,
            "base_url": configuration.baseURL,
            "base_path": configuration.basePath,
            "language": configuration.language,
            "feed_url": routes.absolute(routes.feed(.json).url),
            "feeds": configuration.feedFormats.sorted().map { format in
                TemplateObject([
                    "url": routes.absolute(routes.feed(format).url), "type": format.mediaType,
                    "name": format.displayName,
                ])
            },
            "authors": configuration.authors.map { TemplateObject(["name": $0.name, "url": $0.url]) },
            "pages": navigation.map { TemplateObject(["title": $0.title, "url": $0.url]) },
            "search_url": configuration.search.map { _ in routes.searchManifest.url },
            "search_page": configuration.search.map { _ in routes.searchPage.url },
        ])
    }

    /// The `page` object: what the `<head>` needs.
    func page(
        title: String, description: String?, url: String, type: String = "website", image: String? = nil,
        published: Date? = nil
    ) -> TemplateObject {
        TemplateObject([
            "title": title,
            "description": description.flatMap { $0.isEmpty ? nil : $0 } ?? configuration.description,
            "url": routes.absolute(url),
            "path": url,
            "type": type,
            "image": image,
            "published": published.map(iso),
        ])
    }

    /// Renders template `name` with `site`, `page` and `values` at the top.
    func render(
        _ templates: TemplateSet, _ name: String, page: TemplateObject,
        _ values: KeyValuePairs<String, (any Sendable)?> = [:]
    ) -> String {
        var context = TemplateObject(values)
        context["site"] = site
        context["page"] = page
        return templates.render(name, context)
    }

    /// The `post` object of post pages and list entries.
    func post(_ published: PublishedPost, includingContent: Bool) -> TemplateObject {
        let post = published.post
        // The values that cost most to make (objects for each tag, author and heading, dates in words) are
        // made only for a theme that mentions them: a lean theme's post page shows few of them.
        func uses(_ name: String) -> Bool { mentioned?.contains(name) ?? true }
        let tags =
            uses("tags")
            ? published.tags.map { TemplateObject(["name": $0.name, "url": routes.tag($0.slug).url]) } : []
        let authors =
            uses("authors")
            ? (post.authors ?? []).map { TemplateObject(["name": $0.name, "url": $0.url]) } : []
        let date = post.date.map(local)
        let updated = post.updated.map(local)
        let toc = includingContent && uses("toc") && !published.rendered.toc.isEmpty
        // One literal, nil for what the post does not have: setting names one by one looked each up first.
        return TemplateObject([
            "title": post.title,
            "url": published.url,
            "permalink": published.permalink,
            "summary": published.rendered.summary,
            "tags": tags,
            "has_tags": !published.tags.isEmpty,
            "authors": authors,
            "has_authors": !(post.authors ?? []).isEmpty,
            "reading_minutes": published.rendered.readingMinutes,
            "word_count": published.rendered.wordCount,
            "is_draft": post.isDraft,
            "attachments": uses("attachments")
                ? post.attachments.map {
                    TemplateObject(["url": $0.url, "title": $0.title ?? $0.url, "mime_type": $0.mimeType])
                } : [],
            "has_attachments": !post.attachments.isEmpty,
            "date_iso": date?.iso,
            "date_display": uses("date_display") ? date.map { display($0) } : nil,
            "date_short": uses("date_short") ? date.map { display($0, withYear: false) } : nil,
            "updated_iso": updated?.iso,
            "updated_display": uses("updated_display") ? updated.map { display($0) } : nil,
            "image": post.image,
            "external_url": post.externalURL,
            "content": includingContent ? published.rendered.html : nil,
            // nil, not an empty list, where there is nothing: a value is cheaper for templates to skip.
            "toc": toc ? Self.tocObjects(published.rendered.toc) : nil,
            "has_toc": includingContent && uses("has_toc") && Self.showsTOC(published.rendered) ? true : nil,
        ])
    }

    /// The table of contents for templates: `title`, `id`, `children` (the same, one level down) and
    /// `has_children` for each entry.
    static func tocObjects(_ entries: [TableOfContentsEntry]) -> [TemplateObject] {
        entries.map { entry in
            TemplateObject([
                "title": entry.title, "id": entry.id, "children": tocObjects(entry.children),
                "has_children": !entry.children.isEmpty,
            ])
        }
    }

    /// The default theme shows the table of contents on long posts: three headings or more in a post of
    /// 600 words or more.
    static func showsTOC(_ rendered: RenderedPost) -> Bool {
        func count(_ entries: [TableOfContentsEntry]) -> Int { entries.reduce(0) { $0 + 1 + count($1.children) } }
        return rendered.wordCount >= 600 && count(rendered.toc) >= 3
    }

    /// RFC 3339 in the site's zone, such as `2024-05-01T09:30:00.000+02:00`.
    func iso(_ date: Date) -> String {
        RFC3339.string(from: date, offset: configuration.timeZone.secondsFromGMT(for: date))
    }

    /// A date in the site's zone: its RFC 3339 text and its civil date, computed once per date.
    struct LocalDate {
        var iso: String
        var year: Int
        var month: Int
        var day: Int
    }

    /// The civil date is read off the RFC 3339 text (which starts YYYY-MM-DD): a Calendar per call costs
    /// more than rendering the page.
    func local(_ date: Date) -> LocalDate {
        let text = iso(date)
        let digits = Array(text.utf8.prefix(10))
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1) - 48 } }
        guard digits.count == 10 else { return LocalDate(iso: text, year: 1970, month: 1, day: 1) }
        return LocalDate(iso: text, year: number(0..<4), month: number(5..<7), day: number(8..<10))
    }

    /// `1 May 2024` (or `1 May` without the year); English month names, so output never depends on the
    /// machine's locale.
    func display(_ date: LocalDate, withYear: Bool = true) -> String {
        let month = Self.months[date.month - 1]
        return withYear ? "\(date.day) \(month) \(date.year)" : "\(date.day) \(month.prefix(3))"
    }

    func year(_ date: Date) -> Int { local(date).year }
}
