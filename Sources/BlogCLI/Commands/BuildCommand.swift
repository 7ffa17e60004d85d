import ArgumentParser
import BlogCore
import BlogFileSystem
import Foundation

extension Blog {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Render the site into the output folder.",
            discussion: """
                Reads blog.yaml, content/ and site-template/, and writes HTML pages and feed.json. Every bad \
                file is reported, compiler style, and nothing is written when there is an error.

                Examples:
                  blog build
                  blog build --drafts --future --output preview
                  blog build --base-url https://staging.example.com/blog/
                """
        )

        @Option(help: "Folder to write the site into (default: public/).") var output: String?
        @Flag(help: "Include posts marked draft: true.") var drafts = false
        @Flag(help: "Include posts dated in the future.") var future = false
        @Option(help: "Use this base URL instead of base_url from blog.yaml.") var baseURL: String?
        @Flag(help: "Fail on warnings, and treat unknown template variables as errors.") var strict = false
        @Flag(help: "Check the links, feeds and sitemap of the output too, as 'blog check' does.") var check = false
        @Option(help: "The site folder (default: the nearest folder above holding blog.yaml).") var site: String?
        @Option(help: .hidden) var pauseBeforeSwap: Double?

        func run() async throws {
            Allocator.profile()
            do {
                let builder = SiteBuilder(site: try Site.locate(site))
                var options = BuildOptions(
                    output: output, includesDrafts: drafts, includesFuture: future, baseURL: baseURL,
                    isStrict: strict, progress: Terminal.progress(label: "Rendering"))
                options.waiting = { Terminal.printError("note: \($0)") }
                options.beforeSwap = Self.pause(pauseBeforeSwap)
                options.checksLinks = check
                try Self.report(try await builder.build(options), outputName: output ?? "public", strict: strict)
            } catch let error as DiagnosticError {
                _ = error.report()
                throw ExitCode(1)
            }
        }

        /// Prints a build's diagnostics, its summary line and its check's, and fails on an error (of the
        /// check), or on a warning with `strict`.
        static func report(_ summary: BuildSummary, outputName: String, strict: Bool) throws {
            for diagnostic in summary.diagnostics { Terminal.print(diagnostic) }
            print(Diagnostic.printable(summary.line(outputName: outputName)))
            if let check = summary.check { print(check.line) }
            if let request = summary.spareRequest, let executable = Bundle.main.executablePath {
                // The next build stages into a spare tree; this one left none, so one is linked after it.
                DetachedProcess.start(executable, [executable] + LinkSpare.arguments(for: request))
            }
            let (errors, warnings) = (summary.errorCount, summary.warningCount)
            if errors > 0 {
                Terminal.printError("\(errors) error\(errors == 1 ? "" : "s")")
                throw ExitCode(1)
            }
            if strict && warnings > 0 {
                Terminal.printError("error: \(warnings) warning\(warnings == 1 ? "" : "s") with --strict")
                throw ExitCode(1)
            }
        }

        /// A wait of `seconds` before the swap, for the tests that kill a build while its tree is staged.
        static func pause(_ seconds: Double?) -> (@Sendable () async -> Void)? {
            guard let seconds, seconds > 0 else { return nil }
            return { try? await Task.sleep(for: .seconds(seconds)) }
        }
    }
}
