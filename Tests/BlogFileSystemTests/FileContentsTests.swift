import Foundation
import Testing

@testable import BlogFileSystem

@Suite struct FileContentsTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "filecontents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func readsWholeFilesOfAnySize() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for size in [0, 1, 4096, 65_537, 300_001] {
            let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try data.write(to: root.appending(path: "f\(size)"))
            #expect(FileContents.read(root.appending(path: "f\(size)")) == data)
        }
    }

    @Test func aMappedFileHasTheBytesAReadGivesAndKeepsThemWhenReplaced() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for size in [0, 1, 4096, 65_537] {
            let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 17) })
            let path = root.appending(path: "m\(size)").path
            try data.write(to: URL(filePath: path))
            let mapped = try #require(FileContents.mapped(path: path))
            #expect(mapped == data)
            // Replaced as the program replaces files: the mapping keeps the old file's bytes.
            try FileContents.replace(Data("other".utf8), at: path)
            #expect(mapped == data)
            #expect(FileContents.mapped(path: path) == Data("other".utf8))
        }
        #expect(FileContents.mapped(path: root.path) == nil)
        #expect(FileContents.mapped(path: root.appending(path: "missing").path) == nil)
        let fifo = root.appending(path: "pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(FileContents.mapped(path: fifo) == nil)
    }

    @Test func refusesWhatIsNotARegularFileWithoutBlocking() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(FileContents.read(root) == nil)
        #expect(FileContents.read(root.appending(path: "missing")) == nil)
        let fifo = root.appending(path: "pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(FileContents.read(path: fifo) == nil)
        #expect(symlink("f", root.appending(path: "link").path) == 0)
        try Data("via link".utf8).write(to: root.appending(path: "f"))
        #expect(FileContents.read(root.appending(path: "link")) == Data("via link".utf8))
    }

    @Test func readingUnlessLinkTellsALinkFromAFileAndFromNothing() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("plain".utf8).write(to: root.appending(path: "f"))
        #expect(symlink("f", root.appending(path: "link").path) == 0)
        #expect(symlink("missing", root.appending(path: "dangling").path) == 0)
        guard case .data(let data) = FileContents.readUnlessLink(path: root.appending(path: "f").path) else {
            Issue.record("a regular file was not read")
            return
        }
        #expect(data == Data("plain".utf8))
        for name in ["link", "dangling"] {
            guard case .link = FileContents.readUnlessLink(path: root.appending(path: name).path) else {
                Issue.record("\(name) was not reported as a link")
                continue
            }
        }
        for path in [root.appending(path: "missing").path, root.path] {
            guard case .unreadable = FileContents.readUnlessLink(path: path) else {
                Issue.record("\(path) was not reported as unreadable")
                continue
            }
        }
    }

    @Test func writingGivesTheStampThatALaterLookGives() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for size in [0, 5, 70_000] {
            let path = root.appending(path: "w\(size)").path
            let stamp = try FileContents.write(Data(repeating: 7, count: size), to: path)
            #expect(stamp == FileStamp(path))
            #expect(stamp.size == size)
        }
    }
}
