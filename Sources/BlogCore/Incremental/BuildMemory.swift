import BlogFileSystem
import Foundation

/// The last build's record, kept in memory between the builds of one long-running process (`blog serve`),
/// so that a rebuild neither reads the record from disk first nor waits for it to be written after.
///
/// A build given a memory takes the record from it when the fingerprint matches, and leaves the new record
/// there instead of on disk; the on-disk record, now stale, is removed at once, so that a process that dies
/// before ``save()`` leaves no record rather than a wrong one. Call ``save()`` when the result has been
/// shown, to let the next process start from the record; it also gives a first build's output the spare
/// tree that later builds stage into (see ``StagedTree``), which a clean build has no time to make.
public final class BuildMemory: Sendable {
    private struct State {
        var record: BuildRecord?
        /// Where the remembered record belongs on disk, while it is not written there.
        var unsaved: (site: Site, folder: String)?
        var output: OutputFolder?
        /// Counts the builds remembered, so that a save never puts back an older record.
        var build = 0
        /// The last build's scan of the sources, with where each file is in it.
        var scan: (scan: SourceScan, positions: [String: Int])?
        /// The journal on disk and the size of the record file it applies to, while that file with that
        /// journal is ``record``: an edit then adds its entries to the journal instead of leaving the record
        /// to be written whole.
        var disk: (journal: RecordJournal, recordSize: Int)?
        /// Entries that edits rebuilt alone replaced since ``record`` was remembered, put into it when it is
        /// next asked for: no build holds it then, so its dictionaries change in place rather than being
        /// copied whole (50,000 sources' records) for every edit.
        var pending: RecordJournal?
        /// The linking of the spare tree that ``save()`` started last.
        var linking: Task<Void, Never>?
        /// Files of the search index as edits last read them (word shards parsed, document shards as bytes),
        /// each with the output entry of the file it was read from: an edit takes those whose entry is still
        /// the record's instead of reading, checking and parsing every shard again.
        var searchFiles: [String: (entry: OutputFile, value: any Sendable)] = [:]

        /// The record with the pending entries in place.
        mutating func settled() -> BuildRecord? {
            if let pending {
                record?.apply(pending)
                self.pending = nil
            }
            return record
        }
    }

    private let state = Locked(State())

    /// Makes an empty memory; the first build reads the record from disk.
    public init() {}

    func record(fingerprint: UInt64) -> BuildRecord? {
        state.withLock { $0.record?.fingerprint == fingerprint ? $0.settled() : nil }
    }

    func remember(_ record: BuildRecord, for site: Site, in folder: String, output: OutputFolder) {
        state.withLock {
            $0 = State(
                record: record, unsaved: (site, folder), output: output, build: $0.build + 1, scan: $0.scan,
                linking: $0.linking, searchFiles: $0.searchFiles)
        }
        // The record was made from this build's scan: their stamps agree.
        state.withLock { $0.scan?.scan.differing = [] }
        BuildRecord.remove(for: site, in: folder)
    }

    /// Remembers that an edit rebuilt alone replaced these entries of the record the memory holds, and adds
    /// them to the journal on disk when the record file there is the one the memory holds (written by
    /// ``save()``), else leaves the record to be saved whole; false when the memory holds no record of
    /// this fingerprint (nothing is done then).
    func rememberEdit(
        fingerprint: UInt64, sources: [String: (stamp: FileStamp, record: BuildRecord.Source)],
        outputs: [String: OutputFile], removing removed: Set<String>, for site: Site, in folder: String,
        output: OutputFolder
    ) -> Bool {
        state.withLock { state in
            guard state.record?.fingerprint == fingerprint else { return false }
            var pending = state.pending ?? RecordJournal(base: 0)
            pending.add(sources: sources, outputs: outputs, removing: removed)
            state.pending = pending
            // The edit rebuilt every source whose stamp differed from the record's.
            state.scan?.scan.differing = []
            state.output = output
            state.build += 1
            if var disk = state.disk, state.unsaved == nil {
                disk.journal.add(sources: sources, outputs: outputs, removing: removed)
                if disk.journal.write(for: site, in: folder, recordSize: disk.recordSize) {
                    state.disk = disk
                    return true
                }
            }
            // The files on disk are not this record: gone until the memory is saved.
            state.disk = nil
            state.unsaved = (site, folder)
            BuildRecord.remove(for: site, in: folder)
            return true
        }
    }

    /// The search index's files remembered for these output entries, by path, as `type`: those whose
    /// entry is another are left out.
    func searchFiles<Value: Sendable>(for entries: [String: OutputFile], as type: Value.Type) -> [String: Value] {
        state.withLock { state in
            var found: [String: Value] = [:]
            for (path, entry) in entries {
                if let kept = state.searchFiles[path], kept.entry == entry { found[path] = kept.value as? Value }
            }
            return found
        }
    }

    /// The paths of the search index's files the memory keeps.
    var keptSearchFiles: Set<String> { state.withLock { Set($0.searchFiles.keys) } }

    /// Keeps files of the search index read from files with these entries, by path, for the next edit.
    func remember(searchFiles: [String: (entry: OutputFile, value: any Sendable)]) {
        state.withLock { $0.searchFiles.merge(searchFiles) { $1 } }
    }

    /// The last scan of the sources, with each file's place in it, taken out of the memory: a build that
    /// stops before it scans leaves none, so the next one scans every source.
    func takeScan() -> (scan: SourceScan, positions: [String: Int])? {
        state.withLock { state in
            defer { state.scan = nil }
            return state.scan
        }
    }

    /// Keeps a build's scan of the sources for the next build, which stamps again only what a watcher saw
    /// change (``BuildOptions/changedSources``).
    func remember(_ scan: SourceScan, positions: [String: Int]) {
        state.withLock { $0.scan = (scan, positions) }
    }

    /// Writes the remembered record to disk, if a build left one there since the last call. When the output
    /// has no spare tree, the record describes the output as its spare and the tree is linked beside the
    /// builds that follow, as `blog link-spare` does after `blog build` (a spare that is missing, half made
    /// or stale is only not used: every file in it is checked against the record before it is kept), so
    /// that a save right after the first build need not wait for 60,000 links. Call it between builds,
    /// never during one.
    public func save() async {
        let taken = state.withLock {
            state -> (record: BuildRecord, place: (site: Site, folder: String), output: OutputFolder?, build: Int)? in
            defer { state.unsaved = nil }
            guard let place = state.unsaved, let record = state.settled() else { return nil }
            return (record, place, state.output, state.build)
        }
        guard let taken else { return }
        var record = taken.record
        if record.spare == nil, let output = taken.output {
            record.spare = record.outputs
            let manifest = record.outputs
            let linking = Task.detached(priority: .utility) {
                _ = StagedTree.linkSpare(for: output, manifest: manifest)
            }
            state.withLock { state in
                if state.build == taken.build { state.record = record }
                state.linking = linking
            }
        }
        guard let written = await record.save(for: taken.place.site, in: taken.place.folder) else { return }
        state.withLock { state in
            if state.build == taken.build { state.disk = (RecordJournal(base: written.checksum), written.size) }
        }
    }

    /// Waits for the spare tree that ``save()`` started linking, if any.
    public func spareLinked() async {
        await state.withLock { $0.linking }?.value
    }
}
