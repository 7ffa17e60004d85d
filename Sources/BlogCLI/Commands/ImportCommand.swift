import ArgumentParser
import BlogCore
import BlogFileSystem
import Foundation

extension Blog {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract:
                "Make a new site from a Jekyll or Hugo site or a WordPress export, keeping every post, date and URL.",
            discussion: """
                SRC is only read. DEST must not exist or be empty. Posts, drafts, pages and assets come along; \
                each post keeps the title, date (with an explicit offset) and URL its engine (Jekyll 4.3, Hugo \
                0.168) gave it; blog.yaml gets the title, description, author, base URL, time zone, posts per \
                page, permalink pattern and summary separator; redirect_from and aliases become redirect pages. \
                A value the build would refuse is left out and reported. Template code with a clear meaning is \
                converted (highlight blocks, raw, post_url, link, site.KEY, relative_url, ref, figure); \
                everything else is left as text and listed, one path:line: warning each. Then run 'blog build' \
                in DEST.

                For WordPress, SRC is the export file (Tools › Export); --uploads names a copy of the old \
                site's wp-content/uploads folder: the files the posts link to (and their featured images) are \
                copied from it and linked to; a missing one keeps its old URL and is reported. Without it, \
                images stay at the old site, and each post that links to them is listed.

                Examples:
                  blog import jekyll ~/old-blog ~/new-blog
                  blog import hugo ./site ./site-blog
                  blog import wordpress export.xml ./site-blog --uploads ./wp-content/uploads
                """
        )

        @Argument(help: "jekyll, hugo or wordpress.") var engine: String
        @Argument(help: "The old site's folder, or WordPress's export file.") var source: String
        @Argument(help: "The new site's folder (created; must be empty if it exists).") var destination: String

        @Option(help: "WordPress: a copy of the old site's wp-content/uploads folder.") var uploads: String?

        func validate() throws {
            guard SiteImport.Engine(rawValue: engine) != nil || engine == "wordpress" else {
                throw ValidationError("the engine must be jekyll, hugo or wordpress, got '\(engine)'")
            }
            if uploads != nil, engine != "wordpress" {
                throw ValidationError("--uploads is for a WordPress export only")
            }
        }

        func run() async throws {
            let current = URL(filePath: FileSystem.currentFolder)
            func url(_ path: String) -> URL {
                path.hasPrefix("/") ? URL(filePath: path) : current.appending(path: path)
            }
            do {
                let report =
                    if let known = SiteImport.Engine(rawValue: engine) {
                        try SiteImport(engine: known, source: url(source), destination: url(destination)).run()
                    } else {
                        try WordPressImport(
                            export: url(source), destination: url(destination), uploads: uploads.map(url),
                            exportName: source
                        ).run()
                    }
                for warning in report.warnings { Terminal.print(warning) }
                print(
                    "Imported \(report.posts) post\(report.posts == 1 ? "" : "s"), \(report.drafts) draft\(report.drafts == 1 ? "" : "s"), "
                        + "\(report.pages) page\(report.pages == 1 ? "" : "s"), \(report.assets) asset\(report.assets == 1 ? "" : "s") and "
                        + "\(report.redirects) redirect\(report.redirects == 1 ? "" : "s") into \(destination); "
                        + "\(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s"). Next: cd \(destination) && blog build"
                )
            } catch {
                _ = error.report()
                throw ExitCode(1)
            }
        }
    }
}
