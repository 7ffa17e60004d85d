import ArgumentParser
import BlogCore
import BlogFileSystem
import Foundation
import JSONFeed

extension Blog {
    struct Feed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "feed",
            abstract: "Check and reformat JSON Feed files.",
            subcommands: [Validate.self, Format.self]
        )
    }
}

extension Blog.Feed {
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check JSON Feed files or URLs against the 1.0 and 1.1 specs and print every problem.",
            discussion: """
                Each problem is printed as FILE: PATH: error: message (or warning). The exit status is 1 when \
                any file has an error (with --strict, also a warning), 0 otherwise.

                An http:// or https:// argument is fetched: up to 5 redirects are followed, each only to an \
                http or https URL; an answer other than 2xx is an error naming the status; the whole fetch, \
                redirects and slow bodies included, must end within 30 seconds (or --timeout); and a body \
                past 32 MiB, as sent or once gzip or deflate is undone, is refused without reading the rest.

                Examples:
                  blog feed validate public/feed.json
                  blog feed validate https://example.com/feed.json
                  curl -s https://example.com/feed.json | blog feed validate -
                  blog feed validate --json --strict a.json b.json
                """
        )

        @Argument(help: "Feed files or URLs to check; - reads standard input.")
        var files: [String]

        @Option(help: "Seconds a URL's fetch may take, redirects included (at most 30).")
        var timeout: Double = FeedFetch.timeoutLimit

        mutating func validate() throws {
            guard timeout > 0, timeout <= FeedFetch.timeoutLimit else {
                throw ValidationError(
                    "--timeout must be more than 0 and at most \(Int(FeedFetch.timeoutLimit)) seconds")
            }
            guard sizeLimit > 0, sizeLimit <= FeedInput.limit else {
                throw ValidationError("--size-limit must be more than 0 and at most \(FeedInput.limit) bytes")
            }
        }

        /// A smaller size limit for a fetched feed, so that tests need not send 32 MiB.
        @Option(help: .hidden) var sizeLimit: Int = FeedInput.limit

        /// Prints the processor time and peak memory used, so that tests can tell waiting from spinning.
        @Flag(help: .hidden) var printUsage = false

        @Flag(help: "Exit 1 on warnings too.")
        var strict = false

        @Flag(help: "Print the problems as a JSON array for scripts.")
        var json = false

        func run() async throws {
            var report: [FileProblem] = []
            for file in files {
                let data: Data
                if FeedFetch.isURL(file) {
                    do {
                        data = try await FeedFetch.fetch(file, limits: .init(timeout: timeout, size: sizeLimit))
                    } catch {
                        report.append(
                            FileProblem(
                                file: file,
                                problem: FeedProblem(
                                    severity: .error, path: "", rule: "DOC-FETCH", message: error.description)))
                        continue
                    }
                } else {
                    data = try FeedInput.read(file)
                }
                report += FeedValidator.validate(data).map { FileProblem(file: file, problem: $0) }
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                for entry in report { print(Diagnostic.printable(entry.line)) }
                let errors = report.filter { $0.severity == .error }.count
                let warnings = report.count - errors
                let summary =
                    "\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
                printError(summary)
            }
            if printUsage {
                let usage = ProcessUsage.current()
                printError("usage: \(Int(usage.processorMilliseconds)) ms processor, \(usage.peakKilobytes) KiB peak")
            }
            if report.contains(where: { $0.severity == .error || (strict && $0.severity == .warning) }) {
                throw ExitCode(1)
            }
        }
    }

    struct Format: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "format",
            abstract: "Print a feed re-encoded as canonical JSON Feed 1.1.",
            discussion: """
                A 1.0 feed is upgraded, ids become strings, dates are written in UTC with milliseconds and \
                extensions are kept. A feed that cannot be read fails as with validate.

                Examples:
                  blog feed format old-feed.json > feed.json
                  blog feed format --compact - < feed.json
                """
        )

        @Argument(help: "The feed file; - reads standard input.")
        var file: String

        @Flag(help: "Write everything on one line instead of indenting.")
        var compact = false

        func run() async throws {
            let data = try FeedInput.read(file)
            var feed: JSONFeed.Feed
            do {
                feed = try FeedDecoder().decode(from: data)
            } catch {
                for problem in error.problems { printError(FileProblem(file: file, problem: problem).line) }
                throw ExitCode(1)
            }
            feed.version = JSONFeed.Feed.version1_1
            let output = try FeedEncoder(prettyPrinted: !compact).encode(feed)
            FileHandle.standardOutput.write(output)
            if compact { print() }
        }
    }
}

/// A problem of one file, as printed and as written by `--json`.
struct FileProblem: Encodable {
    var file: String
    var path: String
    var severity: FeedProblem.Severity
    var rule: String
    var message: String

    init(file: String, problem: FeedProblem) {
        self.file = file
        path = problem.path
        severity = problem.severity
        rule = problem.rule
        message = problem.message
    }

    /// `FILE: PATH: error: message`, or `FILE:LINE:COLUMN: error: ...` for a document that is not JSON.
    var line: String {
        // A URL that could not be fetched has no place inside the document.
        if path.isEmpty { return "\(file): \(severity.rawValue): \(message)" }
        let separator = rule == "DOC-JSON" ? ":" : ": "
        return "\(file)\(separator)\(path): \(severity.rawValue): \(message)"
    }
}

enum FeedInput {
    /// The largest feed read, from a file or standard input: readers give up on feeds far smaller.
    static let limit = 32 * 1_048_576

    /// The file's bytes; a file that cannot be read, or is too large, is reported and ends the command
    /// with status 1.
    static func read(_ file: String) throws -> Data {
        do {
            return try FileContents.contents(atPath: file, limit: limit)
        } catch  where error.isTooLarge {
            printError("\(file): error: the feed is larger than \(limit / 1_048_576) MiB, the most blog reads")
        } catch {
            printError("\(file): error: cannot read (\(error.reason))")
        }
        throw ExitCode(1)
    }
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((Diagnostic.printable(line) + "\n").utf8))
}
