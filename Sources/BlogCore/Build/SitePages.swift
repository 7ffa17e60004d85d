import Foundation

/// Renders every HTML page of a site through the theme's templates.
struct SitePages: Sendable {
    let context: PageContext
    let templates: TemplateSet

    private var configuration: SiteConfiguration { context.configuration }

    /// The page of one post or standalone page: its output path and HTML.
    func page(for published: PublishedPost) -> (path: String, html: Data) {
        let post = published.post
        let page = context.page(title: post.title, description: published.rendered.summary, path: published.path,
                                type: post.kind == .post ? "article" : "website",
                                image: post.image.flatMap { PostRenderer.absolute($0, against: published.permalink) ?? $0 },
                                published: post.kind == .post ? post.date : nil)
        let template = post.kind == .post ? "post" : "page"
        let html = context.render(templates, template, page: page, ["post": context.post(published, includingContent: true)])
        return (post.outputFolder + "index.html", Data(html.utf8))
    }

    /// Every page that lists posts: the index and its pages, tags, the archive, and 404.html.
    func listPages(posts: [PublishedPost]) -> [String: Data] {
        var files: [String: Data] = [:]
        func put(_ path: String, _ html: String) { files[path] = Data(html.utf8) }
        let base = configuration.basePath

        // Index pagination: /, /page/2/, /page/3/ ...
        let perPage = configuration.postsPerPage
        let pageCount = max(1, (posts.count + perPage - 1) / perPage)
        for number in 1...pageCount {
            let slice = posts.dropFirst((number - 1) * perPage).prefix(perPage)
            let path = number == 1 ? base : "\(base)page/\(number)/"
            var pagination: [String: Any] = [
                "page_number": number, "page_count": pageCount, "has_pages": pageCount > 1, "is_first": number == 1,
            ]
            if number > 1 { pagination["previous_url"] = number == 2 ? base : "\(base)page/\(number - 1)/" }
            if number < pageCount { pagination["next_url"] = "\(base)page/\(number + 1)/" }
            let title = number == 1 ? configuration.title : "Page \(number)"
            let html = context.render(templates, "index", page: context.page(title: title, description: nil, path: path), [
                "posts": slice.map { context.post($0, includingContent: false) }, "pagination": pagination,
            ])
            put(number == 1 ? "index.html" : "page/\(number)/index.html", html)
        }

        // Tags.
        var byTag: [String: (name: String, posts: [PublishedPost])] = [:]
        for published in posts {
            for tag in published.tags { byTag[tag.slug, default: (tag.name, [])].posts.append(published) }
        }
        let tagSlugs = byTag.keys.sorted { (byTag[$0]?.name.lowercased() ?? "", $0) < (byTag[$1]?.name.lowercased() ?? "", $1) }
        let tagList: [[String: Any]] = tagSlugs.map { ["name": byTag[$0]?.name ?? $0, "url": context.tagPath($0), "count": byTag[$0]?.posts.count ?? 0] }
        put("tags/index.html", context.render(templates, "tags", page: context.page(title: "Tags", description: nil, path: "\(base)tags/"),
                                              ["tags": tagList, "has_tags": !tagList.isEmpty]))
        for slug in tagSlugs {
            guard let entry = byTag[slug] else { continue }
            let page = context.page(title: "Posts tagged “\(entry.name)”", description: nil, path: context.tagPath(slug))
            put("tags/\(slug)/index.html", context.render(templates, "tag", page: page, [
                "tag": ["name": entry.name, "url": context.tagPath(slug), "count": entry.posts.count],
                "posts": entry.posts.map { context.post($0, includingContent: false) },
            ]))
        }

        // Archive, grouped by year in the site's zone.
        var years: [(year: Int, posts: [PublishedPost])] = []
        for published in posts {
            let year = published.post.date.map(context.year) ?? 0
            if years.last?.year == year { years[years.count - 1].posts.append(published) } else { years.append((year, [published])) }
        }
        put("archive/index.html", context.render(templates, "archive", page: context.page(title: "Archive", description: nil, path: "\(base)archive/"), [
            "years": years.map { ["year": $0.year, "posts": $0.posts.map { context.post($0, includingContent: false) }] },
        ]))

        put("404.html", context.render(templates, "404", page: context.page(title: "Page not found", description: nil, path: "\(base)404.html")))
        return files
    }
}
