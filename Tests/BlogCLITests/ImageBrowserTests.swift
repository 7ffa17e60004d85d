import Foundation
import Testing

/// A built post's `<picture>` in headless Chromium: the browser takes the AVIF file whose width fits the
/// viewport, by `srcset` and `sizes`, and lays the image out at its real aspect ratio before it loads.
@Suite(
    .serialized,
    .enabled(
        if: (WebDriver.isAvailable || WebDriver.isRequired)
            && (ImageBuildTools.available || ImageBuildTools.required),
        "needs chromium, chromium-driver, ImageMagick, exiftool and libvips-tools"))
struct ImageBrowserTests {
    @Test func theBrowserTakesTheWidthThatFitsTheViewport() async throws {
        #expect(WebDriver.isAvailable, "BLOG_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
        let site = try ImageBuildTests().makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let built = try runBlog(["build", "--site", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        let page = site.appending(path: "public/posts/trip/index.html")
        let browser = try await WebDriver()
        let image = "const img = document.querySelector('picture img');"
        // Narrow first: a browser may keep showing a wider file it already has.
        for (viewport, expected) in [(420, "hut-480w.avif"), (1300, "hut-1500w.avif")] {
            try browser.resize(width: viewport, height: 900)
            try browser.open(page)
            let loaded = await browser.waitUntil("\(image) return img.complete && img.currentSrc.length > 0")
            #expect(loaded, "the image did not load at \(viewport)")
            let source = try browser.evaluate("\(image) return img.currentSrc") as? String ?? ""
            #expect(source.hasSuffix("/posts/trip/" + expected), "at \(viewport) px: \(source)")
            // The box has the photo's upright proportions (3:4) from width and height alone.
            let ratio = try browser.evaluate(
                "\(image) const r = img.getBoundingClientRect(); return r.height / r.width")
            #expect(
                abs(((ratio as? Double) ?? 0) - 4.0 / 3.0) < 0.02, "at \(viewport) px: \(String(describing: ratio))")
        }
    }

    /// A single-file post shows a photo of `static/` by its path from the root, through `blog serve`: the
    /// candidates are under `/img/` too.
    @Test func aStaticImageShownFromTheRootTakesTheWidthThatFits() async throws {
        #expect(WebDriver.isAvailable, "BLOG_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
        let site = try ImageReferenceTests().makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let server = try ServeProcess(site: site, arguments: ["--port", "0"])
        let url = try await server.servingURL()
        let browser = try await WebDriver()
        let image = "const img = document.querySelector('picture img');"
        for (viewport, expected) in [(420, "/img/shore-480w.avif"), (1300, "/img/shore-1200w.avif")] {
            try browser.resize(width: viewport, height: 900)
            try browser.open(url.appending(path: "posts/shore/"))
            let loaded = await browser.waitUntil("\(image) return img.complete && img.currentSrc.length > 0")
            #expect(loaded, "the image did not load at \(viewport)")
            let source = try browser.evaluate("\(image) return img.currentSrc") as? String ?? ""
            #expect(source.hasSuffix(expected), "at \(viewport) px: \(source)")
            let ratio = try browser.evaluate(
                "\(image) const r = img.getBoundingClientRect(); return r.height / r.width")
            #expect(
                abs(((ratio as? Double) ?? 0) - 2.0 / 3.0) < 0.02, "at \(viewport) px: \(String(describing: ratio))")
        }
        _ = await server.stop()
    }
}
