import Foundation
import Testing

/// Raw HTML stays as the old engine had it: Hugo (0.60 and later) omits it unless
/// `markup.goldmark.renderer.unsafe` is true, and the imported site then builds with `markdown.unsafe: false`,
/// libcmark's safe mode writing `<!-- raw HTML omitted -->` where goldmark does; kramdown passes it.
@Suite struct ImportRawHTMLTests {
    static let post = """
        ---
        title: Raw
        date: 2024-01-02T03:04:05Z
        ---
        Inline <span onclick="x()">span</span> and <img src=x onerror=alert(1)> here.

        <script>alert(1)</script>

        <div class="note">
        A block
        </div>

        [link](javascript:alert(1)) and `<code>` stays.

        """

    /// Hugo 0.111's own output for ``post`` (`{{ .Content }}`), without and with `unsafe = true`.
    static let hugoSafe = """
        <p>Inline <!-- raw HTML omitted -->span<!-- raw HTML omitted --> and <!-- raw HTML omitted --> here.</p>
        <!-- raw HTML omitted -->
        <!-- raw HTML omitted -->
        <p><a href="">link</a> and <code>&lt;code&gt;</code> stays.</p>

        """
    static let hugoUnsafe = """
        <p>Inline <span onclick="x()">span</span> and <img src=x onerror=alert(1)> here.</p>
        <script>alert(1)</script>
        <div class="note">
        A block
        </div>
        <p><a href="javascript:alert(1)">link</a> and <code>&lt;code&gt;</code> stays.</p>

        """

    static let safeConfig = "baseURL = \"https://e.com/\"\ntitle = \"R\"\n"
    static let unsafeConfig = safeConfig + "[markup.goldmark.renderer]\nunsafe = true\n"

    @Test(arguments: [(safeConfig, hugoSafe), (unsafeConfig, hugoUnsafe)])
    func aHugoPostKeepsHugosRawHTMLSetting(_ config: String, _ expected: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(["hugo.toml": config, "content/posts/raw.md": Self.post], in: old)
        if ImportTests.hugoAvailable || ImportTests.required {
            // The oracle: what Hugo itself writes, with a layout of the content alone.
            let oracle = folder.appending(path: "oracle")
            try write(["hugo.toml": config, "content/posts/raw.md": Self.post], in: oracle)
            try write(["layouts/_default/single.html": "{{ .Content }}", "layouts/_default/list.html": ""], in: oracle)
            let hugo = try FeedFormatTests.run(
                "hugo", ["--quiet", "--source", oracle.path, "--destination", oracle.appending(path: "public").path])
            try #require(hugo.status == 0, "\(hugo.output)")
            let page = try String(contentsOf: oracle.appending(path: "public/posts/raw/index.html"), encoding: .utf8)
            #expect(page == expected)
        }
        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "hugo", old.path, new.path])
        #expect(imported.status == 0 && imported.stderr.isEmpty, "\(imported.stderr)")
        let yaml = try String(contentsOf: new.appending(path: "blog.yaml"), encoding: .utf8)
        #expect(yaml.contains("markdown:\n  unsafe: false\n") == (config == Self.safeConfig), "\(yaml)")
        let build = try runBlog(["build", "--site", new.path])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: new.appending(path: "public/posts/raw/index.html"), encoding: .utf8)
        #expect(page.contains(expected), "\(page)")
    }

    /// kramdown passes raw HTML: a Jekyll site's blog.yaml leaves the build's default, which passes it too.
    @Test func aJekyllPostKeepsItsRawHTML() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(["_config.yml": "title: R\n", "_posts/2024-01-02-raw.md": Self.post], in: old)
        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "jekyll", old.path, new.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let yaml = try String(contentsOf: new.appending(path: "blog.yaml"), encoding: .utf8)
        #expect(!yaml.contains("unsafe"), "\(yaml)")
        #expect(try runBlog(["build", "--site", new.path]).status == 0)
        let page = try String(contentsOf: new.appending(path: "public/2024/01/02/raw.html"), encoding: .utf8)
        #expect(page.contains("<script>alert(1)</script>\n<div class=\"note\">"), "\(page)")
    }

    /// An HTML post of a Hugo site without `unsafe`, which Hugo published as written, is named: the new site
    /// would omit its body.
    @Test func aHugoHTMLPostInASafeSiteIsNamed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(
            [
                "hugo.toml": Self.safeConfig,
                "content/posts/page.html": "---\ntitle: Page\ndate: 2024-01-02T03:04:05Z\n---\n<p>x</p>\n",
            ], in: old)
        let imported = try runBlog(["import", "hugo", old.path, folder.appending(path: "new").path])
        #expect(
            imported.stderr
                == "content/posts/page.html: warning: an HTML post, which Hugo published as written; the new site omits raw HTML as Hugo did in Markdown (markdown.unsafe: false in blog.yaml), so its body is omitted until that is true\n",
            "\(imported.stderr)")
    }

    /// Code with fences of its own inside a highlight block stays code in the built page: no line of it
    /// closes the fence the import wrote, so the raw HTML after such a line is never let through.
    @Test(arguments: ["jekyll", "hugo"])
    func aHighlightBlockCannotBeClosedEarly(_ engine: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        let code = "```\n~~~~\n````````\n<script>alert(1)</script>\n~~~~~~"
        let (open, close) =
            engine == "jekyll"
            ? ("{% highlight md %}", "{% endhighlight %}") : ("{{< highlight md >}}", "{{< /highlight >}}")
        let post = "---\ntitle: Code\ndate: 2024-01-02T03:04:05Z\n---\n\(open)\n\(code)\n\(close)\nAfter.\n"
        try write(
            engine == "jekyll"
                ? ["_config.yml": "title: C\n", "_posts/2024-01-02-code.md": post]
                : ["hugo.toml": Self.unsafeConfig, "content/posts/code.md": post], in: old)
        let new = folder.appending(path: "new")
        #expect(try runBlog(["import", engine, old.path, new.path]).status == 0)
        #expect(try runBlog(["build", "--site", new.path]).status == 0)
        let path = engine == "jekyll" ? "public/2024/01/02/code.html" : "public/posts/code/index.html"
        let page = try String(contentsOf: new.appending(path: path), encoding: .utf8)
        #expect(
            page.contains(
                "<pre><code class=\"language-md\">```\n~~~~\n````````\n&lt;script&gt;alert(1)&lt;/script&gt;\n~~~~~~\n</code></pre>\n<p>After.</p>"
            ), "\(page)")
        #expect(!page.contains("<script>alert(1)"))
    }

}
