import BlogFileSystem
import Foundation
import Images

/// What ``SiteBuilder/processImages(_:bodies:into:_:)`` published.
struct ProcessedImages: Sendable {
    /// Every output path written: the renditions and the originals' stripped, upright copies.
    var outputs: Set<String> = []
    /// For each folder (a post's, or the theme's `static/`, relative to the site root), the files in it
    /// (relative to the folder) that the step published, which copying the folder leaves alone.
    var handled: [String: Set<String>] = [:]
    /// Images encoded by this build.
    var encoded = 0
    /// Images whose encodings came from the cache.
    var reused = 0
    /// What pages offer of each image, by the output path of its original.
    var pictures: [String: PictureSource] = [:]
    /// For each post or page that shows images, under ``pageKey(_:)``, the digest of what its page offers
    /// of them: when it is as the last build recorded, an unchanged page may be carried over.
    var pageDigests: [String: UInt64] = [:]

    /// The key of a source's digest among the record's digests of outputs, which no output path can be.
    static func pageKey(_ source: String) -> String {
        "images of " + source
    }
}

extension SiteBuilder {
    /// Publishes every JPEG, PNG, WebP and AVIF file that a post or page shows (a Markdown image, a raw
    /// `<img>`, its `image` or `banner_image`), from its own folder, another post's or the theme's
    /// `static/`, and every one in a post's folder, as WebP and AVIF at each of `images.widths`
    /// (``Routes/imageRendition(ofOutput:width:fileExtension:)``), and the file itself upright, in sRGB and
    /// without metadata, on every core. Encodings come from ``ImageCache`` when the file and the settings
    /// are as before. GIFs are measured and published as they are; SVG files are left to
    /// ``copyStaticFiles(_:generated:redirects:into:_:)``, and so is a file that cannot be processed, with
    /// a warning at each line that shows it. Runs before posts are rendered, whose pages offer the
    /// encodings in `<picture>` elements.
    ///
    /// - Parameter bodies: Each post's Markdown, or nil when it is to be read from its file.
    func processImages(
        _ posts: [Post], bodies: [String?], into output: StagedTree, _ run: inout BuildRun
    ) async -> ProcessedImages {
        let locator = ImageLocator(routes: run.routes, posts: posts)
        let references = await imageReferences(posts, bodies: bodies, markdown: run.configuration.markdown)
        let (jobs, missing) = imageJobs(posts, references, locator)
        let context = ImageContext(
            settings: run.configuration.images, cache: ImageCache(root: site.root), routes: run.routes,
            root: site.root.path, output: output)
        let results = await jobs.parallelMap { Self.processImage($0, context) }
        var processed = ProcessedImages()
        var diagnostics = missing
        for (job, result) in zip(jobs, results) {
            if let problem = result.problem { diagnostics += job.diagnostics(problem) }
            if let failure = result.failure { diagnostics.append(failure) }
            guard result.key != nil else { continue }
            processed.outputs.formUnion(result.outputs)
            processed.handled[job.location.folder, default: []].insert(job.location.file)
            if let picture = result.picture { processed.pictures[job.location.output] = picture }
            if result.wasEncoded { processed.encoded += 1 } else { processed.reused += 1 }
        }
        for (post, found) in zip(posts, references) where !found.isEmpty {
            var digest = Digest.Builder()
            for reference in found {
                let path = locator.outputPath(of: reference.url, in: post) ?? ""
                digest.add(path)
                digest.add(processed.pictures[path].map(String.init(describing:)) ?? "-")
            }
            processed.pageDigests[ProcessedImages.pageKey(post.source)] = digest.digest
        }
        if !jobs.isEmpty || FileSystem.exists(context.cache.folder) {
            context.cache.removeEntries(except: Set(results.compactMap(\.key)))
        }
        run.report(
            diagnostics.sorted { ($0.file, $0.line ?? 0, $0.column ?? 0) < ($1.file, $1.line ?? 0, $1.column ?? 0) })
        return processed
    }

    /// One image file, with the places that show it.
    struct ImageJob: Sendable {
        var location: ImageLocator.Location
        var format: ImageFormat
        /// Where posts and pages show it; empty for a file of a post's folder that none shows.
        var references: [ImageReference] = []

        /// The warnings for an image that cannot be processed: one at each place that shows it, or one at
        /// the file itself when nothing shows it.
        func diagnostics(_ problem: ImageError) -> [Diagnostic] {
            let what = "\(problem); published as it is, not resized"
            guard !references.isEmpty else {
                return [
                    Diagnostic(
                        .warning, file: location.source, message: "image \(Diagnostic.quoted(location.file)) \(what)")
                ]
            }
            return references.map { reference in
                Diagnostic(
                    .warning, file: reference.file, line: reference.line, column: reference.column,
                    message: "image \(Diagnostic.quoted(reference.url)) \(what)")
            }
        }
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
        /// Why the image is published as it is.
        var problem: ImageError?
        /// Why the output could not be written.
        var failure: Diagnostic?
        var picture: PictureSource?
    }

    /// Whether a post shows an image, or its folder holds one, that ``processImages(_:bodies:into:_:)``
    /// publishes: its page is then made by the whole build, which knows the images' sizes.
    func hasImages(_ post: Post, _ run: BuildRun) -> Bool {
        let locator = ImageLocator(routes: run.routes, posts: [post])
        let ownFolder = run.routes.folder(of: post)
        let references = ImageReference.all(in: post, body: post.body, text: nil, markdown: run.configuration.markdown)
        let showsImage = references.contains { reference in
            guard let output = locator.outputPath(of: reference.url, in: post),
                let format = Self.imageFormat(output), format != .svg
            else { return false }
            // Another post's folder may hold it, which only the whole build knows of.
            guard output.hasPrefix(ownFolder) else { return true }
            let location = locator.location(ofOutput: output, root: site.root)
            return FileSystem.kind(of: site.root.appending(path: location.source).path) == .file
        }
        return showsImage || !bundleImages(of: post, run.routes).isEmpty
    }

    /// The images each post shows, read from its file when its body is not in `bodies`.
    private func imageReferences(
        _ posts: [Post], bodies: [String?], markdown: MarkdownSettings
    ) async -> [[ImageReference]] {
        let root = site.root
        return await Array(zip(posts, bodies)).parallelMap { post, body in
            let hasCover = post.image != nil || post.bannerImage != nil
            if let body {
                let text = { FileContents.read(path: root.appending(path: post.source).path) }
                return ImageReference.all(
                    in: post, body: body, text: text().map { String(decoding: $0, as: UTF8.self) }, markdown: markdown)
            }
            // A post from the record: its file is read, and taken apart only when it may show an image.
            guard let data = FileContents.read(path: root.appending(path: post.source).path),
                hasCover || data.withUnsafeBytes(ImageReference.mayShowImages)
            else { return [] }
            let text = String(decoding: data, as: UTF8.self)
            guard let file = try? SourceFile.split(text) else { return [] }
            return ImageReference.all(in: post, body: file.body, text: text, markdown: markdown)
        }
    }

    /// One job for each raster image or GIF that a post shows or that a post's folder holds, and a warning
    /// for each image shown whose file is not there.
    private func imageJobs(
        _ posts: [Post], _ references: [[ImageReference]], _ locator: ImageLocator
    ) -> (jobs: [ImageJob], missing: [Diagnostic]) {
        var jobs: [ImageJob] = []
        var indices: [String: Int] = [:]
        var missing: [Diagnostic] = []
        for (post, found) in zip(posts, references) {
            for reference in found {
                guard let output = locator.outputPath(of: reference.url, in: post),
                    let format = Self.imageFormat(output), format != .svg
                else { continue }
                if let index = indices[output] {
                    jobs[index].references.append(reference)
                    continue
                }
                let location = locator.location(ofOutput: output, root: site.root)
                guard FileSystem.kind(of: site.root.appending(path: location.source).path) == .file else {
                    // A file missing elsewhere is a link that finds nothing, which `blog check` reports.
                    if location.folder == post.bundleFolder {
                        missing.append(
                            Diagnostic(
                                .warning, file: reference.file, line: reference.line, column: reference.column,
                                message: "image \(Diagnostic.quoted(reference.url)) is not in the post's folder"))
                    }
                    continue
                }
                indices[output] = jobs.count
                jobs.append(ImageJob(location: location, format: format, references: [reference]))
            }
        }
        for post in posts {
            for location in bundleImages(of: post, locator.routes) where indices[location.output] == nil {
                guard let format = Self.imageFormat(location.file) else { continue }
                indices[location.output] = jobs.count
                jobs.append(ImageJob(location: location, format: format))
            }
        }
        return (jobs, missing)
    }

    /// The raster images and GIFs of a post's folder, hidden files and folders left out as copying leaves them.
    private func bundleImages(of post: Post, _ routes: Routes) -> [ImageLocator.Location] {
        guard let bundle = post.bundleFolder, let tree = try? FolderWalk.tree(site.root.appending(path: bundle).path)
        else { return [] }
        let folder = routes.folder(of: post)
        return tree.files.compactMap { file in
            guard !file.pathSegments.contains(where: \.isHiddenName),
                let format = Self.imageFormat(file), format != .svg,
                FileSystem.kind(of: site.root.appending(path: bundle + "/" + file).path) == .file
            else { return nil }
            return ImageLocator.Location(folder: bundle, file: file, output: folder + file)
        }
    }

    private static func imageFormat(_ path: String) -> ImageFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return ImageFormat(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// Reads one image, takes its encodings from the cache or makes them, and stages them.
    private static func processImage(_ job: ImageJob, _ context: ImageContext) -> ImageResult {
        guard let data = FileContents.read(path: context.root + "/" + job.location.source) else {
            return ImageResult() // Copying the folder reports what cannot be read.
        }
        let key = ImageCache.key(data, claiming: job.format, context.settings)
        var image = context.cache.image(key)
        let wasEncoded = image == nil
        if image == nil {
            do {
                let made = try ImageProcessor.process([UInt8](data), as: job.format, settings: context.settings)
                context.cache.store(made, as: key)
                image = made
            } catch {
                return ImageResult(problem: error)
            }
        }
        guard let image else { return ImageResult() }
        var outputs: [String] = []
        var sets: [String: [PictureSource.Candidate]] = [:]
        do {
            for rendition in image.renditions {
                let path = context.routes.imageRendition(
                    ofOutput: job.location.output, width: rendition.size.width,
                    fileExtension: rendition.format.fileExtension)
                guard !outputs.contains(path) else { continue }
                try context.output.put(path, bytes: rendition.bytes)
                outputs.append(path)
                let name = String(path.split(separator: "/").last ?? "")
                sets[rendition.format.mediaType, default: []].append(.init(file: name, width: rendition.size.width))
            }
            try context.output.put(job.location.output, bytes: image.fallback?.bytes ?? [UInt8](data))
            outputs.append(job.location.output)
        } catch {
            return ImageResult(
                failure: Diagnostic(.error, file: job.location.source, message: "cannot write the output: \(error)"))
        }
        let picture = image.size.map { size in
            PictureSource(
                size: size,
                sets: [ImageFormat.avif, .webp].compactMap { format in
                    sets[format.mediaType].map { PictureSource.SourceSet(type: format.mediaType, candidates: $0) }
                })
        }
        return ImageResult(key: key, outputs: outputs, wasEncoded: wasEncoded, picture: picture)
    }
}
