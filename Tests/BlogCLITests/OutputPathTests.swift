import Foundation
import Testing

/// Nothing is written outside the output folder: every page's path, however placeholders, `url:` or
/// `permalink:` made it, stays inside it, and no post takes a path the engine or the theme writes.
@Suite struct OutputPathTests {
    /// A site of its own in a fresh folder (so that a file written beside the site shows), with the default
    /// theme, blog.yaml's `extra` lines, and `files` by their path in the site.
    func makeSite(_ files: [String: String], yaml extra: String = "") throws -> URL {
        let site = try makeTemporaryFolder().appending(path: "site")
        try FileManager.default.createDirectory(
            at: site.appending(path: "content/posts"), withIntermediateDirectories: true)
        try ("title: T\nbase_url: https://example.org/\n" + extra).write(
            to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
        for (path, text) in files {
            let url = site.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return site
    }

    /// The build fails with exactly `line`, and writes nothing: no output, nothing beside the site.
    func expectRefused(_ site: URL, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try runBlog(["build", "--site", site.path, "--future"])
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.stderr == line + "\n1 error\n", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public").path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path) == ["site"],
            sourceLocation: sourceLocation)
    }

    static let pattern = "permalink: /:categories/:title/\n"
    static let escape = "must not contain empty, '.' or '..' segments, which lead out of the output folder"
    static let encoded =
        "must not contain a percent-encoded '.', '..', '/', '\\' or NUL segment (%2e, %2f, %5c, %00), which servers decode into a path out of the output folder"

    /// blog.yaml's extra lines, the post's file name, the lines of its front matter after its title and
    /// date, and the one error line.
    static let unsafePaths: [(yaml: String, file: String, lines: String, error: String)] = [
        (
            pattern, "hello.md", "categories: [\"../../x\"]",
            "content/posts/hello.md:4:13: error: 'categories' puts the page at \"/../../x/hello/index.html\"; a page's path \(escape)"
        ),
        (
            pattern, "hello.md", "category: ../x",
            "content/posts/hello.md:4:11: error: 'category' puts the page at \"/../x/hello/index.html\"; a page's path \(escape)"
        ),
        (
            pattern, "hello.md", "categories: [ok, \"%2e%2e\"]",
            "content/posts/hello.md:4:13: error: 'categories' puts the page at \"/ok/%2e%2e/hello/index.html\"; a page's path \(encoded)"
        ),
        (
            pattern, "hello.md", "categories: [\"%252E%252e\"]",
            "content/posts/hello.md:4:13: error: 'categories' puts the page at \"/%252e%252e/hello/index.html\"; a page's path \(encoded)"
        ),
        (
            pattern, "hello.md", "categories: ['a\\b']",
            "content/posts/hello.md:4:13: error: 'categories' puts the page at \"/a\\\\b/hello/index.html\"; a page's path must not contain '\\', which Windows hosts read as a folder separator"
        ),
        (
            pattern, "hello.md", "categories: [\"a\\0b\"]",
            "content/posts/hello.md:4:13: error: 'categories' puts the page at \"/a\\u0000b/hello/index.html\"; a page's path must not contain NUL or other control characters"
        ),
        (
            "", "hello.md", "categories: [\"..\"]\npermalink: /a/:categories/:title/",
            "content/posts/hello.md:5:12: error: 'permalink' puts the page at \"/a/../hello/index.html\"; a page's path \(escape)"
        ),
        (
            "permalink: /:title/\n", "2024-01-01-...md", "",
            "content/posts/2024-01-01-...md: error: the file's name puts the page at \"/../index.html\"; a page's path \(escape)"
        ),
        (
            "", "hello.md", "url: /%2e%2e/x/",
            "content/posts/hello.md:4:6: error: 'url' \(encoded), got \"/%2e%2e/x/\""
        ),
        (
            "", "hello.md", "url: //etc/x/",
            "content/posts/hello.md:4:6: error: 'url' must not contain '//', got \"//etc/x/\""
        ),
        (
            "", "hello.md", "slug: " + String(repeating: "a", count: 256),
            "content/posts/hello.md:4:7: error: 'slug' puts the page at \"/posts/\(String(repeating: "a", count: 256))/index.html\"; a page's path must not have a name longer than 255 bytes, the most a file system allows; one has 256"
        ),
        (
            "permalink: /:title/../\n", "hello.md", "",
            "blog.yaml:3:12: error: 'permalink' \(escape), got \"/:title/../\""
        ),
    ]

    @Test(arguments: unsafePaths)
    func aPathOutOfTheOutputIsAnErrorNamingTheFileAndKey(
        _ unsafe: (yaml: String, file: String, lines: String, error: String)
    )
        throws
    {
        let text = "---\ntitle: Hello\ndate: 2024-01-01\n\(unsafe.lines)\n---\nHi\n"
        let site = try makeSite(["content/posts/\(unsafe.file)": text], yaml: unsafe.yaml)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try expectRefused(site, unsafe.error)
    }

    /// Categories that only look odd stay inside the output, as Jekyll writes them: a leading `/` is one
    /// more folder, a leading dot a hidden one, a percent-encoded letter a name (lower-cased, as Jekyll does).
    @Test func oddButSafeCategoriesStayInside() throws {
        var files: [String: String] = [:]
        for (name, category) in [("one", "/etc"), ("two", ".NET"), ("three", "caf%C3%A9"), ("four", "a/b")] {
            files["content/posts/\(name).md"] =
                "---\ntitle: \(name)\ndate: 2024-01-01\ncategories: [\"\(category)\"]\n---\nHi\n"
        }
        let site = try makeSite(files, yaml: Self.pattern)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        for page in ["etc/one", ".net/two", "caf%c3%a9/three", "a/b/four"] {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/\(page)/index.html").path))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path) == ["site"])
    }

    static let written =
        "which the build writes (a list page, a feed, the sitemap or robots.txt); give it another 'permalink'"

    /// A post may not take a file the engine writes: robots.txt, the 404 page, the feeds and the sitemap.
    @Test(arguments: [
        "/robots.txt", "/404.html", "/feed.json", "/atom.xml", "/rss.xml", "/sitemap.xml", "/tags/swift/rss.xml",
    ])
    func aPostCannotTakeAFileTheEngineWrites(_ permalink: String) throws {
        let site = try makeSite([
            "content/posts/clash.md":
                "---\ntitle: Clash\ndate: 2024-01-01\ntags: [swift]\npermalink: \(permalink)\n---\nx\n"
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try expectRefused(
            site, "content/posts/clash.md: error: its page would be \(permalink.dropFirst()), \(Self.written)")
    }

    /// Nor the path of one of blog.yaml's redirects, nor a file of the theme's: the theme keeps its file.
    @Test func aPostCannotTakeARedirectOrAThemeFile() throws {
        let clash = "content/posts/clash.md"
        let site = try makeSite(
            [clash: "---\ntitle: Clash\ndate: 2024-01-01\npermalink: /old.html\n---\nx\n"],
            yaml: "redirects:\n  /old.html: /posts/new/\n")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try expectRefused(
            site,
            "\(clash): error: its page would be old.html, where blog.yaml's 'redirects' puts a redirect page; give it another 'permalink' or remove the redirect"
        )
        try "User-agent: *\n".write(
            to: site.appending(path: "site-template/static/robots.txt"), atomically: true, encoding: .utf8)
        for (permalink, file) in [("/robots.txt", "robots.txt"), ("/favicon.svg", "favicon.svg")] {
            try "---\ntitle: Clash\ndate: 2024-01-01\npermalink: \(permalink)\n---\nx\n".write(
                to: site.appending(path: clash), atomically: true, encoding: .utf8)
            try expectRefused(
                site,
                "\(clash): error: its page would be \(file), in the way of the theme's file site-template/static/\(file); give it another 'slug' or 'permalink'"
            )
        }
    }

    /// A page whose slug makes its folder where the theme's stylesheet is: an error, not a lost stylesheet.
    @Test func aPageCannotTakeTheThemesStylesheet() throws {
        let site = try makeSite(["content/pages/style.md": "---\ntitle: Style\nslug: style.css\n---\nx\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try expectRefused(
            site,
            "content/pages/style.md: error: its page would be style.css/index.html, in the way of the theme's file site-template/static/style.css; give it another 'slug' or 'permalink'"
        )
        try "---\ntitle: Style\nslug: style\n---\nx\n".write(
            to: site.appending(path: "content/pages/style.md"), atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/style.css").path))
    }
}
