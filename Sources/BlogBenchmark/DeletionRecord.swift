import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// When the last benchmark run deleted its sites, so that the next run does not start in their shadow.
///
/// On ext4 without a journal (this machine's disk), allocating an inode skips every free inode of the
/// block group that was freed in the last minute, or in the last six while its inode table block is dirty,
/// and each skip is a buffer-cache look-up made again for every new file (`recently_deleted()` in
/// fs/ext4/ialloc.c). Right after a large delete, creating a folder with a file in it cost 5.6 times its
/// usual processor time here (10,000 of them: 7.9 s against 1.4 s), all of it in the kernel, and it took
/// about two minutes to come back. A run measured in that shadow says nothing about the engine, and the
/// floor's `cp -r` suffers too. So a run that frees many inodes writes down when, and the next run waits
/// until the kernel's six minutes have passed.
struct DeletionRecord: Codable {
    /// When the deletion ended, in seconds since 1970.
    var deletedAt: Double
    /// How many inodes it freed (the file system's free-inode count before and after).
    var inodesFreed: Int

    /// The longest time the kernel keeps a freed inode out of use: RECENTCY_MIN plus RECENTCY_DIRTY.
    static let shadow: Double = 360
    /// Fewer freed inodes than this cost the next run too little to wait for.
    static let minimumInodes = 10_000

    private static var file: URL {
        FileManager.default.temporaryDirectory.appending(path: "blog-benchmark-last-deletion.json")
    }

    /// Deletes the folders and writes down when, and how many inodes that freed.
    static func delete(_ folders: [URL]) {
        let before = freeInodes()
        // With `rm -rf`: FileManager took five minutes to remove the 1.5 million files of a 50,000-post run.
        for folder in folders { _ = ChildProcess.run("/bin/rm", ["-rf", "--", folder.path]) }
        let freed = max(0, freeInodes() - before)
        let record = DeletionRecord(deletedAt: Date().timeIntervalSince1970, inodesFreed: freed)
        if let data = try? JSONEncoder().encode(record) { try? data.write(to: file) }
    }

    /// Waits, saying why, until the last recorded deletion is out of the kernel's shadow.
    static func waitForShadowToPass() async {
        guard let data = try? Data(contentsOf: file),
            let record = try? JSONDecoder().decode(DeletionRecord.self, from: data),
            record.inodesFreed >= minimumInodes
        else { return }
        let remaining = record.deletedAt + shadow - Date().timeIntervalSince1970
        guard remaining > 0 else { return }
        print(
            String(
                format:
                    "note: waiting %.0f s: the last run freed %d inodes %.0f s ago, and ext4 without a journal makes new files slow for up to %.0f s after that",
                remaining, record.inodesFreed, shadow - remaining, shadow))
        fflush(nil) // every stream: the note must show before the wait, not after it
        try? await Task.sleep(for: .seconds(remaining))
    }

    /// The free-inode count of the file system that holds the temporary folder.
    private static func freeInodes() -> Int {
        var info = statvfs()
        guard statvfs(FileManager.default.temporaryDirectory.path, &info) == 0 else { return 0 }
        return Int(info.f_ffree)
    }
}
