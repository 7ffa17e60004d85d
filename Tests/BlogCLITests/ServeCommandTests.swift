import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A site made by `blog init` plus one post of our own, `posts/live/`, whose body says `words`.
func makeServedSite(in folder: URL, yaml: String? = nil, words: String = "The first words.") throws -> URL {
    let site = folder.appending(path: "site")
    #expect(try runBlog(["init", site.path]).status == 0)
    if let yaml { try yaml.write(to: site.appending(path: "blog.yaml"), atomically: false, encoding: .utf8) }
    try livePost(words).write(to: site.appending(path: "content/posts/live.md"), atomically: false, encoding: .utf8)
    return site
}

func livePost(_ words: String, title: String = "Live") -> String {
    "---\ntitle: \(title)\ndate: 2024-05-01T09:30:00Z\n---\n\(words)\n"
}

/// Every path under `folder`, hidden ones included, relative to it and sorted.
func listTree(_ folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    return (enumerator?.allObjects as? [String] ?? []).sorted()
}

/// What a stopped `blog serve` left in its output is what a clean build of the same sources, for the same
/// origin, gives.
func expectServedEqualsClean(_ site: URL, port: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let clean = try runBlog([
        "build", "--site", site.path, "--output", "clean", "--base-url", "http://127.0.0.1:\(port)/",
    ])
    #expect(clean.status == 0, sourceLocation: sourceLocation)
    #expect(
        try treeFiles(site.appending(path: ".blog-cache/serve/public")) == treeFiles(site.appending(path: "clean")),
        sourceLocation: sourceLocation)
}

@Suite struct ServeCommandTests {
    @Test func servesThePreviewLikeAHostAndStopsCleanlyOnCtrlC() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let before = listTree(site)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let url = try await server.servingURL()
        #expect(url.host == "127.0.0.1" && url.path == "/")
        let port = try #require(url.port)

        let home = try httpRequest(port: port, path: "/")
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.text.contains("<script id=\"__blog_live_reload\">"))
        // Absolute URLs in the preview point at the preview, not at base_url.
        #expect(home.text.contains("href=\"http://127.0.0.1:\(port)/feed.json\""))

        let feed = try httpRequest(port: port, path: "/feed.json")
        #expect(feed.headers["content-type"] == "application/feed+json; charset=utf-8")
        #expect(feed.text.hasPrefix("{\n  \"version\": \"https://jsonfeed.org/version/1.1\","))
        #expect(try httpRequest(port: port, path: "/style.css").headers["content-type"] == "text/css; charset=utf-8")
        #expect(try httpRequest(port: port, path: "/favicon.svg").headers["content-type"] == "image/svg+xml")

        let post = try httpRequest(port: port, path: "/posts/live/")
        #expect(post.text.contains("The first words."))
        let redirect = try httpRequest(port: port, path: "/posts/live")
        #expect(redirect.status == 301 && redirect.headers["location"] == "/posts/live/")
        let missing = try httpRequest(port: port, path: "/no/such/page/")
        #expect(missing.status == 404 && missing.text.contains("<html"))

        let head = try httpRequest(port: port, path: "/posts/live/", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(post.body.count))
        let tag = try #require(post.headers["etag"])
        #expect(try httpRequest(port: port, path: "/posts/live/", headers: ["If-None-Match": tag]).status == 304)
        // The file's own date: the theme's files are written after the pages, a second later on a busy machine.
        let modified = try #require(try httpRequest(port: port, path: "/style.css").headers["last-modified"])
        #expect(try httpRequest(port: port, path: "/style.css", headers: ["If-Modified-Since": modified]).status == 304)

        // Nothing outside the preview's output, however the path is spelt.
        for path in [
            "/../blog.yaml", "/%2e%2e/%2e%2e/%2e%2e/blog.yaml", "/posts/..%2f..%2f..%2f..%2fblog.yaml", "/.blog-output",
        ] {
            let reply = try httpRequest(port: port, path: path)
            #expect(reply.status == 400 || reply.status == 404, "\(path)")
            #expect(!reply.text.contains("base_url"), "\(path)")
        }

        // Another name for 127.0.0.1 is how a page elsewhere would read the preview (DNS rebinding).
        let rebound = try httpRequest(port: port, path: "/", headers: ["Host": "attacker.example:\(port)"])
        #expect(rebound.status == 403)
        #expect(try httpRequest(port: port, path: "/", headers: ["Host": "localhost:\(port)"]).status == 200)
        // A page elsewhere may send requests, but gets nothing: not a page, not the live-reload socket,
        // and no response grants it read access.
        let handshake = [
            "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version": "13",
        ]
        for origin in ["http://evil.example", "null", "http://localhost.evil.example", "http://127.0.0.1:\(port + 1)"] {
            let page = try httpRequest(port: port, path: "/posts/live/", headers: ["Origin": origin])
            #expect(page.status == 403 && !page.text.contains("The first words."), "\(origin)")
            #expect(
                try httpRequest(port: port, path: "/__blog/live", headers: handshake.merging(["Origin": origin]) { $1 })
                    .status == 403, "\(origin)")
        }
        let own = try httpRequest(port: port, path: "/posts/live/", headers: ["Origin": "http://127.0.0.1:\(port)"])
        #expect(own.status == 200 && own.headers["access-control-allow-origin"] == nil)
        #expect(try httpRequest(port: port, path: "/", method: "POST", body: Data("{}".utf8)).status == 405)

        // One preview per site: a second server would build into the same folder.
        let second = try runBlog(["serve", "--site", site.path, "--port", "0"])
        #expect(second.status == 1)
        #expect(
            second.stderr
                == "error: another blog serve is already previewing this site; stop it first (both would build into .blog-cache/serve/)\n"
        )

        #expect(await server.stop() == 0)
        #expect(server.stdout.hasSuffix("Stopped.\n"), "\(server.stdout)")
        #expect(server.stderr == "")
        // Only the preview folder is new: no staging or trash folders, nothing beside the sources.
        let added = Set(listTree(site)).subtracting(before).filter {
            !$0.hasPrefix(".blog-cache/serve/public/") && !$0.hasPrefix(".blog-cache/serve/.public.blog-spare/")
        }
        #expect(
            added == [
                ".blog-cache", ".blog-cache/lock", ".blog-cache/serve", ".blog-cache/serve/.public.blog-spare",
                ".blog-cache/serve/build.bin", ".blog-cache/serve/lock", ".blog-cache/serve/public",
            ])

        // The reload script is the server's: a build of the same site has none of it.
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let built = listTree(site.appending(path: "public")).map { site.appending(path: "public/\($0)") }
        #expect(!built.isEmpty)
        for file in built {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(!text.contains("__blog"), "\(file.path)")
        }
    }

    /// What the preview never serves is answered at its front door, within seconds and without reading it
    /// all: oversized or silent requests, other methods, bodies, two or malformed hosts, WebSocket frames past
    /// the limit or unmasked; and a connection that never says anything does not keep the server from stopping.
    @Test func hostileRequestsAreRefusedQuicklyAndDoNotHoldTheServer() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let port = try #require(try await server.servingURL().port)
        let host = "Host: 127.0.0.1:\(port)\r\n"
        func statusLine(_ text: String) throws -> String {
            let reply = try rawExchange(port: port, Array(text.utf8))
            return String(decoding: reply, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
        }
        #expect(
            try statusLine("GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\n" + host + "\r\n")
                == "HTTP/1.1 414 URI Too Long")
        #expect(
            try statusLine("GET / HTTP/1.1\r\n" + host + "X: " + String(repeating: "a", count: 100_000) + "\r\n\r\n")
                == "HTTP/1.1 431 Request Header Fields Too Large")
        #expect(
            try statusLine("GET / HTTP/1.1\r\n" + host + (0..<200).map { "X\($0): 1\r\n" }.joined() + "\r\n")
                == "HTTP/1.1 431 Request Header Fields Too Large")
        #expect(try statusLine("BREW / HTTP/1.1\r\n" + host + "\r\n") == "HTTP/1.1 501 Not Implemented")
        #expect(try statusLine("DELETE / HTTP/1.1\r\n" + host + "\r\n") == "HTTP/1.1 405 Method Not Allowed")
        #expect(
            try statusLine(
                "POST / HTTP/1.1\r\n" + host + "Content-Length: 100000\r\n\r\n" + String(repeating: "x", count: 100_000)
            ) == "HTTP/1.1 405 Method Not Allowed")
        #expect(
            try statusLine("GET / HTTP/1.1\r\n" + host + "Content-Length: 5\r\n\r\nhello") == "HTTP/1.1 400 Bad Request"
        )
        #expect(
            try statusLine("GET / HTTP/1.1\r\n" + host + "Host: attacker.example\r\n\r\n") == "HTTP/1.1 400 Bad Request"
        )
        // A client that starts a request and goes quiet is answered and dropped.
        let started = ContinuousClock.now
        #expect(try statusLine("GET / HTTP/1.1\r\n" + host) == "HTTP/1.1 408 Request Timeout")
        #expect(ContinuousClock.now - started < .seconds(20))
        // A WebSocket frame declaring a terabyte is refused with close code 1009 before it is read.
        let handshake =
            "GET /__blog/live HTTP/1.1\r\n" + host
            + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let frame: [UInt8] = [0x82, 0xFF, 0, 0, 1, 0, 0, 0, 0, 0, 1, 2, 3, 4] + [UInt8](repeating: 120, count: 100)
        let reply = try rawExchange(port: port, Array(handshake.utf8) + frame)
        #expect(String(decoding: reply.prefix(12), as: UTF8.self) == "HTTP/1.1 101")
        #expect(reply.suffix(4) == [0x88, 0x02, 0x03, 0xF1], "\(reply.suffix(8))")
        // A client frame without a mask closes the connection with 1002 (RFC 6455 §5.1), also after a masked one
        // and when its header comes in pieces.
        let masked: [UInt8] = [0x81, 0x82, 1, 2, 3, 4, 0x69 ^ 1, 0x21 ^ 2]
        for frames in [
            [0x81, 0x02, 0x68, 0x69], masked + [0x81, 0x02, 0x68, 0x69], masked + [0x82, 0x7E, 0, 3, 1, 2, 3],
        ] {
            let refused = try rawExchange(port: port, Array(handshake.utf8), afterHead: frames)
            #expect(String(decoding: refused.prefix(12), as: UTF8.self) == "HTTP/1.1 101")
            #expect(refused.suffix(4) == [0x88, 0x02, 0x03, 0xEA], "\(frames): \(refused.suffix(8))")
        }
        // A Host that is not one host and port is a bad request, whatever it names.
        for bad in [
            "127.0.0.1:\(port)@evil.example", "127.0.0.1, evil.example", "127.0.0.1/x", "127.0.0.1:80:81", "[::1]x",
            "[::1]:80x", "", "127.0.0.1:999999", "[::1", "local host",
        ] {
            #expect(try statusLine("GET / HTTP/1.1\r\nHost: \(bad)\r\n\r\n") == "HTTP/1.1 400 Bad Request", "\(bad)")
        }
        // An open connection that never sends a request does not hold the server when it stops.
        let silent = try connectToLoopback(port: port)
        defer { close(silent) }
        #expect(await server.stop() == 0)
    }

    /// Many idle connections under a low `ulimit -n` do not take the server's last file descriptors: it
    /// holds fewer connections than the limit allows, still serves pages on those it holds (each opens a
    /// file), and answers the waiting ones as soon as connections go. With no descriptor free, Dispatch's
    /// thread pool monitor cannot open `/proc/<thread>/stat` and stops the process with SIGILL.
    @Test func runningOutOfDescriptorsIsSurvived() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"], descriptorLimit: 64)
        let port = try #require(try await server.servingURL().port)
        // Connected before the others, so accepted first.
        let first = try connectToLoopback(port: port)
        defer { close(first) }
        var idle: [Int32] = []
        for _ in 0..<100 {
            // Past its maximum the server stops accepting, and the system's backlog then refuses.
            if let descriptor = try? connectToLoopback(port: port) { idle.append(descriptor) }
        }
        let page = try httpRequest(over: first, port: port, path: "/posts/live/")
        #expect(page.status == 200 && page.text.contains("The first words."), "\(page.status) \(server.stderr)")
        try await Task.sleep(for: .milliseconds(500))
        // Connections leave 32 descriptors free; a few of them may be open for a moment.
        if let open = server.openDescriptors { #expect(open <= 64 - 16) }
        for descriptor in idle { close(descriptor) }
        var answered = false
        for _ in 0..<50 where !answered {
            answered = (try? httpRequest(port: port, path: "/posts/live/").status) == 200
            if !answered { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(answered, "\(server.stderr)")
        #expect(await server.stop() == 0)
    }

    /// A limit too low for the event loops and a browser's connections is named before anything starts.
    @Test func aDescriptorLimitTooLowToServeIsNamed() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"], descriptorLimit: 16)
        #expect(await server.exitStatus() == 1)
        #expect(
            server.stderr.hasPrefix("error: the limit of open files is 16 (ulimit -n); the preview needs at least "))
        #expect(server.stdout == "")
    }

    @Test func aSiteWithABasePathIsServedUnderIt() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder, yaml: "title: Docs\nbase_url: https://example.com/docs/\n")
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let url = try await server.servingURL()
        #expect(url.absoluteString.hasSuffix("/docs/"))
        let port = try #require(url.port)
        let root = try httpRequest(port: port, path: "/")
        #expect(root.status == 301 && root.headers["location"] == "/docs/")
        #expect(try httpRequest(port: port, path: "/docs/posts/live/").text.contains("The first words."))
        #expect(try httpRequest(port: port, path: "/posts/live/").status == 404)
        #expect(await server.stop() == 0)
    }

    @Test func aPortInUseIsNamed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let (descriptor, port) = try occupyPort()
        defer { close(descriptor) }
        let result = try runBlog(["serve", "--site", site.path, "--port", String(port)])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: port \(port) on 127.0.0.1 is in use; stop the other server or choose another with --port\n")
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: ".blog-cache").path))
    }

    @Test func aHostThatIsNotAnAddressIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let result = try runBlog(["serve", "--site", site.path, "--host", "example.com"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: --host: expected an IP address such as 127.0.0.1, ::1 or 0.0.0.0, got \"example.com\"\n")
    }

    @Test func listeningBeyondLoopbackWarnsAndTermStopsToo() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let server = try ServeProcess(site: site, arguments: ["--port", "0", "--host", "0.0.0.0"])
        let url = try await server.servingURL()
        #expect(server.stderr == "warning: serving on 0.0.0.0: other machines can read the preview, drafts included\n")
        #expect(try httpRequest(port: try #require(url.port), path: "/").status == 200)
        #expect(await server.stop(signal: SIGTERM) == 0)
    }

    @Test func editsRebuildAndABrokenFileKeepsTheLastGoodBuild() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let post = site.appending(path: "content/posts/live.md")
        let server = try ServeProcess(site: site, arguments: ["--port", "0", "--drafts"])
        let port = try #require(try await server.servingURL().port)

        try livePost("Second words.").write(to: post, atomically: true, encoding: .utf8)
        #expect(await server.waitForOutput("content/posts/live.md changed: Built 2 posts"), "\(server.stdout)")
        #expect(try httpRequest(port: port, path: "/posts/live/").text.contains("Second words."))

        try "---\ntitle: Live\ndate: yesterday\n---\nThird.\n".write(to: post, atomically: true, encoding: .utf8)
        #expect(await server.waitForOutput("Still serving the last good build"))
        #expect(
            server.stderr.contains(
                "content/posts/live.md:3:7: error: 'date' must be a date-time such as 2024-05-01T09:30:00+02:00, got \"yesterday\"\n1 error\n"
            ))
        #expect(try httpRequest(port: port, path: "/posts/live/").text.contains("Second words."))

        try livePost("Fourth words.").write(to: post, atomically: true, encoding: .utf8)
        #expect(await server.waitForOutput("content/posts/live.md changed: Built 2 posts", count: 2))
        #expect(try httpRequest(port: port, path: "/posts/live/").text.contains("Fourth words."))
        #expect(await server.stop() == 0)
    }

    /// A save that changes only a post's body (not its summary) is rebuilt alone from the record kept in
    /// memory, and what is served is what a clean build of the same sources gives.
    @Test func aBodyEditIsRebuiltAloneWhileServing() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(
            in: folder, words: "The summary.\n\nThe first words, and [a link](../pages/about.md).")
        // These edits change the post's words: the search index's files they touch are rewritten too.
        let post = site.appending(path: "content/posts/live.md")
        let server = try ServeProcess(site: site, arguments: ["--port", "0"], environment: ["BLOG_PROFILE": "1"])
        let served = try await server.servingURL()
        let port = try #require(served.port)
        // The later rounds take the word shards the memory kept from the earlier ones.
        let rounds = ["Second words.", "Third words.", "Fourth words, zygote xylophone.", "Fifth words."]
        for (round, words) in rounds.enumerated() {
            try livePost("The summary.\n\n\(words) See [about](../pages/about.md).").write(
                to: post, atomically: true, encoding: .utf8)
            #expect(
                await server.waitForOutput("content/posts/live.md changed: Built", count: round + 1), "\(server.stdout)"
            )
            #expect(try httpRequest(port: port, path: "/posts/live/").text.contains(words))
        }
        #expect(
            server.stderr.components(separatedBy: "1 edited files rebuilt alone").count == rounds.count + 1,
            "\(server.stderr)")
        #expect(await server.stop() == 0)
        try expectServedEqualsClean(site, port: port)
    }

    /// A save stamps only the files the watcher saw change when each is a source the last build found;
    /// posts added, removed or renamed, and edits written in place, are served as a clean build gives them.
    @Test func savesStampOnlyWhatChangedAndAddedOrRemovedPostsAreServed() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let posts = site.appending(path: "content/posts")
        let server = try ServeProcess(site: site, arguments: ["--port", "0"], environment: ["BLOG_PROFILE": "1"])
        let port = try #require(try await server.servingURL().port)
        // A save can reach the watcher in more than one batch, and so make more than one build: each step
        // waits for the page to serve what it should, not for a count of builds.
        func save(
            _ change: () throws -> Void, _ path: String, at page: String, until isServed: (HTTPReply) -> Bool
        ) async throws {
            try change()
            var served = false
            for _ in 0..<200 where !served {
                try await Task.sleep(for: .milliseconds(50))
                served = isServed(try httpRequest(port: port, path: page))
            }
            #expect(served, "\(path): \(page)")
        }
        try await save(
            {
                try livePost("Saved by renaming.").write(
                    to: posts.appending(path: "live.md"), atomically: true, encoding: .utf8)
            },
            "live.md", at: "/posts/live/"
        ) { $0.text.contains("Saved by renaming.") }
        try await save(
            {
                try livePost("Written in place.").write(
                    to: posts.appending(path: "live.md"), atomically: false, encoding: .utf8)
            },
            "live.md", at: "/posts/live/"
        ) { $0.text.contains("Written in place.") }
        try await save(
            {
                try livePost("A new post.", title: "New").write(
                    to: posts.appending(path: "new.md"), atomically: false, encoding: .utf8)
            },
            "new.md", at: "/posts/new/"
        ) { $0.text.contains("A new post.") }
        try await save(
            {
                try FileManager.default.moveItem(
                    at: posts.appending(path: "new.md"), to: posts.appending(path: "renamed.md"))
            },
            "renamed.md", at: "/posts/renamed/"
        ) { $0.text.contains("A new post.") }
        try await save(
            {
                try livePost("Edited after the rename.", title: "New").write(
                    to: posts.appending(path: "renamed.md"), atomically: false, encoding: .utf8)
            },
            "renamed.md", at: "/posts/renamed/"
        ) { $0.text.contains("Edited after the rename.") }
        try await save(
            { try FileManager.default.removeItem(at: posts.appending(path: "renamed.md")) },
            "renamed.md", at: "/posts/renamed/"
        ) { $0.status == 404 }
        #expect(try httpRequest(port: port, path: "/posts/live/").text.contains("Written in place."))
        #expect(try httpRequest(port: port, path: "/posts/new/").status == 404)
        // A post replaced by a folder of its own name (no post: it has no index.md), and back.
        let live = posts.appending(path: "live.md")
        try await save(
            {
                try FileManager.default.removeItem(at: live)
                try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
            }, "live.md", at: "/posts/live/"
        ) { $0.status == 404 }
        try await save(
            {
                try FileManager.default.removeItem(at: live)
                try livePost("Back as a file.").write(to: live, atomically: false, encoding: .utf8)
            }, "live.md", at: "/posts/live/"
        ) { $0.text.contains("Back as a file.") }
        #expect(server.stderr.contains("stamped only the 1 files a watcher saw change"), "\(server.stderr)")
        #expect(await server.stop() == 0)
        try expectServedEqualsClean(site, port: port)
    }

    @Test func aSiteThatDoesNotBuildYetIsServedOnceFixed() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let post = site.appending(path: "content/posts/live.md")
        try "---\ntitle: Live\ndate: yesterday\n---\nBroken.\n".write(to: post, atomically: true, encoding: .utf8)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let port = try #require(try await server.servingURL().port)
        #expect(server.stderr.hasPrefix("content/posts/live.md:3:7: error: 'date' must be a date-time"))
        // Nothing was built yet: a page that can show the error and reload once there is a site.
        let waiting = try httpRequest(port: port, path: "/")
        #expect(waiting.status == 404 && waiting.text.contains("__blog_live_reload"))

        try livePost("Fixed at last.").write(to: post, atomically: true, encoding: .utf8)
        #expect(await server.waitForOutput("content/posts/live.md changed: Built"))
        #expect(try httpRequest(port: port, path: "/posts/live/").text.contains("Fixed at last."))
        #expect(await server.stop() == 0)
    }

    @Test func ctrlCWaitsForTheBuildAndASecondOneStopsAtOnce() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeServedSite(in: folder)
        let staging = site.appending(path: ".blog-cache/serve/.public.blog-staging")
        // The build pauses with its tree staged, as a long build would be busy; long enough that a test
        // process slowed by the tests beside it still finds it paused (the second Ctrl-C ends it anyway).
        let server = try ServeProcess(
            site: site, arguments: ["--port", "0", "--pause-before-swap", "600"])
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, !FileManager.default.fileExists(atPath: staging.path) {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(FileManager.default.fileExists(atPath: staging.path))
        kill(server.processIdentifier, SIGINT)
        #expect(await server.waitForOutput("Stopping (Ctrl-C again to stop at once)"))
        #expect(server.isRunning)
        #expect(await server.stop() == 128 + SIGINT)
        #expect(!server.stdout.contains("Stopped."))

        // The next start clears what the stopped build left and serves as usual.
        let again = try ServeProcess(site: site, arguments: ["--port", "0"])
        let port = try #require(try await again.servingURL().port)
        #expect(try httpRequest(port: port, path: "/posts/live/").text.contains("The first words."))
        #expect(await again.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: staging.path))
    }
}
