import Foundation
import Testing

@testable import BlogFileSystem

/// FolderWalk lists a tree through descriptors, by each entry's type, without following links.
@Suite struct FolderWalkTests {
    @Test func listsEveryFileAndFolderWithoutFollowingLinks() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "folderwalk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fileManager = FileManager.default
        for folder in ["a/b/c", "empty", ".hidden", "posts/é x"] {
            try fileManager.createDirectory(at: root.appending(path: folder), withIntermediateDirectories: true)
        }
        for file in [
            "index.html", "a/x", "a/b/c/y", ".hidden/z", "posts/é x/index.html", "a/\(".blog-output")", ".blog-output",
            "...",
        ] {
            try Data(file.utf8).write(to: root.appending(path: file))
        }
        try fileManager.createSymbolicLink(atPath: root.appending(path: "link").path, withDestinationPath: "a")
        let walk = FolderWalk(root: root.path, skippingRootName: ".blog-output")
        #expect(
            walk.files.sorted() == [
                "...", ".hidden/z", "a/\(".blog-output")", "a/b/c/y", "a/x", "index.html", "link",
                "posts/é x/index.html",
            ])
        #expect(walk.folders.sorted() == [".hidden", "a", "a/b", "a/b/c", "empty", "posts", "posts/é x"])
        #expect(FolderWalk(root: root.appending(path: "missing").path).files.isEmpty)
    }
}
