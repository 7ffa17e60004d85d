import Foundation
import Testing

/// `blog import` never writes a byte inside SRC, whatever symbolic links lead there, and names every file it
/// does not bring over.
@Suite struct ImportSafetyTests {
    static let refusal = "the new site may not be inside the old one, nor the old inside the new"

    func link(_ path: URL, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: target)
    }

    /// SRC and DEST, given as the folder, each relative to a temporary folder holding `old` (the Jekyll site,
    /// with an empty `old/empty`), and the links made there first; the message the import refuses with.
    static let placements: [(source: String, destination: String, links: [String: String], message: String)] = [
        ("old", "old", [:], refusal),
        ("old", "old/new", [:], refusal),
        ("old", "old/empty", [:], refusal),
        ("old", ".", [:], refusal),
        ("old", "up", ["up": "."], refusal),
        ("old", "into/new", ["into": "old"], refusal),
        ("old", "into/a/b/c", ["into": "old"], refusal),
        ("old", "deep/new", ["deep": "old/empty"], refusal),
        ("old", "linked-empty", ["linked-empty": "old/empty"], refusal),
        ("linked-old", "old/new", ["linked-old": "old"], refusal),
        ("linked-old", "linked-old/new", ["linked-old": "old"], refusal),
        ("old", "ghost", ["ghost": "old/not-yet"], "a symbolic link to nothing is on the way"),
        ("old", "ghost/new", ["ghost": "old/not-yet"], "a symbolic link to nothing is on the way"),
    ]

    @Test(arguments: placements.indices)
    func aDestinationInOrAroundTheSourceIsRefused(_ row: Int) throws {
        let (source, destination, links, message) = Self.placements[row]
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(["_config.yml": "title: x\n", "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nA\n"], in: old)
        try FileManager.default.createDirectory(at: old.appending(path: "empty"), withIntermediateDirectories: true)
        for (name, target) in links { try link(folder.appending(path: name), to: folder.appending(path: target).path) }
        let before = try treeFiles(old)
        let result = try runBlog([
            "import", "jekyll", folder.appending(path: source).path, folder.appending(path: destination).path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try treeFiles(old) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: old.appending(path: "empty").path).isEmpty)
    }

    /// Paths a Hugo configuration makes (a mount's target, `staticDir`, `contentDir`) that lead out of either
    /// site are not followed.
    @Test func aHugoConfigurationCannotLeadOutOfEitherSite() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(
            [
                "hugo.toml": """
                title = "x"
                [[module.mounts]]
                source = "files"
                target = "static/../../../../escaped"
                [[module.mounts]]
                source = "../secret"
                target = "static"
                """,
                "files/a.txt": "a\n", "content/posts/p.md": "---\ntitle: P\ndate: 2020-01-01\n---\nP\n",
            ], in: old)
        try write(["secret/key.txt": "secret\n"], in: folder)
        let new = folder.appending(path: "one/two/new")
        let result = try runBlog(["import", "hugo", old.path, new.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("files/a.txt: warning: not copied: the path leads out of the old site"))
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "escaped").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "one/escaped").path))
        let copied = try treeFiles(new)
        #expect(!copied.keys.contains { $0.contains("key.txt") || $0.contains("a.txt") }, "\(copied.keys)")
    }

    /// Every file not brought is named: a name that is not UTF-8, a link out of the site, to nothing or to a
    /// folder, a pipe, a file of no kind taken, and (once each, with a count) hidden and theme folders. A
    /// post that is a link inside the site comes along, as Jekyll publishes it.
    @Test func everyFileNotBroughtIsNamed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(
            [
                "_config.yml": "title: x\n", "_posts/notes.txt": "n\n", "_layouts/default.html": "{{ content }}\n",
                "_layouts/post.html": "{{ content }}\n", ".git/config": "[core]\n",
                "_posts/2020-01-01-plain.md": "---\ntitle: Plain\n---\nPlain\n",
                "elsewhere/2020-01-02-linked.md": "---\ntitle: Linked\n---\nLinked body\n",
            ], in: old)
        try write(["2020-01-03-outside.md": "---\ntitle: Outside\n---\nSecret body\n"], in: folder)
        let posts = old.appending(path: "_posts")
        try link(posts.appending(path: "2020-01-02-linked.md"), to: "../elsewhere/2020-01-02-linked.md")
        try link(
            posts.appending(path: "2020-01-03-outside.md"), to: folder.appending(path: "2020-01-03-outside.md").path)
        try link(posts.appending(path: "2020-01-04-nowhere.md"), to: "missing.md")
        try link(posts.appending(path: "linked-folder"), to: old.appending(path: "elsewhere").path)
        #expect(mkfifo(posts.appending(path: "pipe").path, 0o644) == 0)
        let invalid = Data(posts.path.utf8) + Data("/2020-01-05-caf".utf8) + Data([0xE9]) + Data(".md".utf8)
        #expect(invalid.withUnsafeBytes { creat(Array($0.bindMemory(to: CChar.self)) + [0], 0o644) } >= 0)
        let new = folder.appending(path: "new")
        let result = try runBlog(["import", "jekyll", old.path, new.path])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = [
            ".git: warning: not imported: hidden (1 file)",
            "_layouts: warning: not imported: the old engine's or theme's folder (2 files)",
            "_posts/2020-01-03-outside.md: warning: not imported: a symbolic link out of the old site, which is not followed",
            "_posts/2020-01-04-nowhere.md: warning: not imported: it cannot be read or followed (No such file or directory)",
            "_posts/2020-01-05-caf\u{FFFD}.md: warning: not imported: its name is not UTF-8 (shown with U+FFFD)",
            "_posts/linked-folder: warning: not imported: a symbolic link to a folder, which is not followed",
            "_posts/notes.txt: warning: not imported: neither a post, a page nor a file the old engine publishes as it is",
            "_posts/pipe: warning: not imported: neither a file nor a folder",
        ]
        #expect(result.stderr == expected.joined(separator: "\n") + "\n", "\(result.stderr)")
        let linked = try String(contentsOf: new.appending(path: "content/posts/2020-01-02-linked.md"), encoding: .utf8)
        #expect(linked.contains("title: \"Linked\"") && linked.hasSuffix("Linked body\n"), "\(linked)")
        let copied = try treeFiles(new)
        #expect(!copied.values.contains { String(decoding: $0, as: UTF8.self).contains("Secret body") })
        #expect(result.stdout.hasPrefix("Imported 2 posts"), "\(result.stdout)")
    }

    /// The same for Hugo: a post that is a link inside the site comes along, one out of it does not, and a
    /// file in a section that is no bundle's is named, as are the theme's folders.
    @Test func everyFileAHugoImportDoesNotBringIsNamed() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(
            [
                "hugo.toml": "title = \"x\"\n", "content/posts/notes.txt": "n\n", "layouts/_default/single.html": "x",
                "content/posts/_index.md": "---\ntitle: Posts\n---\n",
                "drafts/linked.md": "---\ntitle: Linked\ndate: 2020-01-02\n---\nL\n",
            ], in: old)
        try write(["outside.md": "---\ntitle: Outside\ndate: 2020-01-03\n---\nSecret body\n"], in: folder)
        let posts = old.appending(path: "content/posts")
        try link(posts.appending(path: "linked.md"), to: "../../drafts/linked.md")
        try link(posts.appending(path: "outside.md"), to: folder.appending(path: "outside.md").path)
        let new = folder.appending(path: "new")
        let result = try runBlog(["import", "hugo", old.path, new.path])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = [
            "content/posts/_index.md: warning: not imported: a section's list page; the new site makes its own list pages",
            "content/posts/notes.txt: warning: not imported: neither a post, a page nor a file the old engine publishes as it is",
            "content/posts/outside.md: warning: not imported: a symbolic link out of the old site, which is not followed",
            "drafts/linked.md: warning: not imported: neither a post, a page nor a file the old engine publishes as it is",
            "layouts: warning: not imported: the old engine's or theme's folder (1 file)",
        ]
        #expect(result.stderr == expected.joined(separator: "\n") + "\n", "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Imported 1 post,"), "\(result.stdout)")
        let linked = try String(contentsOf: new.appending(path: "content/posts/linked.md"), encoding: .utf8)
        #expect(linked.hasSuffix("---\nL\n"), "\(linked)")
    }
}
