import BlogFileSystem
import Foundation

/// Every content file after the build looked at it, with the Markdown bodies kept apart.
struct LoadedFiles: Sendable {
    /// In the scan's order.
    var files: [LoadedFile]
    /// The bodies of the files read in this build, by their place in ``files``.
    var bodies: PostBodies
    /// The front matter's errors and warnings, as read or as recorded.
    var diagnostics: [Diagnostic]
}

extension SiteBuilder {
    /// Reads, on every core, the files whose size or modification time changed or that the last build did
    /// not record; takes the others from the record as they were.
    func loadPosts(_ scan: SourceScan, _ run: BuildRun) async -> LoadedFiles {
        var files: [LoadedFile] = []
        files.reserveCapacity(scan.files.count)
        var toRead: [Int] = []
        for (index, file) in scan.files.enumerated() {
            if let stamp = scan.stamps[index], let recorded = run.reuse.recorded(post: file.path, stamp: stamp) {
                var post = recorded.post
                post.bundleFolder = file.bundle
                files.append(
                    LoadedFile(
                        file: file, post: post, diagnostics: recorded.diagnostics, hash: recorded.hash, stamp: stamp,
                        rendered: recorded.rendered, isFromRecord: true, recordedEntryHash: recorded.entryHash))
            } else {
                toRead.append(index)
                files.append(LoadedFile(file: file, post: nil, diagnostics: [], hash: 0, stamp: nil))
            }
        }
        let read = await ContentLoader.read(
            toRead.map { scan.files[$0] }, stamps: toRead.map { scan.stamps[$0] }, root: site.root,
            timeZone: run.configuration.timeZone)
        for (index, loaded) in zip(toRead, read) { files[index] = loaded }
        let bodies = PostBodies(taking: &files)
        return LoadedFiles(files: files, bodies: bodies, diagnostics: files.flatMap(\.diagnostics))
    }
}
