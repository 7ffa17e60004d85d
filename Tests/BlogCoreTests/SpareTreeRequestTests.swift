import Foundation
import Testing

@testable import BlogCore

/// A build that leaves no spare tree for a large output asks for one to be linked after it; the next
/// build stages into that tree, and gives the bytes of a build without one.
@Suite struct SpareTreeRequestTests {
    func inode(_ url: URL) -> UInt64? {
        var info = stat()
        return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files[path] = try Data(contentsOf: root.appending(path: path))
            }
        }
        return files
    }

    @Test func theNextBuildStagesIntoTheLinkedSpare() async throws {
        let site = try makeSite(posts: [
            "a.md": post("A", "2024-01-01", tags: ["x"]), "b.md": post("B", "2024-01-02"),
            "c.md": post("C", "2024-01-03"),
        ])
        defer { try? FileManager.default.removeItem(at: site.root) }
        var options = BuildOptions(now: fixedNow)
        options.spareRequestMinimumFiles = 0
        let first = try await SiteBuilder(site: site).build(options)
        let request = try #require(first.spareRequest)
        let spare = site.root.appending(path: ".public.blog-spare")
        #expect(!FileManager.default.fileExists(atPath: spare.path))
        #expect(await request.fulfil())
        #expect(try tree(spare) == tree(site.root.appending(path: "public")))
        #expect(!(await request.fulfil()), "a spare is there already")
        let linked = inode(spare)
        try post("A", "2024-01-01", tags: ["x"], body: "Edited.").write(
            to: site.root.appending(path: "content/posts/a.md"), atomically: true, encoding: .utf8)
        let second = try await SiteBuilder(site: site).build(options)
        #expect(second.spareRequest == nil, "the build kept the tree it replaced")
        #expect(inode(site.root.appending(path: "public")) == linked, "the build staged into the linked tree")
        // The same bytes as a build without any cache or spare.
        try FileManager.default.removeItem(at: site.root.appending(path: BuildRecord.folder))
        var clean = options
        clean.output = "clean"
        _ = try await SiteBuilder(site: site).build(clean)
        #expect(try tree(site.root.appending(path: "public")) == tree(site.root.appending(path: "clean")))
    }

    @Test func smallOutputsAndOtherBuildsGetNoSpare() async throws {
        let site = try makeSite(posts: ["a.md": post("A", "2024-01-01")])
        defer { try? FileManager.default.removeItem(at: site.root) }
        let summary = try await SiteBuilder(site: site).build(BuildOptions(now: fixedNow))
        #expect(summary.spareRequest == nil)
        var options = BuildOptions(now: fixedNow)
        options.spareRequestMinimumFiles = 0
        try FileManager.default.removeItem(at: site.root.appending(path: "public"))
        let request = try #require(try await SiteBuilder(site: site).build(options).spareRequest)
        var other = request
        other.fingerprint &+= 1
        #expect(!(await other.fulfil()))
        // A file changed since the build: no spare, and nothing left behind.
        try Data("changed".utf8).write(to: site.root.appending(path: "public/index.html"))
        #expect(!(await request.fulfil()))
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(!names.contains(".public.blog-spare"))
    }
}
