import Foundation

/// The hard pairing of `../shared/bench`: a Hugo site (`hugo-lean`) and a `blog` site (`blog-lean`) that
/// make the same pages from the same posts with templates that compute nothing, so that the engines are
/// compared, not the templates (see that folder's README). The other pairing, blog's lean theme against
/// the generator's Hugo templates, times Hugo's `.Summary | plainify` and reading time too.
struct LeanPairing {
    /// The folder holding `blog-lean` and `hugo-lean`.
    let bench: URL
    let hugo: String
    let variant: Variant

    /// What the Markdown does on both sides.
    enum Variant: String, Codable {
        /// Plain CommonMark, as the pairing's README asks: `blog`'s extensions and highlighting are
        /// turned off in a copy of `blog-lean/blog.yaml` (they are on by default, and were not when the
        /// pairing was written).
        case plain
        /// The GitHub-Flavored Markdown extensions and highlighting on both sides: `blog`'s defaults, and
        /// goldmark's table, strikethrough, linkify, task list and footnote extensions with Hugo's
        /// highlighting of fenced code in a copy of `hugo-lean/hugo.toml`.
        case gfm
    }
    /// Measured runs of each engine after one run to warm up, alternating, so that a drift of the
    /// machine's speed reaches both.
    static let runs = 3

    struct Figures: Codable {
        var variant: Variant
        var hugoVersion: String
        var blogSeconds: Double
        var blogPeakMemoryMB: Double
        var hugoSeconds: Double
        var hugoPeakMemoryMB: Double
        var blogRuns: [Double]
        var hugoRuns: [Double]
        /// Each blog build against its own floor (libcmark over the same posts on every core, then `cp -r`
        /// of the tree it made), measured right after it.
        var ratioToFloorRuns: [Double]
        var ratioToFloor: Double { ratioToFloorRuns.sorted()[ratioToFloorRuns.count / 2] }
        var timeRatio: Double { blogSeconds / hugoSeconds }
        var memoryRatio: Double { blogPeakMemoryMB / hugoPeakMemoryMB }
    }

    /// The pairing's folder: `BLOG_BENCH` if set, else `../shared/bench` from the working folder (the
    /// checkout's root); nil when it is not there.
    static func findBench() -> URL? {
        let path = ProcessInfo.processInfo.environment["BLOG_BENCH"] ?? "../shared/bench"
        let url = URL(filePath: path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
            .standardizedFileURL
        return FileManager.default.fileExists(atPath: url.appending(path: "hugo-lean/hugo.toml").path) ? url : nil
    }

    /// Writes both sites under `base` and builds each `runs` + 1 times from clean; nil when a build fails.
    func measure(posts: [SiteGenerator.Post], generator: SiteGenerator, blog: String, base: URL) async -> Figures? {
        let fileManager = FileManager.default
        let blogSite = base.appending(path: "lean-blog-\(variant.rawValue)")
        let hugoSite = base.appending(path: "lean-hugo-\(variant.rawValue)")
        do {
            try generator.writeBlogSite(at: blogSite, posts: posts, blogExecutable: blog, theme: .lean)
            try? fileManager.removeItem(at: blogSite.appending(path: "site-template"))
            try? fileManager.removeItem(at: blogSite.appending(path: "blog.yaml"))
            try fileManager.copyItem(
                at: bench.appending(path: "blog-lean/site-template"), to: blogSite.appending(path: "site-template"))
            try fileManager.copyItem(
                at: bench.appending(path: "blog-lean/blog.yaml"), to: blogSite.appending(path: "blog.yaml"))
            try fileManager.copyItem(at: bench.appending(path: "hugo-lean"), to: hugoSite)
            try generator.writeHugoPosts(at: hugoSite, posts: posts)
            try configure(
                blogYAML: blogSite.appending(path: "blog.yaml"), hugoTOML: hugoSite.appending(path: "hugo.toml"))
        } catch {
            print("note: cannot write the lean pairing's sites: \(error)")
            return nil
        }
        var blogRuns: [ChildProcess.Result] = []
        var hugoRuns: [ChildProcess.Result] = []
        var floorRatios: [Double] = []
        let bodies = posts.map(\.body)
        for attempt in 0...Self.runs {
            // Outputs are moved aside, not deleted: this disk creates files slowly right after a delete.
            let aside = base.appending(path: "lean-aside-\(variant.rawValue)-\(attempt)")
            try? fileManager.createDirectory(at: aside, withIntermediateDirectories: true)
            try? fileManager.moveItem(at: hugoSite.appending(path: "public"), to: aside.appending(path: "hugo-public"))
            // The spare tree blog's build has made next is waited for, so that Hugo never builds beside it.
            let blogRun = await CleanBuild.run(blog, site: blogSite, aside: aside.appending(path: "blog"))
            sync()
            let hugoRun = ChildProcess.run(hugo, ["--source", hugoSite.path, "--quiet"])
            guard blogRun.status == 0, hugoRun.status == 0 else {
                print(
                    "note: the lean pairing's builds failed (blog \(blogRun.status), hugo \(hugoRun.status)) in \(base.path)"
                )
                return nil
            }
            if attempt > 0 {
                blogRuns.append(blogRun)
                hugoRuns.append(hugoRun)
                let cmark = await SiteBenchmark.cmarkFloor(bodies)
                sync()
                let copy = ChildProcess.run(
                    "/bin/cp",
                    ["-r", blogSite.appending(path: "public").path, aside.appending(path: "floor-copy").path])
                floorRatios.append(blogRun.seconds / (cmark + copy.seconds))
            }
        }
        func median(_ runs: [ChildProcess.Result]) -> ChildProcess.Result {
            runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
        }
        return Figures(
            variant: variant, hugoVersion: Self.version(of: hugo), blogSeconds: median(blogRuns).seconds,
            blogPeakMemoryMB: Double(blogRuns.map(\.peakMemory).max() ?? 0) / 1e6,
            hugoSeconds: median(hugoRuns).seconds,
            hugoPeakMemoryMB: Double(hugoRuns.map(\.peakMemory).max() ?? 0) / 1e6, blogRuns: blogRuns.map(\.seconds),
            hugoRuns: hugoRuns.map(\.seconds), ratioToFloorRuns: floorRatios)
    }

    /// Sets the copies' Markdown settings for the variant. Both variants keep to the pairing's output
    /// contract (its README): one feed, the JSON Feed of the newest 20; blog's Atom, RSS, archive pages and
    /// tag feeds, on by default since the pairing was written, are switched off in the copy, as Hugo's
    /// RSS is in `hugo-lean` (the benchmark measures what they cost on its own line).
    private func configure(blogYAML: URL, hugoTOML: URL) throws {
        var yaml = try String(contentsOf: blogYAML, encoding: .utf8)
        var toml = try String(contentsOf: hugoTOML, encoding: .utf8)
        // The outputs that hugo-lean does not make are off, as the pairing's README asks: the feeds beyond
        // one JSON Feed, and the search index (on by default since the pairing was written).
        let feedSwitches = "  atom: false\n  rss: false\n  archive: false\n  tags: false\n"
        if !yaml.contains("\nsearch:") { yaml += "search: false\n" }
        yaml =
            yaml.contains("feed:\n")
            ? yaml.replacingOccurrences(of: "feed:\n", with: "feed:\n" + feedSwitches) : yaml + "feed:\n" + feedSwitches
        switch variant {
        case .plain:
            yaml =
                yaml.contains("markdown:\n")
                ? yaml.replacingOccurrences(
                    of: "markdown:\n", with: "markdown:\n  extensions: false\n  highlight: false\n")
                : yaml + "markdown:\n  extensions: false\n  highlight: false\n"
        case .gfm:
            for name in ["footnote", "linkify", "strikethrough", "table", "taskList"] {
                toml = toml.replacingOccurrences(of: "  \(name) = false", with: "  \(name) = true")
            }
            toml = toml.replacingOccurrences(
                of: "  codeFences = false", with: "  codeFences = true\n  noClasses = false")
        }
        try yaml.write(to: blogYAML, atomically: true, encoding: .utf8)
        try toml.write(to: hugoTOML, atomically: true, encoding: .utf8)
    }

    /// `v0.168.0` from `hugo version`.
    static func version(of hugo: String) -> String {
        let process = Process()
        process.executableURL = URL(filePath: hugo)
        process.arguments = ["version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: " ").first { $0.hasPrefix("v0.") || $0.hasPrefix("v1.") }.map {
            String($0.prefix { $0 != "+" && $0 != "-" })
        } ?? "unknown"
    }

    static func line(_ figures: Figures) -> String {
        String(
            format:
                "  lean pairing, %@ (../shared/bench, hugo %@): blog %.2f s %.0f MB, hugo %.2f s %.0f MB; blog/hugo: time %.2f, memory %.2f; blog / floor %.2f   (medians of %@ and %@ s)",
            figures.variant == .plain ? "plain CommonMark" : "GFM and highlighting", figures.hugoVersion,
            figures.blogSeconds, figures.blogPeakMemoryMB, figures.hugoSeconds, figures.hugoPeakMemoryMB,
            figures.timeRatio,
            figures.memoryRatio, figures.ratioToFloor,
            figures.blogRuns.map { String(format: "%.2f", $0) }.joined(separator: ", "),
            figures.hugoRuns.map { String(format: "%.2f", $0) }.joined(separator: ", "))
    }
}
