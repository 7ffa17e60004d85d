import BlogFileSystem
import Foundation
import JSONFeed

/// Creates new sites and new posts; never replaces a file that exists.
public enum Scaffolder {
    /// Writes blog.yaml, a first post, .gitignore and the default theme into `folder`.
    ///
    /// - Parameters:
    ///   - force: Allow a folder that is not empty; existing files are still left as they are.
    ///   - now: The first post's date.
    /// - Returns: The files created, relative to `folder`, and those left alone because they existed.
    /// - Throws: ``DiagnosticError`` for a non-empty folder without `force`, or a file that cannot be written.
    public static func initSite(at folder: URL, force: Bool, now: Date, timeZone: TimeZone = .current)
        throws(DiagnosticError) -> (created: [String], kept: [String])
    {
        let display = folder.lastPathComponent
        let entries = FileSystem.names(in: folder.path) ?? []
        if !entries.isEmpty && !force {
            throw DiagnosticError(
                file: display,
                message:
                    "the folder is not empty; pass --force to add the missing files (nothing that exists is overwritten)"
            )
        }
        let offset = timeZone.secondsFromGMT(for: now)
        let date = RFC3339.string(from: now, offset: offset)
        var files: [(String, String)] = [
            (
                "blog.yaml",
                """
                # The site's settings; see the README for every key.
                title: "My Blog"
                base_url: "https://example.com/"
                description: "Notes and essays."
                language: en
                timezone: \(timeZone.identifier)
                posts_per_page: 10
                authors:
                  - name: "Your Name"
                feed:
                  item_limit: 20
                markdown:
                  unsafe: true
                  smart: true

                """
            ),
            (
                "content/posts/\(date.prefix(10))-hello-world.md",
                """
                ---
                title: "Hello, world"
                date: \(date)
                tags: [meta]
                ---
                This is the first post. Edit it in `content/posts/`, run `blog build`, and upload `public/`.

                ## What next

                - Write a post with `blog new-post "My next post"`.
                - Change the look in `site-template/`.

                """
            ),
            (
                "content/pages/about.md",
                """
                ---
                title: "About"
                ---
                A few words about this site and its author.

                """
            ),
            (".gitignore", "public/\n.blog-cache/\n.*.blog-staging/\n.*.blog-trash-*/\n.*.blog-spare/\n"),
        ]
        files += DefaultTheme.files.map { ("site-template/\($0.path)", $0.contents) }
        var created: [String] = []
        var kept: [String] = []
        for (path, contents) in files {
            do {
                try ExclusiveFile.create(at: folder.appending(path: path), contents: Data(contents.utf8))
                created.append(path)
            } catch .exists {
                kept.append(path)
            } catch {
                throw DiagnosticError(file: path, message: "cannot create the file: \(error)")
            }
        }
        return (created, kept)
    }

    /// Writes `content/posts/YYYY-MM-DD-SLUG.md` with front matter for a new post.
    ///
    /// - Returns: The new file's path relative to the site root.
    /// - Throws: ``DiagnosticError`` when the file exists or the slug is unusable.
    public static func newPost(
        in site: Site, title: String, tags: [String], isDraft: Bool, slug: String?, now: Date,
        timeZone: TimeZone = .current
    ) throws(DiagnosticError) -> String {
        guard !title.trimmingWhitespace(andNewlines: true).isEmpty else {
            throw DiagnosticError(
                file: "new-post",
                message: "the title is empty; give the post a title such as blog new-post \"Hello, world\"")
        }
        // A title of no letters or digits has no slug to name the file by: ask for one instead of writing
        // `untitled.md`.
        let made = Slug.make(from: title, fallback: "")
        guard let slug = slug ?? (made.isEmpty ? nil : made) else {
            throw DiagnosticError(
                file: "new-post",
                message:
                    "the title \(Diagnostic.quoted(title)) has no letters or digits to name the file by; pass --slug NAME"
            )
        }
        if let problem = FrontMatter.slugProblem(slug) {
            throw DiagnosticError(file: "--slug", message: "the slug \(problem), got \(Diagnostic.quoted(slug))")
        }
        let date = RFC3339.string(from: now, offset: timeZone.secondsFromGMT(for: now))
        let path = "content/posts/\(date.prefix(10))-\(slug).md"
        var lines = ["---", "title: \(Diagnostic.quoted(title))", "date: \(date)"]
        if !tags.isEmpty { lines.append("tags: [\(tags.map(Diagnostic.quoted).joined(separator: ", "))]") }
        if isDraft { lines.append("draft: true") }
        lines += ["---", "", ""]
        do {
            try ExclusiveFile.create(
                at: site.root.appending(path: path), contents: Data(lines.joined(separator: "\n").utf8))
        } catch .exists {
            throw DiagnosticError(
                file: path,
                message: "a post already exists at this path; it was left as it is (pass --slug to choose another name)"
            )
        } catch {
            throw DiagnosticError(file: path, message: "cannot create the post: \(error)")
        }
        return path
    }
}
