import Foundation
import Testing
@testable import BlogCore

/// The build cache keeps its sources in shares parsed on every core; a share of another save is never used.
@Suite struct BuildCacheTests {
    func makeCache(sources count: Int, summary: String) -> BuildCache {
        var cache = BuildCache(fingerprint: 42, outputs: ["index.html": .init(size: 10, modified: 5, hash: 7)], spare: nil, linkHash: 3)
        for index in 0..<count {
            let source = "content/posts/p\(index).md"
            let post = Post(kind: .post, source: source, bundleFolder: nil, slug: "p\(index)", title: "Post \(index) “quoted”", date: fixedNow, updated: nil,
                            summary: nil, tags: ["t\(index % 7)"], image: nil, bannerImage: nil, externalURL: nil, language: nil, authors: nil,
                            isDraft: false, attachments: [], extensions: [:], body: "", bodyFirstLine: 5)
            cache.sources[source] = .init(size: index, modified: Int64(index) * 1000, hash: UInt64(index) &* 0x9E37_79B9, post: post, summary: "\(summary) \(index)",
                                          wordCount: index % 300, entryHash: UInt64(index + 1), frontMatterDiagnostics: [], renderDiagnostics: [], isRendered: true)
        }
        return cache
    }

    func site() throws -> Site {
        let root = FileManager.default.temporaryDirectory.appending(path: "buildcache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return Site(root: root)
    }

    @Test func savedSharesLoadBackWhole() throws {
        let site = try site()
        defer { try? FileManager.default.removeItem(at: site.root) }
        let cache = makeCache(sources: 4_321, summary: "first")
        cache.save(for: site, in: ".blog-cache")
        let shares = ((try? FileManager.default.contentsOfDirectory(atPath: site.root.appending(path: ".blog-cache").path)) ?? []).filter { $0.hasPrefix("build-sources-") }
        #expect(shares.count == min(2, ProcessInfo.processInfo.activeProcessorCount))
        let loaded = try #require(BuildCache.load(for: site, in: ".blog-cache", fingerprint: 42))
        #expect(loaded.sources.count == 4_321)
        for (path, source) in cache.sources {
            let back = try #require(loaded.sources[path])
            #expect(back.size == source.size && back.modified == source.modified && back.hash == source.hash && back.summary == source.summary)
            #expect(back.post == source.post && back.entryHash == source.entryHash && back.wordCount == source.wordCount)
        }
        #expect(loaded.outputs == cache.outputs && loaded.linkHash == 3)
        #expect(BuildCache.load(for: site, in: ".blog-cache", fingerprint: 43) == nil)
    }

    @Test func aShareOfAnotherSaveOrAMissingOneIsNotTrusted() throws {
        let site = try site()
        defer { try? FileManager.default.removeItem(at: site.root) }
        makeCache(sources: 10, summary: "old").save(for: site, in: ".blog-cache")
        let share = BuildCache.shardURL(0, for: site, in: ".blog-cache")
        let old = try Data(contentsOf: share)
        makeCache(sources: 10, summary: "new").save(for: site, in: ".blog-cache")
        #expect(BuildCache.load(for: site, in: ".blog-cache", fingerprint: 42)?.sources["content/posts/p1.md"]?.summary == "new 1")
        try old.write(to: share)
        #expect(BuildCache.load(for: site, in: ".blog-cache", fingerprint: 42) == nil)
        try FileManager.default.removeItem(at: share)
        #expect(BuildCache.load(for: site, in: ".blog-cache", fingerprint: 42) == nil)
    }
}
