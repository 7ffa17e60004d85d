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

    /// A command without subcommands of its own is parsed on its own: parsing from the root reflects on
    /// every command's arguments, twice (the second time looking for a completion-script request), which
    /// was two thirds of `blog markdown`'s start-up. Anything the command alone does not accept (help,
    /// an unknown option, a missing argument) is parsed again from the root, so every message, usage and
    /// help text names the command as `blog <name>`, exactly as before.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "markdown", let request = Markdown.plainRequest(Array(arguments.dropFirst())) {
            do {
                try Markdown.run(request)
            } catch {
                exit(withError: error)
            }
            return
        }
        guard let name = arguments.first, let leaf = leaf(named: name),
            var command = try? leaf.parseAsRoot(Array(arguments.dropFirst())) as? AsyncParsableCommand
        else {
            await main(nil)
            return
        }
        do {
            try await command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// The subcommand called `name`, when it has no subcommands itself.
    static func leaf(named name: String) -> (any AsyncParsableCommand.Type)? {
        for command in configuration.subcommands where command.configuration.commandName == name {
            guard command.configuration.subcommands.isEmpty else { return nil }
            return command as? any AsyncParsableCommand.Type
        }
        return nil
    }
}
