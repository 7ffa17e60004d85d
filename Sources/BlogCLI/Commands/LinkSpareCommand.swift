import ArgumentParser
import BlogCore
import Foundation

extension Blog {
    /// Started by `blog build` after a build that left no spare tree (see ``SpareTreeRequest``); not for people.
    struct LinkSpare: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "link-spare",
            abstract: "Make the spare tree the next build stages into (started by blog build).",
            shouldDisplay: false
        )

        @Option(help: "The site folder.") var site: String
        @Option(help: "The output folder.") var output: String
        @Option(help: "The cache folder, relative to the site.") var cacheFolder: String
        @Option(help: "The fingerprint of the build that asked.") var fingerprint: UInt64

        /// The arguments that start this command for `request`.
        static func arguments(for request: SpareTreeRequest) -> [String] {
            [
                "link-spare", "--site", request.site, "--output", request.output, "--cache-folder", request.cacheFolder,
                "--fingerprint", String(request.fingerprint),
            ]
        }

        func run() async throws {
            guard
                await SpareTreeRequest(site: site, output: output, cacheFolder: cacheFolder, fingerprint: fingerprint)
                    .fulfil()
            else { throw ExitCode(1) }
        }
    }
}
