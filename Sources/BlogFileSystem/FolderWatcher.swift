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

    private struct State {
        /// Changed paths in the order they first changed.
        var pending: [String] = []
        /// Paths created since the last ``takeChanges()``; if they go away again, they were never news.
        var created: Set<String> = []
        /// False once an event was lost since the last ``takeChanges()``.
        var isComplete = true
        /// Watch descriptor → folder relative to the root ("" for the root itself).
        var folders: [Int32: String] = [:]
        /// Reads the events on a queue of Dispatch's whenever the descriptor has some, so no thread waits.
        var source: (any DispatchSourceRead)?
    }

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
        let source = DispatchSource.makeReadSource(
            fileDescriptor: descriptor, queue: DispatchQueue(label: "blog.folder-watcher"))
        source.setEventHandler { [self] in readEvents() }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        state.withLock { $0.source = source }
        source.resume()
    }

    /// Stops reading events and closes the inotify descriptor.
    public func stop() {
        state.withLock { $0.source?.cancel() }
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

    /// The changes since the last call.
    public func takeChanges() -> Changes {
        state.withLock { state in
            defer { state.pending = []; state.created = []; state.isComplete = true }
            return Changes(paths: state.pending, isComplete: state.isComplete)
        }
    }

    private func record(_ path: String, mask: UInt32) {
        state.withLock { state in
            if mask & UInt32(IN_CREATE) != 0 { state.created.insert(path) }
            if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0, state.created.remove(path) != nil {
                state.pending.removeAll { $0 == path }
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
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
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
