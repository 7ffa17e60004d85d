import BlogFileSystem
import Foundation

/// Where the steps put the files they make: the staged tree of a whole build (``StagedTree``), or the
/// few files an edit replaces (``EditedFiles``). The steps make the same bytes for either.
protocol OutputFiles: AnyObject, Sendable {
    /// Puts one file at a path relative to the output folder.
    func put(_ path: String, _ data: Data) throws
    /// Puts one file from its UTF-8 bytes.
    func put(_ path: String, bytes: [UInt8]) throws
    /// Keeps the last build's file at `path` as it is; false when it cannot be vouched for.
    func carryOver(_ path: String) -> Bool
}

extension StagedTree: OutputFiles {}

/// The files a rebuild of a few edited posts makes, kept in memory until they replace their old copies
/// in the output together (``StagedTree/replaceFiles(_:in:)``).
final class EditedFiles: OutputFiles {
    private let files = Locked<[(path: String, bytes: Data)]>([])
    private let gone = Locked<[String]>([])

    /// The files put, in the order they were put.
    var all: [(path: String, bytes: Data)] { files.withLock { $0 } }

    /// The files of the last build that the edit makes no more.
    var removed: [String] { gone.withLock { $0 } }

    /// Marks a file of the last build as no longer made.
    func remove(_ path: String) {
        gone.withLock { $0.append(path) }
    }

    func put(_ path: String, _ data: Data) throws {
        files.withLock { $0.append((path, data)) }
    }

    func put(_ path: String, bytes: [UInt8]) throws {
        try put(path, Data(bytes))
    }

    /// Nothing is carried over: only what the edit makes is put.
    func carryOver(_ path: String) -> Bool { false }
}
