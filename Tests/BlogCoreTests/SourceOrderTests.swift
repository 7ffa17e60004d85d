import BlogFileSystem
import Foundation
import Testing

@testable import BlogCore

/// A record made from a scan keeps the sources' stamps in the scan's order, and an edit takes them entry by
/// entry only from a table of exactly the scan's paths.
@Suite struct SourceOrderTests {
    func stamp(_ value: Int) -> FileStamp {
        FileStamp(size: value * 10, modified: Int64(value), changed: Int64(-value))
    }

    /// The sources' table as ``RecordWriter/stamps(_:)`` writes it, read back entry by entry.
    func writtenSources(_ stamps: BuildStamps) -> [String] {
        var writer = RecordWriter()
        writer.stamps(stamps)
        return read(writer.bytes) { reader throws(RecordReader.Failure) in
            _ = try reader.stampsPreamble()
            return try (0..<reader.count()).map { _ throws(RecordReader.Failure) in
                let path = try reader.string()
                _ = try reader.stampValue()
                return path
            }
        } ?? []
    }

    @Test func aRecordKeepsSourcesInTheScansOrderWhenThatListsEachOnce() {
        // The scan's name order: the folder `a` before `a-b.md`, pages after posts, a folder's files last.
        let listed = [
            "content/posts/a/index.md", "content/posts/a-b.md", "content/posts/\u{E9}.md", "content/pages/z.md",
            "content/posts/a/pic.png",
        ]
        var stamps = BuildStamps()
        for (index, path) in listed.enumerated() { stamps.sources[path] = stamp(index) }
        stamps.outputs = ["b.html": stamp(1), "a.html": stamp(2)]
        #expect(writtenSources(stamps) == listed.sorted())
        stamps.sourceOrder = listed
        #expect(writtenSources(stamps) == listed)
        // An order that leaves one out, names one twice or names another file: sorted paths.
        for other in [Array(listed.dropLast()), listed.dropLast() + [listed[0]], listed.dropLast() + ["x.md"]] {
            stamps.sourceOrder = other
            #expect(writtenSources(stamps) == listed.sorted(), "\(other)")
        }
    }

    func table(_ entries: [(String, FileStamp)]) -> [UInt8] {
        var writer = RecordWriter(capacity: 64)
        writer.integer(UInt64(entries.count))
        for (path, stamp) in entries {
            writer.string(path)
            writer.stampValue(stamp)
        }
        writer.integer(UInt64(7))
        return Array(writer.bytes)
    }

    /// What `body` reads from `bytes`; nil when the reader fails.
    func read<Value>(_ bytes: [UInt8], _ body: (inout RecordReader) throws(RecordReader.Failure) -> Value) -> Value? {
        bytes.withUnsafeBytes { buffer in
            var reader = RecordReader(buffer)
            return try? body(&reader)
        }
    }

    @Test func aTableIsTakenInOrderOnlyWhenItHoldsExactlyThePaths() {
        let stamps = (0..<3).map(stamp)
        let paths = ["c.md", "b/\u{E9}.md", "a.md"]
        let bytes = table(Array(zip(paths, stamps)))
        let noted = WantedPaths(["a.md", "b/\u{E9}.md", "d.md"])
        let taken = read(bytes) { reader throws(RecordReader.Failure) in
            (try reader.stampTable(matching: paths, noting: noted), try reader.integer())
        }
        #expect(taken?.0?.stamps == stamps)
        #expect(taken?.0?.positions == ["a.md": 2, "b/\u{E9}.md": 1])
        #expect(taken?.1 == 7)
        // Another path, another count, another order, or the same name in another normal form: nothing
        // is taken and the reader stays where it was, for the general reading.
        let decomposed = ["c.md", "b/e\u{301}.md", "a.md"]
        for other in [
            ["c.md", "b/\u{E9}.md", "d.md"], ["c.md", "b/\u{E9}.md"], ["a.md", "b/\u{E9}.md", "c.md"], decomposed,
        ] {
            let again = read(bytes) { reader throws(RecordReader.Failure) in
                (try reader.stampTable(matching: other), try reader.stampTable(), try reader.integer())
            }
            #expect(again != nil && again?.0 == nil, "\(other)")
            #expect(again?.1 == Dictionary(uniqueKeysWithValues: zip(paths, stamps)))
            #expect(again?.2 == 7)
        }
    }
}
