import BlogFileSystem
import Foundation
import JSONFeed
import Testing

@testable import BlogCore

/// The build cache's binary file gives back what was saved, and a damaged, cut or foreign one is never
/// trusted; an incremental build leaves the same cache as a build without one.
@Suite struct BuildRecordTests {
    func makeCache(sources count: Int, summary: String) -> BuildRecord {
        var cache = BuildRecord(
            fingerprint: 42, stamps: BuildStamps(), outputs: ["index.html": .init(size: 10, modified: 5, hash: 7)])
        cache.dependencies.links = 3
        for index in 0..<count {
            let source = "content/posts/p\(index).md"
            let post = Post(
                kind: .post, source: source, bundleFolder: nil, slug: "p\(index)", title: "Post \(index) “quoted”",
                date: fixedNow, updated: nil,
                summary: nil, tags: ["t\(index % 7)"], image: nil, bannerImage: nil, externalURL: nil, language: nil,
                authors: nil,
                isDraft: false, attachments: [], extensions: [:], body: "", bodyFirstLine: 5)
            cache.sources[source] = .init(
                size: index, modified: Int64(index) * 1000, changed: Int64(index) * 1001,
                hash: UInt64(index) &* 0x9E37_79B9,
                post: post,
                summary: "\(summary) \(index)",
                wordCount: index % 300, entryHash: UInt64(index + 1), frontMatterDiagnostics: [], renderDiagnostics: [],
                isRendered: true)
        }
        return cache
    }

    /// A cache that uses every field: all of a post's optional values, diagnostics with and without a
    /// position, a source with errors (no post) and a spare that differs from the outputs.
    func fullCache() -> BuildRecord {
        var cache = makeCache(sources: 3, summary: "s")
        cache.dependencies.listPages = ["index.html": 0xFFFF_FFFF_FFFF_FFFF, "tags/é/index.html": 0]
        cache.dependencies.feedWarnings = [
            "feed/1.json": [.init(file: "content/posts/long.md", message: "the feed feed/1.json carries “this”")],
            "tags/é/feed.json": [.init(file: "a.md", message: ""), .init(file: "blog.yaml", message: "m\n")],
        ]
        cache.stamps = sampleStamps()
        cache.outputs["posts/a/index.html"] = .init(size: 0, modified: -1, hash: 0)
        cache.outputs["feed.json"] = .init(size: Int.max, modified: Int64.max, hash: 1)
        var spare = cache.outputs
        spare["index.html"] = .init(size: 11, modified: 6, hash: 8)
        spare["feed.json"] = nil
        spare["old/index.html"] = .init(size: 1, modified: 2, hash: 3)
        cache.spare = spare
        let post = Post(
            kind: .page, source: "content/posts/b/index.md", bundleFolder: "content/posts/b", slug: "b",
            title: "B\n\t\\",
            date: Date(timeIntervalSinceReferenceDate: 123_456.789_012_345),
            updated: Date(timeIntervalSinceReferenceDate: -0.5),
            summary: "sum", tags: [], image: "i.png", bannerImage: "/b.png", externalURL: "https://e.org/x",
            language: "de-CH",
            authors: [
                .init(name: "Ada", url: "https://ada.example", avatar: nil),
                .init(name: "Bo", url: nil, avatar: "bo.png"),
            ],
            isDraft: true,
            attachments: [
                Attachment(
                    url: "a.mp3", mimeType: "audio/mpeg", title: "Ep 1", sizeInBytes: 100, durationInSeconds: 1.5),
                Attachment(url: "relative/b.pdf"),
            ],
            extensions: ["_x": .object(["about": .string("https://e.org/"), "n": .number("1.50")])], body: "",
            bodyFirstLine: 9)
        let warning = BuildRecord.RecordedDiagnostic(
            severity: "warning", file: "content/posts/b/index.md", line: 3, column: 7, message: "a “warning”")
        let note = BuildRecord.RecordedDiagnostic(severity: "note", file: "x", line: nil, column: nil, message: "")
        cache.sources[post.source] = .init(
            size: 5, modified: -5, changed: .min, hash: .max, post: post, summary: "", wordCount: 0, entryHash: 0,
            frontMatterDiagnostics: [warning], renderDiagnostics: [note, warning], isRendered: false)
        cache.sources["content/posts/broken.md"] = .init(
            size: 1, modified: 1, changed: 2, hash: 1, post: nil, summary: "", wordCount: 0, entryHash: 0,
            frontMatterDiagnostics: [warning], renderDiagnostics: [], isRendered: false)
        return cache
    }

    func site() throws -> Site {
        let root = FileManager.default.temporaryDirectory.appending(path: "buildcache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return Site(root: root)
    }

    func expectSame(_ loaded: BuildRecord?, _ cache: BuildRecord, spare: Bool = true) {
        #expect(loaded?.fingerprint == cache.fingerprint && loaded?.dependencies == cache.dependencies)
        #expect(loaded?.stamps == cache.stamps)
        #expect(loaded?.outputs == cache.outputs)
        if spare { #expect(loaded?.spare == cache.spare) }
        #expect(loaded?.sources == cache.sources)
    }

    /// Stamps with every awkward value: names with tabs, newlines and backslashes, extreme sizes and
    /// times, a diagnostic without a column.
    func sampleStamps() -> BuildStamps {
        var stamps = BuildStamps(nextDue: Date(timeIntervalSinceReferenceDate: 123.5))
        stamps.counts = .init(posts: 3, pages: 1, tags: 2, draftsSkipped: 4, futureSkipped: 5)
        stamps.sources = [
            "content/posts/a.md": FileStamp(size: 0, modified: -1_000_000_007),
            "content/posts/tab\there\\and\nline.md": FileStamp(size: 12, modified: Int64.max),
            "content/posts/café.md": FileStamp(size: Int(Int64.max), modified: Int64.min + 1),
        ]
        stamps.outputs = ["index.html": FileStamp(size: 5, modified: 6)]
        stamps.diagnostics = [
            Diagnostic(
                .warning, file: "content/posts/a.md", line: 3, column: nil, message: "a\ttab and a \\ and\na line")
        ]
        return stamps
    }

    func load(_ site: Site, fingerprint: UInt64 = 42) async -> BuildRecord? {
        await BuildRecord.File.read(for: site, in: ".blog-cache", fingerprint: fingerprint)?.record()
    }

    func decode(_ bytes: Data, fingerprint: UInt64 = 42) async -> BuildRecord? {
        await BuildRecord.File(bytes, fingerprint: fingerprint)?.record()
    }

    @Test func savedRecordLoadsBackWhole() async throws {
        let site = try site()
        defer { try? FileManager.default.removeItem(at: site.root) }
        for cache in [makeCache(sources: 4_321, summary: "first"), fullCache()] {
            await cache.save(for: site, in: ".blog-cache")
            expectSame(await load(site), cache)
        }
        #expect(await load(site, fingerprint: 43) == nil)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.root.appending(path: ".blog-cache").path) == [
                "build.bin"
            ])
    }

    /// A rebuild that finds nothing changed reads the stamps alone, and they are whole.
    @Test func theStampsDecodeWithoutTheRest() async throws {
        let file = try #require(BuildRecord.File(await fullCache().encoded(), fingerprint: 42))
        #expect(file.stamps() == sampleStamps())
        #expect(file.dependencies == fullCache().dependencies)
    }

    @Test func theSameRecordGivesTheSameBytes() async {
        #expect(await fullCache().encoded() == (await fullCache().encoded()))
        #expect(
            await makeCache(sources: 500, summary: "a").encoded()
                == (await makeCache(sources: 500, summary: "a").encoded()))
    }

    @Test func everyCutAndEveryChangedByteIsCaught() async {
        let bytes = await fullCache().encoded()
        #expect(await decode(bytes) != nil)
        for length in 0..<bytes.count {
            #expect(BuildRecord.File(bytes.prefix(length), fingerprint: 42) == nil, "cut to \(length) bytes")
        }
        // A changed byte of the head loses the file; one of a section fails that section's check, when it
        // is first read, and the whole record's.
        for offset in 0..<bytes.count {
            var damaged = bytes
            damaged[offset] ^= 0x20
            guard let file = BuildRecord.File(damaged, fingerprint: 42) else { continue }
            let hit = file.sections.indices.filter { file.sections[$0].contains(offset) }
            #expect(hit.count == 1, "byte \(offset) changed")
            for index in file.sections.indices {
                #expect((file.checkedSection(index) == nil) == hit.contains(index), "byte \(offset), section \(index)")
            }
            #expect(await decode(damaged) == nil, "byte \(offset) changed")
        }
        #expect(BuildRecord.File(bytes + [0], fingerprint: 42) == nil)
    }

    /// The sources are kept in shares of about a thousand, each checked when a source of it is first read:
    /// a damaged share loses its own sources and the whole record, not the others' sources.
    @Test func aDamagedShareLosesItsOwnSourcesAlone() async throws {
        var bytes = await makeCache(sources: 3_000, summary: "s").encoded()
        let whole = try #require(BuildRecord.File(bytes, fingerprint: 42))
        #expect(whole.sections.count >= 5, "\(whole.sections.count) sections")
        let (first, last) = ("content/posts/p0.md", "content/posts/p2999.md")
        #expect(Set(whole.sources([first, last]).keys) == [first, last])
        let share = try #require(whole.sections.last)
        bytes[share.lowerBound + share.count / 2] ^= 0x20
        let damaged = try #require(BuildRecord.File(bytes, fingerprint: 42))
        #expect(Set(damaged.sources([first, last]).keys) == [first])
        #expect(damaged.checkedSection(damaged.sections.count - 1) == nil)
        #expect(damaged.checkedSection(0) != nil && damaged.checkedSection(2) != nil)
        #expect(await damaged.record() == nil)
    }

    @Test func aRecordOfAnotherFormatIsNotRead() async throws {
        var bytes = await fullCache().encoded()
        bytes[BuildRecord.magic.count] &+= 1
        #expect(await decode(bytes) == nil)
        #expect(await decode(Data("{\"version\": 2, \"fingerprint\": 42}".utf8)) == nil)
    }

    @Test func filesOfEarlierFormatsAreRemovedOnSave() async throws {
        let site = try site()
        defer { try? FileManager.default.removeItem(at: site.root) }
        let folder = site.root.appending(path: ".blog-cache")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["build.json", "build-sources-0.json", "build-sources-1.json", "quick", "notes.txt"] {
            try Data("{}".utf8).write(to: folder.appending(path: name))
        }
        await makeCache(sources: 1, summary: "x").save(for: site, in: ".blog-cache")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["build.bin", "notes.txt"])
    }

    /// Replacing a few entries in place gives the very bytes that encoding the record with those entries
    /// replaced gives; the spare tree keeps what it held for an output replaced in the output alone.
    @Test func aPatchedRecordIsTheRecordWithThoseEntriesReplaced() async throws {
        var cache = fullCache()
        cache.stamps.sources["content/posts/p1.md"] = FileStamp(size: 1, modified: 1000)
        for (path, output) in cache.outputs {
            cache.stamps.outputs[path] = FileStamp(size: output.size, modified: output.modified)
        }
        let file = try #require(BuildRecord.File(await cache.encoded(), fingerprint: 42))
        #expect(file.source("content/posts/p1.md") == cache.sources["content/posts/p1.md"])
        #expect(file.source("content/posts/b/index.md") == cache.sources["content/posts/b/index.md"])
        #expect(file.source("content/posts/p1") == nil && file.source("") == nil)
        #expect(file.output("feed.json") == cache.outputs["feed.json"] && file.output("old/index.html") == nil)

        var record = try #require(cache.sources["content/posts/p1.md"])
        (record.size, record.modified, record.hash, record.summary, record.wordCount) = (
            77, 88, 99, "An edited “summary”", 1234
        )
        let stamp = FileStamp(size: 77, modified: 88)
        // index.html differs in the spare already; posts/a/index.html does not, until now.
        let outputs: [String: OutputFile] = [
            "index.html": .init(size: 12, modified: 13, hash: 14),
            "posts/a/index.html": .init(size: 3, modified: 4, hash: 5),
        ]
        let patched = try #require(file.patched(sources: ["content/posts/p1.md": (stamp, record)], outputs: outputs))

        var expected = cache
        expected.sources["content/posts/p1.md"] = record
        expected.stamps.sources["content/posts/p1.md"] = stamp
        for (path, output) in outputs {
            expected.outputs[path] = output
            expected.stamps.outputs[path] = FileStamp(size: output.size, modified: output.modified)
        }
        expected.spare?["posts/a/index.html"] = cache.outputs["posts/a/index.html"]
        expectSame(await decode(patched), expected)
        #expect(patched == (await expected.encoded()))
        // Entries the record does not hold are not made up.
        #expect(file.patched(sources: ["content/posts/new.md": (stamp, record)], outputs: [:]) == nil)
        #expect(file.patched(sources: [:], outputs: ["new/index.html": .init(size: 1, modified: 1, hash: 1)]) == nil)
    }

    /// ``fullCache()`` with stamps for its posts p1 and p2 and for every output, as a build records them.
    func stampedFullCache() -> BuildRecord {
        var cache = fullCache()
        for path in ["content/posts/p1.md", "content/posts/p2.md"] {
            cache.stamps.sources[path] = FileStamp(size: 1, modified: 1000)
        }
        for (path, output) in cache.outputs {
            cache.stamps.outputs[path] = FileStamp(size: output.size, modified: output.modified)
        }
        return cache
    }

    /// The stamps an edit reads (the outputs counted, not decoded) are the whole stamps but for the
    /// outputs, of which they hold the count and those the journal names, as the whole stamps have them.
    func expectCounted(_ file: BuildRecord.File, as whole: BuildStamps) {
        guard let counted = file.stamps(decodingOutputs: false) else {
            Issue.record("the stamps cannot be read without the outputs")
            return
        }
        #expect(counted.outputCount == whole.outputs.count)
        #expect(counted.summary(output: URL(filePath: "/o")).filesUnchanged == whole.outputs.count)
        for (path, stamp) in counted.outputs { #expect(whole.outputs[path] == stamp, "\(path)") }
        var rest = counted
        (rest.outputs, rest.outputCount) = (whole.outputs, nil)
        #expect(rest == whole)
    }

    /// A site whose record file is ``stampedFullCache()``, with what an edit saves its entries with.
    func savedStampedCache() async throws -> (
        site: Site, cache: BuildRecord, bytes: Data, incremental: IncrementalBuild, output: OutputFolder
    ) {
        let site = try site()
        let cache = stampedFullCache()
        let bytes = await cache.encoded()
        BuildRecord.save(bytes, for: site, in: ".blog-cache")
        let incremental = IncrementalBuild(site: site, folder: ".blog-cache", memory: nil, fingerprint: 42)
        let output = OutputFolder(folder: site.root.appending(path: "public"), displayName: "public")
        return (site, cache, bytes, incremental, output)
    }

    /// An edit's entries go to the journal beside the record, which is left as it was; the record read
    /// with its journal answers as the patched record does, and a journal that outgrows its limit is folded
    /// into a new record, which is the patched record byte for byte.
    @Test func aJournalAnswersAsThePatchedRecordAndIsFoldedIn() async throws {
        let (site, cache, bytes, incremental, output) = try await savedStampedCache()
        defer { try? FileManager.default.removeItem(at: site.root) }
        let recordURL = BuildRecord.url(for: site, in: ".blog-cache")
        let journalURL = RecordJournal.url(for: site, in: ".blog-cache")

        var record = try #require(cache.sources["content/posts/p1.md"])
        (record.size, record.modified, record.summary) = (77, 88, "An edited “summary”")
        let stamp = FileStamp(size: 77, modified: 88, changed: 89)
        let outputs: [String: OutputFile] = ["posts/a/index.html": .init(size: 3, modified: 4, hash: 5)]
        let first = try #require(BuildRecord.File.read(for: site, in: ".blog-cache", fingerprint: 42))
        #expect(
            await first.save(
                replacing: ["content/posts/p1.md": (stamp, record)], outputs: outputs, removing: [], incremental,
                output: output))
        #expect(FileContents.read(recordURL) == bytes)
        let base = try #require(BuildRecord.File(bytes, fingerprint: 42))
        let patched = try #require(base.patched(sources: ["content/posts/p1.md": (stamp, record)], outputs: outputs))
        let expected = try #require(await decode(patched))

        let journaled = try #require(BuildRecord.File.read(for: site, in: ".blog-cache", fingerprint: 42))
        #expect(journaled.journal.sources.count == 1 && journaled.journal.outputs.count == 1)
        expectSame(await journaled.record(), expected)
        #expect(journaled.stamps() == expected.stamps)
        expectCounted(journaled, as: expected.stamps)
        expectCounted(try #require(BuildRecord.File(bytes, fingerprint: 42)), as: cache.stamps)
        #expect(journaled.source("content/posts/p1.md") == record)
        #expect(
            journaled.sources(["content/posts/p1.md", "content/posts/p2.md"])
                == expected.sources.filter {
                    ["content/posts/p1.md", "content/posts/p2.md"].contains($0.key)
                })
        #expect(
            journaled.outputs(["posts/a/index.html", "index.html"])
                == expected.outputs.filter {
                    ["posts/a/index.html", "index.html"].contains($0.key)
                })

        // A damaged journal, or one of another record, is not read.
        let journalBytes = try #require(FileContents.read(journalURL))
        #expect(RecordJournal(journalBytes, base: journaled.checksum) == journaled.journal)
        #expect(RecordJournal(journalBytes, base: journaled.checksum &+ 1) == nil)
        for length in 0..<journalBytes.count {
            #expect(RecordJournal(journalBytes.prefix(length), base: journaled.checksum) == nil, "cut to \(length)")
        }
        for offset in 0..<journalBytes.count {
            var damaged = journalBytes
            damaged[offset] ^= 0x20
            #expect(RecordJournal(damaged, base: journaled.checksum) == nil, "byte \(offset) changed")
        }

        // A second edit past the journal's limit folds both into the record and removes the journal.
        var long = try #require(cache.sources["content/posts/p2.md"])
        long.summary = String(repeating: "x", count: RecordJournal.limit(forRecordOf: bytes.count))
        let longStamp = FileStamp(size: 1, modified: 2)
        #expect(
            await journaled.save(
                replacing: ["content/posts/p2.md": (longStamp, long)], outputs: [:], removing: [], incremental,
                output: output))
        #expect(!FileManager.default.fileExists(atPath: journalURL.path))
        let folded = try #require(FileContents.read(recordURL))
        let both = try #require(
            base.patched(
                sources: ["content/posts/p1.md": (stamp, record), "content/posts/p2.md": (longStamp, long)],
                outputs: outputs))
        #expect(folded == both)
        #expect(BuildRecord.File.read(for: site, in: ".blog-cache", fingerprint: 42)?.journal.sources.isEmpty == true)
    }

    /// An edit may add output files (a word shard of the search index cut anew) and remove some: the record
    /// read with its journal has them added and gone, the spare keeps what it held, and folding writes the
    /// record whole, as a record with those entries changed encodes.
    @Test func aJournalAddsAndRemovesOutputs() async throws {
        let (site, cache, bytes, incremental, output) = try await savedStampedCache()
        defer { try? FileManager.default.removeItem(at: site.root) }
        var record = try #require(cache.sources["content/posts/p1.md"])
        record.summary = "Edited"
        let stamp = FileStamp(size: 7, modified: 8)
        let outputs: [String: OutputFile] = [
            "search/words/new.json": .init(size: 3, modified: 4, hash: 5),
            "posts/a/index.html": .init(size: 6, modified: 7, hash: 8),
        ]
        let file = try #require(BuildRecord.File.read(for: site, in: ".blog-cache", fingerprint: 42))
        #expect(
            await file.save(
                replacing: ["content/posts/p1.md": (stamp, record)], outputs: outputs, removing: ["feed.json"],
                incremental, output: output))
        var expected = try #require(await decode(bytes))
        var entries = RecordJournal(base: 0)
        entries.add(sources: ["content/posts/p1.md": (stamp, record)], outputs: outputs, removing: ["feed.json"])
        expected.apply(entries)
        #expect(expected.outputs["feed.json"] == nil && expected.spare?["feed.json"] == cache.spare?["feed.json"])

        let journaled = try #require(BuildRecord.File.read(for: site, in: ".blog-cache", fingerprint: 42))
        expectSame(await journaled.record(), expected)
        #expect(journaled.stamps() == expected.stamps)
        expectCounted(journaled, as: expected.stamps)
        #expect(
            journaled.outputs(["feed.json", "search/words/new.json", "index.html"]) == [
                "search/words/new.json": outputs["search/words/new.json"]!, "index.html": cache.outputs["index.html"]!,
            ])
        // Put back as new, the removed file is there again.
        var again = journaled.journal
        again.add(sources: [:], outputs: ["feed.json": .init(size: 1, modified: 1, hash: 1)])
        #expect(again.removed.isEmpty && again.outputs["feed.json"] != nil)

        // Folded in by writing the whole record again.
        var long = record
        long.summary = String(repeating: "x", count: RecordJournal.limit(forRecordOf: bytes.count))
        #expect(
            await journaled.save(
                replacing: ["content/posts/p1.md": (stamp, long)], outputs: [:], removing: [], incremental,
                output: output))
        #expect(!FileManager.default.fileExists(atPath: RecordJournal.url(for: site, in: ".blog-cache").path))
        entries.add(sources: ["content/posts/p1.md": (stamp, long)], outputs: [:])
        expected.apply(entries)
        let folded = try #require(FileContents.read(BuildRecord.url(for: site, in: ".blog-cache")))
        #expect(folded == (await expected.encoded()))
        // A file larger than any journal is not read.
        try Data(count: RecordJournal.limit(forRecordOf: folded.count) + 1).write(
            to: RecordJournal.url(for: site, in: ".blog-cache"))
        let read = try #require(BuildRecord.File.read(for: site, in: ".blog-cache", fingerprint: 42))
        #expect(read.journal == RecordJournal(base: read.checksum))
    }

    /// An edit build keeps most records as the cache had them and makes the rest again; what it leaves
    /// must be what a build without a cache makes, warnings, drafts and future posts included.
    @Test func anEditBuildLeavesTheCacheACleanBuildLeaves() async throws {
        let site = try makeSite(posts: [
            "2024-01-01-a.md": post("A", "2024-01-01", tags: ["x", "Y "], body: "First [link](nowhere.md)."),
            "2024-01-02-b.md": post("B", "2024-01-02", tags: ["x"]),
            "2024-01-03-c.md": post("C", "2024-01-03", body: "Third."),
            "d/index.md": post("D", "2024-01-04", tags: ["y"]),
            "draft.md": "---\ntitle: Draft\ndate: 2024-01-05\ndraft: true\n---\nLater.\n",
            "future.md": post("Future", "2099-01-01"),
            "broken.md": "---\ntitle: [\n---\nx\n",
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let pages = site.root.appending(path: "content/pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        try "---\ntitle: About\n---\nAbout [a](../posts/2024-01-01-a.md).\n".write(
            to: pages.appending(path: "about.md"), atomically: true, encoding: .utf8)
        try Data([1, 2, 3]).write(to: site.root.appending(path: "content/posts/d/image.png"))
        // The broken post makes builds fail until it is fixed; its fix is the first change.
        await #expect(throws: DiagnosticError.self) {
            try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        }
        try post("Broken no more", "2024-01-06").write(
            to: site.root.appending(path: "content/posts/broken.md"), atomically: true, encoding: .utf8)
        _ = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        // One post edited: the others are carried over, A with its warning.
        let edited = site.root.appending(path: "content/posts/2024-01-03-c.md")
        try post("C", "2024-01-03", body: "Third, now longer, with [a link](2024-01-02-b.md).").write(
            to: edited, atomically: true, encoding: .utf8)
        var (edit, clean) = try await cachesOfAnEditAndACleanBuild(site)
        #expect(edit.sources.count == 8)
        #expect(edit.sources["content/posts/2024-01-01-a.md"]?.renderDiagnostics.count == 1)
        #expect(edit.sources["content/posts/draft.md"]?.isRendered == false)
        expectSame(edit, clean, spare: false)
        // A new post changes the link map: every page is made again, and A's link now resolves.
        try post("Nowhere", "2024-01-07").write(
            to: site.root.appending(path: "content/posts/nowhere.md"), atomically: true, encoding: .utf8)
        (edit, clean) = try await cachesOfAnEditAndACleanBuild(site)
        #expect(edit.sources.count == 9)
        #expect(edit.sources["content/posts/2024-01-01-a.md"]?.renderDiagnostics.isEmpty == true)
        expectSame(edit, clean, spare: false)
    }

    /// Builds with the cache there is, then again without one, and returns the caches both left.
    func cachesOfAnEditAndACleanBuild(_ site: Site) async throws -> (BuildRecord, BuildRecord) {
        let summary = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        #expect(summary.filesUnchanged > 0)
        let cacheFile = BuildRecord.url(for: site, in: BuildRecord.folder)
        let afterEdit = try Data(contentsOf: cacheFile)
        try FileManager.default.removeItem(at: site.root.appending(path: BuildRecord.folder))
        _ = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        let afterClean = try Data(contentsOf: cacheFile)
        let fingerprint = afterClean[BuildRecord.magic.count + 8..<BuildRecord.magic.count + 16].reversed().reduce(
            UInt64(0)
        ) { $0 << 8 | UInt64($1) }
        let edit = try #require(await decode(afterEdit, fingerprint: fingerprint))
        return (edit, try #require(await decode(afterClean, fingerprint: fingerprint)))
    }
}
