import BlogFileSystem
import Foundation
import Testing

@Suite struct BuildCommandTests {
    @Test func basicSiteMatchesGoldenTree() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout.hasPrefix(
                "Built 3 posts, 1 page and 6 tags into public/: 47 files written, 1 draft skipped, 1 future post skipped, 0 warnings in "
            ))
        try expectGoldenTree(site.appending(path: "public"), "basic")
        // The fixture's hostile title is HTML-like text, which the validator rightly warns about.
        let feed = try runBlog(["feed", "validate", site.appending(path: "public/feed.json").path])
        #expect(feed.status == 0, "\(feed.stdout)")
        #expect(
            feed.stdout
                == "\(site.appending(path: "public/feed.json").path): items[0].title: warning: the title holds HTML markup or an entity, but titles are plain text\n"
        )
    }

    @Test func buildIsDeterministicAndSkipsUnchangedFiles() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let first = try treeFiles(site.appending(path: "public"))
        let again = try runBlog(["build", "--site", site.path])
        #expect(again.stdout.contains(": 0 files written, 47 unchanged,"))
        #expect(try treeFiles(site.appending(path: "public")) == first)
    }

    #if os(Linux)
        /// The executable links jemalloc for speed; this fails if the link is dropped or glibc's malloc wins.
        /// Under `scripts/sanitize` the sanitizer's own malloc serves every allocation, so it does not apply.
        @Test(.disabled(if: isSanitized, "a sanitizer's malloc replaces every other"))
        func buildsRunOnJemalloc() throws {
            let site = try makeFixtureSite("basic")
            defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
            let result = try runBlog(["build", "--site", site.path], environment: ["BLOG_PROFILE": "1"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("profile: allocator jemalloc 5."), "\(result.stderr)")
            // With its options from the executable: huge pages for the heap.
            #expect(result.stderr.contains("(thp: always)\n"), "\(result.stderr)")
        }
    #endif

    @Test func draftsAndFutureAreIncludedOnRequest() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try runBlog(["build", "--site", site.path, "--drafts", "--future", "--output", "preview"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Built 5 posts, 1 page and 6 tags into preview/"))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "preview/posts/draft/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "preview/posts/future/index.html").path))
    }

    @Test func baseURLOverrideChangesEveryLink() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path, "--base-url", "https://staging.example.net/"]).status == 0)
        let index = try String(contentsOf: site.appending(path: "public/index.html"), encoding: .utf8)
        #expect(index.contains("href=\"/posts/trip/\""))
        #expect(!index.contains("/blog/"))
        let bad = try runBlog(["build", "--site", site.path, "--base-url", "ftp://x"])
        #expect(bad.status == 1)
        #expect(
            bad.stderr.hasPrefix(
                "--base-url: error: expected an absolute http or https URL such as https://example.com/blog/, got \"ftp://x\""
            ))
    }

    @Test func everyBadFileIsReportedInOneRun() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let posts = site.appending(path: "content/posts")
        try "---\ntitle: Bad date\ndate: yesterday\n---\nx\n".write(
            to: posts.appending(path: "bad-date.md"), atomically: true, encoding: .utf8)
        try "---\ntitle: [a, b]\ndate: 2024-01-01\ntag: x\n---\n".write(
            to: posts.appending(path: "bad-title.md"), atomically: true, encoding: .utf8)
        try "no front matter\n".write(to: posts.appending(path: "plain.md"), atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                content/posts/bad-date.md:3:7: error: 'date' must be a date-time such as 2024-05-01T09:30:00+02:00, got "yesterday"
                content/posts/bad-title.md:2:8: error: 'title' must be text, got a list
                content/posts/bad-title.md:4:1: warning: unknown front matter key 'tag'; did you mean 'tags'?
                content/posts/plain.md:1:1: error: missing front matter; expected the file to start with '---', a 'title' and a 'date', and '---'
                3 errors

                """)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public").path))
    }

    @Test func refusesAnOutputFolderItDidNotMake() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: site.appending(path: "mine"), withIntermediateDirectories: true)
        try "keep me".write(to: site.appending(path: "mine/notes.txt"), atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path, "--output", "mine"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("mine: error: the output folder holds files that blog did not make"))
        #expect(try String(contentsOf: site.appending(path: "mine/notes.txt"), encoding: .utf8) == "keep me")
        let root = try runBlog(["build", "--site", site.path, "--output", "."])
        #expect(root.status == 1)
        #expect(root.stderr.hasPrefix(".: error: refusing to write the site into ."))
    }

    @Test func findsTheSiteFromASubfolder() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try runBlog(["build"], in: site.appending(path: "content/posts/trip"))
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/index.html").path))
        let outside = try runBlog(["build"], in: site.deletingLastPathComponent())
        #expect(outside.status == 1)
        #expect(outside.stderr.hasPrefix("blog.yaml: error: not inside a site"))
    }
}
