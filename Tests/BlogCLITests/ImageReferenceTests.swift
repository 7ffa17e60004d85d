import Foundation
import Testing

/// `blog build` on images that posts and pages show from anywhere in the site: a post's own folder,
/// another's, the theme's `static/` (by a path from the root or by a URL under `base_url`), and the front
/// matter's cover; and on bad images, reported where the post shows them.
@Suite(.enabled(if: ImageBuildTools.available || ImageBuildTools.required, ImageBuildTools.reason))
struct ImageReferenceTests {
    /// A site with `static/img/shore.jpg` (1200 × 800, with GPS), `static/img/flat.png` (300 × 200, one
    /// colour), a single-file post and a page that show them, and the `ImageBuildTests` post folder.
    func makeSite() throws -> URL {
        let site = try ImageBuildTests().makeSite()
        let images = site.appending(path: "site-template/static/img")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let shore = images.appending(path: "shore.jpg").path
        #expect(try ImageBuildTools.tool("convert", ["-size", "1200x800", "plasma:fractal", shore]).status == 0)
        #expect(
            try ImageBuildTools.tool(
                "exiftool", ["-q", "-overwrite_original", "-n", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", shore]
            ).status == 0)
        #expect(
            try ImageBuildTools.tool(
                "convert", ["-size", "300x200", "xc:navy", images.appending(path: "flat.png").path]
            )
            .status == 0)
        try write(
            "---\ntitle: Shore\ndate: 2026-11-21T10:00:00Z\nimage: /img/shore.jpg\n---\n"
                + "![Shore](/img/shore.jpg)\n\n![Again](https://example.org/img/shore.jpg)\n\n"
                + "![Flat](../../img/flat.png)\n\n![Elsewhere](https://cdn.example.com/img/shore.jpg)\n",
            to: site.appending(path: "content/posts/2026-11-21-shore.md"))
        try FileManager.default.createDirectory(
            at: site.appending(path: "content/pages"), withIntermediateDirectories: true)
        try write(
            "---\ntitle: About\n---\nThe hut: ![Hut](/posts/trip/hut.jpg)\n",
            to: site.appending(path: "content/pages/about.md"))
        return site
    }

    func write(_ text: String, to url: URL) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appending(path: "public/" + path), encoding: .utf8)
    }

    @Test func imagesFromStaticFilesSingleFilePostsAndCoversAreProcessed() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let built = try runBlog(["build", "--site", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        let file = site.appending(path: "public/img/shore-480w.avif").path
        #expect(
            try ImageBuildTools.tool("vipsheader", [file]).output.contains("480x320 uchar, 3 bands, srgb, heifload"))
        let tags = try ImageBuildTools.tool(
            "exiftool", ["-a", "-G", "-s", site.appending(path: "public/img/shore.jpg").path])
        #expect(!tags.output.contains("GPS"), "\(tags.output)")
        let page = try read(site, "posts/shore/index.html")
        let srcset = "/img/shore-480w.avif 480w, /img/shore-960w.avif 960w, /img/shore-1200w.avif 1200w"
        #expect(page.contains("<picture><source type=\"image/avif\" srcset=\"\(srcset)\""), "\(page)")
        let absolute = srcset.replacingOccurrences(of: "/img/", with: "https://example.org/img/")
        #expect(page.contains("<picture><source type=\"image/avif\" srcset=\"\(absolute)\""))
        // An image no wider than the narrowest width whose WebP and AVIF would be larger: offered as it is.
        #expect(
            page.contains("<img src=\"../../img/flat.png\" alt=\"Flat\" width=\"300\" height=\"200\" loading=\"lazy\""))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public/img/flat-300w.webp").path))
        // Another host's image is left alone.
        #expect(page.contains("<img src=\"https://cdn.example.com/img/shore.jpg\" alt=\"Elsewhere\" />"))
        // The cover: og:image and the JSON Feed's image name the stripped original.
        #expect(page.contains("<meta property=\"og:image\" content=\"https://example.org/img/shore.jpg\">"))
        #expect(try read(site, "feed.json").contains("\"image\": \"https://example.org/img/shore.jpg\""))
        // A page shows a post folder's image by its path from the root.
        let about = try read(site, "about/index.html")
        #expect(about.contains("srcset=\"/posts/trip/hut-480w.avif 480w"), "\(about)")
    }

    @Test func badImagesAreReportedWhereTheyAreShown() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let folder = site.appending(path: "content/posts/2026-11-20-trip")
        let bomb = ImageBuildTests.png(
            width: 30_000, height: 30_000, idat: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        try Data(bomb).write(to: folder.appending(path: "bomb.png"))
        try write(
            "---\ntitle: A trip\ndate: 2026-11-20T10:00:00Z\nbanner_image: gone-cover.jpg\n---\n"
                + "- A list: ![Bomb](bomb.png)\n\n  <img alt=\"x\"\n   src=\"bad.png\">\n\n> ![Hut](hut.jpg)\n",
            to: folder.appending(path: "index.md"))
        try write(
            "title: Photos\nbase_url: https://example.org/\nimages:\n  max_pixels: 1000000\n",
            to: site.appending(path: "blog.yaml"))
        let built = try runBlog(["build", "--site", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        let post = "content/posts/2026-11-20-trip/index.md"
        #expect(
            built.stderr == """
                content/pages/about.md:4:10: warning: image "/posts/trip/hut.jpg" is 2000 × 1500 pixels, more than the limit of 1000000 (images.max_pixels); published as it is, not resized
                \(post):4:15: warning: image "gone-cover.jpg" is not in the post's folder
                \(post):6:11: warning: image "bomb.png" is 30000 × 30000 pixels, more than the limit of 1000000 (images.max_pixels); published as it is, not resized
                \(post):8:3: warning: image "bad.png" is not a PNG image, nor any image format the build reads; published as it is, not resized
                \(post):11:3: warning: image "hut.jpg" is 2000 × 1500 pixels, more than the limit of 1000000 (images.max_pixels); published as it is, not resized

                """, "\(built.stderr)")
        // The files are published whole, as they are; with --strict the warnings fail the build.
        #expect(try Data(contentsOf: site.appending(path: "public/posts/trip/bomb.png")) == Data(bomb))
        #expect(try Data(contentsOf: site.appending(path: "public/posts/trip/bad.png")) == Data("not a picture\n".utf8))
        #expect(try runBlog(["build", "--site", site.path, "--strict"]).status != 0)
    }

    @Test func anUnchangedPageWithImagesIsCarriedOverByAWholeBuild() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let page = site.appending(path: "public/posts/trip/index.html").path
        let before = try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date
        // A new post: the lists change, the trip's page does not.
        try write(
            "---\ntitle: New\ndate: 2026-11-22T10:00:00Z\n---\nText.\n",
            to: site.appending(path: "content/posts/2026-11-22-new.md"))
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: page)[.modificationDate] as? Date
        #expect(before != nil && before == after)
        // The photo edited to other proportions: the page is made again with its new size.
        let hut = site.appending(path: "content/posts/2026-11-20-trip/hut.jpg").path
        #expect(try ImageBuildTools.tool("convert", ["-size", "800x600", "plasma:fractal", hut]).status == 0)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        #expect(try read(site, "posts/trip/index.html").contains("width=\"800\" height=\"600\""))
    }
}
