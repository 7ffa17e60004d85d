import BlogFileSystem
import Foundation
import Testing
@testable import BlogCore

/// The quick-check file gives back every stamp, figure and diagnostic it was saved with, and a damaged
/// one is not read.
@Suite struct QuickCheckTests {
    func site() throws -> Site {
        let root = FileManager.default.temporaryDirectory.appending(path: "quickcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appending(path: ".blog-cache"), withIntermediateDirectories: true)
        return Site(root: root)
    }

    func sample() -> QuickCheck {
        var check = QuickCheck(fingerprint: 7, nextDue: Date(timeIntervalSinceReferenceDate: 123.5),
                               counts: .init(posts: 3, pages: 1, tags: 2, draftsSkipped: 4, futureSkipped: 5))
        check.sources = ["content/posts/a.md": FileStamp(size: 0, modified: -1_000_000_007), "content/posts/tab\there\\and\nline.md": FileStamp(size: 12, modified: Int64.max),
                         "content/posts/café.md": FileStamp(size: Int(Int64.max), modified: Int64.min + 1)]
        check.outputs = ["index.html": FileStamp(size: 5, modified: 6)]
        check.diagnostics = [Diagnostic(.warning, file: "content/posts/a.md", line: 3, column: nil, message: "a\ttab and a \\ and\na line")]
        return check
    }

    @Test func savedCheckLoadsBack() throws {
        let site = try site()
        defer { try? FileManager.default.removeItem(at: site.root) }
        let check = sample()
        check.save(for: site, in: ".blog-cache")
        let loaded = try #require(QuickCheck.load(for: site, in: ".blog-cache", fingerprint: 7))
        #expect(loaded.sources == check.sources && loaded.outputs == check.outputs && loaded.nextDue == check.nextDue)
        #expect(loaded.counts.posts == 3 && loaded.counts.futureSkipped == 5)
        #expect(loaded.diagnostics == check.diagnostics)
        #expect(QuickCheck.load(for: site, in: ".blog-cache", fingerprint: 8) == nil)
    }

    @Test func damagedStampLinesAreNotRead() throws {
        let site = try site()
        defer { try? FileManager.default.removeItem(at: site.root) }
        let file = QuickCheck.url(for: site, in: ".blog-cache")
        let head = "\(QuickCheck.header)\nF\t7\t-\nC\t1\t0\t0\t0\t0\n"
        try Data((head + "S\t1\t2\tcontent/posts/a.md\n").utf8).write(to: file)
        #expect(QuickCheck.load(for: site, in: ".blog-cache", fingerprint: 7)?.sources == ["content/posts/a.md": FileStamp(size: 1, modified: 2)])
        for line in ["S\t1\tcontent/posts/a.md", "S\t\t2\tp", "S\tx\t2\tp", "S\t1\t2", "S\t-1\t2\tp", "S\t1\t99999999999999999999\tp", "X\t1\t2\tp", "S1\t2\tp",
                     "S\t1\t2\tp\nno newline at the end"] {
            try Data((head + line + "\n").utf8).write(to: file)
            #expect(QuickCheck.load(for: site, in: ".blog-cache", fingerprint: 7) == nil, "\(line)")
        }
        try Data((head + "S\t1\t2\tp").utf8).write(to: file)
        #expect(QuickCheck.load(for: site, in: ".blog-cache", fingerprint: 7) == nil, "a last line without its newline")
    }
}
