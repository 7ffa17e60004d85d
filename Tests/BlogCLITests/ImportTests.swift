import Foundation
import Testing

/// `blog import jekyll|hugo`: the old engine is the oracle. Small sites written here are built by Debian's
/// `jekyll` and `hugo` and by `blog import` + `blog build`; every post's URL, title and instant must be the
/// same. Without the two programs those tests say so and skip, unless `BLOG_REQUIRE_SSG=1` (CI installs them).
@Suite struct ImportTests {
    static let jekyllAvailable = (try? FeedFormatTests.run("jekyll", ["--version"]).status) == 0
    static let hugoAvailable = (try? FeedFormatTests.run("hugo", ["version"]).status) == 0
    static let required = ProcessInfo.processInfo.environment["BLOG_REQUIRE_SSG"] == "1"

    /// Title, instant (RFC 3339 in UTC, to the second) and URL path of each page an engine published.
    struct Published: Hashable, CustomStringConvertible {
        var title: String
        var instant: String
        var path: String
        var description: String { "\(path) \(instant) \(title)" }
    }

    /// What the old engine wrote: each page's `<p id="meta">title|date|url</p>` from the test's layout.
    func oldEngine(_ output: URL) throws -> Set<Published> {
        var result: Set<Published> = []
        let enumerator = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "html", let html = try? String(contentsOf: url, encoding: .utf8),
                let start = html.range(of: "<p id=\"meta\">"),
                let end = html.range(of: "</p>", range: start.upperBound..<html.endIndex)
            else { continue }
            let fields = html[start.upperBound..<end.lowerBound].components(separatedBy: "|")
            guard fields.count == 3, let date = Self.instant(Self.unescaped(fields[1])) else { continue }
            result.insert(
                Published(
                    title: Self.unescaped(fields[0]), instant: date,
                    path: Self.unescaped(fields[2]).removingPercentEncoding ?? fields[2]))
        }
        return result
    }

    /// What blog published, from its feed.
    func blog(_ site: URL) throws -> Set<Published> {
        let feed =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appending(path: "public/feed.json")))
            as? [String: Any]
        var result: Set<Published> = []
        for item in feed?["items"] as? [[String: Any]] ?? [] {
            guard let title = item["title"] as? String,
                let date = (item["date_published"] as? String).flatMap(Self.instant),
                let url = (item["url"] as? String).flatMap(URL.init(string:))
            else { continue }
            result.insert(
                Published(
                    title: title, instant: date,
                    path: url.path.removingPercentEncoding.map {
                        url.absoluteString.hasSuffix("/") && !$0.hasSuffix("/") ? $0 + "/" : $0
                    } ?? url.path))
        }
        return result
    }

    /// The import's report without the lines naming what the old engine wrote into the site when it ran
    /// (`.jekyll-cache`, `.hugo_build.lock`) and the test's own theme (`_layouts`, `layouts`).
    static func withoutEngineFolders(_ stderr: String) -> String {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.contains(": warning: not imported: hidden (")
                && !$0.contains(": warning: not imported: the old engine's or theme's folder (")
        }.joined(separator: "\n")
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&#43;", with: "+")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Any RFC 3339 text as UTC to the second.
    static func instant(_ text: String) -> String? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = formatter.date(from: text) ?? fractional.date(from: text) else { return nil }
        return formatter.string(from: date)
    }

    static let jekyllSite: [String: String] = [
        "_config.yml": """
        title: "Notes & Things"
        description: A Jekyll blog
        author: Ada
        url: https://example.com
        baseurl: /blog
        timezone: America/New_York
        permalink: /:categories/:year/:month/:day/:title.html
        paginate: 5
        defaults:
          - scope: {path: ""}
            values: {layout: post}
        """,
        "_layouts/post.html":
            "<p id=\"meta\">{{ page.title }}|{{ page.date | date_to_xmlschema }}|{{ page.url }}</p>\n{{ content }}\n",
        "_posts/2015-12-03-late-night.md":
            "---\ntitle: \"Late night\"\ndate: 2015-12-03 23:30:00 -0400\ncategories: [Swift Notes, web]\n---\nSee [the next]({% post_url 2016-01-05-No-Date %}).\n",
        "_posts/2015-12-31-shifted.md":
            "---\ntitle: Shifted\ndate: 2015-12-31 23:30:00 -0700\ncategories: news\n---\nAn offset that moves the day in New York.\n",
        "_posts/2016-01-05-No-Date.md":
            "---\ntitle: No date in front matter\ncategories: misc\ntags: a b\n---\n* TOC\n{:toc}\n\n## One\n{: .lead}\n",
        "_posts/2016-02-07-hidden.md": "---\ntitle: Hidden\npublished: false\n---\nx\n",
        "_posts/2016-03-01-utc.md":
            "---\ntitle: UTC time\ndate: 2016-03-01 02:00:00\n---\nA time without offset: UTC to Jekyll.\n",
        "_posts/2016-04-01-own-url.md":
            "---\ntitle: Own URL\npermalink: /:year/own/:title/\n---\n{% highlight ruby %}\nputs 1\n{% endhighlight %}\n\n![x]({{ site.baseurl }}/assets/x.png) ![y](/assets/x.png)\n\n{% raw %}{{ not liquid }}{% endraw %}\n\n{% include note.html %}\n",
        "_posts/2016-05-01-café-ünï.md":
            "---\ntitle: \"Ünïcode: café\"\ndate: 2016-05-01T12:00:00+02:00\n---\n{: .lead}\n```liquid\n{% raw %}{{ page.title }}{% endraw %}\n```\n\n```\nlink: {% post_url 2016-01-05-No-Date %}\n```\n",
        "_drafts/a-draft.md": "---\ntitle: Draft\n---\nx\n",
        "about.md": "---\ntitle: About\n---\nAbout.\n",
        "_includes/note.html": "<aside>A note.</aside>\n",
        "assets/x.png": "png\n",
    ]

    @Test(.enabled(if: jekyllAvailable || required, "needs jekyll (Debian package jekyll)"))
    func aJekyllSiteKeepsEveryURLTitleAndInstant() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(Self.jekyllSite, in: old)
        let jekyll = try FeedFormatTests.run(
            "jekyll",
            ["build", "--quiet", "--source", old.path, "--destination", folder.appending(path: "jekyll-site").path])
        try #require(jekyll.status == 0, "\(jekyll.output)")
        // Jekyll's page.url leaves out the baseurl, which blog's URLs hold.
        let expected = Set(
            try oldEngine(folder.appending(path: "jekyll-site")).filter { $0.title != "About" }.map {
                Published(title: $0.title, instant: $0.instant, path: "/blog" + $0.path)
            })
        #expect(expected.count == 6, "\(expected)")

        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "jekyll", old.path, new.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.hasPrefix("Imported 6 posts, 2 drafts, 1 page, 1 asset and 0 redirects"),
            "\(imported.stdout)")
        // Only the include could not be converted, and it is named with its line; Liquid in fenced code
        // was escaped with raw, as Jekyll needs.
        #expect(
            Self.withoutEngineFolders(imported.stderr)
                == "_posts/2016-04-01-own-url.md:13: warning: \"{% include note.html %}\" was left as text: it has no equivalent here\n",
            "\(imported.stderr)")
        let build = try runBlog(["build", "--site", new.path])
        #expect(build.status == 0, "\(build.stderr)")
        let actual = try blog(new)
        #expect(actual == expected, "missing: \(expected.subtracting(actual)) extra: \(actual.subtracting(expected))")

        let page = try String(contentsOf: new.appending(path: "public/2016/own/own-url/index.html"), encoding: .utf8)
        #expect(page.contains("<pre><code class=\"language-ruby\">"))
        #expect(page.contains("src=\"/blog/assets/x.png\" alt=\"x\" /> <img src=\"/blog/assets/x.png\""))
        #expect(page.contains("{{ not liquid }}"))
        let code = try String(contentsOf: new.appending(path: "public/2016/05/01/café-ünï.html"), encoding: .utf8)
        #expect(code.contains("{{ page.title }}") && !code.contains("raw"))
        // Inside code, post_url is the URL Jekyll printed (relative_url, with the base path), as text.
        let jekyllPage = folder.appending(path: "jekyll-site/2016/05/01/café-ünï.html")
        let printed = "link: /blog/misc/2016/01/05/No-Date.html"
        #expect(try String(contentsOf: jekyllPage, encoding: .utf8).contains(printed) && code.contains(printed))
        let late = try String(
            contentsOf: new.appending(path: "public/swift notes/web/2015/12/03/late-night.html"), encoding: .utf8)
        #expect(late.contains("href=\"/blog/misc/2016/01/05/No-Date.html\""), "post_url follows the post")
        let toc = try String(contentsOf: new.appending(path: "public/misc/2016/01/05/No-Date.html"), encoding: .utf8)
        #expect(!toc.contains("{:") && !toc.contains("TOC"))
    }

    static let hugoSite: [String: String] = [
        "hugo.toml": """
        baseURL = "https://example.org/blog/"
        title = "Hugo Test"
        timeZone = "Europe/Berlin"
        [params]
          description = "A Hugo test"
          author = "Grace"
        [permalinks]
          posts = "/:year/:month/:title/"
        """,
        "layouts/_default/single.html":
            "<p id=\"meta\">{{ .Title }}|{{ .Date.Format \"2006-01-02T15:04:05Z07:00\" }}|{{ .RelPermalink }}</p>{{ .Content }}\n",
        "layouts/_default/list.html": "<p>list</p>\n",
        "content/posts/first.md":
            "+++\ntitle = \"Don't Panic: A Guide\"\ndate = 2019-03-25T23:30:00-04:00\ntags = [\"go\"]\naliases = [\"/old/first/\"]\n+++\nSee [the second]({{< ref \"second.md\" >}}).\n\n{{< highlight go >}}\nfmt.Println(\"hi\")\n{{< /highlight >}}\n\n{{< youtube abc >}}\n",
        "content/posts/second.md":
            "---\ntitle: \"Second Post\"\ndate: 2020-01-02 10:00:00\nslug: \"My Custom_Slug\"\n---\nSecond.\n",
        "content/posts/bundle-post/index.md": "---\ntitle: \"Bundle\"\ndate: 2021-06-01\n---\n![pic](pic.png)\n",
        "content/posts/bundle-post/pic.png": "png\n",
        "content/posts/draft.md": "---\ntitle: Draft\ndate: 2021-07-01\ndraft: true\n---\nx\n",
        "content/about.md": "---\ntitle: About\n---\nAbout.\n",
        "static/images/x.png": "png\n",
    ]

    @Test(.enabled(if: hugoAvailable || required, "needs hugo (Debian package hugo)"))
    func aHugoSiteKeepsEveryURLTitleAndInstant() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(Self.hugoSite, in: old)
        let hugo = try FeedFormatTests.run(
            "hugo", ["--quiet", "--source", old.path, "--destination", folder.appending(path: "hugo-site").path])
        try #require(hugo.status == 0, "\(hugo.output)")
        let expected = try oldEngine(folder.appending(path: "hugo-site")).filter { $0.title != "About" }
        #expect(expected.count == 3, "\(expected)")

        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "hugo", old.path, new.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.hasPrefix("Imported 3 posts, 1 draft, 1 page, 2 assets and 1 redirect"),
            "\(imported.stdout)")
        #expect(
            imported.stderr.contains("content/posts/first.md:13: warning: \"{{< youtube abc >}}\" was left as text"),
            "\(imported.stderr)")
        let build = try runBlog(["build", "--site", new.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try blog(new) == expected)
        let output = new.appending(path: "public")
        // Every old URL is served: the alias by a redirect page, the bundle's image beside its post.
        let redirect = try String(contentsOf: output.appending(path: "old/first/index.html"), encoding: .utf8)
        #expect(redirect.contains("url=https://example.org/blog/2019/03/dont-panic-a-guide/"))
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "2021/06/bundle/pic.png").path))
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "images/x.png").path))
        let first = try String(
            contentsOf: output.appending(path: "2019/03/dont-panic-a-guide/index.html"), encoding: .utf8)
        #expect(first.contains("href=\"/blog/2020/01/second-post/\""), "ref follows the post")
        #expect(first.contains("<pre><code class=\"language-go\">"))
    }

    /// Shapes real Jekyll sites have: posts' permalink from `collections`, a `defaults` scope and the post
    /// itself; `_posts` in category folders; unpadded file name dates and spaces; no title; a slug; dates
    /// with month names, zone names, no seconds; categories as a string and `category`; a `//`.
    static let shapedJekyllSite: [String: String] = [
        "_config.yml": """
        name: Shapes
        timezone: America/New_York
        permalink: pretty
        collections:
          posts:
            permalink: /blog/:categories/:year/:title/
        defaults:
          - scope: {path: ""}
            values: {layout: post}
          - scope: {path: "_posts/special", type: posts}
            values: {permalink: "/special/:title/"}
        """,
        "_layouts/post.html":
            "<p id=\"meta\">{{ page.title }}|{{ page.date | date_to_xmlschema }}|{{ page.url }}</p>\n",
        "en/news/_posts/2019-12-3-unpadded name.md": "---\n---\nNo title, no date.\n",
        "_posts/2020-01-01-cats.md": "---\ntitle: Cats\ncategories: Foo Bar\ncategory: Baz\n---\nx\n",
        "_posts/special/2020-02-02-s.md": "---\ntitle: Special\ndate: 2020-02-02 23:30:00 -0800\n---\nx\n",
        "_posts/2020-03-03-local.md": "---\ntitle: Local\ndate: 2020-03-03 21:05\n---\nx\n",
        "_posts/2020-04-04-month.md": "---\ntitle: Month\ndate: April 5, 2020 10:30 EDT\n---\nx\n",
        "_posts/2020-05-05-slugged.md": "---\ntitle: Slugged\nslug: Custom Slug\n---\nx\n",
        "_posts/2020-06-06-own.md": "---\ntitle: Own\npermalink: /own//:year/:title\n---\nx\n",
    ]

    @Test(.enabled(if: jekyllAvailable || required, "needs jekyll (Debian package jekyll)"))
    func aJekyllSiteOfRealShapesKeepsEveryURLTitleAndInstant() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(Self.shapedJekyllSite, in: old)
        let site = folder.appending(path: "jekyll-site").path
        let jekyll = try FeedFormatTests.run(
            "jekyll", ["build", "--quiet", "--source", old.path, "--destination", site])
        try #require(jekyll.status == 0, "\(jekyll.output)")
        let expected = try oldEngine(folder.appending(path: "jekyll-site"))
        #expect(expected.count == 7, "\(expected)")
        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "jekyll", old.path, new.path])
        #expect(imported.status == 0 && Self.withoutEngineFolders(imported.stderr).isEmpty, "\(imported.stderr)")
        let build = try runBlog(["build", "--site", new.path])
        #expect(build.status == 0, "\(build.stderr)")
        let actual = try blog(new)
        #expect(actual == expected, "extra: \(actual.subtracting(expected)) missing: \(expected.subtracting(actual))")
        let yaml = try String(contentsOf: new.appending(path: "blog.yaml"), encoding: .utf8)
        #expect(yaml.contains("title: \"Shapes\"\n"))
    }

    /// Shapes real Hugo sites have: a config folder with the content in a language's folder, blank lines
    /// before front matter, `+++ ` with a space, JSON front matter, bundles with one folder name in two
    /// years, a pattern without a trailing slash, ugly URLs in one section, relative aliases, file names
    /// with spaces and capitals, a date with no offset in `timeZone`, front matter keys in capitals.
    static let shapedHugoSite: [String: String] = [
        "config/_default/hugo.toml": """
        baseURL = "https://example.org/"
        title = "Shapes"
        timeZone = "Europe/Oslo"
        [permalinks]
          news = ":year/:slug"
          guides = "/:sections/:title/"
        [uglyURLs]
          notes = true
        """,
        "config/_default/languages.en.toml": "contentDir = \"content/en\"\nweight = 1\n",
        "layouts/_default/single.html":
            "<p id=\"meta\">{{ .Title }}|{{ .Date.Format \"2006-01-02T15:04:05Z07:00\" }}|{{ .RelPermalink }}</p>\n",
        "layouts/_default/list.html": "<p>list</p>\n",
        "content/en/news/2020/release/index.md":
            "\n\n---\ntitle: \"Release: Ünïcode & More\"\ndate: 2020-03-29\n---\n![a](a.png)\n",
        "content/en/news/2020/release/a.png": "2020\n",
        "content/en/news/2021/release/index.md":
            "+++ \ntitle=\"Release 2021\"\ndate=2021-06-01T10:00:00+05:30\nslug=\"Second Release\"\n+++\n![a](a.png)\n",
        "content/en/news/2021/release/a.png": "2021\n",
        // `:sections` holds only folders that are sections (with an `_index` file).
        "content/en/guides/a/b/deep.md": "---\ntitle: Deep A\ndate: 2021-01-01\n---\nA\n",
        "content/en/guides/c/_index.md": "---\ntitle: Section C\n---\n",
        "content/en/guides/c/d/deep.md": "---\ntitle: Deep C\ndate: 2021-01-02\n---\nC\n",
        "content/en/notes/caps.md": "---\nTitle: Capital Keys\nDate: 2021-03-04T05:06:07Z\nSlug: caps-slug\n---\nx\n",
        "content/en/notes/Some Note!.md":
            "{\n  \"title\": \"JSON Note\",\n  \"date\": \"2019-10-27 01:30:00\",\n  \"aliases\": [\"old-note\"]\n}\nText.\n",
    ]

    @Test(.enabled(if: hugoAvailable || required, "needs hugo (Debian package hugo)"))
    func aHugoSiteOfRealShapesKeepsEveryURLTitleAndInstant() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(Self.shapedHugoSite, in: old)
        let site = folder.appending(path: "hugo-site").path
        let hugo = try FeedFormatTests.run("hugo", ["--quiet", "--source", old.path, "--destination", site])
        try #require(hugo.status == 0, "\(hugo.output)")
        let expected = try oldEngine(folder.appending(path: "hugo-site"))
        #expect(expected.count == 6, "\(expected)")
        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "hugo", old.path, new.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            Self.withoutEngineFolders(imported.stderr)
                == "content/en/guides/c/_index.md: warning: not imported: a section's list page; the new site makes its own list pages\n",
            "\(imported.stderr)")
        let build = try runBlog(["build", "--site", new.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try blog(new) == expected)
        let output = new.appending(path: "public")
        // Each bundle keeps its own picture beside its page, and the relative alias is in the note's folder.
        func text(_ path: String) throws -> String {
            try String(contentsOf: output.appending(path: path), encoding: .utf8)
        }
        #expect(try text("2020/release-ünïcode-more/a.png") == "2020\n")
        #expect(try text("2021/second-release/a.png") == "2021\n")
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "notes/old-note/index.html").path))
    }

    /// A Hugo site translated by file name (`post.de.md` beside `post.md`, `index.en.md` in a bundle).
    static let translatedHugoSite: [String: String] = [
        "hugo.toml": "baseURL = \"https://example.org/\"\ndefaultContentLanguage = \"en\"\n[languages.en]\nweight = 1\n"
            + "[languages.de]\nweight = 2\n",
        "layouts/_default/single.html":
            "<p id=\"meta\">{{ .Title }}|{{ .Date.Format \"2006-01-02T15:04:05Z07:00\" }}|{{ .RelPermalink }}</p>\n",
        "layouts/_default/list.html": "<p>list</p>\n",
        "content/posts/hello.md": "---\ntitle: Hello\ndate: 2021-01-01\n---\nx\n",
        "content/posts/hello.de.md": "---\ntitle: Hallo\ndate: 2021-01-01\n---\nx\n",
        "content/posts/b/index.en.md": "---\ntitle: Bundle EN\ndate: 2021-02-01\n---\n![p](pic.png)\n",
        "content/posts/b/index.de.md": "---\ntitle: Bundle DE\ndate: 2021-02-01\n---\nx\n",
        "content/posts/b/pic.png": "png\n",
    ]

    @Test(.enabled(if: hugoAvailable || required, "needs hugo (Debian package hugo)"))
    func aTranslatedHugoSiteBringsItsDefaultLanguage() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(Self.translatedHugoSite, in: old)
        let site = folder.appending(path: "hugo-site").path
        let hugo = try FeedFormatTests.run("hugo", ["--quiet", "--source", old.path, "--destination", site])
        try #require(hugo.status == 0, "\(hugo.output)")
        let expected = try oldEngine(folder.appending(path: "hugo-site")).filter { !$0.path.hasPrefix("/de/") }
        #expect(expected.count == 2, "\(expected)")
        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "hugo", old.path, new.path])
        #expect(
            Self.withoutEngineFolders(imported.stderr) == """
                content/posts/b/index.de.md: warning: not imported: its translation into 'de'; only the default language 'en' comes along
                content/posts/hello.de.md: warning: not imported: its translation into 'de'; only the default language 'en' comes along

                """, "\(imported.stderr)")
        let build = try runBlog(["build", "--site", new.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try blog(new) == expected)
        #expect(FileManager.default.fileExists(atPath: new.appending(path: "public/posts/b/pic.png").path))
    }

    /// Front matter every engine took, or took in its own way, that the build refuses as written.
    static let awkwardJekyllSite: [String: String] = [
        "_config.yml":
            "title: Awkward\nurl: \"\"\npaginate: 100000\npermalink: /:categories/:title/\nexcerpt_separator: <!--cut-->\n",
        "_posts/2020-01-01-a.md": """
        ---
        title: A
        redirect_from: ["/", "/b/", "/x?y"]
        published: "true"
        author: [ada, bob]
        categories: 2020 news
        tags: 42
        ---
        Intro <!--cut--> more
        """,
        "_posts/2020-01-02-b.md": """
        ---
        date: 2020-01-02 10:00
        permalink: /b/
        slug: "has space"
        language: "not a tag!!"
        ---
        {{ site.title }} {% raw %}{{a}}{% endraw %} and {% raw %}{{b}}{% endraw %}
        """,
        "_posts/2020-01-03-c.md":
            "---\ntitle: C\npermalink: \"/c#frag/\"\ndate: yesterday\nexternal_url: \"javascript:alert(1)\"\n---\nC\n",
        "_posts/2020-01-04-d.md":
            "---\ntitle: D\npermalink: /tags/\nexcerpt_separator: <!--x-->\n---\nD one <!--x--> two\n",
        "_posts/2020-01-05-e.md": "---\ntitle: E\npermalink: /b/\n---\nE\n",
        "_posts/2020-01-06-h.html": "---\ntitle: H\n---\n<p>{{ page.title }}</p>\n",
    ]

    @Test func anImportNeverGivesASiteTheBuildRefuses() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(Self.awkwardJekyllSite, in: old)
        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "jekyll", old.path, new.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stderr == """
                _posts/2020-01-01-a.md: warning: the old path "/x?y" of 'redirect_from' must not contain '?', '#' or '\\'; no redirect is written for it
                _posts/2020-01-02-b.md: warning: 'language' left out: 'language' must be a language tag such as en or en-GB, got "not a tag!!"
                _posts/2020-01-03-c.md: warning: 'date' "yesterday" is not a date Jekyll reads; left out
                _posts/2020-01-03-c.md: warning: its URL "/c#frag/" must not contain '?', '#' or '\\'; it is at /posts/c/
                _posts/2020-01-03-c.md: warning: 'external_url' left out: 'external_url' must be an http, https or mailto URL or a relative one, not a javascript: URL; got "javascript:alert(1)"
                _posts/2020-01-04-d.md: warning: its URL /tags/ is the new site's own (its home page, a list page, a feed or the sitemap); it is at /posts/d/
                _posts/2020-01-05-e.md: warning: its URL /b/ is also _posts/2020-01-02-b.md's; it is at /posts/e/
                _posts/2020-01-06-h.html:4: warning: "{{ page.title }}" was left as text: it has no equivalent here
                blog.yaml: warning: the old site's URL "" is no absolute http or https URL; https://example.com was written, to be replaced by the site's own
                blog.yaml: warning: 'posts_per_page' left out: 'posts_per_page' must be a whole number from 1 to 10000, got "100000"

                """, "\(imported.stderr)")
        let build = try runBlog(["build", "--site", new.path])
        #expect(build.status == 0, "\(build.stderr)")
        let a = try String(contentsOf: new.appending(path: "content/posts/2020-01-01-a.md"), encoding: .utf8)
        #expect(a.contains("authors: [\"ada\", \"bob\"]\ncategories: \"2020 news\"\ntags: \"42\"\n"), "\(a)")
        #expect(!a.contains("draft"))
        let b = try String(contentsOf: new.appending(path: "content/posts/2020-01-02-b.md"), encoding: .utf8)
        // No title: Jekyll's from the file name; a time without seconds is a string, in the site's zone.
        #expect(b.hasPrefix("---\ntitle: \"B\"\ndate: 2020-01-02T10:00:00.000Z\npermalink: \"/b/\"\n"), "\(b)")
        #expect(b.hasSuffix("---\nAwkward {{a}} and {{b}}"), "\(b)")
        let d = try String(contentsOf: new.appending(path: "content/posts/2020-01-04-d.md"), encoding: .utf8)
        #expect(d.hasSuffix("D one <!--cut--> two\n"), "\(d)")
        let yaml = try String(contentsOf: new.appending(path: "blog.yaml"), encoding: .utf8)
        #expect(yaml.contains("summary_separator: \"<!--cut-->\"\n"))
        let feed = try String(contentsOf: new.appending(path: "public/feed.json"), encoding: .utf8)
        #expect(feed.contains("\"summary\": \"Intro\","), "\(feed)")
    }

    @Test func theOldSiteIsOnlyReadAndAFullDestinationIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(Self.jekyllSite, in: old)
        try write(["_posts/2016-07-01-in-html.html": "---\ntitle: HTML\n---\n<p>x</p>\n"], in: old)
        let before = try treeFiles(old)
        let full = folder.appending(path: "full")
        try write(["keep.txt": "mine\n"], in: full)
        let refused = try runBlog(["import", "jekyll", old.path, full.path])
        #expect(
            refused.status == 1 && refused.stderr.contains("the folder exists and is not empty"), "\(refused.stderr)")
        #expect(try String(contentsOf: full.appending(path: "keep.txt"), encoding: .utf8) == "mine\n")
        let inside = try runBlog(["import", "jekyll", old.path, old.appending(path: "new").path])
        #expect(inside.status == 1 && inside.stderr.contains("may not be inside the old one"), "\(inside.stderr)")
        let notASite = try runBlog(["import", "hugo", full.path, folder.appending(path: "x").path])
        #expect(notASite.status == 1 && notASite.stderr.contains("not a hugo site"), "\(notASite.stderr)")
        let result = try runBlog(["import", "jekyll", old.path, folder.appending(path: "new").path])
        #expect(result.status == 0)
        // Jekyll publishes an HTML post too: its body comes along as raw HTML.
        let htmlPost = folder.appending(path: "new/content/posts/2016-07-01-in-html.md")
        let html = try String(contentsOf: htmlPost, encoding: .utf8)
        #expect(html.hasSuffix("---\n<p>x</p>\n") && html.contains("title: \"HTML\""), "\(html)")
        #expect(try treeFiles(old) == before)
        let post = try String(
            contentsOf: folder.appending(path: "new/content/posts/2015-12-31-shifted.md"), encoding: .utf8)
        // The instant as Jekyll read it, written in the site's zone, where Jekyll dated it.
        #expect(post.contains("date: 2016-01-01T01:30:00.000-05:00"), "\(post)")
        let utc = try String(contentsOf: folder.appending(path: "new/content/posts/2016-03-01-utc.md"), encoding: .utf8)
        #expect(utc.contains("date: 2016-02-29T21:00:00.000-05:00"), "\(utc)")
    }
}
