import Foundation
import Testing

@testable import BlogFileSystem

@Suite struct FolderWatcherTests {
    /// A site folder with content/posts and a watcher on it; the caller stops the watcher and removes the folder.
    private func makeWatchedSite() throws -> (URL, FolderWatcher) {
        let root = FileManager.default.temporaryDirectory.appending(path: "blogwatch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appending(path: "content/posts"), withIntermediateDirectories: true)
        try "title: T\n".write(to: root.appending(path: "blog.yaml"), atomically: false, encoding: .utf8)
        return (root, try FolderWatcher(root: root, folders: ["content", "site-template"], files: ["blog.yaml"]))
    }

    /// Waits for the next signal, then a little for the rest of the events, and takes what was collected.
    /// The changes after the next signal. On a loaded machine the kernel's events can come in more than one
    /// batch, so changes are collected for up to five seconds while they keep coming, then compared whole.
    private func nextChanges(_ watcher: FolderWatcher) async -> [String] {
        var signals = watcher.signals.makeAsyncIterator()
        _ = await signals.next()
        var changes: [String] = []
        for _ in 0..<50 {
            try? await Task.sleep(for: .milliseconds(100))
            let more = watcher.takeChanges().paths
            for change in more where !changes.contains(change) { changes.append(change) }
            if more.isEmpty && !changes.isEmpty { break }
        }
        return changes
    }

    @Test func reportsEditsNewFoldersAndBlogYAMLButNotOtherRootFiles() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        try "x".write(to: root.appending(path: "notes.txt"), atomically: false, encoding: .utf8)
        try "a".write(to: root.appending(path: "content/posts/a.md"), atomically: false, encoding: .utf8)
        #expect(await nextChanges(watcher) == ["content/posts/a.md"])

        try FileManager.default.createDirectory(
            at: root.appending(path: "content/posts/folder"), withIntermediateDirectories: true)
        #expect(await nextChanges(watcher) == ["content/posts/folder"])
        try "b".write(to: root.appending(path: "content/posts/folder/index.md"), atomically: false, encoding: .utf8)
        #expect(await nextChanges(watcher) == ["content/posts/folder/index.md"])

        try "title: U\n".write(to: root.appending(path: "blog.yaml"), atomically: false, encoding: .utf8)
        #expect(await nextChanges(watcher) == ["blog.yaml"])

        try FileManager.default.createDirectory(
            at: root.appending(path: "site-template"), withIntermediateDirectories: true)
        #expect(await nextChanges(watcher) == ["site-template"])
        try "t".write(to: root.appending(path: "site-template/page.mustache"), atomically: false, encoding: .utf8)
        #expect(await nextChanges(watcher) == ["site-template/page.mustache"])
    }

    @Test func savesByRenamingAndEditorScratchFilesReportOnlyTheRealFile() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        let posts = root.appending(path: "content/posts")
        // What `sed -i` and many editors do: write a temporary file, then rename it over the real one.
        try "v1".write(to: posts.appending(path: "sedAb12Cd"), atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(at: posts.appending(path: "sedAb12Cd"), to: posts.appending(path: "post.md"))
        try "swap".write(to: posts.appending(path: ".post.md.swp"), atomically: false, encoding: .utf8)
        try "backup".write(to: posts.appending(path: "post.md~"), atomically: false, encoding: .utf8)
        #expect(await nextChanges(watcher) == ["content/posts/post.md"])
    }
}
