import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StagedOutput {
    /// Makes a spare tree where a build left none (the first build of an output): a tree of hard links to
    /// every file the output holds, so that the next build stages into it instead of linking ten thousand
    /// files anew. `blog serve` calls this between builds, and `blog build` in a process of its own after
    /// the build (``SpareRequest``), where the time is not anyone's wait.
    ///
    /// The tree is made under a trash name, which the next build deletes if this one is killed, and renamed
    /// to the spare only when complete. Returns false, leaving no spare, when a file no longer matches the
    /// manifest or anything fails.
    static func linkSpare(for target: OutputWriter, manifest: [String: BuildCache.Output]) -> Bool {
        let fileManager = FileManager.default
        guard !fileManager.fileExists(atPath: target.spare.path), !fileManager.fileExists(atPath: target.staging.path) else { return false }
        let making = target.freshTrash().path
        let output = target.folder.path
        var folders: Set<String> = [making]
        do {
            try FileContents.makeFolder(making)
            guard link(output + "/" + OutputWriter.marker, making + "/" + OutputWriter.marker) == 0 else { throw POSIXFailure(path: making, code: errno) }
            for (path, entry) in manifest {
                guard FileStamp(output + "/" + path)?.matches(entry) == true else { throw POSIXFailure(path: path, code: ESTALE) }
                var folder = making
                for component in path.split(separator: "/").dropLast() {
                    folder += "/" + component
                    if folders.insert(folder).inserted { try FileContents.makeFolder(folder) }
                }
                guard link(output + "/" + path, making + "/" + path) == 0 else { throw POSIXFailure(path: path, code: errno) }
            }
            // A build that started meanwhile stages without a spare; it would only throw this one away.
            guard !fileManager.fileExists(atPath: target.staging.path), !fileManager.fileExists(atPath: target.spare.path),
                  rename(making, target.spare.path) == 0
            else { throw POSIXFailure(path: target.spare.path, code: EEXIST) }
            return true
        } catch {
            removeInBackground(making)
            return false
        }
    }
}
