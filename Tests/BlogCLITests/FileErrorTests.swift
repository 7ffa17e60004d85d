import Foundation
import Testing

/// A file or folder the build cannot read, or a link it must not follow, stops the build with the path
/// and the real cause; nothing is published and the previous output stays as it was.
@Suite struct FileErrorTests {
    /// The basic fixture site, built once, with `change` then made to it; returns the site, the build's
    /// result and whether the output is still the first build's.
    func buildAfter(_ change: (URL) throws -> Void) throws -> (site: URL, result: ProcessResult, outputKept: Bool) {
        let site = try makeFixtureSite("basic")
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let before = try treeFiles(site.appending(path: "public"))
        try change(site)
        let result = try runBlog(["build", "--site", site.path])
        return (site, result, try treeFiles(site.appending(path: "public")) == before)
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Each change with the first line the build must print. Root reads every file, so unreadable folders
    /// are made by putting a file where a folder must be, which fails the same way with another cause.
    static let cases: [(String, String)] = [
        ("posts folder is a file", "content/posts: error: cannot read (Not a directory)"),
        ("dangling post link", "content/posts/gone.md: error: a symbolic link to nothing; fix or remove the link"),
        (
            "looping post link",
            "content/posts/loop.md: error: a symbolic link that cannot be followed (Too many levels of symbolic links); fix or remove the link"
        ),
        ("static folder is a file", "site-template/static: error: cannot read (Not a directory)"),
        (
            "static link outside",
            "site-template/static/passwd: error: a symbolic link to \"/etc/passwd\", outside the site; copy the file into the site instead"
        ),
        (
            "dangling static link",
            "site-template/static/gone.css: error: a symbolic link to nothing; fix or remove the link"
        ),
        (
            "partial link outside",
            "site-template/partials/evil.mustache: error: a symbolic link to \"/etc/hostname\", outside the site; copy the file into the site instead"
        ),
        (
            "bundle link outside",
            "content/posts/trip/passwd: error: a symbolic link to \"/etc/passwd\", outside the site; copy the file into the site instead"
        ),
    ]

    @Test(arguments: cases)
    func aFileErrorStopsTheBuildWithItsCause(_ name: String, _ message: String) throws {
        let (site, result, outputKept) = try buildAfter { site in
            let fileManager = FileManager.default
            switch name {
            case "posts folder is a file":
                try fileManager.removeItem(at: site.appending(path: "content/posts"))
                try write("not a folder", to: site.appending(path: "content/posts"))
            case "dangling post link":
                try fileManager.createSymbolicLink(
                    atPath: site.appending(path: "content/posts/gone.md").path, withDestinationPath: "nowhere.md")
            case "looping post link":
                try fileManager.createSymbolicLink(
                    atPath: site.appending(path: "content/posts/loop.md").path, withDestinationPath: "loop.md")
            case "static folder is a file":
                try fileManager.removeItem(at: site.appending(path: "site-template/static"))
                try write("not a folder", to: site.appending(path: "site-template/static"))
            case "static link outside":
                try fileManager.createSymbolicLink(
                    atPath: site.appending(path: "site-template/static/passwd").path, withDestinationPath: "/etc/passwd"
                )
            case "dangling static link":
                try fileManager.createSymbolicLink(
                    atPath: site.appending(path: "site-template/static/gone.css").path,
                    withDestinationPath: "nowhere.css")
            case "partial link outside":
                try fileManager.createSymbolicLink(
                    atPath: site.appending(path: "site-template/partials/evil.mustache").path,
                    withDestinationPath: "/etc/hostname")
            default:
                try fileManager.createSymbolicLink(
                    atPath: site.appending(path: "content/posts/trip/passwd").path, withDestinationPath: "/etc/passwd")
            }
        }
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").contains { $0 == message }, "\(result.stderr)")
        #expect(outputKept)
    }

    /// A post whose file name is not UTF-8 is an error saying so, never "check its permissions".
    @Test func aFileNameThatIsNotUTF8IsNamedAsSuch() throws {
        let (site, result, outputKept) = try buildAfter { site in
            let path = site.appending(path: "content/posts").path + "/caf\u{FFFD}.md"
            var bytes =
                Array(site.appending(path: "content/posts").path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".md".utf8)
                + [0]
            let descriptor = bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
            }
            #expect(descriptor >= 0, "\(path)")
            close(descriptor)
        }
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "content/posts/caf\u{FFFD}.md: error: the file name is not valid UTF-8; rename the file\n"),
            "\(result.stderr)")
        #expect(outputKept)
    }

    /// A partial that includes itself, directly or through others, or through set delimiters, is an error
    /// naming the chain, never a stack overflow.
    @Test(arguments: [
        (
            "{{> partials/loop}}",
            "site-template/partials/loop.mustache: error: template recursion: partials/loop → partials/loop; a template may not include itself, directly or through others"
        ),
        (
            "{{> partials/other}}",
            "site-template/partials/loop.mustache: error: template recursion: partials/loop → partials/other → partials/loop; a template may not include itself, directly or through others"
        ),
        (
            "{{=<% %>=}}<%> partials/loop%>",
            "site-template/partials/loop.mustache: error: template recursion: partials/loop → partials/loop; a template may not include itself, directly or through others"
        ),
    ])
    func templateRecursionIsAnErrorNamingTheChain(_ text: String, _ message: String) throws {
        let (site, result, outputKept) = try buildAfter { site in
            try write("<p>" + text + "</p>\n", to: site.appending(path: "site-template/partials/loop.mustache"))
            try write("{{> partials/loop}}\n", to: site.appending(path: "site-template/partials/other.mustache"))
            let post = site.appending(path: "site-template/post.mustache")
            try write(try String(contentsOf: post, encoding: .utf8) + "{{> partials/loop}}\n", to: post)
        }
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").contains { $0 == message }, "\(result.stderr)")
        #expect(outputKept)
    }

    /// Partials may include each other as deep as a theme needs, but not without end.
    @Test func deeplyNestedPartialsAreRefusedPastTheLimit() throws {
        let (site, result, _) = try buildAfter { site in
            for level in 0..<40 {
                try write(
                    "{{> partials/n\(level + 1)}}",
                    to: site.appending(path: "site-template/partials/n\(level).mustache"))
            }
            try write("end", to: site.appending(path: "site-template/partials/n40.mustache"))
        }
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: templates include each other more than 32 deep:"), "\(result.stderr)")
    }
}

/// No file name, title or front matter value can reach the terminal raw: control characters in messages
/// are shown escaped.
@Suite struct TerminalSafetyTests {
    @Test func controlCharactersInNamesAndValuesAreEscaped() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let name = "content/posts/\u{1B}[2J\u{07}bell.md"
        try "---\ntitle: \"\u{1B}]0;pwned\u{07}\"\ndate: yesterday\u{9B}\n---\nx\n".write(
            to: site.appending(path: name), atomically: true, encoding: .utf8)
        try "---\ntitle: \"\\e]0;pwned\\a\"\ndate: yesterday\n---\nx\n".write(
            to: site.appending(path: "content/posts/escaped.md"), atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            !result.stderr.unicodeScalars.contains {
                $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
            }, "\(result.stderr)")
        #expect(result.stderr.contains("content/posts/\\u{1B}[2J\\u{7}bell.md"), "\(result.stderr)")
        #expect(result.stderr.contains("content/posts/escaped.md:3:7: error: 'date' must be"), "\(result.stderr)")
    }
}

/// Collisions a user cannot see on their own machine are reported, naming both files.
@Suite struct HiddenCollisionTests {
    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func post(_ title: String, slug: String? = nil, tags: [String] = []) -> String {
        "---\ntitle: \(title)\ndate: 2024-02-01\n" + (slug.map { "slug: \"\($0)\"\n" } ?? "")
            + (tags.isEmpty ? "" : "tags: [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]\n") + "---\nText.\n"
    }

    @Test func slugsThatDifferOnlyInCaseAreAnError() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try write(post("One", slug: "Hello"), to: site.appending(path: "content/posts/one.md"))
        try write(post("Two", slug: "hello"), to: site.appending(path: "content/posts/two.md"))
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "content/posts/two.md: error: content/posts/one.md (/posts/Hello/) and content/posts/two.md (/posts/hello/) differ only in case"
            ), "\(result.stderr)")
    }

    @Test func twoTagsOnOnePageAreAWarningNamingBoth() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try write(post("One", tags: ["C++", "Swift"]), to: site.appending(path: "content/posts/one.md"))
        try write(post("Two", tags: ["C#", "swift "]), to: site.appending(path: "content/posts/two.md"))
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "content/posts/two.md: warning: the tags \"C++\" (content/posts/one.md) and \"C#\" share one page, tags/c/; rename one of them"
            ), "\(result.stderr)")
        #expect(!result.stderr.contains("\"swift\""), "tags that differ in case and spacing are one tag")
    }

    /// A page whose slug is a theme file's name, and a theme file on a page's path, are not silently
    /// overwritten or dropped: the page is the error, naming the theme's file it is in the way of.
    @Test func aPageOnAThemeFilesPathIsAnErrorNamingThePage() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try write(
            "---\ntitle: Icon\nslug: favicon.svg\n---\nText.\n", to: site.appending(path: "content/pages/icon.md"))
        try write("<html>static about</html>", to: site.appending(path: "site-template/static/about/index.html"))
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                content/pages/about.md: error: its page would be about/index.html, in the way of the theme's file site-template/static/about/index.html; give it another 'slug' or 'permalink'
                content/pages/icon.md: error: its page would be favicon.svg/index.html, in the way of the theme's file site-template/static/favicon.svg; give it another 'slug' or 'permalink'
                2 errors

                """)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public").path))
    }
}

/// Inputs built to make the work grow faster than their size build like any other post, or are refused
/// past a documented limit (the time they take is the benchmark's business, not a test's).
@Suite struct HostileContentTests {
    @Test func pathologicalMarkdownBuildsAndTooManyTagsAreRefused() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let posts = site.appending(path: "content/posts")
        func post(_ name: String, _ body: String, tags: String = "") throws {
            try ("---\ntitle: \(name)\ndate: 2024-02-01\n\(tags)---\n" + body + "\n").write(
                to: posts.appending(path: "\(name).md"), atomically: false, encoding: .utf8)
        }
        try post("openers", String(repeating: "[", count: 160_000))
        try post("links", String(repeating: "[a](", count: 50_000))
        try post("emphasis", String(repeating: "*a **b ", count: 50_000))
        try post("line", String(repeating: "word ", count: 2_000_000))
        try post("controls", "a\u{0}b\u{1}c\u{1B}[31md\u{7F}")
        try post("many-tags", "x", tags: "tags: [" + (0..<100).map { "t\($0)" }.joined(separator: ", ") + "]\n")
        let built = try runBlog(["build", "--site", site.path])
        #expect(built.status == 0, "\(built.stderr)")
        let controls = try String(contentsOf: site.appending(path: "public/posts/controls/index.html"), encoding: .utf8)
        #expect(controls.contains("a\u{FFFD}b\u{FFFD}c\u{FFFD}[31md\u{FFFD}"))
        try post("toomany", "x", tags: "tags: [" + (0..<5_000).map { "t\($0)" }.joined(separator: ", ") + "]\n")
        let refused = try runBlog(["build", "--site", site.path])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix(
                "content/posts/toomany.md:4:7: error: 'tags' may hold at most 100 tags, got 5000\n"),
            "\(refused.stderr.prefix(300))")
    }
}
