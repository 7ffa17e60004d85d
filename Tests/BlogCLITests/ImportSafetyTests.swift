import Foundation
import Testing

/// `blog import` never writes a byte inside SRC, whatever symbolic links lead there, and names every file it
/// does not bring over.
@Suite struct ImportSafetyTests {
    static let refusal = "the new site may not be inside the old one, nor the old inside the new"

    func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

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
}
