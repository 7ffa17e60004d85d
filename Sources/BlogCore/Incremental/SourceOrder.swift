import BlogFileSystem
import Foundation

/// The scan's sources in the order it lists them (posts and pages, then the files of post folders),
/// which is the order a record made from a scan keeps their stamps in (``BuildStamps/sourceOrder``): an
/// edit then compares the record's table with its scan entry by entry instead of decoding the table into
/// a dictionary, which at 50,000 posts (a `String` of every recorded path, hashed) was the largest part of
/// an edit's own work after the listing and stamping themselves.
struct SourceOrder: Sendable {
    /// Every source's path, relative to the site root: first ``SourceScan/files``, then
    /// ``SourceScan/bundleFiles``.
    let paths: [String]

    init(_ scan: SourceScan) {
        var paths = scan.files.map(\.path)
        paths.append(contentsOf: scan.bundleFiles)
        self.paths = paths
    }
}

extension RecordReader {
    /// The stamps of a table that holds exactly `paths`, byte for byte and in that order, without making a
    /// `String` of any of them, and where among them each of `noted` is; nil, with the reader left where
    /// it was, for any other table.
    mutating func stampTable(matching paths: [String], noting noted: WantedPaths? = nil) throws(Failure) -> (
        stamps: [FileStamp], positions: [String: Int]
    )? {
        let start = self
        guard try count(minimumSize: 3) == paths.count else {
            self = start
            return nil
        }
        var stamps: [FileStamp] = []
        stamps.reserveCapacity(paths.count)
        var positions: [String: Int] = [:]
        for (position, path) in paths.enumerated() {
            let bytes = try stringBytes()
            let same =
                path.utf8.withContiguousStorageIfAvailable { utf8 in
                    utf8.count == bytes.count
                        && (utf8.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, utf8.count) == 0)
                } ?? bytes.elementsEqual(path.utf8)
            guard same else {
                self = start
                return nil
            }
            if let noted, let path = noted.match(bytes) { positions[path] = position }
            stamps.append(try stampValue())
        }
        return (stamps, positions)
    }
}
