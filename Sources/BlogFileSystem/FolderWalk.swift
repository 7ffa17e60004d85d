import CFileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every file and folder under a root, relative to it, listed with getdents64 alone (readdir where that is
/// missing): the entry type comes with the name, so a tree of ten thousand folders is listed without a
/// `stat` per entry. One name in the root (a marker file of the caller's) can be left out.
public struct FolderWalk: Sendable {
    /// Every file (and symbolic link), relative to the root.
    public private(set) var files: [String] = []
    /// Every folder, relative to the root.
    public private(set) var folders: [String] = []
    private let skippedRootName: String?

    /// Lists `root`; a folder that cannot be opened lists nothing.
    public init(root: String, skippingRootName skipped: String? = nil) {
        self.init(OpenFolder(root), skippingRootName: skipped)
    }

    /// Lists a folder opened earlier (so that renaming it meanwhile does not disturb the walk), and closes it.
    public init(_ folder: OpenFolder?, skippingRootName skipped: String? = nil) {
        skippedRootName = skipped
        guard let folder = folder?.descriptor else { return }
        // One buffer for every folder's entries: opendir allocates one per folder and stats it first.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer { buffer.deallocate() }
        visit(folder, relative: "", buffer: buffer)
    }

    /// The names in one folder (without `.` and `..`) with what each is, in no particular order.
    ///
    /// - Throws: ``FileSystemError`` when the folder cannot be read.
    public static func entries(of path: String) throws(FileSystemError) -> [Entry] {
        guard let directory = opendir(path) else { throw .last(path) }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let named = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { name -> (String, Bool)? in
                    // `.` and `..`, told by their bytes before a String is made of every name.
                    if name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { return nil }
                    return String(validatingCString: name).map { ($0, true) } ?? (String(cString: name), false)
                }
            }
            if let (name, isValid) = named {
                entries.append(Entry(name: name, kind: EntryKind(type: entry.pointee.d_type), hasValidName: isValid))
            }
        }
        return entries
    }

    /// One name in a folder.
    public struct Entry: Sendable, Equatable {
        /// The name; invalid UTF-8 in it is shown as U+FFFD.
        public var name: String
        public var kind: EntryKind
        /// False when the name on disk is not valid UTF-8: ``name`` does not name the file then.
        public var hasValidName: Bool
    }

    /// Every file below `root` (symbolic links to files included, folders behind links not entered), by
    /// path relative to it and in path order, with what could not be read.
    ///
    /// - Throws: ``FileSystemError`` when `root` itself cannot be listed.
    public static func tree(_ root: String) throws(FileSystemError) -> Tree {
        var tree = Tree()
        try tree.add(root, relative: "")
        NameOrder.sort(&tree.files)
        return tree
    }

    /// What ``tree(_:)`` found.
    public struct Tree: Sendable {
        /// Regular files and links to them.
        public var files: [String] = []
        /// Folders below the root that could not be listed, and links that lead nowhere or in a loop.
        public var unreadable: [(path: String, error: FileSystemError)] = []
        /// Names that are not valid UTF-8, as shown with U+FFFD.
        public var invalidNames: [String] = []
        /// Symbolic links to folders, which are not entered: a caller may have to say why.
        public var linkedFolders: [String] = []
        /// Entries that are neither files nor folders (pipes, sockets, devices), nor links to either.
        public var others: [String] = []

        mutating func add(_ folder: String, relative: String) throws(FileSystemError) {
            for entry in try FolderWalk.entries(of: folder) {
                let path = relative.isEmpty ? entry.name : String.path(relative, entry.name)
                guard entry.hasValidName else {
                    invalidNames.append(path)
                    continue
                }
                var kind = entry.kind
                if kind == .other {
                    // A link, or an entry the file system gave no type: look at what it leads to. Folders
                    // behind links are not entered, and neither pipes nor devices are files to copy.
                    let resolved: FileSystem.Kind
                    do {
                        resolved = try FileSystem.resolve(folder + "/" + entry.name)
                    } catch {
                        unreadable.append((path, error))
                        continue
                    }
                    if resolved == .folder, FileSystem.kind(of: folder + "/" + entry.name) == .folder {
                        kind = .folder
                    } else if resolved == .file {
                        kind = .file
                    } else {
                        if resolved == .folder { linkedFolders.append(path) } else { others.append(path) }
                        continue
                    }
                }
                if kind == .folder {
                    do {
                        try add(folder + "/" + entry.name, relative: path)
                    } catch {
                        unreadable.append((path, error))
                    }
                } else {
                    files.append(path)
                }
            }
        }
    }

    /// What a folder entry is, as the listing tells it without a `stat`.
    public enum EntryKind: Sendable, Equatable {
        case file
        case folder
        /// A symbolic link, or an entry whose type the file system does not give: look before following.
        case other

        init(type: UInt8) {
            self = type == UInt8(DT_REG) ? .file : type == UInt8(DT_DIR) ? .folder : .other
        }
    }

    /// Lists the folder open as `folder` (and closes it), then each folder in it through a descriptor
    /// opened from its parent's: a path from the root per folder costs a walk of every component again.
    /// Entries are read with getdents64 into `buffer`, which the folders below reuse once this one is read.
    private mutating func visit(_ folder: Int32, relative: String, buffer: UnsafeMutableRawBufferPointer) {
        defer { close(folder) }
        guard let base = buffer.baseAddress else { return }
        var subfolders: [String] = []
        func add(_ name: String, type: UInt8) {
            if relative.isEmpty && name == skippedRootName { return }
            let child = relative.isEmpty ? name : String.path(relative, name)
            var isFolder = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems do not fill in the type; ask once for those.
                var info = stat()
                isFolder = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder {
                folders.append(child)
                subfolders.append(name)
            } else {
                files.append(child)
            }
        }
        while true {
            let count = blog_getdents64(folder, base, UInt(buffer.count))
            if count < 0 && errno == ENOSYS {
                // Not Linux: readdir, through a descriptor of its own.
                let copy = dup(folder)
                guard copy >= 0, let directory = fdopendir(copy) else { return }
                defer { closedir(directory) }
                while let entry = readdir(directory) {
                    let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                        pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                    }
                    if name != "." && name != ".." { add(name, type: entry.pointee.d_type) }
                }
                break
            }
            guard count > 0 else { break }
            // struct linux_dirent64: inode (8 bytes), offset (8), record length (2), type (1), name.
            var offset = 0
            while offset + 19 < count {
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self))
                let type = buffer.load(fromByteOffset: offset + 18, as: UInt8.self)
                let name = UnsafePointer((base + offset + 19).assumingMemoryBound(to: UInt8.self))
                // "." and ".." are skipped before a String is made of them.
                if !(name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0))) {
                    add(String(cString: name), type: type)
                }
                guard length > 0 else { break }
                offset += length
            }
        }
        for name in subfolders {
            let descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 {
                visit(descriptor, relative: relative.isEmpty ? name : String.path(relative, name), buffer: buffer)
            }
        }
    }
}

/// A folder opened for listing: its descriptor, which ``FolderWalk`` takes over and closes.
public struct OpenFolder: Sendable {
    let descriptor: Int32

    /// Opens `path`; nil when it is not a folder that can be opened.
    public init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }
}
