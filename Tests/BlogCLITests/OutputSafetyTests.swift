import Foundation
import Testing

@Suite struct OutputSafetyTests {
    /// Modification times of every file, to prove unchanged files were not rewritten.
    func modificationTimes(_ root: URL) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for path in try treeFiles(root).keys {
            times[path] =
                try FileManager.default.attributesOfItem(atPath: root.appending(path: path).path)[.modificationDate]
                as? Date
        }
        return times
    }

    /// Starts `blog build` with a pause before its swap, and returns once the staged tree waits for it
    /// (once `staged` is in it: the theme's static files are staged last, just before the pause).
    func startPausedBuild(_ site: URL, pause seconds: Double, staged: String = "style.css") throws -> Process {
        let process = Process()
        process.executableURL = blogExecutable
        process.arguments = ["build", "--site", site.path, "--pause-before-swap", String(seconds)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let staging = site.appending(path: ".public.blog-staging")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !FileManager.default.fileExists(atPath: staging.appending(path: staged).path) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return process
    }

    /// A build killed while its staged tree waits to be swapped in leaves the previous output exactly as
    /// it was, and so does an edit rebuilt alone (``SiteBuilder/rebuildEdits``), which stages only the
    /// files it replaces and renames them into place once all are written.
    @Test(arguments: [true, false]) func killedBuildLeavesThePreviousOutputExactly(wholeBuild: Bool) throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        // New words reach the search index, which only the whole build makes: the edit path runs without it.
        let settings = site.appending(path: "blog.yaml")
        try (try String(contentsOf: settings, encoding: .utf8) + "search: false\n").write(
            to: settings, atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let output = site.appending(path: "public")
        let before = try treeFiles(output)
        let times = try modificationTimes(output)
        // Change a post (and add one, so that the whole build runs), then kill the build while what it
        // staged waits.
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        try (try String(contentsOf: post, encoding: .utf8) + "\nA new paragraph.\n").write(
            to: post, atomically: true, encoding: .utf8)
        if wholeBuild {
            try "---\ntitle: Added\ndate: 2024-02-01\n---\nAdded.\n".write(
                to: site.appending(path: "content/posts/added.md"), atomically: true, encoding: .utf8)
        }
        let process = try startPausedBuild(site, pause: 30, staged: wholeBuild ? "style.css" : "posts/first/index.html")
        let staging = site.appending(path: ".public.blog-staging")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(
            FileManager.default.fileExists(atPath: staging.appending(path: "feed.json").path),
            "the feed that carries the post is staged")
        #expect(FileManager.default.fileExists(atPath: staging.appending(path: "posts/first/index.html").path))
        #expect(
            FileManager.default.fileExists(atPath: staging.appending(path: "index.html").path) == wholeBuild,
            "an edit stages only what it changes")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try treeFiles(output) == before)
        #expect(try modificationTimes(output) == times)
        // The next build clears the leftover staging folder and succeeds.
        let again = try runBlog(["build", "--site", site.path])
        #expect(again.status == 0)
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(
            try String(contentsOf: output.appending(path: "posts/first/index.html"), encoding: .utf8).contains(
                "A new paragraph."))
        guard !wholeBuild else { return }
        // Not killed, an edit rebuilt alone leaves no folder beside the output but the spare.
        try (try String(contentsOf: post, encoding: .utf8) + "\nAnother paragraph.\n").write(
            to: post, atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path], environment: ["BLOG_PROFILE": "1"])
        #expect(result.status == 0 && result.stderr.contains("edited files rebuilt alone"), "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix(".public") }.sorted()
                == [".public.blog-spare"])
        #expect(
            try String(contentsOf: output.appending(path: "posts/first/index.html"), encoding: .utf8).contains(
                "Another paragraph."))
    }

    /// `blog link-spare`, started after an earlier build, may finish while a build is under way: the
    /// build's swap puts the tree it made in the way aside instead of failing.
    @Test func aSpareMadeDuringABuildGivesWay() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        try (try String(contentsOf: post, encoding: .utf8) + "\nA new paragraph.\n").write(
            to: post, atomically: true, encoding: .utf8)
        try "---\ntitle: Added\ndate: 2024-02-01\n---\nAdded.\n".write(
            to: site.appending(path: "content/posts/added.md"), atomically: true, encoding: .utf8)
        let process = try startPausedBuild(site, pause: 1.5)
        let spare = site.appending(path: ".public.blog-spare")
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        try FileManager.default.createDirectory(at: spare, withIntermediateDirectories: true)
        try Data().write(to: spare.appending(path: ".blog-output"))
        try Data("stale".utf8).write(to: spare.appending(path: "stale.html"))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let output = site.appending(path: "public")
        #expect(
            try String(contentsOf: output.appending(path: "posts/first/index.html"), encoding: .utf8).contains(
                "A new paragraph."))
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "stale.html").path))
        #expect(
            FileManager.default.fileExists(atPath: spare.appending(path: "posts/first/index.html").path),
            "the replaced output is the spare")
        #expect(!FileManager.default.fileExists(atPath: spare.appending(path: "stale.html").path))
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
    }

    @Test func failedBuildLeavesThePreviousOutput() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let before = try treeFiles(site.appending(path: "public"))
        try "---\ntitle: Broken\ndate: never\n---\n".write(
            to: site.appending(path: "content/posts/broken.md"), atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 1)
        #expect(try treeFiles(site.appending(path: "public")) == before)
    }

    /// A tree a killed build left waiting for deletion (marked as blog's) is deleted by the next build, in
    /// the background; a folder of the same name that blog did not mark is the user's and stays whole.
    @Test func leftoverTrashIsDeletedAndTheUsersFolderOfThatNameIsNot() async throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let trash = site.appending(path: ".public.blog-trash-0a1b2c3d")
        let users = site.appending(path: ".public.blog-trash-mine")
        for folder in [trash, users] {
            try FileManager.default.createDirectory(
                at: folder.appending(path: "posts/old"), withIntermediateDirectories: true)
            try Data("old".utf8).write(to: folder.appending(path: "posts/old/index.html"))
        }
        try Data().write(to: trash.appending(path: ".blog-output"))
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        for _ in 0..<100 where FileManager.default.fileExists(atPath: trash.path) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!FileManager.default.fileExists(atPath: trash.path))
        #expect(try treeFiles(users) == ["posts/old/index.html": Data("old".utf8)])
    }

    /// Folders of the user's named like blog's staging and spare folders are never removed or renamed: the
    /// build refuses, naming the folder, and leaves everything as it was. An empty one, as someone's
    /// `rm -rf` overlapping a swap leaves blog's own tree (marker and all), holds nothing to lose: the build
    /// removes it and goes on, so that no later build is refused for it.
    @Test(arguments: [".public.blog-staging", ".public.blog-spare"])
    func aFolderOfTheUsersNamedLikeBlogsIsLeftAlone(_ name: String) throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let folder = site.appending(path: name)
        try? FileManager.default.removeItem(at: folder)
        for contents in [nil, "notes"] {
            try FileManager.default.createDirectory(
                at: folder.appending(path: "posts"), withIntermediateDirectories: true)
            if let contents { try Data(contents.utf8).write(to: folder.appending(path: "notes.txt")) }
            // A new post, so that the build stages a new tree (an edit to a post's body alone replaces its
            // page in the output and stages nothing).
            try "---\ntitle: New \(contents ?? "empty")\ndate: 2024-02-01\n---\nNew.\n"
                .write(
                    to: site.appending(path: "content/posts/new-\(contents ?? "empty").md"), atomically: true,
                    encoding: .utf8)
            let result = try runBlog(["build", "--site", site.path])
            guard contents != nil else {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/posts/new-empty").path))
                try? FileManager.default.removeItem(at: folder)
                continue
            }
            #expect(result.status == 1)
            #expect(
                result.stderr.hasPrefix(
                    "\(name): error: a folder with this name exists beside the output and was not made by blog"),
                "\(result.stderr)")
            #expect(try treeFiles(folder) == ["notes.txt": Data("notes".utf8)])
        }
    }

    /// Two builds of one site at once: the second waits for the first, says so, and both succeed; the
    /// output is the second's, whole.
    @Test func aSecondBuildWaitsForTheFirst() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        try (try String(contentsOf: post, encoding: .utf8) + "\nA new paragraph.\n").write(
            to: post, atomically: true, encoding: .utf8)
        let first = try startPausedBuild(site, pause: 1.5, staged: "posts/first/index.html")
        try (try String(contentsOf: post, encoding: .utf8) + "\nAnother paragraph.\n").write(
            to: post, atomically: true, encoding: .utf8)
        let second = try runBlog(["build", "--site", site.path])
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.status == 0)
        #expect(
            second.stderr.contains(
                "note: another build of this site is running; waiting for it to finish (.blog-cache/lock)"),
            "\(second.stderr)")
        let page = try String(contentsOf: site.appending(path: "public/posts/first/index.html"), encoding: .utf8)
        #expect(page.contains("A new paragraph.") && page.contains("Another paragraph."))
        let clean = try runBlog(["build", "--site", site.path, "--output", "clean"])
        #expect(clean.status == 0)
        #expect(try treeFiles(site.appending(path: "public")) == treeFiles(site.appending(path: "clean")))
    }

    @Test func unchangedFilesKeepBytesAndModificationTimes() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let output = site.appending(path: "public")
        let times = try modificationTimes(output)
        Thread.sleep(forTimeInterval: 1.1)
        let trip = site.appending(path: "content/posts/trip/index.md")
        try (try String(contentsOf: trip, encoding: .utf8) + "\nMore walking.\n").write(
            to: trip, atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0)
        let after = try modificationTimes(output)
        let changed = Set(after.keys.filter { after[$0] != times[$0] })
        // The post's page, the feeds that carry it (the site's and its two tags'), and of the search index
        // the one word shard and the document shard: the manifest stays, as the post's length stays in
        // its bucket.
        var expected: Set<String> = [
            "posts/trip/index.html", "search/words/de950aa487fc.json", "search/documents/0.json",
        ]
        for folder in ["", "tags/travel/", "tags/日本語/"] {
            for feed in ["feed.json", "atom.xml", "rss.xml"] { expected.insert(folder + feed) }
        }
        #expect(changed == expected)
        #expect(result.stdout.contains(": 12 files written, 35 unchanged,"))
    }

    @Test(arguments: [
        ".", "content", "site-template", "content/posts", "..", "/", "content/out", "site-template/static/site",
        "content/posts/trip/x",
        "./content/../site-template/out",
    ])
    func refusesOutputsThatHoldTheSiteOrAreInsideItsInputs(_ output: String) throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let before = try treeFiles(site)
        let result = try runBlog(["build", "--site", site.path, "--output", output])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("\(output): error: refusing to write the site into \(output)"), "\(result.stderr)")
        #expect(try treeFiles(site) == before, "nothing is written")
    }

    @Test func refusesTheHomeFolder() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let result = try runBlog(["build", "--site", site.path, "--output", home])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(home): error: refusing to write the site into \(home)"))
    }

    @Test func removesOnlyFilesItMade() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        try FileManager.default.removeItem(at: site.appending(path: "content/pages/about.md"))
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.stdout.contains(", 1 removed,"))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public/about/index.html").path))
    }
}
