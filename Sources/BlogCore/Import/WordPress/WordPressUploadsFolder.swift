import BlogFileSystem
import Foundation

/// The copy of the old site's `wp-content/uploads` that `--uploads` names, asked for the files the posts
/// link to. A path is looked up only inside the folder: its percent-encoding is decoded before it is split,
/// a `.`, `..` or hidden segment is refused, and a symbolic link counts only when it leads to a file inside.
struct WordPressUploadsFolder {
    let url: URL
    /// The folder with its symbolic links resolved, which every file's resolved path must start with.
    private let root: String?

    init(_ url: URL) {
        self.url = url
        root = FileSystem.resolvedPath(url.path)
    }

    /// What a link's path (below `wp-content/uploads/`, as written) leads to.
    enum Location: Equatable {
        /// The file, at this path below the folder (decoded).
        case file(String)
        /// A size WordPress made (`photo-300x200.jpg`) that is not in the folder, and the original that is:
        /// its path as written in links, and below the folder.
        case original(link: String, file: String)
        case missing
        /// A path that leaves the folder (`..`, `%2e%2e`, a symbolic link out of it) or names a hidden file.
        case outside
    }

    func locate(_ link: String) -> Location {
        guard let path = safePath(link) else { return .outside }
        if isFile(path) { return .file(path) }
        if let real = FileSystem.resolvedPath(url.appending(path: path).path), !isInside(real) { return .outside }
        // WordPress names a size it made by appending `-WIDTHxHEIGHT` to the original's name.
        let original = link.replacingOccurrences(
            of: #"-[0-9]+x[0-9]+(\.[A-Za-z0-9]+)$"#, with: "$1", options: .regularExpression)
        if original != link, let file = safePath(original), isFile(file) {
            return .original(link: original, file: file)
        }
        return .missing
    }

    /// The file's bytes; nil when it cannot be read.
    func contents(of path: String) -> Data? {
        guard let resolved = resolved(path) else { return nil }
        return FileContents.read(path: resolved)
    }

    /// `link` decoded, when each of its segments is a plain name.
    private func safePath(_ link: String) -> String? {
        guard let decoded = link.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\") else {
            return nil
        }
        guard !decoded.pathSegments.contains(where: { $0.isEmpty || $0.isHiddenName }) else { return nil }
        return decoded
    }

    private func isFile(_ path: String) -> Bool {
        guard let resolved = resolved(path) else { return false }
        return FileSystem.resolvedKind(of: resolved) == .file
    }

    /// The file's path with links resolved, when it is inside the folder.
    private func resolved(_ path: String) -> String? {
        guard let resolved = FileSystem.resolvedPath(url.appending(path: path).path), isInside(resolved) else {
            return nil
        }
        return resolved
    }

    private func isInside(_ resolved: String) -> Bool {
        guard let root else { return false }
        return resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}
