import ArgumentParser
import BlogCore
import BlogServe
import Dispatch
import Foundation

extension Blog {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Preview the site, rebuilding and reloading open pages on every save.",
            discussion: """
                Builds the site into \(PreviewServer.folder)/public (never into public/), serves it, and watches \
                blog.yaml, content/ and site-template/. Open pages reload after each rebuild; a build error is \
                shown in the terminal and over the page, and the last good build stays served.

                Examples:
                  blog serve
                  blog serve --drafts --future
                  blog serve --port 0            (any free port)
                  blog serve --host 0.0.0.0      (other machines too)
                """
        )

        @Option(help: "Port to listen on; 0 picks a free one.") var port: UInt16 = 8080
        @Option(help: "Address to listen on; other than loopback only when you want other machines to see the preview.")
        var host = "127.0.0.1"
        @Flag(help: "Include posts marked draft: true.") var drafts = false
        @Flag(help: "Include posts dated in the future.") var future = false
        @Flag(help: "Check the links of every build and show the broken ones on the page; every build is whole.")
        var check = false
        @Option(help: "The site folder (default: the nearest folder above holding blog.yaml).") var site: String?
        @Option(help: .hidden) var pauseBeforeSwap: Double?

        func run() async throws {
            let located: Site
            do {
                located = try Site.locate(site)
            } catch {
                _ = error.report()
                throw ExitCode(1)
            }
            var options = PreviewServer.Options()
            options.host = host
            options.port = port
            options.includesDrafts = drafts
            options.includesFuture = future
            options.checksLinks = check
            options.beforeSwap = Build.pause(pauseBeforeSwap)
            let server = PreviewServer(site: located, options: options)

            let serving = Task { try await server.run(report: Self.show) }
            let signals = Self.cancelOnInterrupt(serving)
            defer { signals.forEach { $0.cancel() } }
            do {
                try await serving.value
            } catch let error as ServeError {
                Terminal.printError("error: \(error.message)")
                throw ExitCode(1)
            }
            Self.say("Stopped.")
        }

        /// Ctrl-C and `kill` stop the server through task cancellation, so it can finish the build in
        /// progress and close cleanly; a second one exits at once (a killed build leaves the last output whole).
        private static func cancelOnInterrupt(_ task: Task<Void, any Error>) -> [any DispatchSourceSignal] {
            [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
                source.setEventHandler {
                    if task.isCancelled { _exit(128 + number) }
                    say("Stopping (Ctrl-C again to stop at once)")
                    task.cancel()
                }
                source.resume()
                return source
            }
        }

        @Sendable private static func show(_ event: PreviewServer.Event) {
            switch event {
            case .serving(let url, let warning):
                if let warning { Terminal.printError("warning: \(warning)") }
                say("Serving \(url) (Ctrl-C to stop)")
            case .built(let summary, let changed):
                for diagnostic in summary.diagnostics { Terminal.print(diagnostic) }
                say(lead(changed) + summary.line(outputName: "\(PreviewServer.folder)/public"))
            case .failed(let error, let changed):
                if !changed.isEmpty { say(lead(changed).trimmingCharacters(in: .whitespaces)) }
                _ = error.report()
                say("Still serving the last good build; fix the error and save to rebuild.")
            }
        }

        private static func lead(_ changed: [String]) -> String {
            guard let first = changed.first else { return "" }
            return changed.count == 1 ? "\(first) changed: " : "\(first) and \(changed.count - 1) more changed: "
        }

        /// Prints a line to standard output at once, for people and scripts watching a long-running server.
        private static func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}
