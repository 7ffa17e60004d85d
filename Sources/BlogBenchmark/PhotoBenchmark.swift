import Foundation

/// `blog-benchmark photos --photos 1000 [--hugo]`: a site whose every post shows one phone photo (half
/// 4000 × 3000, half 1920 × 1080, made by ImageMagick from plasma and noise, each file's bytes its own),
/// built clean, again with nothing changed, and after one photo is edited. With `--hugo`, Hugo builds the
/// same posts and photos beside it with a render hook that makes the same widths and formats
/// (`.Resize "480x avif q50"`, …, and the original's format at the widest), each engine at its own
/// defaults otherwise (Hugo: box filter, AVIF encoder speed 10; `blog`: Lanczos 3, AVIF effort 2).
struct PhotoBenchmark {
    var count: Int
    var hugo: String?

    /// One engine's three builds.
    struct Figures {
        var clean: ChildProcess.Result
        var unchanged: ChildProcess.Result
        var oneEdited: ChildProcess.Result
        /// Files and bytes of the output after the clean build.
        var output: (files: Int, bytes: Int)
    }

    /// The widths, qualities and fallback both engines write.
    static let widths = [480, 960, 1600]

    func run() -> Bool {
        let base = FileManager.default.temporaryDirectory.appending(path: "blog-benchmark-photos-\(UUID().uuidString)")
        defer { DeletionRecord.delete([base]) }
        let blog = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "blog").path
        guard ChildProcess.find("convert") != nil else {
            print("error: the photos are made by ImageMagick's convert (Debian imagemagick), which is not on PATH")
            return false
        }
        print("making \(count) photos…")
        let photos = makePhotos(in: base.appending(path: "originals"))
        guard photos.count == 6 else {
            print("error: ImageMagick could not make the photos")
            return false
        }
        let generator = SiteGenerator(count: count)
        let posts = generator.posts()
        let blogSite = base.appending(path: "blog")
        let hugoSite = base.appending(path: "hugo")
        do {
            try generator.writeBlogSite(at: blogSite, posts: posts, blogExecutable: blog, theme: .lean)
            try addPhotos(photos, to: blogSite.appending(path: "content/posts"), posts: posts)
            if hugo != nil {
                try generator.writeHugoSite(at: hugoSite, posts: posts)
                try Self.hugoRenderHook.write(
                    to: try Self.folder(hugoSite, "layouts/_default/_markup").appending(path: "render-image.html"),
                    atomically: true, encoding: .utf8)
                try addPhotos(photos, to: hugoSite.appending(path: "content/posts"), posts: posts)
            }
        } catch {
            print("error: cannot write the sites: \(error)")
            return false
        }
        let shown = posts.filter { !$0.isDraft }.count
        let edited = posts.first { !$0.isDraft }.map(\.name) ?? ""
        print("\(shown) photos, \(SiteBenchmark.machineDescription())")
        print(Self.header)
        let blogFigures = measure(
            site: blogSite, edited: edited, aside: base.appending(path: "aside-blog"),
            outputs: ["public", ".public.blog-spare", ".blog-cache"]
        ) { ChildProcess.run(blog, ["build", "--site", blogSite.path]) }
        print(Self.lines("blog", blogFigures))
        if let hugo {
            let hugoFigures = measure(
                site: hugoSite, edited: edited, aside: base.appending(path: "aside-hugo"),
                outputs: ["public", "resources", ".hugo-cache"]
            ) {
                ChildProcess.run(
                    hugo, ["-s", hugoSite.path, "--quiet", "--cacheDir", hugoSite.appending(path: ".hugo-cache").path])
            }
            print(Self.lines("hugo", hugoFigures))
            print(
                String(
                    format: "blog/hugo, processor time: clean %.2f, unchanged %.2f, one edited %.2f",
                    blogFigures.clean.processorSeconds / hugoFigures.clean.processorSeconds,
                    blogFigures.unchanged.processorSeconds / hugoFigures.unchanged.processorSeconds,
                    blogFigures.oneEdited.processorSeconds / hugoFigures.oneEdited.processorSeconds))
        }
        return true
    }

    /// A clean build (after moving `outputs` aside), a build with nothing changed, and one after the photo of
    /// post `edited` got other bytes.
    private func measure(
        site: URL, edited: String, aside: URL, outputs: [String], build: () -> ChildProcess.Result
    ) -> Figures {
        try? FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        for name in outputs {
            try? FileManager.default.moveItem(at: site.appending(path: name), to: aside.appending(path: name))
        }
        sync()
        let clean = build()
        let output = CleanBuild.treeSize(site.appending(path: "public"))
        let unchanged = build()
        let photo = site.appending(path: "content/posts/\(edited)/photo.jpg")
        if let bytes = try? Data(contentsOf: photo) {
            try? Data(Self.commented(Array(bytes), "edited")).write(to: photo)
        }
        let oneEdited = build()
        return Figures(clean: clean, unchanged: unchanged, oneEdited: oneEdited, output: output)
    }

    /// Six photos: three at 4000 × 3000 and three at 1920 × 1080, JPEG at quality 90 as phones write them.
    private func makePhotos(in folder: URL) -> [[UInt8]] {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sizes = ["4000x3000", "1920x1080", "4000x3000", "1920x1080", "4000x3000", "1920x1080"]
        return sizes.enumerated().compactMap { index, size in
            let file = folder.appending(path: "\(index).jpg").path
            let made = ChildProcess.run(
                ChildProcess.find("convert") ?? "convert",
                [
                    "-size", size, "plasma:fractal", "-blur", "0x1", "-attenuate", "0.3", "+noise", "Gaussian",
                    "-quality", "90", file,
                ])
            guard made.status == 0, let bytes = FileManager.default.contents(atPath: file) else { return nil }
            return [UInt8](bytes)
        }
    }

    /// Turns each published post into a folder whose `index.md` shows its own `photo.jpg`.
    private func addPhotos(_ photos: [[UInt8]], to folder: URL, posts: [SiteGenerator.Post]) throws {
        for (index, post) in posts.enumerated() where !post.isDraft {
            let file = folder.appending(path: "\(post.name).md")
            let bundle = try Self.folder(folder, post.name)
            let text = try String(contentsOf: file, encoding: .utf8)
            try (text + "\n\n![Photo \(index)](photo.jpg)\n").write(
                to: bundle.appending(path: "index.md"), atomically: false, encoding: .utf8)
            try FileManager.default.removeItem(at: file)
            try Data(Self.commented(photos[index % photos.count], "photo \(index)")).write(
                to: bundle.appending(path: "photo.jpg"))
        }
    }

    private static func folder(_ root: URL, _ path: String) throws -> URL {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A JPEG with a comment segment (ITU T.81 §B.2.4.5: `FF FE`, a two-byte length, the text) after its
    /// start marker: other bytes, the same pixels, so that no engine takes two photos for one.
    static func commented(_ jpeg: [UInt8], _ text: String) -> [UInt8] {
        let comment = Array(text.utf8)
        let length = comment.count + 2
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment + jpeg.dropFirst(2)
    }

    /// Hugo's render hook for Markdown images: AVIF and WebP at each width the photo is as wide as, and the
    /// photo in its own format at the widest, as `blog`'s `<picture>` offers them.
    static let hugoRenderHook = """
        {{- $img := .Page.Resources.Get .Destination -}}
        {{- with $img -}}
        {{- $avif := slice -}}{{- $webp := slice -}}{{- $widest := 0 -}}
        {{- range slice \(widths.map(String.init).joined(separator: " ")) -}}
        {{- if le . $img.Width -}}
        {{- $avif = $avif | append (printf "%s %dw" ($img.Resize (printf "%dx avif q50" .)).RelPermalink .) -}}
        {{- $webp = $webp | append (printf "%s %dw" ($img.Resize (printf "%dx webp q80" .)).RelPermalink .) -}}
        {{- $widest = . -}}
        {{- end -}}
        {{- end -}}
        {{- $fallback := $img.Resize (printf "%dx q82" $widest) -}}
        <picture><source type="image/avif" srcset="{{ delimit $avif ", " }}"><source type="image/webp" srcset="{{ delimit $webp ", " }}"><img src="{{ $fallback.RelPermalink }}" alt="{{ $.Text }}" width="{{ $fallback.Width }}" height="{{ $fallback.Height }}"></picture>
        {{- end -}}

        """

    static let header =
        "engine  build        wall s   cpu s   peak MiB"

    static func lines(_ engine: String, _ figures: Figures) -> String {
        let rows: [(String, ChildProcess.Result)] = [
            ("clean", figures.clean), ("unchanged", figures.unchanged), ("one edited", figures.oneEdited),
        ]
        var text = rows.map { name, result in
            engine.padding(toLength: 8, withPad: " ", startingAt: 0)
                + name.padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%.2f", result.seconds).leftPadded(9)
                + String(format: "%.2f", result.processorSeconds).leftPadded(8)
                + "\(result.peakMemory / 1_048_576)".leftPadded(11)
                + (result.status == 0 ? "" : "   (exit \(result.status))")
        }
        text.append(
            "        output: \(figures.output.files) files, \(figures.output.bytes / 1_048_576) MiB")
        return text.joined(separator: "\n")
    }
}
