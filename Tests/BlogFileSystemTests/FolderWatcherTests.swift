import Foundation
import Testing

@testable import BlogFileSystem

@Suite struct FolderWatcherTests {
    /// Writes a file through a descriptor no child process inherits: a test that starts a process meanwhile
    /// (the suites run at once) would otherwise hold it open past the test's close, and its last close, seen
    /// as a change, would come late, after the watcher started or among a later step's changes.
    private func writeText(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        guard written == text.utf8.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A site folder with content/posts and a watcher on it; the caller stops the watcher and removes the folder.
    private func makeWatchedSite() throws -> (URL, FolderWatcher) {
        let root = FileManager.default.temporaryDirectory.appending(path: "blogwatch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appending(path: "content/posts"), withIntermediateDirectories: true)
        try writeText("title: T\n", to: root.appending(path: "blog.yaml"))
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
        try writeText("x", to: root.appending(path: "notes.txt"))
        try writeText("a", to: root.appending(path: "content/posts/a.md"))
        await expectNextChanges(watcher, ["content/posts/a.md"])

        try FileManager.default.createDirectory(
            at: root.appending(path: "content/posts/folder"), withIntermediateDirectories: true)
        await expectNextChanges(watcher, ["content/posts/folder"])
        try writeText("b", to: root.appending(path: "content/posts/folder/index.md"))
        await expectNextChanges(watcher, ["content/posts/folder/index.md"])

        try writeText("title: U\n", to: root.appending(path: "blog.yaml"))
        await expectNextChanges(watcher, ["blog.yaml"])

        try FileManager.default.createDirectory(
            at: root.appending(path: "site-template"), withIntermediateDirectories: true)
        await expectNextChanges(watcher, ["site-template"])
        try writeText("t", to: root.appending(path: "site-template/page.mustache"))
        await expectNextChanges(watcher, ["site-template/page.mustache"])
    }

    @Test func savesByRenamingAndEditorScratchFilesReportOnlyTheRealFile() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        let posts = root.appending(path: "content/posts")
        // What `sed -i` and many editors do: write a temporary file, then rename it over the real one.
        try writeText("v1", to: posts.appending(path: "sedAb12Cd"))
        try FileManager.default.moveItem(at: posts.appending(path: "sedAb12Cd"), to: posts.appending(path: "post.md"))
        try writeText("swap", to: posts.appending(path: ".post.md.swp"))
        try writeText("backup", to: posts.appending(path: "post.md~"))
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
        try writeText("a", to: posts.appending(path: "a.md"))
        await awaitSignal(watcher)
        #expect(await becomesSettled(watcher))
        _ = watcher.takeChanges()

        // What vim does with a backup: the file is moved away, then written anew.
        try FileManager.default.moveItem(at: posts.appending(path: "a.md"), to: posts.appending(path: "a.md.bak"))
        #expect(await becomesUnsettled(watcher))
        try writeText("a2", to: posts.appending(path: "a.md"))
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
        try writeText("v1", to: posts.appending(path: "sedAb12Cd"))
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
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
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
        try writeText("words", to: posts.appending(path: "post.md"))
        await expectNextChanges(watcher, ["content/posts/post.md"])
    }

    /// A file created and still open for writing is not taken, not even when the wait runs out (a save's
    /// temporary file while the disk is slow to sync it); a folder or a deletion is.
    @Test func aNewFileStillBeingWrittenWaitsForItsClose() async throws {
        let (root, watcher) = try makeWatchedSite()
        defer { watcher.stop(); try? FileManager.default.removeItem(at: root) }
        let posts = root.appending(path: "content/posts")
        let temporary = posts.appending(path: ".dat.nosync2.abc").path
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
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
