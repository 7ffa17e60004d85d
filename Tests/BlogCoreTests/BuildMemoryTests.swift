import Foundation
import Testing

@testable import BlogCore

/// `blog serve` keeps the build record in memory between rebuilds; the bytes must be those of a clean build.
@Suite struct BuildMemoryTests {
    /// Every file under `folder` with its bytes, the output marker left out.
    func tree(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        where path != ".blog-output" {
            if let data = FileManager.default.contents(atPath: folder.appending(path: path).path) { files[path] = data }
        }
        return files
    }

    /// A site of its own with the content of `site`, built without a record.
    func cleanCopy(of site: Site) async throws -> Site {
        let clean = try makeSite(posts: [:])
        try FileManager.default.removeItem(at: clean.root.appending(path: "content"))
        try FileManager.default.copyItem(
            at: site.root.appending(path: "content"), to: clean.root.appending(path: "content"))
        _ = try await SiteBuilder(site: clean).build(BuildOptions(now: fixedNow))
        return clean
    }

    /// A site of three posts (B's body as given) and build options that keep the record in a memory.
    func servedSite(body: String = "") throws -> (site: Site, memory: BuildMemory, options: BuildOptions) {
        let site = try makeSite(posts: [
            "a.md": post("A", "2024-01-01", tags: ["x"]), "b.md": post("B", "2024-01-02", body: body),
            "c.md": post("C", "2024-01-03"),
        ])
        let memory = BuildMemory()
        var options = BuildOptions(now: fixedNow)
        options.memory = memory
        return (site, memory, options)
    }

    @Test func rebuildsFromMemoryMatchCleanBuildsAndLeaveNoStaleRecordOnDisk() async throws {
        let (site, memory, options) = try servedSite()
        defer { try? FileManager.default.removeItem(at: site.root) }
        let cacheFile = BuildRecord.url(for: site, in: options.cacheFolder)

        _ = try await SiteBuilder(site: site).build(options)
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
        await memory.save()
        #expect(FileManager.default.fileExists(atPath: cacheFile.path))
        await memory.spareLinked()
        // The first build had no tree to keep as the spare; saving made one of links to the output.
        let spare = site.root.appending(path: ".public.blog-spare")
        #expect(tree(spare) == tree(site.root.appending(path: "public")))

        try post("A", "2024-01-05", tags: ["y"], body: "Edited.").write(
            to: site.root.appending(path: "content/posts/a.md"), atomically: true, encoding: .utf8)
        let edited = try await SiteBuilder(site: site).build(options)
        #expect(edited.filesWritten > 0)
        // The cache on disk described the tree before the edit; it is gone until the memory is saved.
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
        let unchanged = try await SiteBuilder(site: site).build(options)
        #expect(unchanged.filesWritten == 0)

        let clean = try await cleanCopy(of: site)
        defer { try? FileManager.default.removeItem(at: clean.root) }
        let built = tree(site.root.appending(path: "public"))
        #expect(!built.isEmpty)
        #expect(built == tree(clean.root.appending(path: "public")))
        // A build from the cache on disk, which now describes the linked spare, gives the same bytes too.
        await memory.save()
        try post("B", "2024-01-02", body: "Also edited.").write(
            to: site.root.appending(path: "content/posts/b.md"), atomically: true, encoding: .utf8)
        try post("B", "2024-01-02", body: "Also edited.").write(
            to: clean.root.appending(path: "content/posts/b.md"), atomically: true, encoding: .utf8)
        _ = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        _ = try await SiteBuilder(site: clean).build(BuildOptions(now: fixedNow))
        #expect(tree(site.root.appending(path: "public")) == tree(clean.root.appending(path: "public")))
    }

    /// Once the memory has written its record, an edit rebuilt alone adds its entries to the journal beside
    /// that record instead of leaving the whole record to be written again; a later process reads the
    /// record with its journal and finds nothing changed.
    @Test func editsWhileServingGoToTheJournalOfTheSavedRecord() async throws {
        let (site, memory, options) = try servedSite(body: "Intro.\n\nStart.")
        defer { try? FileManager.default.removeItem(at: site.root) }
        let cacheFile = BuildRecord.url(for: site, in: options.cacheFolder)
        let journalFile = RecordJournal.url(for: site, in: options.cacheFolder)
        _ = try await SiteBuilder(site: site).build(options)
        await memory.save()
        let recordBytes = try #require(FileManager.default.contents(atPath: cacheFile.path))
        for body in ["Intro.\n\nFirst edit.", "Intro.\n\nSecond edit, longer."] {
            try post("B", "2024-01-02", body: body).write(
                to: site.root.appending(path: "content/posts/b.md"), atomically: true, encoding: .utf8)
            let edited = try await SiteBuilder(site: site).build(options)
            #expect(edited.filesWritten > 0)
            await memory.save()
            #expect(FileManager.default.contents(atPath: cacheFile.path) == recordBytes)
            #expect(FileManager.default.fileExists(atPath: journalFile.path))
        }
        let unchanged = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        #expect(unchanged.filesWritten == 0)
        let clean = try await cleanCopy(of: site)
        defer { try? FileManager.default.removeItem(at: clean.root) }
        #expect(tree(site.root.appending(path: "public")) == tree(clean.root.appending(path: "public")))
        // A change of what lists show takes the whole build: the memory's record is written whole again.
        try post("B", "2024-01-02", body: "Another intro.").write(
            to: site.root.appending(path: "content/posts/b.md"), atomically: true, encoding: .utf8)
        _ = try await SiteBuilder(site: site).build(options)
        #expect(!FileManager.default.fileExists(atPath: journalFile.path))
        // An edit rebuilt alone before that record is saved: its entries are in the record saved after it.
        try post("B", "2024-01-02", body: "Another intro.\n\nAnd more.").write(
            to: site.root.appending(path: "content/posts/b.md"), atomically: true, encoding: .utf8)
        #expect(try await SiteBuilder(site: site).build(options).filesWritten > 0)
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
        await memory.save()
        #expect(FileManager.default.contents(atPath: cacheFile.path) != recordBytes)
        #expect(!FileManager.default.fileExists(atPath: journalFile.path))
        #expect(try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow)).filesWritten == 0)
        try post("B", "2024-01-02", body: "Another intro.\n\nAnd more.").write(
            to: clean.root.appending(path: "content/posts/b.md"), atomically: true, encoding: .utf8)
        _ = try await SiteBuilder(site: clean).build(BuildOptions(now: fixedNow))
        #expect(tree(site.root.appending(path: "public")) == tree(clean.root.appending(path: "public")))
    }

    /// Under a watcher only the sources it saw change are compared with the memory's record; a save whose
    /// build failed is still a change to compare at the next save of another file, and a post's body
    /// edited while another save fails is served once the site builds again.
    @Test func aFailedSaveIsStillComparedWhenAnotherFileIsSaved() async throws {
        let (site, _, base) = try servedSite(body: "First.")
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try await SiteBuilder(site: site).build(base)
        let (a, b) = ("content/posts/a.md", "content/posts/b.md")
        var options = base

        try post("B", "2024-01-02", body: "Second.").write(
            to: site.root.appending(path: b), atomically: true, encoding: .utf8)
        try "---\ntitle: A\ndate: yesterday\n---\nBroken.\n".write(
            to: site.root.appending(path: a), atomically: true, encoding: .utf8)
        options.changedSources = [b, a]
        await #expect(throws: DiagnosticError.self) { try await SiteBuilder(site: site).build(options) }

        // Only C is saved now; A is still broken and B's edit is not built yet.
        try post("C", "2024-01-03", body: "Third.").write(
            to: site.root.appending(path: "content/posts/c.md"), atomically: true, encoding: .utf8)
        options.changedSources = ["content/posts/c.md"]
        await #expect(throws: DiagnosticError.self) { try await SiteBuilder(site: site).build(options) }

        try post("A", "2024-01-01", tags: ["x"], body: "Fixed.").write(
            to: site.root.appending(path: a), atomically: true, encoding: .utf8)
        options.changedSources = [a]
        _ = try await SiteBuilder(site: site).build(options)
        let clean = try await cleanCopy(of: site)
        defer { try? FileManager.default.removeItem(at: clean.root) }
        #expect(tree(site.root.appending(path: "public")) == tree(clean.root.appending(path: "public")))

        // An edit alone, then a save of nothing new: the stamps compared are those of the saved file.
        try post("B", "2024-01-02", body: "Fourth.").write(
            to: site.root.appending(path: b), atomically: true, encoding: .utf8)
        options.changedSources = [b]
        #expect(try await SiteBuilder(site: site).build(options).filesWritten > 0)
        options.changedSources = [a]
        #expect(try await SiteBuilder(site: site).build(options).filesWritten == 0)
        let again = try await cleanCopy(of: site)
        defer { try? FileManager.default.removeItem(at: again.root) }
        #expect(tree(site.root.appending(path: "public")) == tree(again.root.appending(path: "public")))
    }

    /// A whole build leaves the search index it wrote in the memory, so that the first save's edit does
    /// not read every shard; an edit then finds them there and the output is a clean build's.
    @Test func aWholeBuildKeepsItsSearchIndexInTheMemory() async throws {
        let (site, memory, options) = try servedSite(body: "Words.")
        defer { try? FileManager.default.removeItem(at: site.root) }
        _ = try await SiteBuilder(site: site).build(options)
        let kept = memory.keptSearchFiles
        #expect(kept.contains { $0.hasPrefix("search/words/") })
        #expect(kept.contains { $0.hasPrefix("search/documents/") })

        try post("B", "2024-01-02", body: "Other words.").write(
            to: site.root.appending(path: "content/posts/b.md"), atomically: true, encoding: .utf8)
        #expect(try await SiteBuilder(site: site).build(options).filesWritten > 0)
        let clean = try await cleanCopy(of: site)
        defer { try? FileManager.default.removeItem(at: clean.root) }
        #expect(tree(site.root.appending(path: "public")) == tree(clean.root.appending(path: "public")))
    }
}
