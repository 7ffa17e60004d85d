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

    /// An import of `uploads.xml` (with `--uploads` when `copying`) and the build of its site, in a
    /// temporary folder the caller removes: `uploads/` holds tiny files, `secret.txt` beside it must never
    /// be copied, and `uploads/2021/05/link.txt` is a symbolic link to it.
    struct UploadsImport {
        let folder: URL
        let site: URL
        let uploads: URL
        let imported: ProcessResult
        let built: ProcessResult
        let export = WordPressImportTests.fixtures.appending(path: "uploads.xml").path

        init(copying: Bool) throws {
            folder = try makeTemporaryFolder()
            site = folder.appending(path: "site")
            uploads = folder.appending(path: "uploads").standardizedFileURL
            let month = uploads.appending(path: "2021/05")
            try FileManager.default.createDirectory(at: month, withIntermediateDirectories: true)
            for name in ["photo.jpg", "photo-300x200.jpg", "hut.jpg", "song.mp3", "clip.mp4", "unused.jpg"] {
                try Data(name.utf8).write(to: month.appending(path: name))
            }
            try Data("secret".utf8).write(to: folder.appending(path: "secret.txt"))
            try FileManager.default.createSymbolicLink(
                atPath: month.appending(path: "link.txt").path, withDestinationPath: "../../../secret.txt")
            var arguments = ["import", "wordpress", export, site.path]
            if copying { arguments += ["--uploads", uploads.path] }
            imported = try runBlog(arguments)
            built = try runBlog(["build", "--site", site.path])
        }

        func text(_ path: String) throws -> String {
            try String(contentsOf: site.appending(path: path), encoding: .utf8)
        }

        func expectWarning(_ line: Int, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let expected = "\(export):\(line): warning: \(message)\n"
            #expect(imported.stderr.contains(expected), "\(imported.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func uploadsAreCopiedAndServedAtTheirNewURLs() throws {
        let run = try UploadsImport(copying: true)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.imported.status == 0, "\(run.imported.stderr)")
        #expect(run.imported.stdout.hasPrefix("Imported 2 posts, 0 drafts, 0 pages, 5 assets and 0 redirects"))
        #expect(run.built.status == 0, "\(run.built.stderr)")
        for name in ["photo.jpg", "photo-300x200.jpg", "hut.jpg", "song.mp3", "clip.mp4"] {
            #expect(try run.text("public/wp-content/uploads/2021/05/\(name)") == name)
        }
        // Only what a post links to is copied: WordPress keeps many sizes of every image.
        #expect(
            !FileManager.default.fileExists(
                atPath: run.site.appending(path: "public/wp-content/uploads/2021/05/unused.jpg").path))
        let classic = try run.text("public/2021/05/01/classic-photos/index.html")
        for html in [
            "<a href=\"/wp-content/uploads/2021/05/photo.jpg\"><img src=\"/wp-content/uploads/2021/05/photo-300x200.jpg\"",
            "srcset=\"/wp-content/uploads/2021/05/photo-300x200.jpg 300w, /wp-content/uploads/2021/05/photo.jpg 1024w\"",
            "<img src=\"/wp-content/uploads/2021/05/hut.jpg\" alt=\"Hut\" /><figcaption class=\"wp-caption-text\">A hut</figcaption>",
            "<source src=\"/wp-content/uploads/2021/05/song.mp3\">",
        ] {
            #expect(classic.contains(html), "\(html)")
        }
        let blocks = try run.text("public/2021/05/02/block-gallery/index.html")
        #expect(blocks.contains("<img src=\"/wp-content/uploads/2021/05/hut.jpg\" alt=\"\" class=\"wp-image-32\"/>"))
        #expect(blocks.contains("<video controls src=\"/wp-content/uploads/2021/05/clip.mp4\">"))
    }

    @Test func sizeWithoutItsFileFallsBackToTheOriginal() throws {
        let run = try UploadsImport(copying: true)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        run.expectWarning(
            15,
            "\"Classic photos\" (post 20) links to wp-content/uploads/2021/05/photo-150x150.jpg, a size WordPress "
                + "made that is not in \(run.uploads.path); the original wp-content/uploads/2021/05/photo.jpg is shown instead"
        )
        let classic = try run.text("public/2021/05/01/classic-photos/index.html")
        #expect(classic.contains("<img src=\"/wp-content/uploads/2021/05/photo.jpg\" alt=\"Thumbnail\" />"))
    }

    @Test func missingUploadIsAWarningAndKeepsTheOldURL() throws {
        let run = try UploadsImport(copying: true)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        run.expectWarning(
            19,
            "\"Classic photos\" (post 20) links to wp-content/uploads/2021/05/gone.png, which is not in "
                + "\(run.uploads.path); the link stays at the old site")
        let classic = try run.text("public/2021/05/01/classic-photos/index.html")
        #expect(
            classic.contains("<img src=\"https://old.example.org/wp-content/uploads/2021/05/gone.png\" alt=\"Gone\" />")
        )
    }

    @Test func featuredImageBecomesImage() throws {
        let run = try UploadsImport(copying: true)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        let post = try run.text("content/posts/2021-05-01-classic-photos.md")
        #expect(post.contains("\nimage: \"/wp-content/uploads/2021/05/photo.jpg\"\n"))
        let page = try run.text("public/2021/05/01/classic-photos/index.html")
        #expect(
            page.contains(
                "<meta property=\"og:image\" content=\"https://old.example.org/wp-content/uploads/2021/05/photo.jpg\">")
        )
        run.expectWarning(
            34,
            "\"Block gallery\" (post 21)'s featured image, attachment 98, is not in the export; no image: was written")
        #expect(!(try run.text("content/posts/2021-05-02-block-gallery.md")).contains("image:"))
    }

    @Test func uploadsPathLeavingTheFolderIsRefused() throws {
        let run = try UploadsImport(copying: true)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.imported.status == 0, "\(run.imported.stderr)")
        for path in ["../secret.txt", "2021/%2e%2e/%2E%2E/secret.txt", "2021/05/link.txt"] {
            run.expectWarning(
                23,
                "\"Classic photos\" (post 20) links to wp-content/uploads/\(path), which is outside \(run.uploads.path) "
                    + "(or a hidden file there) and is not copied; the link stays at the old site")
        }
        let files = FileManager.default.enumerator(at: run.site, includingPropertiesForKeys: nil)?.allObjects ?? []
        for case let file as URL in files {
            #expect(file.lastPathComponent != "secret.txt" && file.lastPathComponent != "link.txt", "\(file.path)")
            #expect((try? String(contentsOf: file, encoding: .utf8)) != "secret", "\(file.path)")
        }
        let classic = try run.text("public/2021/05/01/classic-photos/index.html")
        #expect(classic.contains("<a href=\"https://old.example.org/wp-content/uploads/../secret.txt\">one</a>"))
    }

    @Test func galleryShowsTheImagesTheExportHas() throws {
        let run = try UploadsImport(copying: true)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        run.expectWarning(
            42,
            "\"[gallery ids=\\\"31,32,99\\\"]\" in \"Block gallery\" (post 21): attachment 99 is not in the export; "
                + "it shows the other 2 images")
        let blocks = try run.text("public/2021/05/02/block-gallery/index.html")
        #expect(
            blocks.contains(
                "<figure class=\"gallery\"><img src=\"/wp-content/uploads/2021/05/photo.jpg\" alt=\"\" loading=\"lazy\">"
                    + "<img src=\"/wp-content/uploads/2021/05/hut.jpg\" alt=\"\" loading=\"lazy\"></figure>"))
        #expect(!blocks.contains("[gallery ids=\"31"))
        // None of its attachments: the shortcode stays as text, said once.
        run.expectWarning(
            49,
            "\"[gallery ids=\\\"97\\\"]\" in \"Block gallery\" (post 21): attachment 97 is not in the export; "
                + "it was left as written")
        #expect(!run.imported.stderr.contains("[gallery ids=\\\"97\\\"]\" in \"Block gallery\" (post 21) was left"))
    }

    @Test func withoutUploadsLinksStayAtTheOldSiteWithOneWarningPerPost() throws {
        let run = try UploadsImport(copying: false)
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.imported.stdout.hasPrefix("Imported 2 posts, 0 drafts, 0 pages, 0 assets and 0 redirects"))
        #expect(run.built.status == 0, "\(run.built.stderr)")
        run.expectWarning(
            13,
            "\"Classic photos\" (post 20) links to 9 files of the old media library "
                + "(wp-content/uploads/2021/05/photo.jpg …), which stay at the old site; give --uploads FOLDER to copy them"
        )
        run.expectWarning(
            37,
            "\"Block gallery\" (post 21) links to 3 files of the old media library "
                + "(wp-content/uploads/2021/05/hut.jpg …), which stay at the old site; give --uploads FOLDER to copy them"
        )
        #expect(run.imported.stderr.components(separatedBy: "of the old media library").count == 3)
        let post = try run.text("content/posts/2021-05-01-classic-photos.md")
        #expect(post.contains("\nimage: \"https://old.example.org/wp-content/uploads/2021/05/photo.jpg\"\n"))
        #expect(
            post.contains(
                "srcset=\"https://old.example.org/wp-content/uploads/2021/05/photo-300x200.jpg 300w, "
                    + "http://www.old.example.org/wp-content/uploads/2021/05/photo.jpg 1024w\""))
        #expect(!FileManager.default.fileExists(atPath: run.site.appending(path: "public/wp-content").path))
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
