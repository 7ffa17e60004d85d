import ArgumentParser
import BlogCore

/// Every command names itself in its configuration: a command without a name is named from its type's
/// description, and each such description looks the type up in every protocol conformance of the static
/// binary (a fifth of a millisecond each, for each command, on every run, `blog markdown` included).
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
