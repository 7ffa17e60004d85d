import BlogFileSystem
import Foundation
import Images

/// What ``SiteBuilder/processImages(_:into:_:)`` published.
struct ProcessedImages: Sendable {
    /// Every output path written: the renditions and the originals' stripped, upright copies.
    var outputs: Set<String> = []
    /// For each post folder (relative to the site root), the files in it (relative to the folder) that
    /// the step published, which copying the folder leaves alone.
    var handled: [String: Set<String>] = [:]
    /// Images encoded by this build.
    var encoded = 0
    /// Images whose encodings came from the cache.
    var reused = 0
    /// What pages need to offer each image, by its path from the site root.
    var pictures: [String: PictureSource] = [:]
}

extension SiteBuilder {
    /// Publishes every JPEG, PNG, WebP and AVIF file in a post's or page's folder as WebP and AVIF at each
    /// of `images.widths` (``Routes/imageRendition(of:in:width:fileExtension:)``), and the file itself
    /// upright, in sRGB and without metadata, on every core. Encodings come from ``ImageCache`` when the
    /// file and the settings are as before. GIF and SVG files, and a file that cannot be processed (with
    /// a warning saying why), are left to ``copyStaticFiles(_:generated:redirects:into:_:)`` as they are.
    /// Runs before posts are rendered, whose pages offer the encodings in `<picture>` elements.
    func processImages(_ posts: [Post], into output: StagedTree, _ run: inout BuildRun) async -> ProcessedImages {
        let jobs = imageJobs(posts)
        let context = ImageContext(
            settings: run.configuration.images, cache: ImageCache(root: site.root), routes: run.routes,
            root: site.root.path, output: output)
        let results = await jobs.parallelMap { Self.processImage($0, context) }
        var processed = ProcessedImages()
        var diagnostics: [Diagnostic] = []
        for (job, result) in zip(jobs, results) {
            if let diagnostic = result.diagnostic { diagnostics.append(diagnostic) }
            guard result.key != nil else { continue }
            processed.outputs.formUnion(result.outputs)
            processed.handled[job.bundle, default: []].insert(job.file)
            if let picture = result.picture { processed.pictures[job.bundle + "/" + job.file] = picture }
            if result.wasEncoded { processed.encoded += 1 } else { processed.reused += 1 }
        }
        if !jobs.isEmpty || FileSystem.exists(context.cache.folder) {
            context.cache.removeEntries(except: Set(results.compactMap(\.key)))
        }
        run.report(diagnostics)
        return processed
    }

    /// One image in one post's folder.
    struct ImageJob: Sendable {
        var post: Post
        /// The post's folder, relative to the site root.
        var bundle: String
        /// The image's path inside the folder.
        var file: String
        var format: ImageFormat
    }

    struct ImageContext: Sendable {
        var settings: ImageSettings
        var cache: ImageCache
        var routes: Routes
        var root: String
        var output: StagedTree
    }

    struct ImageResult: Sendable {
        /// The cache entry the image's encodings are under; nil when the image was not published here.
        var key: String?
        var outputs: [String] = []
        var wasEncoded = false
        var diagnostic: Diagnostic?
        var picture: PictureSource?
    }

    /// Whether a post's folder holds an image that ``processImages(_:into:_:)`` publishes.
    func hasImages(_ post: Post) -> Bool {
        !imageJobs([post]).isEmpty
    }

    /// The raster images of the posts' folders, hidden files and folders left out as copying leaves them.
    func imageJobs(_ posts: [Post]) -> [ImageJob] {
        var jobs: [ImageJob] = []
        for post in posts {
            guard let bundle = post.bundleFolder,
                let tree = try? FolderWalk.tree(site.root.appending(path: bundle).path)
            else { continue }
            for file in tree.files where !file.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                let name = file.split(separator: "/").last.map(String.init) ?? file
                guard let dot = name.lastIndex(of: "."),
                    let format = ImageFormat(fileExtension: String(name[name.index(after: dot)...])), format.isResized,
                    FileSystem.kind(of: site.root.appending(path: bundle + "/" + file).path) == .file
                else { continue }
                jobs.append(ImageJob(post: post, bundle: bundle, file: file, format: format))
            }
        }
        return jobs
    }

    /// Reads one image, takes its encodings from the cache or makes them, and stages them.
    private static func processImage(_ job: ImageJob, _ context: ImageContext) -> ImageResult {
        let display = job.bundle + "/" + job.file
        guard let data = FileContents.read(path: context.root + "/" + display) else {
            return ImageResult() // Copying the folder reports what cannot be read.
        }
        let key = ImageCache.key(data, context.settings)
        var image = context.cache.image(key)
        let wasEncoded = image == nil
        if image == nil {
            do {
                let made = try ImageProcessor.process([UInt8](data), as: job.format, settings: context.settings)
                context.cache.store(made, as: key)
                image = made
            } catch {
                let name = Diagnostic.quoted(job.file)
                return ImageResult(
                    diagnostic: Diagnostic(
                        .warning, file: display, message: "image \(name) \(error); published as it is, not resized"))
            }
        }
        guard let image else { return ImageResult() }
        var outputs: [String] = []
        var sets: [String: [PictureSource.Candidate]] = [:]
        let folder = context.routes.folder(of: job.post)
        do {
            for rendition in image.renditions {
                let path = context.routes.imageRendition(
                    of: job.file, in: job.post, width: rendition.size.width,
                    fileExtension: rendition.format.fileExtension)
                guard !outputs.contains(path) else { continue }
                try context.output.put(path, bytes: rendition.bytes)
                outputs.append(path)
                let url = String(path.dropFirst(folder.count)).pathEncoded
                sets[rendition.format.mediaType, default: []].append(.init(url: url, width: rendition.size.width))
            }
            try context.output.put(folder + job.file, bytes: image.fallback?.bytes ?? [UInt8](data))
            outputs.append(folder + job.file)
        } catch {
            return ImageResult(
                diagnostic: Diagnostic(.error, file: display, message: "cannot write the output: \(error)"))
        }
        let picture = image.size.map { size in
            PictureSource(
                size: size,
                sets: [ImageFormat.avif, .webp].compactMap { format in
                    sets[format.mediaType].map { PictureSource.SourceSet(type: format.mediaType, candidates: $0) }
                })
        }
        return ImageResult(
            key: key, outputs: outputs, wasEncoded: wasEncoded, picture: image.isPassedThrough ? nil : picture)
    }
}
