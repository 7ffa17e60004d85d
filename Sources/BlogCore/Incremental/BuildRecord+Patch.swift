import BlogFileSystem
import Foundation

// Reading one entry of a record file, and writing the file again with a few entries replaced, without
// decoding the others: an edit to one post of fifty thousand looks up and replaces a handful of entries,
// and every other byte of the file is copied as it is.
extension BuildRecord.File {
    /// Where one entry is in ``data``: the whole entry (its path first) and its value.
    struct Entry {
        var whole: Range<Int>
        var value: Range<Int>
    }

    /// The records of the named sources that the file holds: the journal's, and the others found in one
    /// pass over the sources' sections.
    func sources(_ paths: Set<String>) -> [String: BuildRecord.Source] {
        var found = journal.sources.filter { paths.contains($0.key) }.mapValues(\.record)
        let rest = paths.subtracting(found.keys)
        guard !rest.isEmpty else { return found }
        for (path, entry) in locateSources(rest) {
            found[path] = decode(entry.value) { reader throws(RecordReader.Failure) in
                try reader.lengthPrefixed { reader throws(RecordReader.Failure) in try reader.source() }
            }
        }
        return found
    }

    /// The entries of the named output files that the last build wrote, or an edit since.
    func outputs(_ paths: Set<String>) -> [String: OutputFile] {
        var found = journal.outputs.filter { paths.contains($0.key) }
        let rest = paths.subtracting(found.keys).subtracting(journal.removed)
        guard !rest.isEmpty else { return found }
        let table = outputTable.withLock { table in
            if table == nil { table = makeOutputTable() }
            return table
        }
        guard let table else { return found }
        data.withUnsafeBytes { buffer in
            for path in rest {
                guard let value = table.value(of: path, in: buffer) else { continue }
                found[path] = decode(value) { reader throws(RecordReader.Failure) in try reader.output() }
            }
        }
        return found
    }

    /// The table of where every output's entry is, from one walk of the outputs section; nil when the
    /// section cannot be walked (it is then as good as empty, as ``locateOutputs(_:)`` finds it).
    private func makeOutputTable() -> PathTable? {
        guard let section = checkedSection(1) else { return nil }
        return data.withUnsafeBytes { buffer in
            var reader = RecordReader(
                UnsafeRawBufferPointer(rebasing: buffer[..<section.upperBound]), at: section.lowerBound)
            return try? PathTable(&reader) { reader throws(RecordReader.Failure) in _ = try reader.output() }
        }
    }

    /// The file with the named sources' stamps and records and the named outputs' stamps and entries
    /// replaced, every other byte as it was; nil when one of them is not in the file (the full build
    /// writes the record then). An output given a new entry keeps its old one as the spare tree's, since
    /// the file was replaced in the output alone.
    func patched(
        sources: [String: (stamp: FileStamp, record: BuildRecord.Source)], outputs: [String: OutputFile]
    ) -> Data? {
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
        func entry(_ path: String, _ write: (inout RecordWriter) -> Void) -> [UInt8] {
            var writer = RecordWriter(capacity: 256)
            writer.string(path)
            write(&writer)
            return writer.bytes
        }
        let stamps = locateStamps(Set(sources.keys), outputs: Set(outputs.keys))
        let located = locateOutputs(Set(outputs.keys))
        let records = locateSources(Set(sources.keys))
        for (path, new) in sources {
            guard let stamp = stamps.sources[path], let record = records[path] else { return nil }
            replacements.append((stamp.whole, entry(path) { $0.stampValue(new.stamp) }))
            replacements.append(
                (record.whole, entry(path) { writer in writer.lengthPrefixed { $0.source(new.record) } }))
        }
        var spareChanges: [String: OutputFile?] = [:]
        for (path, new) in outputs {
            guard let stamp = stamps.outputs[path], let old = located.entries[path],
                let oldEntry = decode(old.value, { reader throws(RecordReader.Failure) in try reader.output() })
            else { return nil }
            replacements.append(
                (stamp.whole, entry(path) { $0.stampValue(FileStamp(size: new.size, modified: new.modified)) }))
            replacements.append((old.whole, entry(path) { $0.output(new) }))
            spareChanges[path] = oldEntry
        }
        if let spare = located.spare {
            guard let bytes = spareDifferences(spare, keeping: spareChanges) else { return nil }
            replacements.append((spare, bytes))
        }
        return rewritten(with: replacements)
    }

    /// The spare tree's differences from the outputs (the list at `range`) with `changes` added where the
    /// list has no entry of its own for the path: the spare holds what it held.
    private func spareDifferences(_ range: Range<Int>, keeping changes: [String: OutputFile?]) -> [UInt8]? {
        guard
            var differences = decode(
                range,
                { reader throws(RecordReader.Failure) in
                    try reader.array { reader throws(RecordReader.Failure) in
                        (
                            try reader.string(),
                            try reader.optional { reader throws(RecordReader.Failure) in try reader.output() }
                        )
                    }
                })
        else { return nil }
        let listed = Set(differences.map(\.0))
        differences += changes.filter { !listed.contains($0.key) }.map { ($0.key, $0.value) }
        differences.sort { $0.0 < $1.0 }
        var writer = RecordWriter(capacity: 64 * differences.count + 8)
        writer.array(differences) { writer, difference in
            writer.string(difference.0)
            writer.optional(difference.1) { $0.output($1) }
        }
        return writer.bytes
    }

    /// The file with each range of its sections replaced by its bytes, its head and the changed sections'
    /// checksums made again.
    private func rewritten(with replacements: [(range: Range<Int>, bytes: [UInt8])]) -> Data? {
        let sorted = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.range.upperBound > second.range.lowerBound {
            return nil
        }
        // A section with a replacement gets a new checksum, so it must match its old one first; the others
        // are copied with theirs, which still tells whether their bytes are as written.
        let replaced = sections.indices.filter { index in
            sorted.contains { sections[index].contains($0.range.lowerBound) }
        }
        guard replaced.allSatisfy({ checkedSection($0) != nil }) else { return nil }
        var next = sorted[...]
        let unchanged = sections.indices.map { replaced.contains($0) ? nil : sectionChecksums[$0] }
        let newSections = data.withUnsafeBytes { raw in
            // Typed, so that copying a run of bytes is one copy, not a loop over a raw buffer's bytes.
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            return sections.map { section -> [UInt8] in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(section.count + 1024)
                var offset = section.lowerBound
                while let replacement = next.first, replacement.range.lowerBound < section.upperBound {
                    bytes.append(
                        contentsOf: UnsafeBufferPointer(rebasing: buffer[offset..<replacement.range.lowerBound]))
                    bytes.append(contentsOf: replacement.bytes)
                    offset = replacement.range.upperBound
                    next = next.dropFirst()
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[offset..<section.upperBound]))
                return bytes
            }
        }
        return BuildRecord.file(
            fingerprint: fingerprint, dependencies: dependencies, sections: newSections, checksums: unchanged)
    }

    private func decode<Value>(_ range: Range<Int>, _ read: (inout RecordReader) throws(RecordReader.Failure) -> Value)
        -> Value?
    {
        data.withUnsafeBytes { buffer in
            var reader = RecordReader(
                UnsafeRawBufferPointer(rebasing: buffer[..<range.upperBound]), at: range.lowerBound)
            guard let value = try? read(&reader), reader.isAtEnd else { return nil }
            return value
        }
    }

    /// Walks a table of entries (a count, then each a path and a value that `skip` steps over) from the
    /// reader's place, and returns where each of `paths` is; the reader is left after the table.
    static func locate(
        _ paths: Set<String>, in reader: inout RecordReader,
        skip: (inout RecordReader) throws(RecordReader.Failure) -> Void
    ) throws(RecordReader.Failure) -> [String: Entry] {
        let wanted = WantedPaths(paths)
        var found: [String: Entry] = [:]
        for _ in 0..<(try reader.count()) {
            let start = reader.offset
            let path = try reader.stringBytes()
            let valueStart = reader.offset
            try skip(&reader)
            guard let name = wanted.match(path) else { continue }
            found[name] = Entry(whole: start..<reader.offset, value: valueStart..<reader.offset)
        }
        return found
    }

    /// The named sources' entries, from a walk of each share until all are found. A share is walked
    /// before it is checked (the walk reads within its bounds whatever its bytes), and what is found in it
    /// is kept only when it passes its check: an edit checks the shares of its sources alone.
    private func locateSources(_ paths: Set<String>) -> [String: Entry] {
        var found: [String: Entry] = [:]
        for index in sections.indices.dropFirst(2) where found.count < paths.count {
            let section = sections[index]
            let entries = data.withUnsafeBytes { buffer in
                var reader = RecordReader(
                    UnsafeRawBufferPointer(rebasing: buffer[..<section.upperBound]), at: section.lowerBound)
                return try? Self.locate(paths, in: &reader) { reader throws(RecordReader.Failure) in
                    _ = try reader.skipLengthPrefixed()
                }
            }
            guard let entries, !entries.isEmpty, checkedSection(index) != nil else { continue }
            found.merge(entries) { first, _ in first }
        }
        return found
    }

    /// The outputs' entries, and where the list of the spare tree's differences is when there is a spare.
    private func locateOutputs(_ paths: Set<String>) -> (entries: [String: Entry], spare: Range<Int>?) {
        guard let section = checkedSection(1) else { return ([:], nil) }
        return data.withUnsafeBytes { buffer in
            var reader = RecordReader(
                UnsafeRawBufferPointer(rebasing: buffer[..<section.upperBound]), at: section.lowerBound)
            guard
                let entries = try? Self.locate(
                    paths, in: &reader, skip: { reader throws(RecordReader.Failure) in _ = try reader.output() }),
                let hasSpare = try? reader.bool()
            else { return ([:], nil) }
            return (entries, hasSpare ? reader.offset..<section.upperBound : nil)
        }
    }

    private func locateStamps(_ sources: Set<String>, outputs: Set<String>) -> (
        sources: [String: Entry], outputs: [String: Entry]
    ) {
        guard let section = checkedSection(0) else { return ([:], [:]) }
        return data.withUnsafeBytes { buffer in
            var reader = RecordReader(
                UnsafeRawBufferPointer(rebasing: buffer[..<section.upperBound]), at: section.lowerBound)
            let skip = { (reader: inout RecordReader) throws(RecordReader.Failure) in _ = try reader.stampValue() }
            guard (try? reader.stampsPreamble()) != nil, let found = try? Self.locate(sources, in: &reader, skip: skip),
                let foundOutputs = try? Self.locate(outputs, in: &reader, skip: skip)
            else { return ([:], [:]) }
            return (found, foundOutputs)
        }
    }
}

/// The paths a walk of a record's table looks for, by their digests in an open-addressed table: each
/// entry of the table walked (63,000 outputs at 50,000 posts) costs a digest of its bytes and a probe,
/// and no `String` is made of an entry that is not wanted (that and a set's hashing were a fifth of an
/// edit's instructions).
struct WantedPaths {
    /// Digests (0 for an empty slot; a digest of 0 is kept as 1), and the path in the same slot.
    private var digests: [UInt64]
    private var paths: [String]
    private let mask: Int
    /// A bit for each wanted path's length and last bytes (``quick(_:)``): most entries of a walked table
    /// are not wanted, and this tells most of them apart with a load and a multiply, before a digest of
    /// their bytes.
    private var filter: [UInt64] = [0, 0, 0, 0]

    init(_ wanted: Set<String>) {
        var size = 16
        while size < 2 * wanted.count { size *= 2 }
        mask = size - 1
        digests = Array(repeating: 0, count: size)
        paths = Array(repeating: "", count: size)
        for path in wanted {
            var bytes = path
            let quick = bytes.withUTF8 { Self.quick(UnsafeRawBufferPointer($0)) }
            filter[quick >> 6] |= 1 << UInt64(quick & 63)
            let digest = Self.digest(of: path)
            var slot = Int(truncatingIfNeeded: digest) & mask
            while digests[slot] != 0 { slot = (slot + 1) & mask }
            digests[slot] = digest
            paths[slot] = path
        }
    }

    /// The wanted path whose UTF-8 bytes are `bytes`, if any.
    func match(_ bytes: UnsafeRawBufferPointer) -> String? {
        let quick = Self.quick(bytes)
        guard filter[quick >> 6] & (1 << UInt64(quick & 63)) != 0 else { return nil }
        let digest = Self.digest(bytes)
        var slot = Int(truncatingIfNeeded: digest) & mask
        while digests[slot] != 0 {
            if digests[slot] == digest, paths[slot].utf8.elementsEqual(bytes) { return paths[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// One of 256 values from the length and the last eight bytes, which tell paths of one folder apart.
    private static func quick(_ bytes: UnsafeRawBufferPointer) -> Int {
        var tail: UInt64 = 0
        if bytes.count >= 8 {
            tail = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        } else {
            for byte in bytes { tail = tail << 8 | UInt64(byte) }
        }
        return Int(truncatingIfNeeded: ((tail ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    private static func digest(of path: String) -> UInt64 {
        var path = path
        return path.withUTF8 { digest(UnsafeRawBufferPointer($0)) }
    }

    private static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        max(Digest.of(bytes), 1)
    }
}

/// Where each entry of a record's table (a count, then each a path and a value) is, by its path's
/// digest in an open-addressed table: an edit asks for output entries four or five times, and each walk
/// of the outputs (63,000 at 50,000 posts) cost as much as this table's one.
struct PathTable: Sendable {
    /// Each slot's digest (0 for an empty slot; a digest of 0 is kept as 1), where its entry starts and
    /// where its value ends.
    private var digests: [UInt64]
    private var starts: [Int]
    private var ends: [Int]
    private let mask: Int

    /// Walks the table at the reader's place, stepping over each value with `skip`.
    init(
        _ reader: inout RecordReader, skip: (inout RecordReader) throws(RecordReader.Failure) -> Void
    ) throws(RecordReader.Failure) {
        let count = try reader.count()
        var size = 16
        while size < 2 * count { size *= 2 }
        mask = size - 1
        digests = Array(repeating: 0, count: size)
        starts = Array(repeating: 0, count: size)
        ends = Array(repeating: 0, count: size)
        for _ in 0..<count {
            let start = reader.offset
            let digest = max(Digest.of(try reader.stringBytes()), 1)
            try skip(&reader)
            var slot = Int(truncatingIfNeeded: digest) & mask
            while digests[slot] != 0 { slot = (slot + 1) & mask }
            digests[slot] = digest
            starts[slot] = start
            ends[slot] = reader.offset
        }
    }

    /// Where the value of the entry for `path` is in `buffer` (the bytes the table was walked in).
    func value(of path: String, in buffer: UnsafeRawBufferPointer) -> Range<Int>? {
        var path = path
        return path.withUTF8 { wanted in
            let digest = max(Digest.of(UnsafeRawBufferPointer(wanted)), 1)
            var slot = Int(truncatingIfNeeded: digest) & mask
            while digests[slot] != 0 {
                if digests[slot] == digest {
                    var reader = RecordReader(buffer, at: starts[slot])
                    if let bytes = try? reader.stringBytes(), bytes.elementsEqual(UnsafeRawBufferPointer(wanted)) {
                        return reader.offset..<ends[slot]
                    }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}
