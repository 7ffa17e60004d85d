import BlogFileSystem
import Foundation

/// The first section of the build record, which answers "did anything change?" without decoding the rest:
/// the stamps of every source and output file, the summary figures and the content's diagnostics of the
/// last build.
struct BuildStamps: Sendable, Equatable {
    /// When the first post left out as future falls due; a build after it is never unchanged.
    var nextDue: Date?
    var counts = BuildRecord.Counts(posts: 0, pages: 0, tags: 0, draftsSkipped: 0, futureSkipped: 0)
    /// Every source file (posts, pages and the files of post folders), relative to the site root.
    var sources: [String: FileStamp] = [:]
    /// The order the record keeps ``sources`` in: the scan's (``SourceOrder``), when it lists every
    /// source once; nil, or any other list, for sorted paths.
    var sourceOrder: [String]?
    /// The sources' stamps in the order of a ``SourceOrder``'s paths, when the record holds exactly those
    /// paths (``BuildRecord/File/stamps(decodingOutputs:order:)``); ``sources`` is empty then.
    var orderedSources: [FileStamp]?
    /// Every output file, relative to the output folder; only some of them when ``outputCount`` is set.
    var outputs: [String: FileStamp] = [:]
    /// How many output files there are, when ``outputs`` holds only some of them: a build that finds a
    /// source edited needs the count alone (``BuildRecord/File/stamps(decodingOutputs:)``).
    var outputCount: Int?
    var diagnostics: [Diagnostic] = []
}

extension BuildStamps {
    /// The summary of a build that left its output as these stamps record it: every file unchanged.
    func summary(output: URL) -> BuildSummary {
        var summary = BuildSummary(output: output)
        summary.filesUnchanged = outputCount ?? outputs.count
        (summary.posts, summary.pages, summary.tags) = (counts.posts, counts.pages, counts.tags)
        (summary.draftsSkipped, summary.futureSkipped) = (counts.draftsSkipped, counts.futureSkipped)
        return summary
    }
}

extension RecordWriter {
    /// Stamps by path, keys sorted alone: sorting key-value pairs costs more than writing them.
    mutating func stamps(_ stamps: BuildStamps) {
        optional(stamps.nextDue) { $0.fixed($1.timeIntervalSinceReferenceDate.bitPattern) }
        for figure in [
            stamps.counts.posts, stamps.counts.pages, stamps.counts.tags, stamps.counts.draftsSkipped,
            stamps.counts.futureSkipped,
        ] {
            integer(figure)
        }
        for (position, table) in [stamps.sources, stamps.outputs].enumerated() {
            integer(UInt64(table.count))
            // Sources in the scan's order when it holds every one of them, so that an edit compares them
            // with its scan entry by entry (``RecordReader/stampTable(matching:noting:)``).
            let order = position == 0 ? stamps.sourceOrder : nil
            var seen = Set<String>()
            let listed =
                order.map { $0.count == table.count && $0.allSatisfy { table[$0] != nil && seen.insert($0).inserted } }
                ?? false
            for path in listed ? order ?? [] : table.keys.sorted() {
                string(path)
                stampValue(table[path] ?? FileStamp(size: 0, modified: 0))
            }
        }
        array(stamps.diagnostics) { $0.diagnostic($1.recorded) }
    }

    /// One stamp, after its path.
    mutating func stampValue(_ stamp: FileStamp) {
        integer(stamp.size)
        time(stamp.modified)
        time(stamp.changed)
    }
}

extension RecordReader {
    mutating func stamps() throws(Failure) -> BuildStamps {
        var stamps = BuildStamps()
        (stamps.nextDue, stamps.counts) = try stampsPreamble()
        stamps.sources = try stampTable()
        stamps.outputs = try stampTable()
        stamps.diagnostics = try array { reader throws(Failure) in Diagnostic(try reader.diagnostic()) }
        return stamps
    }

    /// What comes before the stamp tables: the next due date and the counts.
    mutating func stampsPreamble() throws(Failure) -> (Date?, BuildRecord.Counts) {
        let nextDue = try optional { reader throws(Failure) in
            Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.fixed()))
        }
        return (
            nextDue,
            BuildRecord.Counts(
                posts: try int(), pages: try int(), tags: try int(), draftsSkipped: try int(), futureSkipped: try int())
        )
    }

    mutating func stampValue() throws(Failure) -> FileStamp {
        FileStamp(size: try int(), modified: try time(), changed: try time())
    }

    mutating func stampTable() throws(Failure) -> [String: FileStamp] {
        let count = try count(minimumSize: 3)
        var table: [String: FileStamp] = [:]
        table.reserveCapacity(count)
        for _ in 0..<count {
            let path = try string()
            table[path] = try stampValue()
        }
        return table
    }
}
