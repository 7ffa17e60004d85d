import BlogFileSystem
import Foundation

/// Finds the file an image URL of a post or page names: a file of a post's folder or of the theme's
/// `static/`, whether the URL is relative to the page, from the site's root, or absolute under `base_url`.
/// A URL of another host, with a query or fragment, or leading out of the site names no file here.
struct ImageLocator: Sendable {
    /// A file an image URL names.
    struct Location: Sendable, Hashable {
        /// The folder it is in, relative to the site root: a post's folder or the theme's `static/`.
        var folder: String
        /// Its path inside ``folder``.
        var file: String
        /// Where it is published, relative to the output folder.
        var output: String

        /// Its path from the site root.
        var source: String { folder + "/" + file }
    }

    let routes: Routes
    /// Each post folder's output folder (`posts/trip/`) to the folder itself (`content/posts/2026-11-20-trip`).
    let bundles: [String: String]

    init(routes: Routes, posts: [Post]) {
        self.routes = routes
        var bundles: [String: String] = [:]
        for post in posts {
            if let folder = post.bundleFolder { bundles[routes.folder(of: post)] = folder }
        }
        self.bundles = bundles
    }

    /// The output path that `url`, written in `post`, leads to; nil for a URL that leads off the site.
    func outputPath(of url: String, in post: Post) -> String? {
        guard !url.isEmpty, !url.contains("?"), !url.contains("#") else { return nil }
        var path: String
        if PostRenderer.hasScheme(url) || url.hasPrefix("//") {
            let base = routes.baseURL.hasSuffix("/") ? routes.baseURL : routes.baseURL + "/"
            guard url.hasPrefix(base) else { return nil }
            path = String(url.dropFirst(base.count))
        } else if url.hasPrefix("/") {
            guard url.hasPrefix(routes.basePath) else { return nil }
            path = String(url.dropFirst(routes.basePath.count))
        } else {
            path = routes.folder(of: post) + url
        }
        guard let decoded = path.removingPercentEncoding else { return nil }
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(part)
            }
        }
        path = parts.joined(separator: "/")
        return path.isEmpty ? nil : path
    }

    /// The file published at `output`: in the post folder whose page is in a folder above it when that
    /// folder holds it, else in `static/`. When neither holds it, the place it was looked for first.
    func location(ofOutput output: String, root: URL) -> Location {
        var candidates: [Location] = []
        var end = output.endIndex
        while let slash = output[..<end].lastIndex(of: "/") {
            if let bundle = bundles[String(output[...slash])] {
                let file = String(output[output.index(after: slash)...])
                candidates.append(Location(folder: bundle, file: file, output: output))
            }
            end = slash
        }
        candidates.append(Location(folder: SiteLayout.staticFiles, file: output, output: output))
        return candidates.first { FileSystem.kind(of: root.appending(path: $0.source).path) == .file }
            ?? candidates[0]
    }
}
