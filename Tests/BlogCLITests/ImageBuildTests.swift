import Foundation
import Testing

/// `blog build` on a site whose post folder holds real photos made by ImageMagick and tagged by
/// exiftool: what is published is judged by `vipsheader` and `exiftool`, and the cache in
/// `.blog-cache/images/` by which of its entries a build makes. Without the tools the tests say so and
/// skip, unless `BLOG_REQUIRE_IMAGE_TOOLS=1` (CI installs them).
@Suite(.enabled(if: ImageBuildTools.available || ImageBuildTools.required, ImageBuildTools.reason))
struct ImageBuildTests {
    /// A site with one post folder holding `hut.jpg` (2000 × 1500, EXIF orientation 6, GPS and a camera
    /// serial), `dot.gif`, and `bad.png`, which is text.
    func makeSite() throws -> URL {
        let site = try makeTemporaryFolder()
        let folder = site.appending(path: "content/posts/2026-11-20-trip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
        try "title: Photos\nbase_url: https://example.org/\nimages:\n  widths: [480, 960, 1600]\n".write(
            to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        try
            "---\ntitle: A trip\ndate: 2026-11-20T10:00:00Z\n---\n![The hut](hut.jpg)\n\nAgain: <img src=\"./hut.jpg\" alt=\"raw\">\n\n![Gone](gone.jpg)\n\n![Dot](dot.gif)\n"
            .write(to: folder.appending(path: "index.md"), atomically: true, encoding: .utf8)
        let hut = folder.appending(path: "hut.jpg").path
        #expect(try ImageBuildTools.tool("convert", ["-size", "2000x1500", "plasma:fractal", hut]).status == 0)
        let tags = [
            "-Orientation=6", "-n", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-SerialNumber=CAM-123456",
        ]
        #expect(try ImageBuildTools.tool("exiftool", ["-q", "-overwrite_original"] + tags + [hut]).status == 0)
        #expect(
            try ImageBuildTools.tool("convert", ["-size", "50x40", "xc:red", folder.appending(path: "dot.gif").path])
                .status == 0)
        try "not a picture\n".write(to: folder.appending(path: "bad.png"), atomically: true, encoding: .utf8)
        return site
    }

    func header(_ site: URL, _ path: String) throws -> String {
        let file = site.appending(path: "public/posts/trip/" + path).path
        let line = try ImageBuildTools.tool("vipsheader", [file]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        return String(line.dropFirst(file.count + 2))
    }

    @Test func aPostFoldersImagesArePublishedUprightStrippedAndInEveryWidth() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let built = try runBlog(["build", "--site", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(
            built.stderr
                == "content/posts/2026-11-20-trip/bad.png: warning: image \"bad.png\" is not a PNG image, nor any image format the build reads; published as it is, not resized\ncontent/posts/2026-11-20-trip/index.md:9:1: warning: image \"gone.jpg\" is not in the post's folder\n"
        )
        // Upright, the photo is 1500 wide: 1600 is left out, and 1500 itself is the widest.
        #expect(try header(site, "hut.jpg") == "1500x2000 uchar, 3 bands, srgb, jpegload")
        for (width, height) in [(480, 640), (960, 1280), (1500, 2000)] {
            #expect(try header(site, "hut-\(width)w.webp") == "\(width)x\(height) uchar, 3 bands, srgb, webpload")
            #expect(try header(site, "hut-\(width)w.avif") == "\(width)x\(height) uchar, 3 bands, srgb, heifload")
        }
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public/posts/trip/hut-1600w.webp").path))
        let published = site.appending(path: "public/posts/trip/hut.jpg").path
        let tags = try ImageBuildTools.tool("exiftool", ["-a", "-G", "-s", published]).output
        #expect(!tags.contains("GPS") && !tags.contains("CAM-123456") && !tags.contains("Orientation"), "\(tags)")
        // The page offers them in <picture>, with the upright size; the first image loads at once.
        let page = try String(contentsOf: site.appending(path: "public/posts/trip/index.html"), encoding: .utf8)
        let sources =
            "<picture><source type=\"image/avif\" srcset=\"hut-480w.avif 480w, hut-960w.avif 960w, hut-1500w.avif 1500w\" sizes=\"(max-width: 1500px) 100vw, 1500px\"><source type=\"image/webp\" srcset=\"hut-480w.webp 480w, hut-960w.webp 960w, hut-1500w.webp 1500w\" sizes=\"(max-width: 1500px) 100vw, 1500px\">"
        #expect(
            page.contains(sources + "<img src=\"hut.jpg\" alt=\"The hut\" width=\"1500\" height=\"2000\" /></picture>"))
        // Each candidate's URL is the `src` with the encoding's name, so a `./` stays.
        #expect(
            page.contains(
                sources.replacingOccurrences(of: "hut-", with: "./hut-")
                    + "<img src=\"./hut.jpg\" alt=\"raw\" width=\"1500\" height=\"2000\" loading=\"lazy\" decoding=\"async\"></picture>"
            ))
        // The GIF is shown as it is, with its size.
        #expect(
            page.contains(
                "<img src=\"dot.gif\" alt=\"Dot\" width=\"50\" height=\"40\" loading=\"lazy\" decoding=\"async\" />"))
        // Feeds carry one plain absolute <img> for each.
        let feed = try String(contentsOf: site.appending(path: "public/feed.json"), encoding: .utf8)
        #expect(!feed.contains("<picture"))
        #expect(
            feed.contains("<img src=\\\"https://example.org/posts/trip/hut.jpg\\\" alt=\\\"The hut\\\" />"), "\(feed)")
        // The GIF and the file that is no image are published byte for byte.
        for name in ["dot.gif", "bad.png"] {
            let source = try Data(contentsOf: site.appending(path: "content/posts/2026-11-20-trip/" + name))
            #expect(try Data(contentsOf: site.appending(path: "public/posts/trip/" + name)) == source)
        }
    }

    @Test func aBuildEncodesOnlyTheImagesThatChanged() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let cache = site.appending(path: ".blog-cache/images")
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let first = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(first.count == 2) // The photo and the GIF's size.
        // An edit to the post's text and a new image: the hut comes from the cache, the new image alone is encoded.
        let folder = site.appending(path: "content/posts/2026-11-20-trip")
        try "---\ntitle: A trip\ndate: 2026-11-20T10:00:00Z\n---\nEdited: ![The hut](hut.jpg)\n".write(
            to: folder.appending(path: "index.md"), atomically: true, encoding: .utf8)
        #expect(
            try ImageBuildTools.tool(
                "convert", ["-size", "300x200", "plasma:fractal", folder.appending(path: "sea.jpg").path]
            ).status
                == 0)
        let hutEntry = cache.appending(path: try #require(try Self.photoEntry(in: cache, first)))
        let before = try FileManager.default.attributesOfItem(atPath: hutEntry.path)[.modificationDate] as? Date
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let second = Set(try FileManager.default.contentsOfDirectory(atPath: cache.path))
        #expect(second.count == 3 && second.contains(hutEntry.lastPathComponent))
        let after = try FileManager.default.attributesOfItem(atPath: hutEntry.path)[.modificationDate] as? Date
        #expect(before != nil && before == after)
        // A photo no wider than the narrowest width is not enlarged; its WebP and AVIF are much smaller.
        #expect(try header(site, "sea-300w.webp") == "300x200 uchar, 3 bands, srgb, webpload")
        #expect(try header(site, "sea-300w.avif") == "300x200 uchar, 3 bands, srgb, heifload")
        // The edited page still offers the photo.
        let page = try String(contentsOf: site.appending(path: "public/posts/trip/index.html"), encoding: .utf8)
        #expect(page.contains("<p>Edited: <picture><source type=\"image/avif\" srcset=\"hut-480w.avif 480w"))
        // The text alone edited: the page is made again with the photo's <picture>, nothing is encoded.
        try "---\ntitle: A trip\ndate: 2026-11-20T10:00:00Z\n---\nTwice: ![The hut](hut.jpg)\n".write(
            to: folder.appending(path: "index.md"), atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let twice = try String(contentsOf: site.appending(path: "public/posts/trip/index.html"), encoding: .utf8)
        #expect(twice.contains("<p>Twice: <picture><source type=\"image/avif\" srcset=\"hut-480w.avif 480w"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: cache.path)) == second)
        // The sea image edited: it alone is encoded again; its old entry goes, the hut's stays as it was.
        #expect(
            try ImageBuildTools.tool(
                "convert", ["-size", "300x200", "plasma:fractal", folder.appending(path: "sea.jpg").path]
            )
            .status == 0)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let third = Set(try FileManager.default.contentsOfDirectory(atPath: cache.path))
        #expect(third.count == 3 && third.contains(hutEntry.lastPathComponent) && third != second)
        let hutAfterEdit = try FileManager.default.attributesOfItem(atPath: hutEntry.path)[.modificationDate] as? Date
        #expect(hutAfterEdit == before)
        // The hut removed: its entry goes from the cache, and its files from the output.
        try FileManager.default.removeItem(at: folder.appending(path: "hut.jpg"))
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).count == 2)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public/posts/trip/hut-480w.webp").path))
    }

    /// The cache entry among `names` that holds a JPEG's encodings.
    static func photoEntry(in cache: URL, _ names: [String]) throws -> String? {
        try names.first { name in
            try String(contentsOf: cache.appending(path: name + "/index"), encoding: .utf8).hasPrefix("jpeg ")
        }
    }

    @Test func aDecompressionBombAndAMisnamedImageAreWarningsAndPublishedAsTheyAre() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let folder = site.appending(path: "content/posts/2026-11-20-trip")
        try FileManager.default.removeItem(at: folder.appending(path: "bad.png"))
        // A PNG header claiming 30,000 × 30,000 pixels (PNG §11.2.2) around 8 bytes of pixel data.
        let bomb = Self.png(width: 30_000, height: 30_000, idat: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        try Data(bomb).write(to: folder.appending(path: "bomb.png"))
        try FileManager.default.copyItem(at: folder.appending(path: "dot.gif"), to: folder.appending(path: "dot.webp"))
        let built = try runBlog(["build", "--site", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(
            built.stderr
                == "content/posts/2026-11-20-trip/bomb.png: warning: image \"bomb.png\" is 30000 × 30000 pixels, more than the limit of 100000000 (images.max_pixels); published as it is, not resized\ncontent/posts/2026-11-20-trip/dot.webp: warning: image \"dot.webp\" is a GIF image, not the WebP its name says; published as it is, not resized\ncontent/posts/2026-11-20-trip/index.md:9:1: warning: image \"gone.jpg\" is not in the post's folder\n"
        )
        #expect(try Data(contentsOf: site.appending(path: "public/posts/trip/bomb.png")) == Data(bomb))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public/posts/trip/bomb-480w.webp").path))
        let strict = try runBlog(["build", "--site", site.path, "--strict"])
        #expect(strict.status != 0)
    }

    /// A PNG of a header for an 8-bit RGB image, one IDAT and the end, each chunk with ISO 3309's CRC-32.
    static func png(width: UInt32, height: UInt32, idat: [UInt8]) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", idat)
            + chunk("IEND", [])
    }

    @Test func badImageSettingsAreErrorsAtTheirLine() throws {
        let site = try makeSite()
        defer { try? FileManager.default.removeItem(at: site) }
        try "title: Photos\nbase_url: https://example.org/\nimages:\n  widths: [480, huge]\n  avif_effort: 12\n".write(
            to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        let built = try runBlog(["build", "--site", site.path])
        #expect(built.status != 0)
        #expect(
            built.stderr
                == "blog.yaml:4:17: error: each of 'widths' must be a whole number from 16 to 10000, got \"huge\"\nblog.yaml:5:16: error: 'avif_effort' must be a whole number from 0 to 9, got \"12\"\n2 errors\n"
        )
    }
}

/// ImageMagick, exiftool and `vipsheader`, found on PATH.
enum ImageBuildTools {
    static let available = ["convert", "exiftool", "vipsheader"].allSatisfy { name in
        ["-version", "-ver", "--version"].contains { (try? tool(name, [$0]))?.status == 0 }
    }
    static let required = ProcessInfo.processInfo.environment["BLOG_REQUIRE_IMAGE_TOOLS"] == "1"
    static let reason: Comment =
        "needs ImageMagick, exiftool and libvips-tools (Debian imagemagick, exiftool, libvips-tools)"

    @discardableResult
    static func tool(_ command: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
