import ArgumentParser
import BlogCore

@main
struct Blog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blog",
        abstract: "A static blog engine whose headline output is a spec-perfect JSON Feed.",
        version: BlogVersion.current,
        subcommands: [
            Init.self, NewPost.self, Build.self, Check.self, Serve.self, Feed.self, Markdown.self, Import.self,
            LinkSpare.self,
        ]
    )
}
