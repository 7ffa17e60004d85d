import BlogFileSystem
import Foundation

/// The last build's record as a rebuild of edited posts reads it (``SiteBuilder/rebuildEdits``): the
/// file on disk, read entry by entry, or the record `blog serve` keeps in memory between builds.
protocol RecordedBuild: Sendable {
    var dependencies: BuildRecord.Dependencies { get }
    /// The records of the named sources that the record holds.
    func sources(_ paths: Set<String>) -> [String: BuildRecord.Source]
    /// One source's record; nil when there is none.
    func source(_ path: String) -> BuildRecord.Source?
    /// The entries of the named output files that the last build wrote.
    func outputs(_ paths: Set<String>) -> [String: OutputFile]
    /// Keeps the record with the named sources' entries and stamps replaced, the named outputs' replaced
    /// or added and the `removed` outputs' gone, where the build keeps its record; false when it holds no
    /// entry for one of the sources or removed outputs (nothing is kept then).
    func save(
        replacing sources: [String: (stamp: FileStamp, record: BuildRecord.Source)],
        outputs: [String: OutputFile], removing removed: Set<String>,
        _ incremental: IncrementalBuild, output: OutputFolder
    ) async -> Bool
}

extension RecordedBuild {
    /// One output file's entry; nil when the last build did not write that path.
    func output(_ path: String) -> OutputFile? {
        outputs([path])[path]
    }
}

extension BuildRecord.File: RecordedBuild {
    func source(_ path: String) -> BuildRecord.Source? {
        sources([path])[path]
    }

    func save(
        replacing sources: [String: (stamp: FileStamp, record: BuildRecord.Source)],
        outputs: [String: OutputFile], removing removed: Set<String>,
        _ incremental: IncrementalBuild, output: OutputFolder
    ) async -> Bool {
        var journal = self.journal
        journal.add(sources: sources, outputs: outputs, removing: removed)
        if journal.write(for: incremental.site, in: incremental.folder, recordSize: data.count) { return true }
        // Folded in: entry by entry when only entries are replaced, else by writing the whole record again.
        if journal.removed.isEmpty,
            let patched = patched(
                sources: journal.sources.mapValues { ($0.stamp, $0.record) }, outputs: journal.outputs)
        {
            BuildRecord.save(patched, for: incremental.site, in: incremental.folder)
            return true
        }
        var folded = self
        folded.journal = journal
        guard let record = await folded.record() else { return false }
        await record.save(for: incremental.site, in: incremental.folder)
        return true
    }
}

extension BuildRecord: RecordedBuild {
    func source(_ path: String) -> BuildRecord.Source? {
        sources[path]
    }

    func sources(_ paths: Set<String>) -> [String: BuildRecord.Source] {
        var found: [String: BuildRecord.Source] = [:]
        for path in paths { found[path] = sources[path] }
        return found
    }

    func outputs(_ paths: Set<String>) -> [String: OutputFile] {
        var found: [String: OutputFile] = [:]
        for path in paths { found[path] = outputs[path] }
        return found
    }

    /// The spare tree (a full map here) keeps what it held: the files were replaced in the output alone.
    /// `blog serve`'s memory takes the entries to put in its record later, when no build holds it.
    func save(
        replacing sources: [String: (stamp: FileStamp, record: BuildRecord.Source)],
        outputs: [String: OutputFile], removing removed: Set<String>,
        _ incremental: IncrementalBuild, output: OutputFolder
    ) async -> Bool {
        for path in sources.keys where self.sources[path] == nil || stamps.sources[path] == nil { return false }
        for path in removed where self.outputs[path] == nil { return false }
        if let memory = incremental.memory,
            memory.rememberEdit(
                fingerprint: fingerprint, sources: sources, outputs: outputs, removing: removed,
                for: incremental.site, in: incremental.folder, output: output)
        {
            return true
        }
        var entries = RecordJournal(base: 0)
        entries.add(sources: sources, outputs: outputs, removing: removed)
        var record = self
        record.apply(entries)
        await incremental.save(record, output: output)
        return true
    }
}

extension BuildRecord {
    /// Puts a journal's entries in place: its sources' and outputs' entries, and their stamps unless
    /// `stamps` is false (a record decoded without its stamps). The spare tree keeps what it held: edits
    /// replace files in the output alone.
    mutating func apply(_ journal: RecordJournal, stamps: Bool = true) {
        for (path, source) in journal.sources { sources[path] = source.record }
        for (path, output) in journal.outputs { outputs[path] = output }
        for path in journal.removed { outputs[path] = nil }
        if stamps { journal.applied(to: &self.stamps) }
    }
}
