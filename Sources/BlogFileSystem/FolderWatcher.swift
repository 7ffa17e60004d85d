import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reports changes under a site's sources with Linux inotify: folders are watched with every folder below
/// them (new ones are added as they appear), and single files by watching their folder for their name.
///
/// Dispatch reads the events when they arrive and collects the changed paths, relative to the site root; each
/// arrival is announced on ``signals`` and ``takeChanges()`` hands over everything collected since the last
/// call, so changes made during a build all lead to one next build. Names editors use for swap and backup
/// files are ignored, and so are files that were created and then renamed or deleted before anyone took
/// them (the temporary files of `sed -i` and of editors that save by renaming).
public final class FolderWatcher: Sendable {
    /// Yields once for each batch of changes read; ``takeChanges()`` says what they were.
    public let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let descriptor: Int32
    private let root: String
    /// Names watched in the root folder itself; everything else there is ignored.
    private let rootFiles: Set<String>
    private let rootFolders: Set<String>
    private let state = Locked(State())
    /// Where events are read, one reader at a time, so that they are recorded in the order they came.
    private let queue = DispatchQueue(label: "blog.folder-watcher")

    private struct State {
        /// Changed paths in the order they first changed.
        var pending: [String] = []
        /// Paths created since the last ``takeChanges()``; if they go away again, they were never news.
        var created: Set<String> = []
        /// Changed paths whose last event leaves more to come: opened and written but not closed yet, moved
        /// away or deleted (editors that keep a backup move the file away, then write it anew), or a new
        /// folder being filled.
        var unsettled: Set<String> = []
        /// Files opened for writing and not closed since.
        var writing: Set<String> = []
        /// False once an event was lost since the last ``takeChanges()``.
        var isComplete = true
        /// Watch descriptor → folder relative to the root ("" for the root itself).
        var folders: [Int32: String] = [:]
        /// Reads the events on a queue of Dispatch's whenever the descriptor has some, so no thread waits.
        var source: (any DispatchSourceRead)?
        /// The stamps of paths as ``takeChanges()`` last handed them over (a few: forgotten past
        /// ``stampedChanges``).
        var handed: [String: FileStamp] = [:]
        /// Set before the descriptor is closed (on the reading queue), so that no read comes after.
        var isStopped = false
    }

    /// How many changed paths ``takeChanges()`` stamps to leave out those that did not change.
    private static let stampedChanges = 64

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF)

    /// Starts watching `folders` (recursively) and `files`, both relative to `root`.
    ///
    /// - Throws: ``WatchError`` when inotify is not available or a watch cannot be added.
    public init(root: URL, folders watchedFolders: [String], files: [String]) throws {
        self.root = root.path
        rootFiles = Set(files)
        rootFolders = Set(watchedFolders)
        (signals, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw WatchError(
                message: "cannot watch for changes: inotify_init1 failed (\(String(cString: strerror(errno))))")
        }
        do {
            try add("")
            for folder in watchedFolders where FileManager.default.fileExists(atPath: root.appending(path: folder).path)
            {
                try addTree(folder)
            }
        } catch {
            close(descriptor)
            throw error
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [self] in readEvents() }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        state.withLock { $0.source = source }
        source.resume()
    }

    /// Stops reading events and closes the inotify descriptor.
    public func stop() {
        state.withLock {
            $0.isStopped = true
            $0.source?.cancel()
        }
        continuation.finish()
    }

    /// What changed since the last ``takeChanges()``.
    public struct Changes: Sendable, Equatable {
        /// The changed paths, relative to the root, in the order they first changed.
        public var paths: [String]
        /// False when events were lost (the kernel's queue overflowed, or a new folder could not be
        /// watched): then anything may have changed, not only ``paths``.
        public var isComplete: Bool
    }

    /// The changes since the last call. A path whose stamp is the one it had when last handed over is
    /// left out: the events that trail a save (a close after a rename into place) are not a new change.
    public func takeChanges() -> Changes {
        take(onlyIfSettled: false) ?? Changes(paths: [], isComplete: true)
    }

    /// The changes since the last call, or nil when `onlyIfSettled` and they are not settled: checked and
    /// taken at once, so that a save that starts meanwhile is never taken half-made.
    private func take(onlyIfSettled: Bool) -> Changes? {
        let taken: Changes? = state.withLock { state in
            guard !onlyIfSettled || state.unsettled.isEmpty else { return nil }
            // A file created since the last take and still open for writing is not a source yet (an
            // editor's temporary file before its rename, or a post half copied): it stays for the take
            // after its writer closes it.
            let writing = state.created.intersection(state.writing)
            let taken = Changes(paths: state.pending.filter { !writing.contains($0) }, isComplete: state.isComplete)
            state.pending.removeAll { !writing.contains($0) }
            (state.created, state.unsettled, state.writing, state.isComplete) = (writing, writing, writing, true)
            return taken
        }
        guard var changes = taken else { return nil }
        // Stamped only for a few paths, as a save makes: a checkout of thousands is handed over whole.
        guard changes.paths.count <= Self.stampedChanges else {
            state.withLock { $0.handed = [:] }
            return changes
        }
        let stamps = changes.paths.map { FileStamp(root + "/" + $0) }
        state.withLock { state in
            changes.paths = zip(changes.paths, stamps).filter { path, stamp in
                stamp == nil || state.handed[path] != stamp
            }.map(\.0)
            if state.handed.count > Self.stampedChanges { state.handed = [:] }
            for (path, stamp) in zip(changes.paths, stamps) { state.handed[path] = stamp }
        }
        return changes
    }

    /// The changes collected so far, left in place.
    var pendingPaths: [String] { state.withLock { $0.pending } }

    /// True when every change since the last ``takeChanges()`` is whole as far as the events tell: each
    /// file written was closed or renamed into place. A file still open for writing, moved away, deleted,
    /// or a new folder is not.
    public var isSettled: Bool { state.withLock { $0.unsettled.isEmpty } }

    /// The changes since the last ``takeChanges()``, taken once they have been settled (``isSettled``)
    /// for `grace`, or when `limit` has passed, whichever comes first: an editor's save is built as soon
    /// as its last write is closed, while a save in several steps, or a copy of many files, is still
    /// built once. The grace catches the events that trail a settling one: Foundation's atomic write
    /// renames its file into place before closing it. With nothing collected, it returns at once.
    public func takeSettledChanges(waitingAtMost limit: Duration, grace: Duration = .milliseconds(2)) async
        -> Changes
    {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var settledSince: ContinuousClock.Instant?
        while clock.now < deadline, !Task.isCancelled {
            // Events the kernel has queued are read now, not when the reading queue gets to them.
            queue.sync { if !state.withLock({ $0.isStopped }) { readEvents() } }
            if state.withLock({ $0.pending.isEmpty && $0.isComplete && $0.unsettled.isEmpty }) { break }
            if !isSettled {
                settledSince = nil
            } else if let since = settledSince {
                if clock.now - since >= grace, let changes = take(onlyIfSettled: true) { return changes }
            } else {
                settledSince = clock.now
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return takeChanges()
    }

    private func record(_ path: String, mask: UInt32) {
        state.withLock { state in
            if mask & UInt32(IN_CREATE) != 0 { state.created.insert(path) }
            if mask & UInt32(IN_ISDIR) == 0, mask & UInt32(IN_CREATE | IN_MODIFY) != 0 {
                state.writing.insert(path)
            } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE) != 0 {
                state.writing.remove(path)
            }
            if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
                state.unsettled.remove(path)
            } else if mask & UInt32(IN_CREATE | IN_MODIFY | IN_MOVED_FROM | IN_DELETE) != 0 {
                state.unsettled.insert(path)
            }
            if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0, state.created.remove(path) != nil {
                state.pending.removeAll { $0 == path }
                state.unsettled.remove(path)
            } else if !state.pending.contains(path) {
                state.pending.append(path)
            }
        }
    }

    private func add(_ relative: String) throws {
        let path = relative.isEmpty ? root : root + "/" + relative
        let mask = relative.isEmpty ? Self.mask : Self.mask | UInt32(IN_ONLYDIR)
        let watch = inotify_add_watch(descriptor, path, mask)
        guard watch >= 0 else {
            let reason =
                errno == ENOSPC
                ? "the limit of inotify watches is reached; raise fs.inotify.max_user_watches"
                : String(cString: strerror(errno))
            throw WatchError(message: "\(relative.isEmpty ? "." : relative): cannot watch for changes: \(reason)")
        }
        state.withLock { $0.folders[watch] = relative }
    }

    private func addTree(_ relative: String) throws {
        try add(relative)
        let path = root + "/" + relative
        let entries: [FolderWalk.Entry]
        do {
            entries = try FolderWalk.entries(of: path)
        } catch {
            // A folder removed again has nothing to watch; one that cannot be listed (no descriptor free)
            // hides what changes below it, which the next take says.
            if !error.isMissing { state.withLock { $0.isComplete = false } }
            return
        }
        for name in entries.map(\.name) where !name.hasPrefix(".") {
            if FileSystem.kind(of: path + "/" + name) == .folder { try addTree(relative + "/" + name) }
        }
    }

    /// Watches a folder that appeared; when it cannot be watched, changes in it go unseen, which the next
    /// ``takeChanges()`` says.
    private func addNewTree(_ relative: String) {
        do { try addTree(relative) } catch { state.withLock { $0.isComplete = false } }
    }

    /// Reads what the descriptor has (it does not block) and records the relevant paths.
    private func readEvents() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        var changed = false
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    state.withLock { $0.isComplete = false }
                    changed = true
                } else if let path = relevantPath(event, name: name) {
                    record(path, mask: event.mask)
                    changed = true
                }
            }
        }
        if changed { continuation.yield() }
    }

    private func relevantPath(_ event: inotify_event, name: String) -> String? {
        guard let folder = state.withLock({ $0.folders[event.wd] }) else { return nil }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            state.withLock { $0.folders[event.wd] = nil }
            return nil
        }
        if folder.isEmpty {
            // In the root, only the watched files matter, and watched folders that appear anew.
            if rootFolders.contains(name), event.mask & UInt32(IN_ISDIR) != 0,
                event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
            {
                addNewTree(name)
                return name
            }
            return rootFiles.contains(name) ? name : nil
        }
        guard !name.isEmpty else { return folder }
        if Self.isEditorScratch(name) { return nil }
        let path = folder + "/" + name
        if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            addNewTree(path)
        }
        return path
    }

    /// Swap, backup and lock files of vim, emacs and others, which change on every keystroke or save.
    public static func isEditorScratch(_ name: String) -> Bool {
        name.hasPrefix(".#") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name == "4913"
            || (name.hasPrefix("#") && name.hasSuffix("#"))
    }
}

/// Watching the sources failed; the message says why.
public struct WatchError: Error, CustomStringConvertible {
    /// What failed, for the terminal.
    public var message: String
    public var description: String { message }
}
