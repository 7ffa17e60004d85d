import Foundation
import Testing

@testable import BlogServe

/// A built site on disk: pages, assets, a 404 page, a hidden marker, and a link pointing out of it.
struct ServedFolder: ~Copyable {
    let parent: URL
    var root: URL { parent.appending(path: "public") }
    static let page = "<!doctype html>\n<html><body>\n<p>Hello</p>\n</body></html>\n"

    init() throws {
        parent = FileManager.default.temporaryDirectory.appending(path: "blogserve-\(UUID().uuidString)")
        let files = [
            "index.html": Self.page, "posts/hello/index.html": "<html><body>post</body></html>",
            "404.html": "<html><body>gone</body></html>",
            "style.css": "body{}", "app.js": "1", "feed.json": "{}", "data.json": "{}", "logo.svg": "<svg/>",
            "photo.jpg": "j",
            "photo.png": "p", "font.woff2": "w", ".blog-output": "marker", "notes": "n",
        ]
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        try "secret".write(to: parent.appending(path: "secret.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "leak.txt").path, withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "outside").path, withDestinationPath: parent.path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "same.css").path, withDestinationPath: "style.css")
    }

    deinit { try? FileManager.default.removeItem(at: parent) }

    func get(
        _ path: String, basePath: String = "/", generation: Int? = nil, method: String = "GET",
        headers: [String: String] = [:]
    ) -> SiteResponder.Reply {
        SiteResponder(root: root, basePath: basePath, generation: generation).respond(
            method: method, rawPath: path, headers: headers)
    }
}

extension SiteResponder.Reply {
    var text: String { String(decoding: body, as: UTF8.self) }
}

@Suite struct SiteResponderTests {
    @Test(arguments: [
        ("/index.html", "text/html; charset=utf-8"), ("/style.css", "text/css; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"), ("/feed.json", "application/feed+json; charset=utf-8"),
        ("/data.json", "application/json; charset=utf-8"), ("/logo.svg", "image/svg+xml"), ("/photo.jpg", "image/jpeg"),
        ("/photo.png", "image/png"), ("/font.woff2", "font/woff2"), ("/notes", "application/octet-stream"),
    ])
    func contentTypeFollowsTheFile(path: String, type: String) throws {
        let folder = try ServedFolder()
        let reply = folder.get(path)
        #expect(reply.status == 200)
        #expect(reply.headers["Content-Type"] == type)
    }

    @Test func foldersServeTheirIndexAndGainASlash() throws {
        let folder = try ServedFolder()
        #expect(folder.get("/").text == ServedFolder.page)
        #expect(folder.get("/posts/hello/").text == "<html><body>post</body></html>")
        let redirect = folder.get("/posts/hello")
        #expect(redirect.status == 301)
        #expect(redirect.headers["Location"] == "/posts/hello/")
    }

    @Test func missingFilesGetThe404PageWithStatus404() throws {
        let folder = try ServedFolder()
        let reply = folder.get("/no/such/page/")
        #expect(reply.status == 404)
        #expect(reply.text == "<html><body>gone</body></html>")
        #expect(reply.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func headIsGetWithoutTheBody() throws {
        let folder = try ServedFolder()
        let get = folder.get("/style.css")
        let head = folder.get("/style.css", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["Content-Length"] == String(get.body.count))
        #expect(head.headers["ETag"] == get.headers["ETag"])
        #expect(folder.get("/style.css", method: "POST").status == 405)
    }

    @Test func validatorsThatStillHoldGive304() throws {
        let folder = try ServedFolder()
        let first = folder.get("/style.css")
        let tag = try #require(first.headers["ETag"])
        let modified = try #require(first.headers["Last-Modified"])
        #expect(folder.get("/style.css", headers: ["if-none-match": tag]).status == 304)
        #expect(folder.get("/style.css", headers: ["if-none-match": "\"other\", \(tag)"]).status == 304)
        #expect(folder.get("/style.css", headers: ["if-none-match": "\"other\""]).status == 200)
        #expect(folder.get("/style.css", headers: ["if-modified-since": modified]).status == 304)
        #expect(folder.get("/style.css", headers: ["if-modified-since": "Sat, 01 Jan 2000 00:00:00 GMT"]).status == 200)
        // A stale tag wins over a date that would still hold (RFC 9110 §13.2.2).
        #expect(
            folder.get("/style.css", headers: ["if-none-match": "\"other\"", "if-modified-since": modified]).status
                == 200)
        let notModified = folder.get("/style.css", headers: ["if-none-match": tag])
        #expect(notModified.body.isEmpty)
    }

    @Test(arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/posts/%2e%2e/%2e%2e/secret.txt",
        "/..%2fsecret.txt", "/posts/..%2F..%2Fsecret.txt", "/./index.html", "/%2e/index.html",
    ])
    func dotSegmentsAreRefused(path: String) throws {
        let folder = try ServedFolder()
        let reply = folder.get(path)
        #expect(reply.status == 400)
        #expect(!reply.text.contains("secret"))
    }

    @Test(arguments: ["/leak.txt", "/outside/secret.txt", "/.blog-output", "/%00", "/a%5c..%5csecret.txt", "/%zz"])
    func nothingOutsideTheSiteOrHiddenIsServed(path: String) throws {
        let folder = try ServedFolder()
        let reply = folder.get(path)
        #expect(reply.status == 404 || reply.status == 400)
        #expect(!reply.text.contains("secret") && !reply.text.contains("marker"))
    }

    @Test func linksInsideTheSiteAreServed() throws {
        let folder = try ServedFolder()
        #expect(folder.get("/same.css").text == "body{}")
    }

    @Test func aBasePathIsWhereTheSiteLives() throws {
        let folder = try ServedFolder()
        for path in ["/", "/docs"] {
            let reply = folder.get(path, basePath: "/docs/")
            #expect(reply.status == 301)
            #expect(reply.headers["Location"] == "/docs/")
        }
        #expect(folder.get("/docs/", basePath: "/docs/").text == ServedFolder.page)
        #expect(folder.get("/docs/style.css", basePath: "/docs/").text == "body{}")
        #expect(folder.get("/style.css", basePath: "/docs/").status == 404)
    }

    @Test func theReloadScriptGoesOnlyIntoHTMLAndOnlyWhenAskedFor() throws {
        let folder = try ServedFolder()
        #expect(folder.get("/").body == Data(ServedFolder.page.utf8))
        let live = folder.get("/", generation: 7).text
        #expect(live.contains("const served = 7;"))
        #expect(live.hasSuffix("</script>\n</body></html>\n"))
        #expect(live.hasPrefix("<!doctype html>\n<html><body>\n<p>Hello</p>\n<script id=\"__blog_live_reload\">"))
        #expect(folder.get("/style.css", generation: 7).text == "body{}")
        #expect(folder.get("/missing", generation: 7).text.contains("__blog_live_reload"))
        #expect(folder.get("/", generation: 7).headers["ETag"] != folder.get("/", generation: 8).headers["ETag"])
    }

    @Test func withoutA404PageThePreviewStillReloads() throws {
        let folder = try ServedFolder()
        try FileManager.default.removeItem(at: folder.root.appending(path: "404.html"))
        #expect(folder.get("/missing").text == "not found\n")
        let live = folder.get("/missing", generation: 1)
        #expect(live.status == 404)
        #expect(live.text.contains("__blog_live_reload"))
    }
}
