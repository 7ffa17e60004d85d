import Foundation
import Testing

/// `blog import` within the build's bounds: what the build refuses (alias bombs, nesting past its limits,
/// files over 64 MiB) stops the import with the build's own message naming the file, before anything is
/// written; and an import's work grows with its posts, not their square.
@Suite struct ImportBoundsTests {
    static let header = "[" + Array(repeating: "a", count: 5_000).joined(separator: ".") + "]\nb = 1\n"
    static let tooDeep =
        "the TOML nests deeper than 128 levels (table header keys, dotted keys, arrays and inline tables together); expected at most 128"
    static let laughs =
        "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        + "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    static let tooLarge =
        "the YAML expands to more than 100000 values through aliases ('&' and '*'); expected plain values"

    /// A site, the file with the problem, and the line the import prints for it.
    static let refused: [(engine: String, files: [String: String], message: String)] = [
        (
            "hugo",
            ["hugo.toml": "title = \"x\"\n", "content/posts/deep.md": "+++\ntitle = \"x\"\n" + header + "+++\n"],
            "content/posts/deep.md:3:257: error: \(tooDeep)"
        ),
        (
            "hugo",
            [
                "hugo.toml": "title = \"x\"\n",
                "content/posts/tables.md": "+++\nb = " + String(repeating: "{a=", count: 3_000) + "1"
                    + String(repeating: "}", count: 3_000) + "\n+++\n",
            ],
            "content/posts/tables.md:2:389: error: \(tooDeep)"
        ),
        (
            "hugo",
            [
                "hugo.toml": "title = \"x\"\n",
                "content/posts/arrays.md": "+++\nb = " + String(repeating: "[", count: 3_000) + "1"
                    + String(repeating: "]", count: 3_000) + "\n+++\n",
            ],
            "content/posts/arrays.md:2:133: error: \(tooDeep)"
        ),
        ("hugo", ["hugo.toml": header, "content/x.md": ""], "hugo.toml:1:257: error: not valid TOML: \(tooDeep)"),
        (
            "hugo", ["config/_default/params.toml": header, "content/x.md": ""],
            "config/_default/params.toml:1:257: error: not valid TOML: \(tooDeep)"
        ),
        ("hugo", ["hugo.yaml": laughs, "content/x.md": ""], "hugo.yaml:1:1: error: \(tooLarge)"),
        (
            "hugo",
            [
                "hugo.json": "{\"a\": ["
                    + Array(repeating: "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", count: 11_000)
                    .joined(separator: ",") + "]}", "content/x.md": "",
            ],
            "hugo.json:1:1: error: the file holds more than 100000 values; expected at most that many"
        ),
        ("jekyll", ["_config.yml": laughs, "_posts/.keep": ""], "_config.yml:1:1: error: \(tooLarge)"),
        (
            "jekyll", ["_config.yml": "title: x\n", "_posts/2020-01-01-bomb.md": "---\n" + laughs + "---\n"],
            "_posts/2020-01-01-bomb.md:2:1: error: \(tooLarge)"
        ),
        (
            "jekyll", ["_config.yml": "title: x\n", "_posts/2020-01-01-key.md": "---\na: &a x\n*a : y\n---\n"],
            "_posts/2020-01-01-key.md:3:1: error: a mapping key is an alias or a collection in YAML that uses aliases ('*'); expected plain keys such as 'title:'"
        ),
    ]

    @Test(arguments: refused.indices)
    func whatTheBuildRefusesStopsTheImportNamingTheFile(_ row: Int) throws {
        let (engine, files, message) = Self.refused[row]
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(files, in: old)
        let new = folder.appending(path: "new")
        let result = try runBlog(["import", engine, old.path, new.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: new.path))
    }

    /// The build says the same of the same front matter.
    @Test func theBuildRefusesATOMLHeaderThousandsOfKeysDeep() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runBlog(["init", folder.path]).status == 0)
        try write(["content/posts/deep.md": "+++\ntitle = \"x\"\n" + Self.header + "+++\n"], in: folder)
        let result = try runBlog(["build", "--site", folder.path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "content/posts/deep.md:3:257: error: the TOML front matter is not valid: \(Self.tooDeep)\n"),
            "\(result.stderr)")
    }

    /// Nesting past libyaml's limit is YAML the build cannot read: reported, and the post left out.
    @Test(arguments: ["jekyll", "hugo"])
    func aDeepYAMLFlowSequenceIsReportedAndLeftOut(_ engine: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        let deep = "---\ntitle: x\nx: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let post = engine == "jekyll" ? "_posts/2020-01-01-deep.md" : "content/posts/deep.md"
        try write([engine == "jekyll" ? "_config.yml" : "hugo.yaml": "title: x\n", post: deep + "\n---\n"], in: old)
        let result = try runBlog(["import", engine, old.path, folder.appending(path: "new").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("\(post):3:"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: invalid YAML:"), "\(result.stderr)")
        #expect(result.stderr.contains("; it was not imported\n"), "\(result.stderr)")
    }

    @Test(arguments: ["jekyll", "hugo"])
    func aPostOver64MiBIsTheBuildsErrorAndIsNotRead(_ engine: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        let post = engine == "jekyll" ? "_posts/2020-01-01-huge.md" : "content/posts/huge.md"
        try write(
            [engine == "jekyll" ? "_config.yml" : "hugo.yaml": "title: x\n", post: "---\ntitle: x\n---\n"], in: old)
        // Sparse: 65 MiB long, next to nothing on disk, and never read.
        let handle = try FileHandle(forWritingTo: old.appending(path: post))
        try handle.truncate(atOffset: 65 * 1_048_576)
        try handle.close()
        let result = try runBlog(["import", engine, old.path, folder.appending(path: "new").path])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("\(post): error: the file is 65 MiB; content files may be at most 64 MiB\n"),
            "\(result.stderr)")
    }

    /// Hundreds of posts of one file name (Hugo bundles `x/index.md` in many sections, Jekyll posts of one
    /// name and date in many folders) each get their own file and URL; 10,000 of them took forever when
    /// every name was compared with every other.
    @Test func postsOfOneNameEachGetTheirOwnFileAndURL() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var jekyll = ["_config.yml": "title: x\n"]
        var hugo = ["hugo.toml": "title = \"x\"\n"]
        for index in 0..<300 {
            jekyll["_posts/d\(index)/2020-01-01-same.md"] =
                "---\ntitle: Same\n---\n\(index) [first]({% post_url 2020-01-01-same %})\n"
            hugo["content/posts/s\(index)/x/index.md"] =
                "+++\ntitle = \"Same\"\ndate = 2020-01-01T00:00:00Z\n+++\n\(index) [x]({{< ref \"x\" >}})\n"
            hugo["content/posts/s\(index)/x/pic.png"] = "\(index)"
        }
        for (engine, files) in [("jekyll", jekyll), ("hugo", hugo)] {
            let old = folder.appending(path: engine)
            try write(files, in: old)
            let new = folder.appending(path: "\(engine)-new")
            let result = try runBlog(["import", engine, old.path, new.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("Imported 300 posts"), "\(result.stdout)")
            let posts = try treeFiles(new.appending(path: "content/posts"))
            let texts = posts.filter { $0.key.hasSuffix(".md") }.map { String(decoding: $0.value, as: UTF8.self) }
            #expect(texts.count == 300)
            let permalinks = Set(texts.compactMap { $0.split(separator: "\n").first { $0.hasPrefix("permalink:") } })
            #expect(permalinks.count == 300)
            let bodies = Set(texts.compactMap { $0.split(separator: "\n").last.map { $0.prefix { $0 != " " } } })
            #expect(bodies.count == 300)
            if engine == "hugo" {
                #expect(posts.keys.filter { $0.hasSuffix("pic.png") }.count == 300)
            }
            let build = try runBlog(["build", "--site", new.path])
            #expect(build.status == 0, "\(build.stderr)")
        }
    }

    /// fuzz-import-config's third crash: a mapping key that is no scalar (`? - a`) in `_config.yml` trapped in
    /// Yams' conversion to values. Such a key is left out; the rest of the configuration is read.
    @Test func aConfigurationKeyThatIsNoScalarIsLeftOut() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appending(path: "old")
        try write(
            [
                "_config.yml": "title: Kept\nplugins:\n  ?  - jekyll-redirect-from\n? [a, b]\n: c\n",
                "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nA\n",
            ], in: old)
        let new = folder.appending(path: "new")
        let result = try runBlog(["import", "jekyll", old.path, new.path])
        #expect(result.status == 0, "\(result.stderr)")
        let yaml = try String(contentsOf: new.appending(path: "blog.yaml"), encoding: .utf8)
        #expect(yaml.contains("title: \"Kept\"\n"), "\(yaml)")
    }

}
