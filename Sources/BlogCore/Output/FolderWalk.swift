import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every file and folder under a root, relative to it, listed with `readdir` alone: the entry type comes
/// with the name, so a tree of ten thousand folders is listed without a `stat` per entry. The root's
/// ``OutputWriter/marker`` is left out.
struct FolderWalk {
    private(set) var files: [String] = []
    private(set) var folders: [String] = []

    init(root: String) {
        visit(root, relative: "")
    }

    /// The names in one folder (without `.` and `..`) with their `d_type` (`DT_REG`, `DT_DIR`, `DT_LNK`,
    /// or `DT_UNKNOWN` where the file system does not say), in no particular order; nil when the folder
    /// cannot be read.
    static func entries(of path: String) -> [(name: String, type: UInt8)]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        return entries
    }

    private mutating func visit(_ path: String, relative: String) {
        for (name, type) in Self.entries(of: path) ?? [] {
            if relative.isEmpty && name == OutputWriter.marker { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            var isFolder = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems do not fill in the type; ask once for those.
                var info = stat()
                isFolder = lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder {
                folders.append(child)
                visit(path + "/" + name, relative: child)
            } else {
                files.append(child)
            }
        }
    }
}
