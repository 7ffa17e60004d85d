import CFileSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a build's files so that the output folder is replaced whole, or not at all.
///
/// The new tree is made in a staging folder beside the output (`.NAME.blog-staging`) and swapped in with
/// one atomic exchange only after every file is written, so a failed or killed build leaves the previous
/// output exactly as it was. A file whose bytes did not change is a hard link to the old one (same inode,
/// same modification time), so rsync-style deploys upload only what changed. Files may be put from many
/// tasks at once.
final class StagedOutput: Sendable {
    /// Set to a number of seconds to pause after staging and before the swap; the kill test uses it.
    static let pauseVariable = "BLOG_PAUSE_BEFORE_SWAP"

    struct Counts: Sendable {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    let target: OutputWriter
    /// What the last build wrote, from the build cache; an entry is trusted only while the old file's size
    /// and modification time still match it.
    let previous: [String: BuildCache.Output]

    private struct State {
        var counts = Counts()
        var manifest: [String: BuildCache.Output] = [:]
        var folders: Set<String> = []
    }

    private let state = Locked(State())

    /// Clears what an earlier killed build left and makes an empty staging folder.
    init(target: OutputWriter, previous: [String: BuildCache.Output]) throws {
        self.target = target
        self.previous = previous
        let fileManager = FileManager.default
        let parent = target.folder.deletingLastPathComponent()
        let trashPrefix = target.trash.lastPathComponent
        let trashes = ((try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(trashPrefix) }.map { parent.appending(path: $0) }
        if fileManager.fileExists(atPath: target.staging.path) {
            let entries = (try? fileManager.contentsOfDirectory(atPath: target.staging.path)) ?? []
            guard entries.isEmpty || entries.contains(OutputWriter.marker) else {
                throw DiagnosticError(file: target.staging.lastPathComponent, message: "a folder with this name exists beside the output and was not made by blog; move it away")
            }
            try fileManager.removeItem(at: target.staging)
        }
        // Old trees of earlier builds (named by blog with a random suffix, so a partly deleted one is still
        // recognised) are deleted on a thread of their own, off the critical path.
        for trash in trashes {
            Thread.detachNewThread { try? FileManager.default.removeItem(at: trash) }
        }
        try fileManager.createDirectory(at: target.staging, withIntermediateDirectories: true)
        try Data("This folder is made by `blog build` and replaced on every build.\n".utf8).write(to: target.staging.appending(path: OutputWriter.marker))
    }

    /// Stages one file, linking the old one when its bytes are the same.
    func put(_ path: String, _ data: Data) throws {
        let staged = target.staging.appending(path: path)
        try makeParent(of: staged, for: path)
        let hash = ContentHash.of(data)
        let old = target.folder.appending(path: path)
        if let entry = previous[path], entry.size == data.count, entry.hash == hash, let stamp = FileStamp(old.path),
           stamp.size == entry.size, stamp.modified == entry.modified, link(old.path, staged.path) == 0 {
            record(path, entry, unchanged: true)
            return
        }
        if previous[path] == nil, let stamp = FileStamp(old.path), stamp.size == data.count, FileContents.read(old) == data,
           link(old.path, staged.path) == 0 {
            record(path, .init(size: stamp.size, modified: stamp.modified, hash: hash), unchanged: true)
            return
        }
        try FileContents.write(data, to: staged.path)
        let stamp = FileStamp(staged.path)
        record(path, .init(size: data.count, modified: stamp?.modified ?? 0, hash: hash), unchanged: false)
    }

    /// Stages the old file unchanged, if the cache vouches for it; returns false when it cannot.
    func carryOver(_ path: String) -> Bool {
        let old = target.folder.appending(path: path)
        guard let entry = previous[path], let stamp = FileStamp(old.path), stamp.size == entry.size, stamp.modified == entry.modified else { return false }
        let staged = target.staging.appending(path: path)
        guard (try? makeParent(of: staged, for: path)) != nil, link(old.path, staged.path) == 0 else { return false }
        record(path, entry, unchanged: true)
        return true
    }

    /// Swaps the staged tree in and returns the counts and the manifest of what the output now holds.
    func finish() throws -> (Counts, [String: BuildCache.Output]) {
        let manifest = state.withLock { $0.manifest }
        var counts = state.withLock { $0.counts }
        let oldFiles = previous.isEmpty ? listFiles(target.folder) : Set(previous.keys)
        counts.removed = oldFiles.subtracting(manifest.keys).count
        if let pause = ProcessInfo.processInfo.environment[Self.pauseVariable].flatMap(Double.init) {
            Thread.sleep(forTimeInterval: pause)
        }
        // The stamps stay true after the swap: a rename keeps inodes, and hard links share them.
        try swapIn()
        return (counts, manifest)
    }

    private func record(_ path: String, _ entry: BuildCache.Output, unchanged: Bool) {
        state.withLock { state in
            state.manifest[path] = entry
            if unchanged { state.counts.unchanged += 1 } else { state.counts.written += 1 }
        }
    }

    private func makeParent(of url: URL, for path: String) throws {
        let parent = url.deletingLastPathComponent().path
        guard !state.withLock({ $0.folders.contains(parent) }) else { return }
        // Folders are made one level at a time from the staging root down, without Foundation's checks.
        let root = target.staging.path
        var folder = root
        for component in parent.dropFirst(root.count).split(separator: "/") {
            folder += "/" + component
            if state.withLock({ $0.folders.contains(folder) }) { continue }
            try FileContents.makeFolder(folder)
            state.withLock { _ = $0.folders.insert(folder) }
        }
    }

    /// Exchanges staging and output in one step; the old tree goes to a trash folder beside the output,
    /// deleted by a detached `rm -rf` so that neither this build nor the next waits for it (deleting ten
    /// thousand folders while the next build creates as many made both slow). A trash folder left behind
    /// (the removal failed or was killed) is deleted by the next build.
    private func swapIn() throws {
        let fileManager = FileManager.default
        let output = target.folder
        guard fileManager.fileExists(atPath: output.path) else {
            try fileManager.moveItem(at: target.staging, to: output)
            return
        }
        let trash = target.folder.deletingLastPathComponent().appending(path: "\(target.trash.lastPathComponent)-\(UUID().uuidString.prefix(8))")
        if blog_rename_exchange(target.staging.path, output.path) == 0 {
            try fileManager.moveItem(at: target.staging, to: trash)
        } else {
            // Without renameat2 the swap takes two renames; between them the output is briefly absent.
            try fileManager.moveItem(at: output, to: trash)
            try fileManager.moveItem(at: target.staging, to: output)
        }
        Self.removeInBackground(trash.path)
    }

    /// Starts `rm -rf PATH` without waiting for it; the process outlives the build if it must.
    private static func removeInBackground(_ path: String) {
        var pid: pid_t = 0
        let words: [String] = ["/bin/rm", "-rf", "--", path]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        _ = posix_spawn(&pid, "/bin/rm", &actions, nil, arguments, environ)
    }

    private func listFiles(_ root: URL) -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result = Set<String>()
        for case let path as String in enumerator where path != OutputWriter.marker {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.insert(path)
            }
        }
        return result
    }
}
