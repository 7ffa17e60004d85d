import Foundation
import Testing

/// The bad-input corpus under Fixtures/bad-input: each case with the exact message it gives.
@Suite struct BadInputTests {
    static let corpus = testTargetRoot.appending(path: "Fixtures/bad-input")
    static let expected: [String] =
        (try? String(contentsOf: corpus.appending(path: "expected.txt"), encoding: .utf8))?
        .split(separator: "\n").map(String.init) ?? []
    static let cases: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.appending(path: "posts").path)) ?? [])
        .filter { $0.hasSuffix(".md") && $0 != "same-url-two.md" }.sorted()

    /// A site with the default theme and the given corpus files as posts.
    func makeSite(_ names: [String]) throws -> URL {
        let site = try makeTemporaryFolder()
        try FileManager.default.createDirectory(
            at: site.appending(path: "content/posts"), withIntermediateDirectories: true)
        try "title: Bad\nbase_url: https://example.org/\n".write(
            to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
        for name in names {
            try FileManager.default.copyItem(
                at: Self.corpus.appending(path: "posts/\(name)"), to: site.appending(path: "content/posts/\(name)"))
        }
        return site
    }

    @Test func everyBadFileIsReportedInOneRun() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appending(path: "posts").path)
        let site = try makeSite(names)
        defer { try? FileManager.default.removeItem(at: site) }
        try Data("Bud1".utf8).write(to: site.appending(path: "content/posts/.DS_Store"))
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        let errors = Self.expected.filter { $0.contains(": error: ") }.count
        let lines =
            ["content/posts/.DS_Store: note: ignored: only .md files and folders with an index.md are content"]
            + Self.expected + ["\(errors) errors"]
        #expect(result.stderr == lines.joined(separator: "\n") + "\n")
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public").path))
    }

    @Test(arguments: cases)
    func caseGivesItsExactMessage(_ name: String) throws {
        let files = name == "same-url-one.md" ? [name, "same-url-two.md"] : [name]
        let site = try makeSite(files)
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try runBlog(["build", "--site", site.path])
        let expected = Self.expected.filter { line in files.contains { line.hasPrefix("content/posts/\($0)") } }
        let errors = expected.filter { $0.contains(": error: ") }.count
        if errors == 0 {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == expected.map { $0 + "\n" }.joined())
        } else {
            #expect(result.status == 1)
            #expect(
                result.stderr == (expected + ["\(errors) error\(errors == 1 ? "" : "s")"]).joined(separator: "\n")
                    + "\n")
        }
    }

    @Test func validOddFilesBuild() throws {
        let site = try makeSite(["byte-order-mark.md", "crlf.md", "only-front-matter.md"])
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0)
        for slug in ["byte-order-mark", "crlf", "only-front-matter"] {
            #expect(
                FileManager.default.fileExists(atPath: site.appending(path: "public/posts/\(slug)/index.html").path))
        }
        let crlf = try String(contentsOf: site.appending(path: "public/posts/crlf/index.html"), encoding: .utf8)
        #expect(crlf.contains("<h1>Windows</h1>") && !crlf.contains("\r"))
    }

    @Test func symbolicLinkOutOfTheSiteIsRefused() throws {
        let site = try makeSite(["crlf.md"])
        defer { try? FileManager.default.removeItem(at: site) }
        let outside = site.deletingLastPathComponent().appending(path: "outside-\(UUID().uuidString).md")
        try "---\ntitle: Outside\ndate: 2024-01-01\n---\nsecret\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(
            at: site.appending(path: "content/posts/link.md"), withDestinationURL: outside)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "content/posts/link.md: error: a symbolic link to \"\(outside.resolvingSymlinksInPath().path)\", outside the site; copy the file into the site instead\n"
            ))
    }

    @Test func hugeFileFailsCleanly() throws {
        let site = try makeSite([])
        defer { try? FileManager.default.removeItem(at: site) }
        let huge = site.appending(path: "content/posts/huge.md")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 100 * 1_048_576)
        try handle.close()
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "content/posts/huge.md: error: the file is 100 MiB; content files may be at most 64 MiB\n1 error\n")
    }

    @Test func unreadableFileIsAnError() throws {
        guard geteuid() != 0 else { return } // root reads every file, so there is nothing to test as root.
        let site = try makeSite(["crlf.md"])
        defer { try? FileManager.default.removeItem(at: site) }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0], ofItemAtPath: site.appending(path: "content/posts/crlf.md").path)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(result.stderr == "content/posts/crlf.md: error: cannot read (Permission denied)\n1 error\n")
    }

    @Test func templateMistakesNameFileAndLine() throws {
        let site = try makeSite(["crlf.md"])
        defer { try? FileManager.default.removeItem(at: site) }
        let theme = site.appending(path: "site-template")
        try "{{<base}}\n{{$content}}\n{{#posts}}\n{{/post}}\n{{/content}}\n{{/base}}\n".write(
            to: theme.appending(path: "tag.mustache"), atomically: true, encoding: .utf8)
        try "{{<base}}\n{{$content}}\n{{> partials/missing}}\n{{/content}}\n{{/base}}\n".write(
            to: theme.appending(path: "tags.mustache"), atomically: true, encoding: .utf8)
        let broken = try runBlog(["build", "--site", site.path])
        #expect(broken.status == 1)
        #expect(
            broken.stderr == """
                site-template/tag.mustache:4:4: error: template syntax error: a closing tag does not match the section it closes
                site-template/tags.mustache:3:1: error: missing partial 'partials/missing'; expected a file site-template/partials/missing.mustache
                2 errors

                """)
    }

    /// An unclosed section is reported at its opening tag, not at the end of the file.
    @Test func anUnclosedSectionIsReportedWhereItOpens() throws {
        let site = try makeSite(["crlf.md"])
        defer { try? FileManager.default.removeItem(at: site) }
        let theme = site.appending(path: "site-template")
        try "{{<base}}\n{{$content}}\n<ul>\n  {{#posts}}\n  <li>{{title}}</li>\n</ul>\n\n\n{{/content}}\n{{/base}}\n"
            .write(to: theme.appending(path: "tag.mustache"), atomically: true, encoding: .utf8)
        let broken = try runBlog(["build", "--site", site.path])
        #expect(broken.status == 1)
        #expect(
            broken.stderr.hasPrefix(
                "site-template/tag.mustache:4:3: error: template syntax error: the section 'posts' opened here is not closed; expected '{{/posts}}'\n"
            ), "\(broken.stderr)")
    }

    /// A function templates do not have prints nothing: a warning, and an error with --strict.
    @Test func anUnknownFunctionWarnsAndFailsInStrictMode() throws {
        let site = try makeSite(["crlf.md"])
        defer { try? FileManager.default.removeItem(at: site) }
        let post = site.appending(path: "site-template/post.mustache")
        let text = try String(contentsOf: post, encoding: .utf8).replacingOccurrences(
            of: "<h1>{{post.title}}</h1>", with: "<h1>{{shout(post.title)}}</h1>")
        try text.write(to: post, atomically: true, encoding: .utf8)
        let loose = try runBlog(["build", "--site", site.path])
        #expect(loose.status == 0)
        #expect(
            loose.stderr.hasPrefix(
                "site-template/post.mustache:5:9: warning: unknown function 'shout' in 'shout(post.title)'; templates have capitalized, count,"
            ), "\(loose.stderr)")
        let strict = try runBlog(["build", "--strict", "--site", site.path])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("site-template/post.mustache:5:9: error: unknown function 'shout'"))
        // The transforms templates have are not flagged.
        try text.replacingOccurrences(of: "shout(post.title)", with: "uppercased(post.title)").write(
            to: post, atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--strict", "--site", site.path]).status == 0)
    }

    @Test func unknownTemplateVariableWarnsAndFailsInStrictMode() throws {
        let site = try makeSite(["crlf.md"])
        defer { try? FileManager.default.removeItem(at: site) }
        let post = site.appending(path: "site-template/post.mustache")
        let text = try String(contentsOf: post, encoding: .utf8).replacingOccurrences(
            of: "<h1>{{post.title}}</h1>", with: "<h1>{{post.titel}}</h1>")
        try text.write(to: post, atomically: true, encoding: .utf8)
        let loose = try runBlog(["build", "--site", site.path])
        #expect(loose.status == 0)
        #expect(
            loose.stderr
                == "site-template/post.mustache:5:9: warning: unknown variable 'post.titel'; did you mean 'title'?\n")
        let strict = try runBlog(["build", "--strict", "--site", site.path])
        #expect(strict.status == 1)
        #expect(
            strict.stderr
                == "site-template/post.mustache:5:9: error: unknown variable 'post.titel'; did you mean 'title'?\n1 error\n"
        )
    }

    @Test func missingAndBrokenBlogYAML() throws {
        let site = try makeSite([])
        defer { try? FileManager.default.removeItem(at: site) }
        try "title: [unclosed\n".write(to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        let broken = try runBlog(["build", "--site", site.path])
        #expect(broken.status == 1)
        #expect(
            broken.stderr
                == "blog.yaml:2:1: error: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'\n1 error\n"
        )
        try FileManager.default.removeItem(at: site.appending(path: "blog.yaml"))
        let missing = try runBlog(["build", "--site", site.path])
        #expect(missing.status == 1)
        #expect(
            missing.stderr
                == "\(site.path): error: no blog.yaml in this folder; run 'blog init \(site.path)' to make a site there\n1 error\n"
        )
    }

    @Test func hostileFrontMatterIsEscapedEverywhere() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        for (path, data) in try treeFiles(site.appending(path: "public")) where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("<script>"), "\(path)")
            #expect(!html.contains("\"onload="), "\(path)")
            #expect(!html.contains("<b>summary</b>"), "\(path)")
        }
        let feed = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appending(path: "public/feed.json")))
                as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.first?["title"] as? String == "<script>alert(1)</script> tags")
        #expect(items.first?["tags"] as? [String] == ["<script>", "\"onload=", "swift"])
    }
}
