import ArgumentParser
import BlogCore
import BlogFileSystem
import Foundation

extension Blog {
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create a new site: blog.yaml, a first post and the default theme.",
            discussion: """
                Examples:
                  blog init my-blog
                  blog init --force .      # add what is missing; existing files are never replaced
                """
        )

        @Argument(help: "The folder for the site (default: the current folder).") var folder: String = "."
        @Flag(help: "Allow a folder that is not empty; files that exist are still left alone.") var force = false

        func run() async throws {
            let url =
                (folder.hasPrefix("/")
                ? URL(filePath: folder) : URL(filePath: FileSystem.currentFolder).appending(path: folder))
                .standardizedFileURL
            do {
                let result = try Scaffolder.initSite(at: url, force: force, now: Date())
                for path in result.kept { Terminal.printError("kept \(path) (it exists)") }
                print(
                    Diagnostic.printable(
                        "Created a site in \(folder) with \(result.created.count) files. Next: cd \(folder) && blog build"
                    ))
            } catch {
                _ = error.report()
                throw ExitCode(1)
            }
        }
    }
}
