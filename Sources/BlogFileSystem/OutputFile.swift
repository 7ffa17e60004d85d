/// A file of a build's output as the build wrote it: its stamp when written and the digest of its bytes.
///
/// An old output file is trusted to hold these bytes only while its size and modification time still
/// match (``FileStamp/matches(_:)``).
public struct OutputFile: Sendable, Equatable {
    public var size: Int
    public var modified: Int64
    /// The ``Digest`` of the file's bytes.
    public var hash: UInt64

    /// Makes an entry from a file's stamp parts and the digest of its bytes.
    public init(size: Int, modified: Int64, hash: UInt64) {
        self.size = size
        self.modified = modified
        self.hash = hash
    }
}

extension FileStamp {
    /// Whether the file still has the size and modification time of the entry.
    public func matches(_ entry: OutputFile) -> Bool {
        size == entry.size && modified == entry.modified
    }
}
