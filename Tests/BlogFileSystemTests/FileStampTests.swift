import Foundation
import Testing

@testable import BlogFileSystem

/// Stamping many paths looks most of them up from their own folder's descriptor; the stamps must be
/// those a lookup of each whole path gives, whatever the paths' shapes.
@Suite struct FileStampTests {
    @Test func stampsOfManyPathsAreThoseOfEachPathAlone() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "filestamp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        for folder in ["a/b", "c", "d e/é"] {
            try manager.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
        }
        for (index, file) in ["top", "a/x", "a/y", "a/b/z", "a/b/w", "c/one", "d e/é/ü"].enumerated() {
            try Data(repeating: 7, count: index).write(to: root.appending(path: file))
        }
        try manager.createSymbolicLink(atPath: root.appending(path: "link").path, withDestinationPath: "a")
        try manager.createSymbolicLink(atPath: root.appending(path: "a/dangling").path, withDestinationPath: "nowhere")
        // Runs in one folder, a folder visited twice apart, a path alone in its folder, missing files
        // and folders, a file where a folder is expected, links to folders, a trailing slash, `..`.
        let paths = [
            "top", "a/x", "a/y", "a/missing", "a/dangling", "a/b/z", "a/b/w", "a/x", "c/one", "link/x", "link/y",
            "link/b/z", "missing/x", "missing/y", "top/x", "top/y", "a/b/", "a/b/", "a/../c/one", "a/../c/one",
            "d e/é/ü", "d e/é/ü",
        ]
        let stamps = FileStamp.stamps(of: paths, in: root.path)
        #expect(stamps.count == paths.count)
        for (path, stamp) in zip(paths, stamps) {
            #expect(stamp == FileStamp(root.path + "/" + path), "\(path)")
        }
        #expect(stamps.compactMap { $0 }.count == 16)
    }
}
