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

    /// The changes after the next signal. On a loaded machine the kernel's events can come in more than one
    /// batch, and the reading queue can wait its turn for seconds, so changes are collected for up to twenty
    /// seconds until some came, then while they keep coming, and compared whole.
    private func nextChanges(_ watcher: FolderWatcher) async -> [String] {
        var signals = watcher.signals.makeAsyncIterator()
        _ = await signals.next()
        var changes: [String] = []
        for _ in 0..<200 {
            try? await Task.sleep(for: .milliseconds(100))
            let more = watcher.takeChanges().paths
            for change in more where !changes.contains(change) { changes.append(change) }
            if more.isEmpty && !changes.isEmpty { break }
        }
        return changes
    }

    /// Expects the next changes to be `expected`; a failure shows the changes that came instead.
    private func expectNextChanges(
        _ watcher: FolderWatcher, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let changes = await nextChanges(watcher)
        #expect(changes == expected, sourceLocation: sourceLocation)
    }

    @Test func reportsEditsNewFoldersAndBlogYAMLButNotOtherRootFiles() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        try "x".write(to: root.appending(path: "notes.txt"), atomically: false, encoding: .utf8)
        try "a".write(to: root.appending(path: "content/posts/a.md"), atomically: false, encoding: .utf8)
        await expectNextChanges(watcher, ["content/posts/a.md"])

        try FileManager.default.createDirectory(
            at: root.appending(path: "content/posts/folder"), withIntermediateDirectories: true)
        await expectNextChanges(watcher, ["content/posts/folder"])
        try "b".write(to: root.appending(path: "content/posts/folder/index.md"), atomically: false, encoding: .utf8)
        await expectNextChanges(watcher, ["content/posts/folder/index.md"])

        try "title: U\n".write(to: root.appending(path: "blog.yaml"), atomically: false, encoding: .utf8)
        await expectNextChanges(watcher, ["blog.yaml"])

        try FileManager.default.createDirectory(
            at: root.appending(path: "site-template"), withIntermediateDirectories: true)
        await expectNextChanges(watcher, ["site-template"])
        try "t".write(to: root.appending(path: "site-template/page.mustache"), atomically: false, encoding: .utf8)
        await expectNextChanges(watcher, ["site-template/page.mustache"])
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
        await expectNextChanges(watcher, ["content/posts/post.md"])
    }

    /// Waits until the watcher has seen something, for up to five seconds.
    private func awaitSignal(_ watcher: FolderWatcher) async {
        var signals = watcher.signals.makeAsyncIterator()
        _ = await signals.next()
    }

    /// Waits for up to five seconds for the watcher to see a change that is not whole yet.
    private func becomesUnsettled(_ watcher: FolderWatcher) async -> Bool {
        for _ in 0..<500 where watcher.isSettled { try? await Task.sleep(for: .milliseconds(10)) }
        return !watcher.isSettled
    }

    /// Waits for up to five seconds for the watcher to call its changes settled.
    private func becomesSettled(_ watcher: FolderWatcher) async -> Bool {
        for _ in 0..<500 where !watcher.isSettled { try? await Task.sleep(for: .milliseconds(10)) }
        return watcher.isSettled
    }

    @Test func aFileIsSettledOnceClosedAfterWritingNotBefore() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        let post = root.appending(path: "content/posts/post.md")
        #expect(FileManager.default.createFile(atPath: post.path, contents: nil))
        await awaitSignal(watcher)
        #expect(await becomesSettled(watcher))
        _ = watcher.takeChanges()

        let handle = try FileHandle(forWritingTo: post)
        try handle.write(contentsOf: Data("# Half".utf8))
        #expect(await becomesUnsettled(watcher))
        // Still open: the wait ends at its limit with the change taken as it is.
        let clock = ContinuousClock()
        let started = clock.now
        let atTheLimit = await watcher.takeSettledChanges(waitingAtMost: .milliseconds(40)).paths
        #expect(atTheLimit == ["content/posts/post.md"])
        #expect(clock.now - started >= .milliseconds(40))
        try handle.write(contentsOf: Data(" and whole\n".utf8))
        #expect(await becomesUnsettled(watcher))
        try handle.close()
        let onClose = await watcher.takeSettledChanges(waitingAtMost: .seconds(5)).paths
        #expect(onClose == ["content/posts/post.md"])
        // With nothing collected it returns at once.
        let again = clock.now
        let withNothing = await watcher.takeSettledChanges(waitingAtMost: .seconds(5)).paths
        #expect(withNothing == [])
        #expect(clock.now - again < .seconds(1))
    }

    @Test func aFileMovedAwayOrDeletedOrANewFolderIsNotSettledARenameIntoPlaceIs() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        let posts = root.appending(path: "content/posts")
        try "a".write(to: posts.appending(path: "a.md"), atomically: false, encoding: .utf8)
        await awaitSignal(watcher)
        #expect(await becomesSettled(watcher))
        _ = watcher.takeChanges()

        // What vim does with a backup: the file is moved away, then written anew.
        try FileManager.default.moveItem(at: posts.appending(path: "a.md"), to: posts.appending(path: "a.md.bak"))
        #expect(await becomesUnsettled(watcher))
        try "a2".write(to: posts.appending(path: "a.md"), atomically: false, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(50))
        // a.md is whole again; the backup name it was moved to was never written, so it is whole too.
        #expect(await becomesSettled(watcher))
        _ = watcher.takeChanges()

        try FileManager.default.removeItem(at: posts.appending(path: "a.md.bak"))
        #expect(await becomesUnsettled(watcher))
        _ = watcher.takeChanges()

        try FileManager.default.createDirectory(at: posts.appending(path: "folder"), withIntermediateDirectories: true)
        #expect(await becomesUnsettled(watcher))
        _ = watcher.takeChanges()

        // A save by renaming: the temporary file comes and goes, the post arrives whole.
        try "v1".write(to: posts.appending(path: "sedAb12Cd"), atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(at: posts.appending(path: "sedAb12Cd"), to: posts.appending(path: "b.md"))
        for _ in 0..<500 where !watcher.pendingPaths.contains("content/posts/b.md") {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(watcher.pendingPaths == ["content/posts/b.md"])
        #expect(watcher.isSettled)
    }

    /// Foundation's atomic write renames its file into place, then closes it: the close is not a second
    /// change, while a later write with the same words is.
    @Test func theCloseThatTrailsARenameIntoPlaceIsNotASecondChange() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        let posts = root.appending(path: "content/posts")
        let temporary = posts.appending(path: ".dat.nosync1.abc").path
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        #expect(write(descriptor, "words", 5) == 5)
        #expect(rename(temporary, posts.appending(path: "post.md").path) == 0)
        await expectNextChanges(watcher, ["content/posts/post.md"])
        close(descriptor)
        var signals = watcher.signals.makeAsyncIterator()
        _ = await signals.next()
        try await Task.sleep(for: .milliseconds(100))
        #expect(watcher.takeChanges().paths == [])

        try await Task.sleep(for: .milliseconds(10))
        try "words".write(to: posts.appending(path: "post.md"), atomically: false, encoding: .utf8)
        await expectNextChanges(watcher, ["content/posts/post.md"])
    }

    /// A file created and still open for writing is not taken, not even when the wait runs out (a save's
    /// temporary file while the disk is slow to sync it); a folder or a deletion is.
    @Test func aNewFileStillBeingWrittenWaitsForItsClose() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        let posts = root.appending(path: "content/posts")
        let temporary = posts.appending(path: ".dat.nosync2.abc").path
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        #expect(write(descriptor, "words", 5) == 5)
        try FileManager.default.createDirectory(at: posts.appending(path: "folder"), withIntermediateDirectories: true)
        for _ in 0..<500 where !watcher.pendingPaths.contains("content/posts/folder") {
            try await Task.sleep(for: .milliseconds(10))
        }
        let theFolder = await watcher.takeSettledChanges(waitingAtMost: .milliseconds(40)).paths
        #expect(theFolder == ["content/posts/folder"])
        #expect(watcher.takeChanges().paths == [])
        #expect(rename(temporary, posts.appending(path: "post.md").path) == 0)
        close(descriptor)
        await expectNextChanges(watcher, ["content/posts/post.md"])
    }
}
