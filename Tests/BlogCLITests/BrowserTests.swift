import Foundation
import Testing

/// `blog serve` in headless Chromium: what a writer sees when they save.
@Suite(.serialized, .enabled(if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver"))
struct BrowserTests {
    /// A preview of a fresh site and a browser showing its post `posts/live/`; the page is marked, so that a
    /// reload (which forgets the mark) can be told from a page that merely changed.
    private func openLivePost(in folder: URL) async throws -> (site: URL, server: ServeProcess, browser: WebDriver) {
        #expect(WebDriver.isAvailable, "BLOG_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
        let site = try makeServedSite(in: folder)
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let url = try await server.servingURL()
        let browser = try await WebDriver()
        try browser.open(url.appending(path: "posts/live/"))
        #expect(
            try browser.evaluate(
                "window.__blogTestMark = 1; return document.body.innerText.includes('The first words.')") as? Bool
                == true)
        return (site, server, browser)
    }

    @Test func aSavedPostShowsUpWithoutAManualReload() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (site, server, browser) = try await openLivePost(in: folder)
        try livePost("Words written after the page opened.").write(
            to: site.appending(path: "content/posts/live.md"), atomically: false, encoding: .utf8)
        #expect(
            await browser.waitUntil(
                "return window.__blogTestMark === undefined && document.body.innerText.includes('Words written after the page opened.')"
            ),
            "the page did not reload with the new text; server said:\n\(server.stdout)\(server.stderr)")
        let stopped = await server.stop()
        #expect(stopped == 0, "server said:\n\(server.stdout)\(server.stderr)")
    }

    @Test func aBrokenFrontMatterShowsAnOverlayUntilItIsFixed() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (site, server, browser) = try await openLivePost(in: folder)
        let post = site.appending(path: "content/posts/live.md")
        let overlay = "(document.getElementById('__blog_error_overlay') || {}).textContent"
        let message =
            "content/posts/live.md:3:7: error: 'date' must be a date-time such as 2024-05-01T09:30:00+02:00, got \\\"yesterday\\\""

        try "---\ntitle: Live\ndate: yesterday\n---\nBroken words.\n".write(
            to: post, atomically: false, encoding: .utf8)
        #expect(
            await browser.waitUntil("return (\(overlay) || '').includes(\"\(message)\")"),
            "no overlay; server said:\n\(server.stdout)\(server.stderr)")
        // The overlay lies over the last good page, which was not reloaded.
        #expect(
            try browser.evaluate(
                "return window.__blogTestMark === 1 && document.body.innerText.includes('The first words.')") as? Bool
                == true)

        try livePost("Fixed words.").write(to: post, atomically: false, encoding: .utf8)
        #expect(
            await browser.waitUntil(
                "return \(overlay) === undefined && window.__blogTestMark === undefined && document.body.innerText.includes('Fixed words.')"
            ),
            "the overlay stayed or the fix did not show; server said:\n\(server.stdout)\(server.stderr)")
        let stopped = await server.stop()
        #expect(stopped == 0, "server said:\n\(server.stdout)\(server.stderr)")
    }
}
