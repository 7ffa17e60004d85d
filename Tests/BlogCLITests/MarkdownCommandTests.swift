import Foundation
import Testing

/// `blog markdown`: one document to standard output, as a post's body is rendered, with flags for the
/// extensions, smart punctuation, raw HTML, highlighting and the table of contents.
@Suite struct MarkdownCommandTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "blog-markdown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func rendersStandardInputAndFilesWithTheExtensionsOnByDefault() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = "| a |\n|---|\n| \"b\" |\n"
        let fromInput = try runBlog(["markdown", "-"], input: markdown, in: folder)
        #expect(fromInput.status == 0, "\(fromInput.stderr)")
        #expect(fromInput.stdout.contains("<td>“b”</td>"))
        try markdown.write(to: folder.appending(path: "a.md"), atomically: true, encoding: .utf8)
        let fromFile = try runBlog(["markdown", "a.md"], in: folder)
        #expect(fromFile.stdout == fromInput.stdout)
        let plain = try runBlog(["markdown", "--no-extensions", "--no-smart", "a.md"], in: folder)
        #expect(plain.stdout == "<p>| a |\n|---|\n| &quot;b&quot; |</p>\n")
        // Code is highlighted by default, and plain CommonMark is libcmark's output exactly.
        let code = "```ruby\ndef foo\nend\n```\n"
        #expect(
            try runBlog(["markdown"], input: code, in: folder).stdout.contains("<span class=\"hl-keyword\">def</span>"))
        #expect(
            try runBlog(["markdown", "--no-extensions"], input: code, in: folder).stdout
                == "<pre><code class=\"language-ruby\">def foo\nend\n</code></pre>\n")
        #expect(
            try runBlog(["markdown", "--no-highlight"], input: code, in: folder).stdout
                == "<pre><code class=\"language-ruby\">def foo\nend\n</code></pre>\n")
    }

    @Test func safeAndUnsafeDecideOnRawHTML() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = "<b>x</b>\n"
        #expect(
            try runBlog(["markdown", "--safe"], input: markdown, in: folder).stdout
                == "<p><!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
        #expect(try runBlog(["markdown", "--unsafe"], input: markdown, in: folder).stdout == "<p><b>x</b></p>\n")
        let both = try runBlog(["markdown", "--safe", "--unsafe"], input: markdown, in: folder)
        #expect(both.status != 0 && both.stderr.contains("cannot both be given"))
    }

    @Test func tocGivesHeadingsUniqueIDsAndListsLevelsTwoToFour() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = "# Top\n\n## Example\n\n### Detail\n\n## Example\n\n## Example 1\n\n##### Deep\n"
        let result = try runBlog(["markdown", "--toc"], input: markdown, in: folder)
        #expect(result.status == 0)
        for id in ["example", "example-1", "example-1-1", "detail", "deep", "top"] {
            #expect(result.stdout.contains("id=\"\(id)\""), "\(id)")
        }
        #expect(
            result.stdout.hasPrefix(
                "<nav class=\"toc\">\n<ul>\n<li><a href=\"#example\">Example</a>\n<ul>\n<li><a href=\"#detail\">Detail</a></li>"
            ))
        #expect(!result.stdout.contains("href=\"#top\"") && !result.stdout.contains("href=\"#deep\""))
        // Without --toc the HTML is the extensions' alone: no ids.
        #expect(!(try runBlog(["markdown"], input: markdown, in: folder).stdout.contains(" id=")))
    }

    @Test func insideASiteBlogYAMLSettingsApply() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        try (String(contentsOf: yaml, encoding: .utf8) + "markdown:\n  smart: false\n  extensions:\n    table: false\n")
            .write(to: yaml, atomically: true, encoding: .utf8)
        let input = "| a |\n|---|\n\n~~\"s\"~~\n"
        let expected = "<p>| a |\n|---|</p>\n<p><del>&quot;s&quot;</del></p>\n"
        let result = try runBlog(["markdown"], input: input, in: site)
        #expect(result.stdout == expected, "\(result.stderr)")
        // From a folder inside the site, the nearest blog.yaml above is the site's.
        let nested = site.appending(path: "content/deeper/still")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        #expect(try runBlog(["markdown"], input: input, in: nested).stdout == expected)
        // Outside it, the defaults.
        let outside = try runBlog(["markdown"], input: input, in: site.deletingLastPathComponent())
        #expect(outside.stdout.hasPrefix("<table>") && outside.stdout.contains("<del>“s”</del>"), "\(outside.stdout)")
    }

    @Test func badExtensionSettingsAreErrorsWithTheirLine() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let yaml = site.appending(path: "blog.yaml")
        let original = try String(contentsOf: yaml, encoding: .utf8)
        let line = original.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        try (original + "markdown:\n  extensions: [table]\n  toc_levels: 5-2\n").write(
            to: yaml, atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("blog.yaml:\(line):15: error: 'extensions' must be true, false, or a mapping"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains("blog.yaml:\(line + 1):15: error: 'toc_levels' must be a heading level"),
            "\(result.stderr)")
        try (original + "markdown:\n  extensions:\n    tables: false\n").write(
            to: yaml, atomically: true, encoding: .utf8)
        let warned = try runBlog(["build", "--site", site.path])
        #expect(warned.stderr.contains("warning") && warned.stderr.contains("tables"), "\(warned.stderr)")
    }

    @Test func unreadableInputIsAnErrorNamingTheFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try runBlog(["markdown", "nope.md"], in: folder)
        #expect(missing.status == 1 && missing.stderr.contains("nope.md: error: cannot read"), "\(missing.stderr)")
        try Data([0x61, 0xFF, 0x0A]).write(to: folder.appending(path: "bad.md"))
        let binary = try runBlog(["markdown", "bad.md"], in: folder)
        #expect(binary.status == 1 && binary.stderr.contains("bad.md: error: not valid UTF-8"), "\(binary.stderr)")
    }

    /// A command without subcommands is parsed on its own (a faster start); whatever it does not accept is
    /// parsed from the root, so usage, help and errors name `blog <command>` as they do for every command.
    @Test func commandsParsedOnTheirOwnReportAsFromTheRoot() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = try runBlog(["markdown", "--bogus"], in: folder)
        #expect(unknown.status == 64, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("Unknown option '--bogus'"))
        #expect(unknown.stderr.contains("Usage: blog markdown "), "\(unknown.stderr)")
        let help = try runBlog(["markdown", "--help"], in: folder)
        #expect(help.status == 0 && help.stdout.contains("USAGE: blog markdown "), "\(help.stdout)")
        let nested = try runBlog(["feed", "--help"], in: folder)
        #expect(nested.status == 0 && nested.stdout.contains("USAGE: blog feed <subcommand>"), "\(nested.stdout)")
        let version = try runBlog(["--version"], in: folder)
        #expect(version.status == 0 && !version.stdout.isEmpty)
        // Validation runs on the command's own parse too, and its message is the root's.
        let both = try runBlog(["markdown", "--safe", "--unsafe"], input: "", in: folder)
        #expect(both.status == 64 && both.stderr.contains("Usage: blog markdown "), "\(both.stderr)")
        // A prefix of a name, or a name in another position, is no command of its own.
        let prefix = try runBlog(["mark"], in: folder)
        #expect(prefix.status == 64 && prefix.stderr.contains("Unexpected argument 'mark'"), "\(prefix.stderr)")
    }

    /// Plain arguments (each flag once by its name, one file) skip swift-argument-parser's parse; the same
    /// arguments with the file after `--`, which only swift-argument-parser takes, render the same bytes,
    /// for every set of flags, in either order. A debug build also parses each plain request both ways and stops where
    /// they differ, which a status other than 0 would show here.
    @Test func plainArgumentsMeanWhatTheArgumentParserReadsInThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = "## \"Head\"\n\n<b>x</b> ~~y~~ www.example.org\n\n```swift\nlet a = 1\n```\n"
        try markdown.write(to: folder.appending(path: "a.md"), atomically: true, encoding: .utf8)
        let flags = ["--no-extensions", "--no-smart", "--unsafe", "--safe", "--no-highlight", "--toc"]
        var outputs: Set<String> = []
        for subset in 0..<(1 << flags.count) {
            let chosen = flags.indices.filter { subset & (1 << $0) != 0 }.map { flags[$0] }
            guard !(chosen.contains("--safe") && chosen.contains("--unsafe")) else { continue }
            let arguments = subset.isMultiple(of: 2) ? chosen + ["a.md"] : ["a.md"] + chosen.reversed()
            let plain = try runBlog(["markdown"] + arguments, in: folder)
            let parsed = try runBlog(["markdown"] + chosen + ["--", "a.md"], in: folder)
            #expect(plain.status == 0 && parsed.status == 0, "\(arguments): \(plain.stderr)")
            #expect(plain.stdout == parsed.stdout, "\(arguments)")
            outputs.insert(plain.stdout)
            if subset.isMultiple(of: 5) {
                let fromInput = try runBlog(["markdown"] + chosen.reversed() + ["-"], input: markdown, in: folder)
                #expect(fromInput.stdout == plain.stdout, "\(arguments)")
            }
        }
        // The flags change the output: one rendering each would mean they were not read.
        #expect(outputs.count > 10, "\(outputs.count)")
        // Not plain, so parsed by swift-argument-parser as before: a repeated flag, a file named help.
        #expect(try runBlog(["markdown", "--toc", "--toc", "a.md"], in: folder).status == 0)
        let help = try runBlog(["markdown", "help"], in: folder)
        #expect(help.status == 1 && help.stderr.contains("help: error: cannot read"), "\(help.stderr)")
    }

    /// Control characters other than white space pass through to a pipe or a file as cmark-gfm lets them
    /// (it replaces NUL alone), and reach a terminal only as U+FFFD.
    @Test func controlCharactersPassThroughAPipeAndNotATerminal() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = "a\u{8}b *c\u{1B}[31md* \u{7F}e\u{1}\n\n`\u{2}` <b title=\"\u{3}\">f</b> \u{0}g\n"
        let piped = try runBlog(["markdown", "--unsafe"], input: markdown, in: folder)
        #expect(piped.status == 0, "\(piped.stderr)")
        for control in ["\u{8}", "\u{1B}", "\u{7F}", "\u{1}", "\u{2}", "\u{3}"] {
            #expect(piped.stdout.contains(control), "\(control.unicodeScalars.first!.value)")
        }
        // NUL is U+FFFD in both, and the rest is cmark-gfm's HTML.
        #expect(piped.stdout.components(separatedBy: "\u{FFFD}").count == 2)
        #expect(piped.stdout.contains("<em>c\u{1B}[31md</em>"))
        // `script` gives the command a terminal for its standard output.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped: the terminal case needs util-linux's script, which is not installed")
            return
        }
        try markdown.write(to: folder.appending(path: "c.md"), atomically: true, encoding: .utf8)
        let command = "\(blogExecutable.path) markdown --unsafe c.md"
        let onTerminal = try runProgram(URL(filePath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: folder)
        #expect(onTerminal.status == 0, "\(onTerminal.stderr)")
        #expect(onTerminal.stdout.contains("<em>c\u{FFFD}[31md</em>"), "\(onTerminal.stdout)")
        for control in ["\u{8}", "\u{1B}", "\u{7F}", "\u{1}", "\u{2}", "\u{3}"] {
            #expect(!onTerminal.stdout.contains(control), "\(control.unicodeScalars.first!.value)")
        }
    }

    /// cmark-gfm writes `&#xffff;` and `&#xfffe;` as the bytes 0xFF and 0xFE, which are not UTF-8: so does
    /// `blog markdown` to a pipe, and a terminal gets U+FFFD (EF BF BD) for them.
    @Test func noncharacterReferencesAreCmarkGFMBytesInAPipeAndUTF8OnATerminal() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "a &#xffff; b &#xfffe;\n".write(to: folder.appending(path: "n.md"), atomically: true, encoding: .utf8)
        let blog = blogExecutable.path
        let piped = try runProgram(
            URL(filePath: "/bin/sh"), ["-c", "'\(blog)' markdown n.md | od -An -tx1"], in: folder)
        let pipedBytes = piped.stdout.split(whereSeparator: \.isWhitespace)
        #expect(pipedBytes.contains("ff") && pipedBytes.contains("fe"), "\(piped.stdout)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped: the terminal case needs util-linux's script, which is not installed")
            return
        }
        let onTerminal = try runProgram(
            URL(filePath: "/bin/sh"), ["-c", "script -qec \"'\(blog)' markdown n.md\" /dev/null | od -An -tx1"],
            in: folder)
        let bytes = onTerminal.stdout.split(whereSeparator: \.isWhitespace)
        #expect(!bytes.contains("ff") && !bytes.contains("fe"), "\(onTerminal.stdout)")
        #expect(bytes.filter { $0 == "bd" }.count == 2, "\(onTerminal.stdout)")
    }
}
