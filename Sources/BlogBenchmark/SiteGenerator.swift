import Foundation
import JSONFeed

/// Writes a deterministic synthetic site of N posts: realistic CommonMark of about 6 KB each, front
/// matter with titles in several scripts and with quotes, dates with and without fractional seconds and
/// offsets, 1 to 4 tags out of 50, and a draft every 97 posts.
struct SiteGenerator {
    let count: Int

    struct Post {
        var name: String
        var title: String
        var date: String
        /// The same instant as a full RFC 3339 date-time, for Hugo.
        var rfc3339: String
        var tags: [String]
        var isDraft: Bool
        var body: String
    }

    static let titles = [
        "Notes on \"structured\" concurrency", "Café culture: ça marche", "日本語のタイトル", "Заметки о Swift",
        "नमस्ते दुनिया", "O'Reilly's \"quoted\" guide", "Ünïcödé & friends", "A plain title",
    ]

    func posts() -> [Post] {
        var generator = Generator(state: UInt64(count))
        return (0..<count).map { index in
            let milliseconds = Int64.random(in: 1_420_070_400_000...1_735_689_600_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let rfc = RFC3339.string(from: date)
            let style = index % 3
            let written =
                style == 0
                ? rfc
                : style == 1
                    ? RFC3339.string(from: date, offset: 7200).replacingOccurrences(of: ".000", with: "")
                    : String(rfc.prefix(16)).replacingOccurrences(of: "T", with: " ")
            let tagCount = Int.random(in: 1...4, using: &generator)
            let tags = (0..<tagCount).map { _ in String(format: "tag%02d", Int.random(in: 0..<50, using: &generator)) }
            let title = "\(Self.titles[index % Self.titles.count]) \(index)"
            return Post(
                name: String(format: "%@-post-%06d", String(rfc.prefix(10)), index), title: title, date: written,
                rfc3339: style == 2 ? String(rfc.prefix(16)) + ":00Z" : rfc,
                tags: Array(Set(tags)).sorted(), isDraft: index % 97 == 96, body: body(index, &generator))
        }
    }

    private func body(_ index: Int, _ generator: inout Generator) -> String {
        let words = [
            "swift", "blog", "feed", "markdown", "static", "site", "engine", "render", "quote", "page", "write", "read",
        ]
        func sentence() -> String {
            (0..<Int.random(in: 8...16, using: &generator)).map { _ in
                words[Int.random(in: 0..<words.count, using: &generator)]
            }.joined(separator: " ")
        }
        // The link leads to another site: one on the site's own host that finds no page fails a build with
        // `--check`, which the benchmark measures.
        var text =
            "Intro for post \(index): \(sentence()) with *emphasis*, **strong words**, `inline code` and a [link](https://example.org/\(index)).\n\n"
        var section = 0
        while text.utf8.count < 6000 {
            section += 1
            text += "## Section \(section)\n\n\(sentence()). \(sentence()) -- \"quoted\" text...\n\n"
            text +=
                "- \(sentence())\n  - nested \(sentence())\n  - nested [link](https://example.org/\(section))\n- \(sentence())\n\n"
            text += "1. first \(sentence())\n2. second *\(sentence())*\n\n"
            text += "> \(sentence())\n> \(sentence())\n\n"
            text += "```swift\nlet value\(section) = \"\(sentence())\"\nprint(value\(section))\n```\n\n"
        }
        return text
    }

    /// The templates a benchmark site is built with.
    enum Theme {
        /// Templates that show what the Hugo site's templates show (``writeHugoSite(at:posts:)``), so that
        /// the two engines do the same work; and an archive page, which the Hugo site has not.
        case lean
        /// The theme `blog init` writes: a full page head, navigation, post metadata and footer.
        case standard
    }

    /// The lean theme, by template name: the same pages as the default theme, each showing what the Hugo
    /// site's template of that page shows.
    static let leanTemplates: [String: String] = [
        "base":
            "<!doctype html><html lang=\"{{site.language}}\"><head><meta charset=\"utf-8\"><title>{{$title}}{{page.title}}{{/title}}</title></head><body>{{$content}}{{/content}}</body></html>\n",
        "post":
            "{{<base}}{{$content}}<article><h1>{{post.title}}</h1><time>{{post.date_display}}</time> {{post.reading_minutes}} min<ul>{{#post.tags}}<li><a href=\"{{url}}\">{{name}}</a></li>{{/post.tags}}</ul>{{{post.content}}}</article>{{/content}}{{/base}}\n",
        "page":
            "{{<base}}{{$content}}<article><h1>{{post.title}}</h1>{{{post.content}}}</article>{{/content}}{{/base}}\n",
        "index":
            "{{<base}}{{$content}}{{#posts}}<article><h2><a href=\"{{url}}\">{{title}}</a></h2><p>{{summary}}</p></article>{{/posts}}{{#pagination.next_url}}<a href=\"{{pagination.next_url}}\">Older</a>{{/pagination.next_url}}{{/content}}{{/base}}\n",
        "tag":
            "{{<base}}{{$content}}<h1>{{tag.name}}</h1>{{#posts}}<article><h2><a href=\"{{url}}\">{{title}}</a></h2><p>{{summary}}</p></article>{{/posts}}{{/content}}{{/base}}\n",
        "tags":
            "{{<base}}{{$content}}<h1>Tags</h1><ul>{{#tags}}<li><a href=\"{{url}}\">{{name}}</a> {{count}}</li>{{/tags}}</ul>{{/content}}{{/base}}\n",
        "archive":
            "{{<base}}{{$content}}<h1>Archive</h1>{{#years}}<h2>{{year}}</h2><ul>{{#posts}}<li><a href=\"{{url}}\">{{title}}</a></li>{{/posts}}</ul>{{/years}}{{/content}}{{/base}}\n",
        "404": "{{<base}}{{$content}}<h1>Page not found</h1>{{/content}}{{/base}}\n",
    ]

    /// Writes blog.yaml, the posts and the theme for `blog`.
    func writeBlogSite(at root: URL, posts: [Post], blogExecutable: String, theme: Theme) throws {
        _ = ChildProcess.run(blogExecutable, ["init", root.path])
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "content/posts").path))
            ?? []
        {
            try FileManager.default.removeItem(at: root.appending(path: "content/posts/\(name)"))
        }
        if theme == .lean {
            let templates = root.appending(path: "site-template")
            try FileManager.default.removeItem(at: templates.appending(path: "partials"))
            for (name, text) in Self.leanTemplates {
                try text.write(to: templates.appending(path: "\(name).mustache"), atomically: false, encoding: .utf8)
            }
        }
        try
            "title: \"Benchmark\"\nbase_url: \"https://example.com/\"\ntimezone: UTC\nposts_per_page: 10\nfeed:\n  item_limit: 20\n"
            .write(to: root.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        for post in posts {
            var text =
                "---\ntitle: \(JSONValue.string(post.title).serialized())\ndate: \(post.date)\ntags: [\(post.tags.joined(separator: ", "))]\n"
            if post.isDraft { text += "draft: true\n" }
            text += "---\n" + post.body
            try text.write(
                to: root.appending(path: "content/posts/\(post.name).md"), atomically: false, encoding: .utf8)
        }
    }

    /// Writes the same posts as a Hugo site with lean templates: paginated index, post pages, tag pages, a
    /// tag list and a JSON Feed of the newest 20 posts. ``leanTemplates`` show the same.
    func writeHugoSite(at root: URL, posts: [Post]) throws {
        let fileManager = FileManager.default
        for folder in ["content/posts", "layouts/_default", "layouts/tags"] {
            try fileManager.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
        }
        let files: [String: String] = [
            "config.yaml": """
            baseURL: https://example.com/
            title: Benchmark
            paginate: 10
            disableKinds: [RSS, sitemap, robotsTXT, section]
            taxonomies:
              tag: tags
            mediaTypes:
              application/feed+json:
                suffixes: [json]
            outputFormats:
              JSONFeed:
                mediaType: application/feed+json
                baseName: feed
                isPlainText: true
            outputs:
              home: [HTML, JSONFeed]

            """,
            "layouts/_default/baseof.html":
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n",
            "layouts/_default/single.html":
                "{{ define \"main\" }}<article><h1>{{ .Title }}</h1><time>{{ .Date.Format \"2 January 2006\" }}</time> {{ .ReadingTime }} min<ul>{{ range .Params.tags }}<li><a href=\"/tags/{{ . | urlize }}/\">{{ . }}</a></li>{{ end }}</ul>{{ .Content }}</article>{{ end }}\n",
            "layouts/_default/list.html":
                "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ range .Pages }}<article><h2><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></h2><p>{{ .Summary | plainify }}</p></article>{{ end }}{{ end }}\n",
            "layouts/_default/terms.html":
                "{{ define \"main\" }}<h1>Tags</h1><ul>{{ range .Data.Terms.Alphabetical }}<li><a href=\"{{ .Page.RelPermalink }}\">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}\n",
            "layouts/index.html":
                "{{ define \"main\" }}{{ range .Paginator.Pages }}<article><h2><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></h2><p>{{ .Summary | plainify }}</p></article>{{ end }}{{ with .Paginator.Next }}<a href=\"{{ .URL }}\">Older</a>{{ end }}{{ end }}\n",
            "layouts/index.jsonfeed.json": """
            {"version":"https://jsonfeed.org/version/1.1","title":{{ .Site.Title | jsonify }},"home_page_url":"https://example.com/","feed_url":"https://example.com/feed.json","items":[{{ range $i, $p := first 20 (where .Site.RegularPages "Type" "posts") }}{{ if $i }},{{ end }}{"id":{{ $p.Permalink | jsonify }},"url":{{ $p.Permalink | jsonify }},"title":{{ $p.Title | jsonify }},"content_html":{{ $p.Content | jsonify }},"date_published":{{ $p.Date.UTC.Format "2006-01-02T15:04:05.000Z" | jsonify }},"tags":{{ $p.Params.tags | jsonify }}}{{ end }}]}

            """,
        ]
        for (path, text) in files { try text.write(to: root.appending(path: path), atomically: true, encoding: .utf8) }
        try writeHugoPosts(at: root, posts: posts)
    }

    /// The posts as Hugo reads them, in `content/posts/` of the Hugo site at `root`.
    func writeHugoPosts(at root: URL, posts: [Post]) throws {
        try FileManager.default.createDirectory(
            at: root.appending(path: "content/posts"), withIntermediateDirectories: true)
        for post in posts {
            var text =
                "---\ntitle: \(JSONValue.string(post.title).serialized())\ndate: \(post.rfc3339)\ntags: [\(post.tags.joined(separator: ", "))]\n"
            if post.isDraft { text += "draft: true\n" }
            text += "---\n" + post.body
            try text.write(
                to: root.appending(path: "content/posts/\(post.name).md"), atomically: false, encoding: .utf8)
        }
    }
}
