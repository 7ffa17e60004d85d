import ArgumentParser
import BlogCore
import BlogFileSystem
import CommonMark
import Foundation

extension Blog {
    struct Markdown: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "markdown",
            abstract: "Render one Markdown document to HTML on standard output, as a post's body is rendered.",
            discussion: """
                Inside a site, blog.yaml's markdown settings apply (extensions, smart punctuation, raw HTML, \
                highlighting); outside one, the defaults: all five GitHub-Flavored Markdown extensions, smart \
                punctuation, raw HTML let through, code highlighted. The flags override either. Headings get \
                their ids (as in posts) with --toc, which also prints the table of contents first, as a nested \
                list in <nav class="toc">. On a terminal, control characters print as U+FFFD; piped or \
                redirected, they pass through as cmark-gfm lets them.

                Examples:
                  blog markdown post.md
                  echo '| a | b |' | blog markdown -
                  blog markdown --no-extensions --no-smart --unsafe snippet.md
                """
        )

        @Argument(help: "The Markdown file, or - for standard input (the default).") var file: String = "-"
        @Flag(
            help:
                "Plain CommonMark, exactly as libcmark writes it: no tables, strikethrough, autolinks, task lists, footnotes or highlighting."
        ) var noExtensions = false
        @Flag(help: "Straight quotes and dashes as written.") var noSmart = false
        @Flag(help: "Let raw HTML and javascript: links through.") var unsafe = false
        @Flag(help: "Replace raw HTML by a comment and drop dangerous links.") var safe = false
        @Flag(help: "Leave code blocks as libcmark writes them.") var noHighlight = false
        @Flag(help: "Give headings ids and print the table of contents before the HTML.") var toc = false

        func validate() throws {
            if unsafe && safe { throw ValidationError("--unsafe and --safe cannot both be given") }
        }

        func run() async throws {
            try Self.run(request)
        }

        /// The arguments as plain values, which ``plainRequest(_:)`` also makes.
        var request: Request {
            Request(
                file: file, noExtensions: noExtensions, noSmart: noSmart, unsafe: unsafe, safe: safe,
                noHighlight: noHighlight, toc: toc)
        }

        static func run(_ request: Request) throws {
            let (file, noExtensions, noSmart, unsafe, safe, noHighlight, toc) = (
                request.file, request.noExtensions, request.noSmart, request.unsafe, request.safe,
                request.noHighlight, request.toc
            )
            do {
                var settings = MarkdownSettings()
                if let site = try? Site.locate() {
                    settings = try site.loadConfiguration().0.markdown
                }
                // Plain CommonMark is libcmark's output exactly: no highlighting either.
                if noExtensions {
                    settings.extensions = []
                    settings.highlight = false
                }
                if noSmart { settings.smart = false }
                if unsafe { settings.unsafe = true }
                if safe { settings.unsafe = false }
                if noHighlight { settings.highlight = false }
                let text = try Self.read(file)
                // Control characters reach a terminal only as U+FFFD; written to a pipe or a file, the bytes are
                // cmark-gfm's, which lets them through.
                let keepsBytes = !FileSystem.standardOutputIsTerminal
                let rendered = try MarkdownPage.render(
                    text, settings: settings, headingIDs: toc, keepingControlCharacters: keepsBytes, beforeExit: true)
                var output = Data()
                if toc { output.append(contentsOf: MarkdownPage.navigation(rendered.toc).utf8) }
                output.append(contentsOf: rendered.htmlUTF8)
                // `&#xffff;` and `&#xfffe;` are the bytes 0xFF and 0xFE in cmark-gfm's output, which is not
                // UTF-8; a terminal gets U+FFFD for them.
                if !keepsBytes { output = Data(String(decoding: output, as: UTF8.self).utf8) }
                FileHandle.standardOutput.write(output)
            } catch let error as DiagnosticError {
                _ = error.report()
                throw ExitCode(1)
            } catch let error as FileSystemError {
                let name = file == "-" ? "<stdin>" : file
                Terminal.printError(
                    error.isTooLarge
                        ? "\(name): error: larger than \(Self.sizeLimit >> 20) MiB, the most blog markdown reads"
                        : "\(name): error: cannot read (\(error.reason))")
                throw ExitCode(1)
            } catch {
                Terminal.printError("error: \(error)")
                throw ExitCode(1)
            }
        }

        /// The largest document read: far above any post, and small enough that a stray device or
        /// generated file cannot exhaust memory.
        static let sizeLimit = 64 << 20

        static func read(_ file: String) throws -> String {
            let data = try FileContents.contents(atPath: file, limit: sizeLimit)
            guard let text = String(validating: data, as: UTF8.self) else {
                throw DiagnosticError(file: file == "-" ? "<stdin>" : file, message: "not valid UTF-8 text")
            }
            return text
        }
    }
}
