import BlogFileSystem
import Foundation

/// Every content file after the build looked at it, with the Markdown bodies kept apart.
struct LoadedSources: Sendable {
    /// In the scan's order.
    var sources: [SiteBuilder.Source]
    /// The bodies of the files read in this build, by their place in ``sources``.
    var bodies: PostBodies
    /// The front matter's errors and warnings, as read or as recorded.
    var diagnostics: [Diagnostic]
}

extension SiteBuilder {
    /// One content file after this build looked at it.
    struct Source: Sendable {
        var job: ContentLoader.Job
        var post: Post?
        var diagnostics: [Diagnostic]
        var hash: UInt64
        var stamp: FileStamp?
        /// The recorded summary and word count of a reused, rendered post.
        var rendered: RenderedPost?
        /// The post came from the record, which keeps no body: rendering it means reading the file again.
        var isFromRecord = false
        /// The recorded ``SitePages/listEntryHash(_:)`` of the post; 0 when not known.
        var recordedEntryHash: UInt64 = 0
    }

    /// Reads, on every core, the files whose size or modification time changed or that the last build did
    /// not record; takes the others from the record as they were.
    func loadPosts(_ scan: SourceScan, _ run: BuildRun) async -> LoadedSources {
        var sources: [Source] = []
        sources.reserveCapacity(scan.jobs.count)
        var toRead: [(Int, ContentLoader.Job)] = []
        for (index, job) in scan.jobs.enumerated() {
            if let stamp = scan.stamps[index], let recorded = run.reuse.recorded(post: job.file, stamp: stamp) {
                var post = recorded.post
                post.bundleFolder = job.bundle
                sources.append(
                    Source(
                        job: job, post: post, diagnostics: recorded.diagnostics, hash: recorded.hash, stamp: stamp,
                        rendered: recorded.rendered, isFromRecord: true, recordedEntryHash: recorded.entryHash))
            } else {
                toRead.append((index, job))
                sources.append(Source(job: job, post: nil, diagnostics: [], hash: 0, stamp: nil, rendered: nil))
            }
        }
        let loaded = await ContentLoader.read(
            toRead.map(\.1), sizes: toRead.map { scan.stamps[$0.0]?.size }, root: site.root,
            timeZone: run.configuration.timeZone)
        // A file read is recorded with the stamp made before it was read: if it is saved again meanwhile,
        // the next build sees another stamp and reads it again (a stamp made after the read could vouch for
        // bytes that were never read).
        for ((index, job), result) in zip(toRead, loaded) {
            sources[index] = Source(
                job: job, post: result.post, diagnostics: result.diagnostics, hash: result.hash,
                stamp: scan.stamps[index], rendered: nil)
        }
        let bodies = PostBodies(taking: &sources)
        return LoadedSources(sources: sources, bodies: bodies, diagnostics: sources.flatMap(\.diagnostics))
    }
}
