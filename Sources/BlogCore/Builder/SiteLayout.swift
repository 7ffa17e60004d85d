/// Where a site's inputs and the engine's own files are, relative to the site root: the one place that
/// spells them, as ``Routes`` is for output paths.
public enum SiteLayout {
    /// The site's settings.
    public static let configuration = "blog.yaml"
    /// Posts: `NAME.md`, or a folder `NAME/index.md` with the post's own files beside it.
    public static let posts = "content/posts"
    /// Standalone pages.
    public static let pages = "content/pages"
    /// Everything the build reads as content.
    public static let content = "content"
    /// The theme: templates, partials and `static/`.
    public static let theme = "site-template"
    /// The theme's files copied to the output root as they are.
    public static let staticFiles = "site-template/static"
    /// The engine's record of the last build, the build lock and `blog serve`'s own folder.
    public static let cache = ".blog-cache"
    /// The lock a build holds on the site.
    public static let lock = ".blog-cache/lock"
    /// Encoded images, by the digest of the original and the settings, shared by `blog build` and `blog serve`.
    public static let imageCache = ".blog-cache/images"
    /// `blog serve`'s record and output, apart from `blog build`'s.
    public static let serveCache = ".blog-cache/serve"
    /// The file an index of a post folder is.
    public static let bundleIndex = "index.md"
}
