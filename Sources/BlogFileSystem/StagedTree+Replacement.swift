import Foundation

extension StagedTree {
    /// Replaces a few files of the output, for a build that changes only them (``SiteBuilder/rebuildEdits``):
    /// each is written into a staging folder beside the output first, as a whole build stages its tree,
    /// and only when every one is written are they renamed into place, one after another. A build stopped
    /// before then leaves the output exactly as it was (and the staging folder, which the next build
    /// throws away); the renames themselves take microseconds. The spare tree is not touched: it keeps the
    /// files that were replaced, as the record says.
    ///
    /// - Returns: The stamp of each file as it now is in the output.
    public static func replaceFiles(
        _ files: [(path: String, bytes: Data)], in target: OutputFolder, beforeSwap: (@Sendable () async -> Void)? = nil
    ) async throws -> [String:
        FileStamp]
    {
        let staging = target.staging.path
        guard !FileSystem.exists(staging) else { throw StagingFailure(description: "\(staging) is there already") }
        try makeMarkedFolder(target.staging, target: target)
        var folders: [String] = []
        var stamps: [String: FileStamp] = [:]
        for (path, bytes) in files {
            var folder = staging
            for component in path.pathNames.dropLast() {
                folder += "/" + component
                if (try? FileContents.makeFolder(folder)) != nil, !folders.contains(folder) { folders.append(folder) }
            }
            stamps[path] = try FileContents.write(bytes, to: staging + "/" + path)
        }
        if let beforeSwap { await beforeSwap() }
        for (path, _) in files { try FileSystem.rename(staging + "/" + path, to: target.folder.path + "/" + path) }
        // Renamed away first, so that no folder of the staging name is ever left without its marker.
        let trash = target.freshTrash().path
        try FileSystem.rename(staging, to: trash)
        for folder in folders.reversed() { FileSystem.removeEmptyFolder(trash + folder.dropFirst(staging.count)) }
        try? FileSystem.removeFile(trash + "/" + OutputFolder.marker)
        FileSystem.removeEmptyFolder(trash)
        return stamps
    }
}
