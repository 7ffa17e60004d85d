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
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 { visit(folder, relative: "") }
    }

    /// Lists the folder open as `folder`, and closes it.
    init(folder: Int32) {
        visit(folder, relative: "")
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

    /// Lists the folder open as `folder` (and closes it), then each folder in it through a descriptor
    /// opened from its parent's: a path from the root per folder cost a walk of every component again.
    private mutating func visit(_ folder: Int32, relative: String) {
        guard let directory = fdopendir(folder) else {
            close(folder)
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let (name, type) = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { name -> (String?, UInt8) in
                    // "." and ".." are skipped before a String is made of them.
                    if name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { return (nil, 0) }
                    return (String(cString: name), entry.pointee.d_type)
                }
            }
            guard let name else { continue }
            if relative.isEmpty && name == OutputWriter.marker { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            var isFolder = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems do not fill in the type; ask once for those.
                var info = stat()
                isFolder = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder {
                folders.append(child)
                let descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if descriptor >= 0 { visit(descriptor, relative: child) }
            } else {
                files.append(child)
            }
        }
    }
}
