import Foundation
import Testing

@Suite struct InitAndNewPostTests {
    @Test func initMakesASiteThatBuilds() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runBlog(["init", "site"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let site = folder.appending(path: "site")
        for path in [
            "blog.yaml", ".gitignore", "content/pages/about.md", "site-template/base.mustache",
            "site-template/static/style.css",
        ] {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: path).path), "\(path)")
        }
        let posts = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "content/posts").path)
        #expect(posts.count == 1 && posts[0].hasSuffix("-hello-world.md"))
        let build = try runBlog(["build"], in: site)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("Built 1 post, 1 page and 1 tag into public/"))
        #expect(try runBlog(["feed", "validate", "public/feed.json"], in: site).status == 0)
    }

    @Test func initRefusesANonEmptyFolderAndForceOverwritesNothing() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "title: Mine\nbase_url: https://mine.example/\n".write(
            to: folder.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        let refused = try runBlog(["init", folder.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("\(folder.lastPathComponent): error: the folder is not empty; pass --force"))
        let forced = try runBlog(["init", "--force", folder.path])
        #expect(forced.status == 0)
        #expect(forced.stderr == "kept blog.yaml (it exists)\n")
        #expect(
            try String(contentsOf: folder.appending(path: "blog.yaml"), encoding: .utf8)
                == "title: Mine\nbase_url: https://mine.example/\n")
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: "site-template/post.mustache").path))
    }

    @Test func newPostQuotesTheTitleAndNeverOverwrites() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runBlog(["init", folder.path]).status == 0)
        let title = #"She said: "it's #1" \ [not] {a: map} — ünïcødé"#
        let result = try runBlog(["new-post", title, "--tags", "a, b c", "--draft", "--site", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let path = result.stdout.trimmingCharacters(in: .newlines)
        #expect(path.hasSuffix("-she-said-it-s-1-not-a-map-unicode.md"))
        let text = try String(contentsOf: URL(filePath: path), encoding: .utf8)
        #expect(text.hasPrefix("---\ntitle: \"She said: \\\"it's #1\\\" \\\\ [not] {a: map} — ünïcødé\"\ndate: "))
        #expect(text.contains("\ntags: [\"a\", \"b c\"]\ndraft: true\n---\n"))
        try (text + "My words.\n").write(to: URL(filePath: path), atomically: true, encoding: .utf8)
        let build = try runBlog(["build", "--drafts", "--site", folder.path])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(
            contentsOf: folder.appending(path: "public/posts/she-said-it-s-1-not-a-map-unicode/index.html"),
            encoding: .utf8)
        #expect(page.contains("<h1>She said: &quot;it&#39;s #1&quot; \\ [not] {a: map} — ünïcødé</h1>"))
        let again = try runBlog(["new-post", title, "--site", folder.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("error: a post already exists at this path; it was left as it is"))
        #expect(try String(contentsOf: URL(filePath: path), encoding: .utf8).hasSuffix("My words.\n"))
    }

    /// A blank title, or one with nothing to make a file name of, is refused; no `untitled.md` appears.
    @Test(arguments: [
        ("", "new-post: error: the title is empty; give the post a title such as blog new-post \"Hello, world\""),
        (
            "   \n\t",
            "new-post: error: the title is empty; give the post a title such as blog new-post \"Hello, world\""
        ),
        ("?!…", "new-post: error: the title \"?!…\" has no letters or digits to name the file by; pass --slug NAME"),
        (
            "\u{1B}\u{07}",
            "new-post: error: the title \"\\u001b\\u0007\" has no letters or digits to name the file by; pass --slug NAME"
        ),
    ])
    func newPostRefusesATitleWithoutAName(_ title: String, _ message: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runBlog(["init", folder.path]).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "content/posts").path)
        let result = try runBlog(["new-post", title, "--site", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "content/posts").path) == before)
        // With a slug, the same title is fine.
        if !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            #expect(try runBlog(["new-post", title, "--slug", "named", "--site", folder.path]).status == 0)
        }
    }

    @Test func newPostRefusesAnUnsafeSlug() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runBlog(["init", folder.path]).status == 0)
        let result = try runBlog(["new-post", "x", "--slug", "../escape", "--site", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("--slug: error: the slug must not contain '/' or '\\', got \"../escape\""))
    }

    @Test func everyCommandHasHelpWithExamples() throws {
        for command in [["init"], ["new-post"], ["build"], ["feed", "validate"], ["feed", "format"]] {
            let result = try runBlog(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Examples:"), "\(command)")
        }
    }
}
