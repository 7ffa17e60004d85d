import Foundation
import Testing

/// The build cache (`.blog-cache/`) may only make builds faster: a cached build gives the same bytes as a
/// clean one, and a cache that is corrupt or stale is never trusted.
@Suite struct IncrementalBuildTests {
    /// Builds the site (with its cache) and a copy of its sources that has no cache and no output, and
    /// expects the same tree. The copy is a site of its own, so its build cannot replace the cache.
    ///
    /// - Parameter editedAlone: When given, whether the build must have rebuilt the edited posts alone
    ///   (``SiteBuilder/rebuildEdits``), as its `BLOG_PROFILE` notes say.
    func expectCachedEqualsClean(
        _ site: URL, _ label: String, editedAlone: Bool? = nil, wholeBecause reason: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var cached = try runBlog(
            ["build", "--site", site.path], environment: editedAlone == nil ? [:] : ["BLOG_PROFILE": "1"])
        #expect(cached.status == 0, "\(label): \(cached.stderr)", sourceLocation: sourceLocation)
        if let reason {
            #expect(
                cached.stderr.split(separator: "\n").contains {
                    $0.hasPrefix("profile: the whole build runs:") && $0.contains(reason)
                },
                "\(label): \(cached.stderr)", sourceLocation: sourceLocation)
        }
        if let editedAlone {
            #expect(
                cached.stderr.contains("edited files rebuilt alone") == editedAlone, "\(label): \(cached.stderr)",
                sourceLocation: sourceLocation)
            cached.stderr = cached.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter {
                !$0.hasPrefix("profile: ")
            }.joined(separator: "\n")
        }
        let copy = site.deletingLastPathComponent().appending(path: "clean-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        for name in ["blog.yaml", "content", "site-template"] {
            try FileManager.default.copyItem(at: site.appending(path: name), to: copy.appending(path: name))
        }
        let clean = try runBlog(["build", "--site", copy.path])
        #expect(clean.status == 0, sourceLocation: sourceLocation)
        #expect(cached.stderr == clean.stderr, "\(label): warnings differ", sourceLocation: sourceLocation)
        let cachedTree = try treeFiles(site.appending(path: "public"))
        let cleanTree = try treeFiles(copy.appending(path: "public"))
        #expect(cachedTree.keys.sorted() == cleanTree.keys.sorted(), "\(label)", sourceLocation: sourceLocation)
        for (path, data) in cachedTree where cleanTree[path] != data {
            Issue.record("\(label): \(path) differs from a clean build", sourceLocation: sourceLocation)
        }
    }

    func edit(_ url: URL, _ change: (String) -> String) throws {
        try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func cachedBuildsGiveTheBytesOfCleanBuilds() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let posts = site.appending(path: "content/posts")
        try expectCachedEqualsClean(site, "first build")
        try expectCachedEqualsClean(site, "no change")
        try edit(posts.appending(path: "2024-01-15-first.md")) {
            $0 + "\nAn edited paragraph with [a link](missing.md).\n"
        }
        try expectCachedEqualsClean(site, "one post edited")
        // What lists show of one post: only the list pages that show it are made again.
        try edit(posts.appending(path: "2024-01-15-first.md")) {
            $0.replacingOccurrences(of: "title: First \"quoted\" post", with: "title: First post, renamed")
        }
        try expectCachedEqualsClean(site, "title edited")
        try edit(posts.appending(path: "2024-01-15-first.md")) {
            $0.replacingOccurrences(of: "Hello from the *first* post.", with: "Hello again, with a new summary.")
        }
        try expectCachedEqualsClean(site, "summary edited")
        try edit(posts.appending(path: "2024-01-15-first.md")) {
            $0.replacingOccurrences(of: "tags: [Swift, \"Café Culture\"]", with: "tags: [Swift]")
        }
        try expectCachedEqualsClean(site, "tag removed from a post")
        try edit(posts.appending(path: "2024-01-15-first.md")) {
            $0.replacingOccurrences(of: "tags: [Swift]", with: "tags: [Swift, \"Café Culture\"]")
        }
        try expectCachedEqualsClean(site, "tag given back")
        try "---\ntitle: Added\ndate: 2024-04-01T00:00:00Z\ntags: [new]\n---\nSee [first](2024-01-15-first.md).\n"
            .write(to: posts.appending(path: "added.md"), atomically: true, encoding: .utf8)
        try expectCachedEqualsClean(site, "post added")
        try edit(posts.appending(path: "2024-03-01-tags.md")) {
            $0.replacingOccurrences(of: "\"swift\"]", with: "\"swift\", \"travel\"]")
        }
        try expectCachedEqualsClean(site, "tag added to a post")
        try edit(posts.appending(path: "2024-01-15-first.md")) {
            $0.replacingOccurrences(of: "date: 2024-01-15", with: "date: 2024-05-15")
        }
        try expectCachedEqualsClean(site, "date changed, order changed")
        try edit(posts.appending(path: "2024-03-02-draft.md")) {
            $0.replacingOccurrences(of: "draft: true", with: "draft: false")
        }
        try expectCachedEqualsClean(site, "draft published")
        try "---\ntitle: Colophon\n---\nMade with blog.\n".write(
            to: site.appending(path: "content/pages/colophon.md"), atomically: true, encoding: .utf8)
        try expectCachedEqualsClean(site, "page added")
        try FileManager.default.removeItem(at: posts.appending(path: "2024-03-01-tags.md"))
        try expectCachedEqualsClean(site, "post removed")
        try edit(site.appending(path: "content/pages/about.md")) {
            $0.replacingOccurrences(of: "title: About", with: "title: About us")
        }
        try expectCachedEqualsClean(site, "page renamed")
        try edit(site.appending(path: "site-template/post.mustache")) {
            $0.replacingOccurrences(of: "<article class=\"post\">", with: "<article class=\"post entry\">")
        }
        try expectCachedEqualsClean(site, "template edited")
        try edit(site.appending(path: "blog.yaml")) {
            $0.replacingOccurrences(of: "posts_per_page: 2", with: "posts_per_page: 1")
        }
        try expectCachedEqualsClean(site, "blog.yaml edited")
    }

    /// An edit that changes only a post's own page (its front matter, its diagnostics and what lists
    /// show of it as they were, and no feed carrying its whole text) rebuilds that page alone; every other
    /// edit takes the whole build. Either way the output is a clean build's, warnings included, and the
    /// record left behind serves the builds after it.
    /// A post edited and then given its old size and modification time back (`touch -d`, `cp -p`, a
    /// checkout) is still read again: its change time, which no program sets back, is part of its stamp.
    /// A file only touched (a new change time, the same bytes) costs a rebuild of itself and nothing else.
    @Test(arguments: [false, true])
    func anEditThatKeepsTheOldModificationTimeIsRebuilt(frontMatter: Bool) throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        try expectCachedEqualsClean(site, "first build")
        let before = try FileManager.default.attributesOfItem(atPath: post.path)[.modificationDate] as? Date
        let text = try String(contentsOf: post, encoding: .utf8)
        // The same number of bytes: only the change time tells the edit.
        // The body's edit keeps its words, which the search index holds: the edited post alone is rebuilt.
        let (old, new) = frontMatter ? ("title: First", "title: Fjrst") : ("Some `code`", "Some *code*")
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: post, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: post.path)
        try expectCachedEqualsClean(site, "edited, old modification time", editedAlone: !frontMatter)
        let page = try String(contentsOf: site.appending(path: "public/posts/first/index.html"), encoding: .utf8)
        #expect(page.contains(frontMatter ? "Fjrst" : "<em>code</em>"), "the edit is published")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: post.path)
        try expectCachedEqualsClean(site, "touched only", editedAlone: true)
    }

    @Test func editsThatChangeOnlyTheirPageAreRebuiltAlone() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let posts = site.appending(path: "content/posts")
        try edit(site.appending(path: "blog.yaml")) {
            $0.replacingOccurrences(of: "item_limit: 3", with: "item_limit: 1")
        }
        for (index, day) in (10...16).enumerated() {
            let links =
                "See [the first](2024-01-15-first.md), [a draft](2024-03-02-draft.md) and [nothing](missing-\(index).md)."
            try
                "---\ntitle: Old \(index)\ndate: 2023-05-\(day)\ntags: [archive, \"Old Times\"]\n---\nOld post \(index), first paragraph.\n\n\(links)\n"
                .write(to: posts.appending(path: "old-\(index).md"), atomically: true, encoding: .utf8)
        }
        for index in 0..<20 {
            try "---\ntitle: Linked \(index)\ndate: 2022-03-\(10 + index)\n---\nLinked.\n".write(
                to: posts.appending(path: "linked-\(index).md"), atomically: true, encoding: .utf8)
        }
        try expectCachedEqualsClean(site, "first build")
        try edit(posts.appending(path: "old-1.md")) {
            $0 + "\nA paragraph added at the end, with [a link](2024-01-15-first.md#top).\n"
        }
        try expectCachedEqualsClean(site, "body of an old post edited", editedAlone: true)
        try edit(posts.appending(path: "old-2.md")) { $0 + "\nMore.\n" }
        try edit(posts.appending(path: "old-3.md")) { $0 + "\nMore.\n" }
        try edit(site.appending(path: "content/pages/about.md")) { $0 + "\nA page edited too.\n" }
        try expectCachedEqualsClean(site, "two old posts and a page edited", editedAlone: true)
        try edit(posts.appending(path: "2024-03-02-draft.md")) { $0 + "\nA draft edited.\n" }
        try expectCachedEqualsClean(site, "a draft edited", editedAlone: true)
        let same = posts.appending(path: "old-4.md")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: same.path)
        try expectCachedEqualsClean(site, "an old post touched, its bytes the same", editedAlone: true)
        // More link targets than are looked up one by one: every source's record is read at once.
        try edit(same) { $0 + "\n" + (0..<20).map { "[\($0)](linked-\($0).md)" }.joined(separator: ", ") + ".\n" }
        try expectCachedEqualsClean(site, "links to twenty posts added", editedAlone: true)
        // Each of these reaches further than the post's page.
        try edit(posts.appending(path: "old-1.md")) {
            $0.replacingOccurrences(of: "Old post 1, first paragraph.", with: "A new summary.")
        }
        try expectCachedEqualsClean(site, "summary edited", editedAlone: false)
        try edit(posts.appending(path: "old-2.md")) {
            $0.replacingOccurrences(of: "title: Old 2", with: "title: Old two")
        }
        try expectCachedEqualsClean(site, "title edited", editedAlone: false)
        try edit(posts.appending(path: "old-3.md")) { $0 + "\nNow [another missing link](gone.md).\n" }
        try expectCachedEqualsClean(site, "a warning added", editedAlone: false)
        // The feed pages that carry an edited post whole are made again, in every format.
        try edit(posts.appending(path: "2024-03-01-tags.md")) {
            $0
                + "\nThe newest post, which the feeds carry whole: ![a picture](pic.png), [first](2024-01-15-first.md).\n"
        }
        try expectCachedEqualsClean(site, "a post in the feed edited", editedAlone: true)
        try edit(posts.appending(path: "old-6.md")) {
            $0 + "\nThe newest of its tags, which their feeds carry whole.\n"
        }
        try edit(posts.appending(path: "2024-01-15-first.md")) { $0 + "\nEdited beside it.\n" }
        try expectCachedEqualsClean(site, "posts in tag feeds edited", editedAlone: true)
        // Outputs changed by hand around an edit: handChangedOutputsAreRestoredAroundEdits.
        try edit(posts.appending(path: "old-5.md")) { $0 + "\nMore.\n" }
        try expectCachedEqualsClean(site, "an old post edited", editedAlone: true)
        // After all that, the record still serves both ways.
        try edit(posts.appending(path: "old-5.md")) { $0 + "\nMore again.\n" }
        try expectCachedEqualsClean(site, "edited once more", editedAlone: true)
        try expectCachedEqualsClean(site, "no change", editedAlone: false)
        try edit(posts.appending(path: "old-6.md")) {
            $0.replacingOccurrences(of: "date: 2023-05-16", with: "date: 2023-05-09")
        }
        try expectCachedEqualsClean(site, "date changed", editedAlone: false)
        // With lists that show no summary, a new summary still changes the feed's archive page that
        // carries it, and summaries in the first pages too.
        try edit(site.appending(path: "site-template/partials/post-list.mustache")) {
            $0.replacingOccurrences(of: "<p>{{summary}}</p>", with: "")
        }
        try expectCachedEqualsClean(site, "lists without summaries")
        try edit(posts.appending(path: "old-2.md")) {
            $0.replacingOccurrences(of: "Old post 2, first paragraph.", with: "Another summary.")
        }
        try expectCachedEqualsClean(site, "summary edited, lists without summaries", editedAlone: false)
        try edit(site.appending(path: "blog.yaml")) {
            $0.replacingOccurrences(of: "item_limit: 1", with: "item_limit: 1\n  content: summary")
        }
        try expectCachedEqualsClean(site, "feeds of summaries")
        try edit(posts.appending(path: "2024-03-01-tags.md")) { $0 + "\nA last paragraph, not in the summary.\n" }
        try expectCachedEqualsClean(site, "body edited, feeds of summaries", editedAlone: true)
        try edit(posts.appending(path: "2024-03-01-tags.md")) {
            $0.replacingOccurrences(of: "A last paragraph, not in the summary.", with: "")
        }
        try edit(posts.appending(path: "old-3.md")) {
            $0.replacingOccurrences(of: "Old post 3, first paragraph.", with: "A third summary.")
        }
        try expectCachedEqualsClean(site, "summary edited, feeds of summaries", editedAlone: false)
    }

    /// An edit to a post's words rewrites the search index's files it changes (the word shards of its
    /// terms, its document shard, the manifest when the average length moves) and no other, on the
    /// edit-only path; an edit that moves the shards' bounds takes the whole build. Either way the index is
    /// a clean build's, byte for byte.
    @Test func searchIndexEditsRewriteOnlyTheirShards() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let posts = site.appending(path: "content/posts")
        // Enough distinct words for several word shards and document shards.
        for index in 0..<300 {
            let words = (0..<60).map { "w\(String(($0 * 7 + index * 13) % 2_999, radix: 36))x" }.joined(separator: " ")
            try "---\ntitle: Many \(index)\ndate: 2022-01-01\n---\nMany words. \(words)\n"
                .write(to: posts.appending(path: "many-\(index).md"), atomically: true, encoding: .utf8)
        }
        try expectCachedEqualsClean(site, "first build")
        let shards = site.appending(path: "public/search/words")
        func shardTexts() throws -> [String: String] {
            var texts: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: shards.path) {
                texts[name] = try String(contentsOf: shards.appending(path: name), encoding: .utf8)
            }
            return texts
        }
        let before = try shardTexts()
        #expect(before.count >= 5, "several shards: \(before.keys.sorted())")
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        try edit(post) { $0 + "\nA word the index had not: pangolin.\n" }
        try expectCachedEqualsClean(site, "a word added", editedAlone: true)
        let after = try shardTexts()
        #expect(after.keys.sorted() == before.keys.sorted())
        let changed = after.keys.filter { after[$0] != before[$0] }
        #expect(changed.count <= 2, "\(changed.count) of \(before.count) shards changed")
        #expect(changed.contains { after[$0]?.contains("\"pangolin\"") == true })
        // Words the index has, once more: the shards of their terms alone are read and rewritten.
        try edit(posts.appending(path: "many-5.md")) { $0 + "\nMany words, many.\n" }
        try expectCachedEqualsClean(site, "words the index had", editedAlone: true)
        try edit(post) { $0.replacingOccurrences(of: "Some `code`", with: "Some *code*") }
        try expectCachedEqualsClean(site, "markup changed, the words kept", editedAlone: true)
        try edit(post) { $0.replacingOccurrences(of: "pangolin", with: "") }
        try expectCachedEqualsClean(site, "a word removed", editedAlone: true)
        // A document shard changed by hand: the edit cannot trust the index, and the whole build mends it.
        try edit(site.appending(path: "public/search/documents/0.json")) {
            $0.replacingOccurrences(of: "\"title\"", with: "\"Title\"")
        }
        try edit(post) { $0 + "\nA word for a mended index: okapi.\n" }
        try expectCachedEqualsClean(
            site, "a document shard changed by hand", editedAlone: false,
            wholeBecause: "search index is not as recorded")
        // Its length half as long again: every posting of the post, and the average length, change.
        let manifest = site.appending(path: "public/search/index.json")
        let average = try String(contentsOf: manifest, encoding: .utf8)
        try edit(posts.appending(path: "many-7.md")) { $0 + "\n" + String(repeating: "Longer and longer. ", count: 12) }
        try expectCachedEqualsClean(site, "a post made longer", editedAlone: true)
        #expect(try String(contentsOf: manifest, encoding: .utf8) != average)
        try edit(site.appending(path: "content/pages/about.md")) { $0 + "\nA page with a new word: quokka.\n" }
        try edit(posts.appending(path: "many-9.md")) { $0 + "\nA paragraph with a numbat.\n" }
        try expectCachedEqualsClean(site, "a page and a post edited", editedAlone: true)
        // Long new terms under one prefix split its shard: the shards are cut again, new shard files are
        // written and the manifest lists them, still without the whole build. (Fewer than a minute's
        // reading, which lists show.)
        let many11 = try String(contentsOf: posts.appending(path: "many-11.md"), encoding: .utf8)
        try edit(posts.appending(path: "many-11.md")) {
            $0 + "\n" + (0..<120).map { "zq\($0)" + String(repeating: "a", count: 150) }.joined(separator: " ") + "\n"
        }
        try expectCachedEqualsClean(site, "the shards' bounds moved", editedAlone: true)
        #expect(try shardTexts().count > after.count)
        try edit(posts.appending(path: "many-11.md")) { $0 + "\nOne more word: wombat.\n" }
        try expectCachedEqualsClean(site, "edited after the bounds moved", editedAlone: true)
        // Those words gone again: the shards they made are removed, and the build says so.
        try many11.write(to: posts.appending(path: "many-11.md"), atomically: true, encoding: .utf8)
        try expectCachedEqualsClean(site, "the bounds moved back", editedAlone: true)
        #expect(try shardTexts().count == after.count)
    }

    /// The tree a swap replaces is kept as `.public.blog-spare` and staged into by the next build; nothing
    /// it holds may reach the output unless this build made the same bytes.
    @Test func spareTreeNeverLeaksIntoTheOutput() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        let original = try String(contentsOf: post, encoding: .utf8)
        try expectCachedEqualsClean(site, "first build")
        // Files a person left in the output, and a page changed there, end up in the spare at the next swap.
        let publicFolder = site.appending(path: "public")
        try FileManager.default.createDirectory(
            at: publicFolder.appending(path: "junk/deep"), withIntermediateDirectories: true)
        for stray in ["stray.txt", "posts/first/stray.txt", "junk/deep/x.txt"] {
            try "stray\n".write(to: publicFolder.appending(path: stray), atomically: true, encoding: .utf8)
        }
        try "defaced".write(
            to: publicFolder.appending(path: "posts/trip/index.html"), atomically: false, encoding: .utf8)
        // Titles change, so that each edit takes the whole build, which stages into the spare.
        try edit(post) { $0.replacingOccurrences(of: "title: First", with: "title: Second") + "\nA second version.\n" }
        try expectCachedEqualsClean(site, "edited once", editedAlone: false)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: ".public.blog-spare/junk/deep/x.txt").path))
        try edit(post) { $0.replacingOccurrences(of: "title: Second", with: "title: Third") + "\nA third version.\n" }
        try expectCachedEqualsClean(site, "edited twice, staged into the spare", editedAlone: false)
        // Back to the bytes the spare still holds for some pages.
        try original.write(to: post, atomically: true, encoding: .utf8)
        try expectCachedEqualsClean(site, "edit undone")
        try FileManager.default.removeItem(at: site.appending(path: "content/posts/2024-03-01-tags.md"))
        try expectCachedEqualsClean(site, "post removed")
        try expectCachedEqualsClean(site, "no change")
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: ".public.blog-spare/junk").path))
    }

    @Test func noChangeRebuildWritesNothingAndRepeatsWarnings() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try "---\ntitle: W\ndate: 2024-01-01\ntag: x\n---\n[x](nowhere.md)\n".write(
            to: site.appending(path: "content/posts/warn.md"), atomically: true, encoding: .utf8)
        let first = try runBlog(["build", "--site", site.path])
        let second = try runBlog(["build", "--site", site.path])
        #expect(second.status == 0)
        #expect(second.stderr == first.stderr)
        #expect(second.stderr.contains("warning: unknown front matter key 'tag'"))
        #expect(
            second.stdout.hasPrefix(
                "Built 4 posts, 1 page and 6 tags into public/: 0 files written, 49 unchanged, 1 draft skipped, 1 future post skipped, 2 warnings in "
            ))
    }

    @Test func corruptCacheIsIgnored() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let before = try treeFiles(site.appending(path: "public"))
        let cache = site.appending(path: ".blog-cache/build.bin")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.appending(path: ".blog-cache").path).sorted() == [
                "build.bin", "lock",
            ])
        let recorded = try Data(contentsOf: cache)
        // Garbage, and the real record cut short or with one byte changed in its stamps or its sources.
        var damaged: [Data] = [
            "", "{", "{\"version\": 1}", "blog-quick-check 1\nF\t1\t-\n", String(repeating: "x", count: 1000),
        ].map { Data($0.utf8) }
        damaged += [recorded.prefix(recorded.count / 2), recorded.prefix(40)]
        for offset in [40, 60, recorded.count / 2, recorded.count - 1] {
            var changed = recorded
            changed[offset] ^= 0x01
            damaged.append(changed)
        }
        for garbage in damaged {
            try garbage.write(to: cache)
            let result = try runBlog(["build", "--site", site.path])
            #expect(result.status == 0)
            #expect(try treeFiles(site.appending(path: "public")) == before)
        }
        // A record that claims nothing changed while a post did is caught by the post's stamp.
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        try (try String(contentsOf: post, encoding: .utf8) + "\nChanged after the cache was written.\n").write(
            to: post, atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        #expect(
            try String(contentsOf: site.appending(path: "public/posts/first/index.html"), encoding: .utf8).contains(
                "Changed after the cache was written."))
    }

    @Test func tamperedOutputIsRestored() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let page = site.appending(path: "public/posts/trip/index.html")
        let original = try Data(contentsOf: page)
        try "defaced".write(to: page, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: site.appending(path: "public/tags/travel/index.html"))
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0)
        #expect(try Data(contentsOf: page) == original)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/tags/travel/index.html").path))
    }

    @Test func handChangedOutputsAreRestoredAroundEdits() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try edit(site.appending(path: "blog.yaml")) { $0 + "search: false\n" }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let post = site.appending(path: "content/posts/2024-01-15-first.md")
        let page = site.appending(path: "public/posts/first/index.html")
        let tagPage = site.appending(path: "public/tags/travel/index.html")

        // An edit writes only its own pages: a hand-changed page it does not write stays until the next
        // build with nothing changed, which restores it.
        try "defaced".write(to: tagPage, atomically: false, encoding: .utf8)
        try edit(post) { $0 + "\nEdited once.\n" }
        let edited = try runBlog(["build", "--site", site.path], environment: ["BLOG_PROFILE": "1"])
        #expect(edited.status == 0)
        #expect(edited.stderr.contains("edited files rebuilt alone"), "\(edited.stderr)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Edited once."))
        try expectCachedEqualsClean(site, "nothing changed after an edit", editedAlone: false)

        // An edit over a page changed by hand (in place, or replaced) takes the whole build, which restores it.
        for (index, atomically) in [false, true].enumerated() {
            try "defaced".write(to: page, atomically: atomically, encoding: .utf8)
            try edit(post) { $0 + "\nEdited again, \(index).\n" }
            try expectCachedEqualsClean(site, "an edit over a hand-changed page", editedAlone: false)
        }
    }

    /// An edit compares the record's stamps with its scan entry by entry, the record keeping them in the
    /// scan's order, which is not the paths' sorted order when a name holds a character that sorts before
    /// `/` or is not ASCII, or a post folder has files: every edit is still found, and only edits.
    @Test func editsAreFoundWhicheverOrderTheScanListsSourcesIn() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let posts = site.appending(path: "content/posts")
        try FileManager.default.createDirectory(at: posts.appending(path: "a"), withIntermediateDirectories: true)
        let names = ["a/index.md", "a-b.md", "a.c.md", "a b c.md", "\u{E9}t\u{E9}.md", "e\u{301}clair.md"]
        for (index, name) in names.enumerated() {
            try "---\ntitle: Post \(index)\ndate: 2022-04-\(10 + index)\n---\nFirst paragraph \(index).\n".write(
                to: posts.appending(path: name), atomically: true, encoding: .utf8)
        }
        try "a file of the folder\n".write(to: posts.appending(path: "a/notes.txt"), atomically: true, encoding: .utf8)
        try expectCachedEqualsClean(site, "first build")
        for name in names + [names[1]] {
            try edit(posts.appending(path: name)) { $0 + "\nA paragraph added to \(name).\n" }
            try expectCachedEqualsClean(site, "\(name) edited", editedAlone: true)
        }
        try edit(posts.appending(path: names[2])) { $0 + "\nOne more.\n" }
        try edit(posts.appending(path: names[5])) { $0 + "\nOne more.\n" }
        try expectCachedEqualsClean(site, "two edited", editedAlone: true)
        try expectCachedEqualsClean(site, "no change", editedAlone: false)
        try edit(posts.appending(path: "a/notes.txt")) { $0 + "changed\n" }
        try expectCachedEqualsClean(site, "a post folder's file changed", editedAlone: false)
        try FileManager.default.removeItem(at: posts.appending(path: names[3]))
        try expectCachedEqualsClean(site, "a post removed", editedAlone: false)
    }

    @Test func changedFileInAPostFolderIsCopied() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        let photo = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"/>\n"
        try photo.write(to: site.appending(path: "content/posts/trip/photo.svg"), atomically: true, encoding: .utf8)
        try "new file\n".write(
            to: site.appending(path: "content/posts/trip/notes.txt"), atomically: true, encoding: .utf8)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains(": 2 files written,"))
        #expect(try String(contentsOf: site.appending(path: "public/posts/trip/photo.svg"), encoding: .utf8) == photo)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/posts/trip/notes.txt").path))
    }

    @Test func futurePostAppearsOnceDue() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let soon = Date().addingTimeInterval(3)
        let stamp = ISO8601DateFormatter().string(from: soon)
        try "---\ntitle: Soon\ndate: \(stamp)\n---\nSoon.\n".write(
            to: site.appending(path: "content/posts/soon.md"), atomically: true, encoding: .utf8)
        #expect(try runBlog(["build", "--site", site.path]).stdout.contains("2 future posts skipped"))
        Thread.sleep(forTimeInterval: 3.5)
        let later = try runBlog(["build", "--site", site.path])
        #expect(later.stdout.hasPrefix("Built 4 posts"))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/posts/soon/index.html").path))
    }
}
