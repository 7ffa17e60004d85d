import BlogFileSystem
import Foundation

/// A site on disk: the folder holding `blog.yaml`.
public struct Site: Sendable {
    /// The folder holding `blog.yaml`.
    public var root: URL

    /// A site rooted at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// Finds the site: `explicit` when given, else the nearest folder holding `blog.yaml` from the current one up.
    ///
    /// - Throws: ``DiagnosticError`` when there is no `blog.yaml`.
    public static func locate(_ explicit: String? = nil) throws(DiagnosticError) -> Site {
        if let explicit {
            let url =
                (explicit.hasPrefix("/")
                ? URL(filePath: explicit) : URL(filePath: FileSystem.currentFolder).appending(path: explicit))
                .standardizedFileURL
            guard FileSystem.exists(url.appending(path: SiteLayout.configuration).path) else {
                throw DiagnosticError(
                    file: explicit,
                    message: "no blog.yaml in this folder; run 'blog init \(explicit)' to make a site there")
            }
            return Site(root: url)
        }
        // By plain paths: the current folder is absolute and clean, and Foundation's URL operations would
        // cost `blog markdown` outside a site (which walks up to `/`) more than rendering a short post.
        var folder = FileSystem.currentFolder
        while folder.hasPrefix("/") {
            let name = (folder.hasSuffix("/") ? folder : folder + "/") + SiteLayout.configuration
            if FileSystem.exists(name) { return Site(root: URL(filePath: folder)) }
            guard folder != "/", let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) else { break }
            folder = slash == folder.utf8.startIndex ? "/" : String(folder[..<slash])
        }
        throw DiagnosticError(
            file: "blog.yaml",
            message: "not inside a site: no blog.yaml here or in any folder above; run 'blog init' or pass --site DIR")
    }

    /// Reads `blog.yaml`.
    public func loadConfiguration() throws(DiagnosticError) -> (SiteConfiguration, [Diagnostic]) {
        let url = root.appending(path: SiteLayout.configuration)
        guard let data = FileContents.read(url) else {
            throw DiagnosticError(file: "blog.yaml", message: "cannot read blog.yaml")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw DiagnosticError(file: "blog.yaml", message: "blog.yaml is not valid UTF-8 text")
        }
        return try SiteConfiguration.load(from: text)
    }
}
