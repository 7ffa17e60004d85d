import ArgumentParser
import BlogCore
import Foundation

extension Blog {
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Build the site, then check its links, feeds and sitemap.",
            discussion: """
                Builds as 'blog build' does, then checks, without the network, every href, src, srcset and \
                poster of every page that leads into the site (the file, and the element a #fragment names), \
                every URL of the feeds, each JSON Feed against the rules of 'blog feed validate --strict', \
                and that the sitemap lists every published page and nothing else. Each problem is reported \
                at the post, template or file that wrote it; the run ends with the counts and fails on any \
                error (with --strict, on any warning: links through redirect pages, http: links).

                Examples:
                  blog check
                  blog check --output /tmp/site-check --strict
                """
        )

        @Option(help: "Folder to build the site into (default: public/).") var output: String?
        @Flag(help: "Include posts marked draft: true.") var drafts = false
        @Flag(help: "Include posts dated in the future.") var future = false
        @Option(help: "Use this base URL instead of base_url from blog.yaml.") var baseURL: String?
        @Flag(help: "Fail on warnings too.") var strict = false
        @Flag(
            help: "Also ask other sites about the links to them (HEAD, then GET), with answers cached in .blog-cache/.")
        var external = false
        @Option(help: "The site folder (default: the nearest folder above holding blog.yaml).") var site: String?

        func run() async throws {
            do {
                var options = BuildOptions(
                    output: output, includesDrafts: drafts, includesFuture: future, baseURL: baseURL,
                    isStrict: strict, progress: Terminal.progress(label: "Rendering"))
                options.waiting = { Terminal.printError("note: \($0)") }
                options.checksLinks = true
                let fetcher = external ? LinkFetch() : nil
                options.linkFetcher = fetcher
                let builder = SiteBuilder(site: try Site.locate(site))
                let summary: BuildSummary
                do {
                    summary = try await builder.build(options)
                } catch {
                    await fetcher?.shutdown()
                    throw error
                }
                await fetcher?.shutdown()
                try Build.report(summary, outputName: output ?? "public", strict: strict)
            } catch let error as DiagnosticError {
                _ = error.report()
                throw ExitCode(1)
            }
        }
    }
}
