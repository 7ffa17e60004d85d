import ArgumentParser
import BlogCore
import BlogFileSystem
import Foundation

extension Blog {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
                let summary = try await builder.build(options)
                for diagnostic in summary.diagnostics { Terminal.print(diagnostic) }
                print(Diagnostic.printable(summary.line(outputName: output ?? "public")))
                if let request = summary.spareRequest, let executable = Bundle.main.executablePath {
                    // The next build stages into a spare tree; this one left none, so one is linked after it.
                    DetachedProcess.start(executable, [executable] + LinkSpare.arguments(for: request))
                }
                if strict && summary.warningCount > 0 {
                    Terminal.printError(
                        "error: \(summary.warningCount) warning\(summary.warningCount == 1 ? "" : "s") with --strict")
                    throw ExitCode(1)
                }
            } catch let error as DiagnosticError {
                _ = error.report()
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
