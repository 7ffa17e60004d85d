import ArgumentParser
import BlogCore
import Foundation

extension Blog {
    struct NewPost: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new-post",
            abstract: "Create content/posts/YYYY-MM-DD-SLUG.md with front matter and print its path.",
            discussion: """
                The date is now, with fractional seconds and the local offset. An existing file is never replaced.

                Examples:
                  blog new-post "Hello, world"
                  blog new-post "Notes on Swift" --tags swift,notes --draft
                  blog new-post "Ça va ?" --slug ca-va
                """
        )

        @Argument(help: "The post's title.") var title: String
        @Option(help: "Comma-separated tags.") var tags: String?
        @Flag(help: "Mark the post as a draft.") var draft = false
        @Option(help: "The URL slug (default: made from the title).") var slug: String?
        @Option(help: "The site folder (default: the nearest folder above holding blog.yaml).") var site: String?

        func run() async throws {
            do {
                let tagList = (tags ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter
                { !$0.isEmpty }
                let site = try Site.locate(site)
                let path = try Scaffolder.newPost(
                    in: site, title: title, tags: tagList, isDraft: draft, slug: slug, now: Date())
                print(site.root.appending(path: path).path)
            } catch {
                _ = error.report()
                throw ExitCode(1)
            }
        }
    }
}
