import BlogFileSystem
import Foundation

/// Entries that edits replaced in a record file, kept in a small file beside it instead of in a new copy
/// of the record: the record is about 1.2 KB per post (60 MB at 50,000 posts), and writing it again for
/// each edit cost more than the rest of the edit. A record file read with its journal answers as the
/// record written with those entries replaced would (``BuildRecord/File``); once the journal outgrows
/// ``limit(forRecordOf:)``, an edit folds it into a new record file and removes it.
///
/// A journal names the record it applies to by that file's checksum, so a journal left beside another
/// record (after a whole build, or a crash between the two writes) is ignored; every build that writes or
/// removes the record removes the journal first.
struct RecordJournal: Sendable, Equatable {
    static let file = "build.edits"
    static let magic = Array("blogedit".utf8)

    /// The checksum of the record file these entries replace entries of.
    let base: UInt64
    /// Sources' stamps and records.
    var sources: [String: Source] = [:]
    /// Output files' entries; an output's stamp is its size and modification time.
    var outputs: [String: OutputFile] = [:]
    /// Output files the record holds that edits made no more.
    var removed: Set<String> = []

    struct Source: Sendable, Equatable {
        var stamp: FileStamp
        var record: BuildRecord.Source
    }

    init(base: UInt64) {
        self.base = base
    }

    /// The journal a record file may hold this many bytes of before it is folded in: reading and decoding a
    /// journal is part of every build, so it stays a small share of the record.
    static func limit(forRecordOf size: Int) -> Int {
        (1 << 20) + size / 32
    }

    static func url(for site: Site, in folder: String) -> URL {
        site.root.appending(path: "\(folder)/\(file)")
    }

    /// The journal beside the record whose checksum is `base` and size `recordSize`; nil when there is
    /// none, or it is damaged, of another format, of another record, or larger than a journal is written.
    /// A journal is never written past ``limit(forRecordOf:)``, so a larger file is not read at all: whatever
    /// put it there, it cannot make a build read gigabytes.
    static func read(for site: Site, in folder: String, base: UInt64, recordSize: Int) -> RecordJournal? {
        (try? FileContents.contents(atPath: url(for: site, in: folder).path, limit: limit(forRecordOf: recordSize)))
            .flatMap { RecordJournal($0, base: base) }
    }

    init?(_ data: Data, base: UInt64) {
        let journal: RecordJournal? = data.withUnsafeBytes { buffer in
            let headSize = Self.magic.count + 24
            guard buffer.count >= headSize, buffer.prefix(Self.magic.count).elementsEqual(Self.magic) else {
                return nil
            }
            var head = RecordReader(buffer, at: Self.magic.count)
            guard let version = try? head.fixed(), version == UInt64(BuildRecord.formatVersion),
                let stored = try? head.fixed(), stored == base, let checksum = try? head.fixed(),
                Digest.of(UnsafeRawBufferPointer(rebasing: buffer[headSize...])) == checksum
            else { return nil }
            var reader = RecordReader(buffer, at: headSize)
            var journal = RecordJournal(base: base)
            do throws(RecordReader.Failure) {
                for _ in 0..<(try reader.count(minimumSize: 20)) {
                    let path = try reader.string()
                    journal.sources[path] = Source(stamp: try reader.stampValue(), record: try reader.source())
                }
                for _ in 0..<(try reader.count(minimumSize: 11)) {
                    let path = try reader.string()
                    journal.outputs[path] = try reader.output()
                }
                for _ in 0..<(try reader.count(minimumSize: 1)) { journal.removed.insert(try reader.string()) }
            } catch {
                return nil
            }
            return reader.isAtEnd ? journal : nil
        }
        guard let journal else { return nil }
        self = journal
    }

    /// The file's bytes: entries in path order, so that the same entries give the same bytes.
    func encoded() -> Data {
        var body = RecordWriter(capacity: 1_200 * sources.count + 64 * outputs.count + 16)
        body.array(sources.keys.sorted()) { writer, path in
            writer.string(path)
            if let source = sources[path] {
                writer.stampValue(source.stamp)
                writer.source(source.record)
            }
        }
        body.array(outputs.keys.sorted()) { writer, path in
            writer.string(path)
            if let output = outputs[path] { writer.output(output) }
        }
        body.array(removed.sorted()) { $0.string($1) }
        var head = RecordWriter(capacity: 24)
        head.fixed(UInt64(BuildRecord.formatVersion))
        head.fixed(base)
        head.fixed(body.bytes.withUnsafeBytes { Digest.of($0) })
        return Data(Self.magic + head.bytes + body.bytes)
    }

    /// Adds an edit's entries, replacing those of the same paths.
    mutating func add(
        sources: [String: (stamp: FileStamp, record: BuildRecord.Source)], outputs: [String: OutputFile],
        removing removed: Set<String> = []
    ) {
        for (path, new) in sources { self.sources[path] = Source(stamp: new.stamp, record: new.record) }
        self.outputs.merge(outputs) { _, new in new }
        self.removed.subtract(outputs.keys)
        for path in removed { self.outputs[path] = nil }
        self.removed.formUnion(removed)
    }

    /// Writes the journal beside its record when it stays within the limit for a record of `recordSize`
    /// bytes; false when it does not, or cannot be written (the record must then be written whole).
    func write(for site: Site, in folder: String, recordSize: Int) -> Bool {
        let encoded = encoded()
        guard encoded.count <= Self.limit(forRecordOf: recordSize) else { return false }
        do {
            try FileContents.replace(encoded, at: Self.url(for: site, in: folder).path)
            return true
        } catch {
            return false
        }
    }

    /// The stamps with this journal's entries in place (``BuildRecord/apply(_:stamps:)`` for a record).
    func applied(to stamps: inout BuildStamps) {
        // Stamps in a scan's order have the journal's sources put in their places by their reader.
        if stamps.orderedSources == nil {
            for (path, source) in sources { stamps.sources[path] = source.stamp }
        }
        for (path, output) in outputs { stamps.outputs[path] = FileStamp(size: output.size, modified: output.modified) }
        for path in removed { stamps.outputs[path] = nil }
    }
}
