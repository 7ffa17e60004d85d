import Foundation
import Testing
@testable import BlogCore

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
}
