import Foundation
import Testing

/// `blog import wordpress`: a small export written here, bad and hostile exports, and (when present) real
/// exports fetched outside the repository, named by `BLOG_WXR_DIR`.
@Suite struct WordPressImportTests {
    static let fixtures = testTargetRoot.appending(path: "Fixtures/wordpress")

    func importAndBuild(_ export: URL, into site: URL) throws -> (imported: ProcessResult, built: ProcessResult) {
        let imported = try runBlog(["import", "wordpress", export.path, site.path])
        let built = try runBlog(["build", "--site", site.path])
        return (imported, built)
    }

    @Test func smallExportKeepsEveryPathDateAndParagraph() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appending(path: "site")
        let (imported, built) = try importAndBuild(Self.fixtures.appending(path: "small.xml"), into: site)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 4 posts, 1 draft, 2 pages, 0 assets and 1 redirect"))
        #expect(built.status == 0, "\(built.stderr)")
        for path in [
            "2020/03/01/classic", "2020/03/01/classic-post", "2021/05/02/blocks", "about", "about/team",
            "2020/06/01/blank",
        ] {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/\(path)/index.html").path))
        }
        let classic = try String(
            contentsOf: site.appending(path: "public/2020/03/01/classic/index.html"), encoding: .utf8)
        // wpautop's paragraphs, Markdown syntax in them left alone, entities decoded once.
        #expect(classic.contains("<p>First paragraph with *stars* that stay.<br />\nA second line of it.</p>"))
        #expect(classic.contains("<p>Second paragraph &amp; more.</p>"))
        #expect(classic.contains("<figcaption class=\"wp-caption-text\">A hut</figcaption></figure>"))
        #expect(classic.contains("<pre><code class=\"language-swift\">let a = 1 &lt; 2&#10;\nprint(a)</code></pre>"))
        #expect(classic.contains("Classic – with paragraphs"))
        let blocks = try String(
            contentsOf: site.appending(path: "public/2021/05/02/blocks/index.html"), encoding: .utf8)
        #expect(blocks.contains("<p>A block paragraph.</p>"))
        #expect(blocks.contains("<code>line one&#10;\nline three</code>"))
        #expect(!blocks.contains("wp:paragraph"))
        let post = try String(contentsOf: site.appending(path: "content/posts/2020-03-01-classic.md"), encoding: .utf8)
        #expect(post.contains("date: 2020-03-01T10:00:00.000+01:00\ntags: [\"Travel/Alps\", \"huts\"]"))
        let draft = try String(
            contentsOf: site.appending(path: "content/posts/2022-06-01-half-done.md"), encoding: .utf8)
        #expect(draft.contains("date: 2022-06-01T08:30:00.000+01:00\ndraft: true\n"))
        let yaml = try String(contentsOf: site.appending(path: "blog.yaml"), encoding: .utf8)
        #expect(yaml.contains("title: \"Notes & Sketches\"\nbase_url: \"https://old.example.org/\""))
        let export = Self.fixtures.appending(path: "small.xml").path
        for line in [
            "\(export):31: warning: \"[contact-form to=\\\"me\\\"]\" in \"Classic – with paragraphs\" (post 10) was left as written: it has no equivalent here",
            "\(export):59: warning: \"<!-- wp:latest-posts\" in \"Blocks\" (post 11) was left as written: it has no equivalent here",
            "\(export):121: warning: \"Secret\" (post 16) is password-protected, which a static site cannot do; left out",
            "\(export):134: warning: \"Binned\" (post 17) is in the trash; left out",
            "\(export):147: warning: \"\" (post 18) has no title (empty, or only white space once its entities are decoded); titled \"Untitled\"",
        ] {
            #expect(imported.stderr.contains(line + "\n"), "\(line)")
        }
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/">
        <channel>
        """
    static let item = "<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>"

    @Test(arguments: [
        (
            header + "\n<wp:wxr_version>1.2</wp:wxr_version>\n<item>\n<title>x</title>\n",
            "export.xml:6:17: error: the export ends inside <item> opened at line 5; the file is truncated"
        ),
        (
            "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:wp=\"http://example.com/export/\">\n<channel>\n"
                + "<wp:wxr_version>1.2</wp:wxr_version>\n</channel>\n</rss>\n",
            "export.xml:4: error: 'wxr_version' is in the namespace \"http://example.com/export/\"; expected http://wordpress.org/export/1.2/ (or 1.0, 1.1)"
        ),
        (
            header + "\n<wp:wxr_version>2.0</wp:wxr_version>\n</channel>\n</rss>\n",
            "export.xml:4: error: 'wp:wxr_version' is \"2.0\"; expected 1.0, 1.1 or 1.2"
        ),
        (
            header + "\n</channel>\n</rss>\n",
            "export.xml:1: error: no 'wp:wxr_version' in the channel; expected a WordPress export (WXR 1.0, 1.1 or 1.2) in the namespace http://wordpress.org/export/1.2/"
        ),
        (
            header + "\n<wp:wxr_version>1.2</wp:wxr_version>\n<item>\n<title>x</title>\n</item>\n</channel>\n</rss>\n",
            "export.xml:5: error: the item has no 'wp:post_type'; every item of a WordPress export names one"
        ),
        (
            header + "\n<wp:wxr_version>1.2</wp:wxr_version>\n"
                + "<item><link>https://e.org/a/</link><wp:post_name>a</wp:post_name>\(item)\n"
                + "<item><link>https://e.org/a/</link><wp:post_name>a</wp:post_name>\(item)\n</channel>\n</rss>\n",
            "export.xml:6: error: duplicate slug \"a\": the post at line 5 has it too, and both would be at one path; WordPress gives each published post its own"
        ),
        (
            "<html><body>no</body></html>\n",
            "export.xml:1: error: the root element is <html>; a WordPress export's is <rss>"
        ),
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY l0 \"lol\">\n"
                + (1...9).map { "<!ENTITY l\($0) \"\(String(repeating: "&l\($0 - 1);", count: 10))\">\n" }.joined()
                + "]>\n<rss version=\"2.0\"><channel><title>&l9;</title></channel></rss>\n",
            "export.xml:14:40: error: entities expand too far (an entity loop or amplification); a WordPress export has none"
        ),
    ])
    func badExportIsAnErrorNamingItsLine(_ xml: String, _ expected: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try xml.write(to: folder.appending(path: "export.xml"), atomically: true, encoding: .utf8)
        let result = try runBlog(["import", "wordpress", "export.xml", "site"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(expected + "\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "site/blog.yaml").path))
    }

    @Test func deepNestingAndAFullDestinationNeitherCrashNorWrite() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep =
            Self.header + "<wp:wxr_version>1.2</wp:wxr_version>" + String(repeating: "<x>", count: 50_000)
            + String(repeating: "</x>", count: 50_000) + "</channel></rss>\n"
        try deep.write(to: folder.appending(path: "deep.xml"), atomically: true, encoding: .utf8)
        let imported = try runBlog(["import", "wordpress", "deep.xml", "site"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = try runBlog(["import", "wordpress", "deep.xml", "site"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("error: the folder exists and is not empty; import into a new or empty folder"))
    }

    /// Exports fetched from public repositories (WordPress/theme-test-data's `themeunittestdata.wordpress.xml`
    /// and others), never committed: every published post and page without a password must be at the path
    /// of its `<link>` after `blog build`.
    @Test func realExportsKeepEveryPublishedPath() throws {
        guard let folder = ProcessInfo.processInfo.environment["BLOG_WXR_DIR"] else {
            print("skipped: set BLOG_WXR_DIR to a folder of real WordPress exports (*.xml) to run this test")
            return
        }
        let exports = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xml") }
        for name in exports.sorted() {
            let scratch = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(at: scratch) }
            let site = scratch.appending(path: "site")
            let export = URL(filePath: folder).appending(path: name)
            let (imported, built) = try importAndBuild(export, into: site)
            #expect(imported.status == 0, "\(name): \(imported.stderr)")
            #expect(built.status == 0, "\(name): \(built.stderr)")
            let text = try String(contentsOf: export, encoding: .utf8)
            var found = 0
            var published = 0
            for item in text.components(separatedBy: "<item>").dropFirst() {
                guard let path = Self.publishedPath(item) else { continue }
                published += 1
                if FileManager.default.fileExists(atPath: site.appending(path: "public\(path)index.html").path) {
                    found += 1
                } else {
                    Issue.record("\(name): nothing at \(path)")
                }
            }
            print("\(name): \(published) published items with a path, \(found) at their old path")
        }
    }

    /// The path of a published post or page without password whose link is a folder path, else nil.
    static func publishedPath(_ item: String) -> String? {
        func field(_ name: String) -> String {
            guard let start = item.range(of: "<\(name)>"), let end = item.range(of: "</\(name)>") else { return "" }
            return item[start.upperBound..<end.lowerBound].replacingOccurrences(of: "<![CDATA[", with: "")
                .replacingOccurrences(of: "]]>", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard ["post", "page"].contains(field("wp:post_type")), field("wp:status") == "publish",
            field("wp:post_password").isEmpty, let url = URL(string: field("link")), url.query == nil,
            field("link").hasSuffix("/")
        else { return nil }
        var path = url.path.removingPercentEncoding ?? url.path
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        return path.hasSuffix("/") ? path : path + "/"
    }
}
