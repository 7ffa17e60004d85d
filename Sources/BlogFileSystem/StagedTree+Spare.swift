import Foundation

extension StagedTree {
    /// Makes a spare tree where a build left none (the first build of an output): a tree of hard links to
    /// every file the output holds, so that the next build stages into it instead of linking ten thousand
    /// files anew. `blog serve` calls this between builds, and `blog build` in a process of its own after
    /// the build (``SpareTreeRequest``), where the time is not anyone's wait.
    ///
    /// The tree is made under a trash name, which the next build deletes if this one is killed, and renamed
    /// to the spare only when complete. Returns false, leaving no spare, when a file no longer matches the
    /// manifest or anything fails.
    public static func linkSpare(for target: OutputFolder, manifest: [String: OutputFile]) -> Bool {
        guard !FileSystem.exists(target.spare.path), !FileSystem.exists(target.staging.path) else { return false }
        let making = target.freshTrash().path
        let output = target.folder.path
        var folders: Set<String> = [making]
        do {
            try FileContents.makeFolder(making)
            try FileSystem.link(output + "/" + OutputFolder.marker, as: making + "/" + OutputFolder.marker)
            for (path, entry) in manifest {
                guard FileStamp(output + "/" + path)?.matches(entry) == true else { return abandon(making) }
                var folder = making
                for component in path.pathNames.dropLast() {
                    folder += "/" + component
                    if folders.insert(folder).inserted { try FileContents.makeFolder(folder) }
                }
                try FileSystem.link(output + "/" + path, as: making + "/" + path)
            }
            // A build that started meanwhile stages without a spare; it would only throw this one away.
            guard !FileSystem.exists(target.staging.path), !FileSystem.exists(target.spare.path) else {
                return abandon(making)
            }
            try FileSystem.rename(making, to: target.spare.path)
            return true
        } catch {
            return abandon(making)
        }
    }

    /// Deletes a spare tree that is not to be, in the background; always false.
    private static func abandon(_ making: String) -> Bool {
        removeInBackground(making)
        return false
    }
}
