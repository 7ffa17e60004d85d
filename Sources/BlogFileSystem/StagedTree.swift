import Foundation

/// Writes a build's files so that the output folder is replaced whole, or not at all.
///
/// The new tree is made in a staging folder beside the output (`.NAME.blog-staging`) and swapped in with
/// one atomic exchange only after every file is written, so a failed or killed build leaves the previous
/// output exactly as it was. A file whose bytes did not change is a hard link to the old one (same inode,
/// same modification time), so rsync-style deploys upload only what changed. Files may be put from many
/// tasks at once.
///
/// The tree that a swap replaces is kept as `.NAME.blog-spare`, and the next build stages into it: only
/// the files that differ from what it holds are written or linked again, so a build that changes one
/// post touches a few files instead of making ten thousand folders and links anew. Nothing in the spare
/// is trusted without its size and modification time matching the cache, and whatever the build did not
/// put there is deleted before the swap.
public final class StagedTree: Sendable {
    /// What a build did to the output's files.
    public struct Counts: Sendable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
    }

    public let target: OutputFolder
    /// What the last build wrote, from the build cache; an entry is trusted only while the old file's size
    /// and modification time still match it.
    public let previous: [String: OutputFile]
    /// What the staging folder already holds (a reused spare tree), by the same rule; empty for a new one.
    let base: [String: OutputFile]
    /// Whether staging started from the spare tree, which may hold files this build does not make.
    let isReusingSpare: Bool
    /// The output and staging folders as paths, made once: building them from URLs for each of ten
    /// thousand files costs more than the system calls.
    private let outputPath: String
    private let stagingPath: String
    /// Whether the output folder existed when staging began; without one (a first build, or after the
    /// output was removed) there is no old file to compare or link, and no reason to look for each.
    private let hasOutput: Bool

    private struct State {
        var counts = Counts()
        var manifest: [String: OutputFile] = [:]
        var folders: Set<String> = []
    }

    private let state: Locked<State>
    /// Shown every file as it is put, for a check that reads pages as they are made instead of reading
    /// them back from the output.
    private let observer: (@Sendable (String, UnsafeRawBufferPointer) -> Void)?
    /// The listing of a reused spare, made on a thread of its own while the build goes on (listing ten
    /// thousand folders costs a tenth of a second of system time), and waited for before the swap.
    private let spareListing: Task<FolderWalk, Never>?

    /// Clears what an earlier killed build left and prepares the staging folder: the spare tree when the
    /// cache describes it (`spare`), else an empty folder.
    ///
    /// - Parameters:
    ///   - spareWalk: A listing of the spare started earlier, when the build had the time for it; without
    ///     one, a reused spare is listed from here.
    ///   - observer: Called with each file's path and bytes as it is put, from the task that puts it.
    public init(
        target: OutputFolder, previous: [String: OutputFile], spare: [String: OutputFile]?,
        spareWalk: Task<FolderWalk, Never>? = nil,
        observer: (@Sendable (String, UnsafeRawBufferPointer) -> Void)? = nil
    ) throws {
        self.target = target
        self.observer = observer
        self.previous = previous
        var state = State()
        state.manifest.reserveCapacity(previous.count)
        self.state = Locked(state)
        outputPath = target.folder.path
        stagingPath = target.staging.path
        hasOutput = FileSystem.exists(outputPath)
        // Old trees of earlier builds, named by blog with a random suffix and marked inside (a partly
        // deleted one keeps its marker, which goes last), are deleted in the background, off the critical
        // path. A folder of that name without the marker is the user's and stays.
        let parent = target.folder.deletingLastPathComponent()
        let trashPrefix = target.trash.lastPathComponent
        for name in FileSystem.names(in: parent.path) ?? [] where name.hasPrefix(trashPrefix + "-") {
            let trash = parent.appending(path: name)
            if Self.isMarked(trash) { Self.removeInBackground(trash.path) }
        }
        // A staging folder left by a killed build holds an unknown part of a tree: throw it away.
        if FileSystem.exists(target.staging.path), try Self.isBlogs(target.staging) {
            try Self.moveToTrash(target.staging, target: target)
        }
        var reusing = false
        if FileSystem.exists(target.spare.path), try Self.isBlogs(target.spare) {
            if spare != nil, (try? FileSystem.rename(target.spare.path, to: target.staging.path)) != nil {
                reusing = true
            } else {
                try Self.moveToTrash(target.spare, target: target)
            }
        }
        isReusingSpare = reusing
        base = reusing ? spare ?? [:] : [:]
        // Entries this build adds or replaces meanwhile may or may not be listed; they are in the
        // manifest, and only what is not is deleted. What nobody touches is listed exactly once.
        spareListing = reusing ? spareWalk ?? Self.startListing(target.staging.path) : nil
        if !reusing {
            try Self.makeMarkedFolder(target.staging, target: target)
        }
        // An empty output folder (the user made it for us) is claimed, so that the tree it becomes after
        // the swap is known as blog's.
        if hasOutput, !Self.isMarked(target.folder) {
            try Self.writeMarker(in: target.folder)
        }
    }

    /// Makes `folder` with the marker already inside: the folder is made under a new name, marked, and
    /// renamed into place, so that no folder of that name is ever without the marker.
    static func makeMarkedFolder(_ folder: URL, target: OutputFolder) throws {
        let making = target.freshTrash()
        try FileContents.makeFolder(making.path)
        try writeMarker(in: making)
        try FileSystem.rename(making.path, to: folder.path)
    }

    private static func writeMarker(in folder: URL) throws {
        try FileContents.write(
            Data("This folder is made by `blog build` and replaced on every build.\n".utf8),
            to: folder.appending(path: OutputFolder.marker).path)
    }

    /// Whether the folder holds blog's marker: the sign that blog made it.
    static func isMarked(_ folder: URL) -> Bool {
        FileSystem.exists(folder.appending(path: OutputFolder.marker).path)
    }

    /// Stages one file: keeps the spare's copy or links the old one when its bytes are the same.
    public func put(_ path: String, _ data: Data) throws {
        try data.withUnsafeBytes { try put(path, bytes: $0) }
    }

    /// Stages one page from its text, without copying it into `Data` first.
    public func put(_ path: String, text: String) throws {
        var text = text
        try text.withUTF8 { try put(path, bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Stages one page from its UTF-8 bytes.
    public func put(_ path: String, bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try put(path, bytes: $0) }
    }

    private func put(_ path: String, bytes: UnsafeRawBufferPointer) throws {
        // Routes refuse such paths with an error naming their post; this is the last guard, for a path that
        // reached here without that check.
        guard Self.staysInside(path) else {
            throw StagingFailure(description: "\(path): a path that leads out of the output folder")
        }
        observer?(path, bytes)
        let staged = stagingPath + "/" + path
        let hash = Digest.of(bytes)
        let old = outputPath + "/" + path
        if hasOutput, let entry = previous[path], entry.size == bytes.count, entry.hash == hash,
            let stamp = FileStamp(old), stamp.matches(entry)
        {
            if try keepOrLink(path, entry, from: old) { return }
        }
        if hasOutput, previous[path] == nil, let stamp = FileStamp(old), stamp.size == bytes.count,
            FileContents.read(URL(filePath: old)) == Data(bytes)
        {
            if try keepOrLink(path, .init(size: stamp.size, modified: stamp.modified, hash: hash), from: old) { return }
        }
        if let entry = base[path], entry.size == bytes.count, entry.hash == hash,
            FileStamp(staged)?.matches(entry) == true
        {
            // The spare already holds these bytes, though the current output does not.
            record(path, entry, unchanged: false)
            return
        }
        try clear(staged, for: path)
        let stamp = try FileContents.write(bytes, to: staged)
        record(path, .init(size: bytes.count, modified: stamp.modified, hash: hash), unchanged: false)
    }

    /// Whether `path` names a file inside the folder it is relative to: not absolute, without NUL and
    /// without empty, `.` or `..` segments.
    static func staysInside(_ path: String) -> Bool {
        var segmentLength = 0
        var dots = 0
        for byte in path.utf8 {
            if byte == 0 { return false }
            if byte == UInt8(ascii: "/") {
                if segmentLength == 0 || segmentLength == dots && dots <= 2 { return false }
                segmentLength = 0
                dots = 0
            } else {
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return segmentLength > 0 && !(segmentLength == dots && dots <= 2)
    }

    /// Stages the old file unchanged, if the cache vouches for it; returns false when it cannot.
    public func carryOver(_ path: String) -> Bool {
        guard let entry = previous[path] else { return false }
        // The spare's copy is what the cache says the output holds (normally the same inode): keeping it
        // needs no look at the output, whose copy is replaced by the swap either way.
        if base[path] == entry, FileStamp(stagingPath + "/" + path)?.matches(entry) == true {
            record(path, entry, unchanged: true)
            return true
        }
        let old = outputPath + "/" + path
        guard let stamp = FileStamp(old), stamp.matches(entry) else { return false }
        return (try? keepOrLink(path, entry, from: old)) == true
    }

    /// Deletes what a reused spare holds beyond this build's files, swaps the staged tree in and returns
    /// the counts and the manifest of what the output now holds.
    ///
    /// - Parameter keepingSpare: Whether to keep the replaced tree as the next build's spare; when false
    ///   (the cache cannot describe it) it is deleted in the background.
    /// - Returns: The counts, the manifest, and whether a spare tree was kept.
    public func finish(keepingSpare: Bool, beforeSwap: (@Sendable () async -> Void)? = nil) async throws -> (
        Counts, [String: OutputFile], keptSpare: Bool
    ) {
        let manifest = state.withLock { $0.manifest }
        var counts = state.withLock { $0.counts }
        let oldFiles = previous.isEmpty ? Set(FolderWalk(root: target.folder.path).files) : Set(previous.keys)
        counts.removed = oldFiles.subtracting(manifest.keys).count
        if isReusingSpare { await removeExtras(keeping: manifest) }
        if let beforeSwap {
            // On a task of its own, which cancelling the build does not cut short: it stands for a long build.
            await Task.detached { await beforeSwap() }.value
        }
        // The stamps stay true after the swap: a rename keeps inodes, and hard links share them.
        let keptSpare = try swapIn(keepingSpare: keepingSpare)
        return (counts, manifest, keptSpare)
    }

    /// Leaves the staged file when it is already the old one (a spare shares the inode), else links the
    /// old file in its place. Returns false when the link fails.
    private func keepOrLink(_ path: String, _ entry: OutputFile, from old: String) throws -> Bool {
        let staged = stagingPath + "/" + path
        if base[path] == entry, FileStamp(staged)?.matches(entry) == true {
            record(path, entry, unchanged: true)
            return true
        }
        try clear(staged, for: path)
        guard (try? FileSystem.link(old, as: staged)) != nil else { return false }
        record(path, entry, unchanged: true)
        return true
    }

    /// Makes room for a new file at `staged`: its folders exist, and whatever a spare had there is gone.
    /// A spare's file may be a hard link to a live one, so it is never written through, only replaced.
    private func clear(_ staged: String, for path: String) throws {
        // Folders first: a spare's folder on the way may be a symbolic link that someone else put there,
        // and removing the file through it would delete one outside the tree.
        try makeParent(of: staged, for: path)
        if isReusingSpare, (try? FileSystem.removeFile(staged)) == nil {
            try FileSystem.removeTree(staged)
        }
    }

    private func record(_ path: String, _ entry: OutputFile, unchanged: Bool) {
        state.withLock { state in
            state.manifest[path] = entry
            if unchanged { state.counts.unchanged += 1 } else { state.counts.written += 1 }
        }
    }

    private func makeParent(of staged: String, for path: String) throws {
        let parent = String(staged[..<(staged.utf8.lastIndex(of: UInt8(ascii: "/")) ?? staged.endIndex)])
        guard !state.withLock({ $0.folders.contains(parent) }) else { return }
        // In a new tree nearly every folder is one post's, whose own parent exists by then: one mkdir,
        // and only when that finds no parent are the folders above made first.
        if !isReusingSpare, parent.utf8.count > stagingPath.utf8.count, (try? FileContents.makeFolder(parent)) != nil {
            state.withLock { _ = $0.folders.insert(parent) }
            return
        }
        // Folders are made one level at a time from the staging root down, without Foundation's checks.
        let root = stagingPath
        var folder = root
        for component in Substring(parent.utf8.dropFirst(root.utf8.count)).pathNames {
            folder += "/" + component
            if state.withLock({ $0.folders.contains(folder) }) { continue }
            if isReusingSpare {
                // The spare may hold a file where this build needs a folder.
                if let kind = FileSystem.kind(of: folder), kind != .folder { try FileSystem.removeTree(folder) }
            }
            try FileContents.makeFolder(folder)
            state.withLock { _ = $0.folders.insert(folder) }
        }
    }

    /// Deletes every file and empty folder of the reused spare that this build did not put.
    private func removeExtras(keeping manifest: [String: OutputFile]) async {
        let root = stagingPath
        guard let walk = await spareListing?.value else { return }
        for file in walk.files where manifest[file] == nil {
            try? FileSystem.removeFile(root + "/" + file)
        }
        var needed = Set<Substring>()
        for path in manifest.keys {
            var folder = path[...]
            // By byte: a Character search backwards through every path would be most of this.
            while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
                guard needed.insert(folder).inserted else { break }
            }
        }
        // Deepest first, so a folder emptied of folders goes too. Only those are sorted, by bytes: a
        // Character count per comparison of ten thousand folders costs more than the rest of the swap.
        for folder in walk.folders.filter({ !needed.contains($0[...]) }).sorted(by: { $0.utf8.count > $1.utf8.count }) {
            FileSystem.removeEmptyFolder(root + "/" + folder)
        }
    }

    /// Whether a folder at one of blog's names beside the output is blog's tree: marked inside. One that
    /// holds no file at all (emptied by someone else's `rm -rf` while a build swapped it, marker and all)
    /// has nothing to lose and is removed, so that it does not stop every later build; one that holds
    /// files but no marker is the user's and stops the build.
    ///
    /// - Returns: True for a marked tree; false when an empty one was removed.
    /// - Throws: ``UnmarkedFolder`` for a folder of the user's.
    private static func isBlogs(_ folder: URL) throws -> Bool {
        if isMarked(folder) { return true }
        let walk = FolderWalk(root: folder.path)
        guard walk.files.isEmpty, FileSystem.kind(of: folder.path) == .folder else {
            throw UnmarkedFolder(name: folder.lastPathComponent)
        }
        for inner in walk.folders.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            FileSystem.removeEmptyFolder(folder.path + "/" + inner)
        }
        FileSystem.removeEmptyFolder(folder.path)
        guard !FileSystem.exists(folder.path) else { throw UnmarkedFolder(name: folder.lastPathComponent) }
        return false
    }

    private static func checkMarked(_ folder: URL) throws {
        guard isMarked(folder) else {
            throw UnmarkedFolder(name: folder.lastPathComponent)
        }
    }

    private static func moveToTrash(_ folder: URL, target: OutputFolder) throws {
        let trash = target.freshTrash()
        try FileSystem.move(folder.path, to: trash.path)
        removeInBackground(trash.path)
    }

    /// Exchanges staging and output in one step. The old tree becomes the spare, or goes to a trash folder
    /// beside the output, deleted by a detached `rm -rf` so that neither this build nor the next waits for
    /// it (deleting ten thousand folders while the next build creates as many makes both slow). A trash
    /// folder left behind (the removal failed or was killed) is deleted by the next build.
    private func swapIn(keepingSpare: Bool) throws -> Bool {
        let output = target.folder
        guard FileSystem.exists(output.path) else {
            try FileSystem.move(target.staging.path, to: output.path)
            return false
        }
        let keeper = keepingSpare ? target.spare : target.freshTrash()
        if keepingSpare, FileSystem.exists(keeper.path) {
            // A spare made meanwhile (by `blog link-spare` after an earlier build) gives way to this one.
            try Self.moveToTrash(keeper, target: target)
        }
        if (try? FileSystem.exchange(target.staging.path, output.path)) != nil {
            try FileSystem.move(target.staging.path, to: keeper.path)
        } else {
            // Without renameat2 the swap takes two renames; between them the output is briefly absent.
            try FileSystem.move(output.path, to: keeper.path)
            try FileSystem.move(target.staging.path, to: output.path)
        }
        if !keepingSpare { Self.removeInBackground(keeper.path) }
        return keepingSpare
    }

    /// Lists the tree at `path` on a task of its own, from a descriptor opened now, so that renaming the
    /// folder meanwhile (the spare becoming the staging folder) does not disturb the listing.
    public static func startListing(_ path: String) -> Task<FolderWalk, Never>? {
        guard let folder = OpenFolder(path) else { return nil }
        return Task.detached { FolderWalk(folder, skippingRootName: OutputFolder.marker) }
    }

    /// Deletes a tree of blog's without waiting for it, in a process that outlives the build if it must:
    /// everything but the marker first, then the rest, so that a deletion cut short leaves a tree that is
    /// still known as blog's.
    static func removeInBackground(_ path: String) {
        DetachedProcess.startScript(
            "find \"$1\" -mindepth 1 ! -path \"$1/\(OutputFolder.marker)\" -delete; rm -rf -- \"$1\"", arguments: [path]
        )
    }
}

/// A folder beside the output that has a name blog uses but not blog's marker: it is the user's, and a
/// build that would replace it stops.
public struct UnmarkedFolder: Error, Sendable {
    /// The folder's name.
    public var name: String
}

/// A failure to stage a file, as text.
public struct StagingFailure: Error, CustomStringConvertible {
    public var description: String

    /// A failure saying `description`.
    public init(description: String) {
        self.description = description
    }
}
