import Foundation

/// One large document, rendered by `blog markdown` and by Debian's `cmark-gfm` doing the same job: the five
/// GFM extensions, smart punctuation (on by default in `blog markdown`, `--smart` for cmark-gfm) and raw HTML
/// let through, without highlighting (`--no-highlight`: cmark-gfm has none), so that both write the same
/// bytes, which the benchmark checks. The target is at most 1.3 times cmark-gfm's time (issue #34).
/// `blog markdown` with highlighting, its default, is timed too and printed beside. The programs run as
/// processes on the same file, median of seven runs after one unmeasured run each, taking turns; each is
/// also run on an empty document, to tell its start-up from its work.
struct MarkdownBenchmark {
    /// About 1 MB: prose with links and emphasis, 500 fenced code blocks in the listed languages, 200
    /// tables, footnotes and task lists.
    static func document() -> String {
        let languages = ["swift", "python", "javascript", "rust", "go", "c", "bash", "yaml", "json", "sql"]
        let code = [
            "swift":
                "@MainActor final class Model: Sendable {\n    let name = \"model\" // a comment\n    func load() async throws -> [Int] { return [1, 2, 3] }\n}\n",
            "python":
                "@dataclass\nclass Point:\n    x: int = 0  # the x\n    def norm(self) -> float:\n        \"\"\"Length.\"\"\"\n        return (self.x ** 2) ** 0.5\n",
            "javascript":
                "export async function load(url) {\n  const response = await fetch(`${url}/data.json`); // fetch\n  return response.ok ? response.json() : null;\n}\n",
            "rust":
                "fn main() {\n    let values: Vec<u32> = (1..10).map(|x| x * 2).collect(); /* doubled */\n    println!(\"{:?}\", values);\n}\n",
            "go":
                "func handler(w http.ResponseWriter, r *http.Request) {\n\tfmt.Fprintf(w, \"hello %s\", r.URL.Path) // greet\n}\n",
            "c": "#include <stdio.h>\nint main(void) {\n    printf(\"%d\\n\", 42); /* answer */\n    return 0;\n}\n",
            "bash": "#!/bin/sh\nfor f in content/*.md; do\n  echo \"$f\" && wc -l \"$f\" # count\ndone\n",
            "yaml": "title: My blog\nbase_url: https://example.com/\nfeed:\n  item_limit: 20 # newest\n  json: true\n",
            "json":
                "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"Blog\", \"items\": [1, 2.5, true, null]}\n",
            "sql": "SELECT title, date FROM posts WHERE draft = false ORDER BY date DESC LIMIT 20; -- newest\n",
        ]
        var text = "# A long document\n\n"
        var blocks = 0
        var tables = 0
        var section = 0
        while text.utf8.count < 1_000_000 {
            section += 1
            text +=
                "## Section \(section)\n\nSome *prose* with a [link](https://example.com/\(section)) and **strong** text, ~~struck~~ words, "
            text += "a bare www.example.org/\(section) link and a footnote.[^n\(section)] "
            text += String(repeating: "More words to read in this paragraph, as in a real post. ", count: 8) + "\n\n"
            if blocks < 500 {
                for _ in 0..<2 where blocks < 500 {
                    let language = languages[blocks % languages.count]
                    text += "```\(language)\n\(String(repeating: code[language]!, count: 3))```\n\n"
                    blocks += 1
                }
            }
            if tables < 200 {
                text += "| Name | Kind | Size |\n|:-----|:----:|-----:|\n"
                for row in 0..<6 { text += "| `item\(row)` | *kind* | \(row * 1024) |\n" }
                text += "\n"
                tables += 1
            }
            text += "- [x] done\n- [ ] to do\n\n[^n\(section)]: A note for section \(section).\n\n"
        }
        return text
    }

    /// The most `blog markdown` may take, in multiples of cmark-gfm's time.
    static let targetRatio = 1.3

    struct Figures: Codable {
        var documentBytes: Int
        var codeBlocks: Int
        var tables: Int
        var cmarkGFMSeconds: Double
        var blogSeconds: Double
        var ratio: Double
        /// User and system time, steadier than wall time on a shared machine.
        var cmarkGFMProcessorSeconds: Double
        var blogProcessorSeconds: Double
        var processorRatio: Double
        /// User and system time of each program on an empty document: loading and starting up, which
        /// `blog` (a hundred shared libraries, libvips' among them) spends far more of than cmark-gfm.
        var cmarkGFMStartupProcessorSeconds: Double
        var blogStartupProcessorSeconds: Double
        /// The processor ratio of the work on the document alone, each program's start-up taken off.
        var workProcessorRatio: Double
        /// Whether both programs wrote the same bytes: the ratios compare the same job only then.
        var sameOutput: Bool
        /// `blog markdown` with highlighting, its default: user and system time.
        var highlightedProcessorSeconds: Double
    }

    static func run(blog: String) -> Figures? {
        guard let cmarkGFM = ChildProcess.find("cmark-gfm") else {
            print("markdown: cmark-gfm is not installed (apt install cmark-gfm); nothing measured")
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "blog-markdown-benchmark-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            if ProcessInfo.processInfo.environment["BLOG_KEEP"] == nil {
                try? FileManager.default.removeItem(at: folder)
            }
        }
        let file = folder.appending(path: "document.md")
        let empty = folder.appending(path: "empty.md")
        let text = document()
        try? text.write(to: file, atomically: true, encoding: .utf8)
        try? "".write(to: empty, atomically: true, encoding: .utf8)
        let ourArguments = ["markdown", "--unsafe", "--no-highlight"]
        let sameOutput = output(cmarkGFM, extensions + [file.path]) == output(blog, ourArguments + [file.path])
        // The runs of the two programs alternate, so that a change in the machine's load falls on both.
        let runs = medians(
            [
                (cmarkGFM, extensions + [file.path]), (blog, ourArguments + [file.path]),
                (cmarkGFM, extensions + [empty.path]), (blog, ourArguments + [empty.path]),
                (blog, ["markdown", "--unsafe", file.path]),
            ], rounds: 7)
        let (oracle, ours, oracleStartup, oursStartup) = (runs[0], runs[1], runs[2], runs[3])
        let figures = Figures(
            documentBytes: text.utf8.count, codeBlocks: 500, tables: 200, cmarkGFMSeconds: oracle.wall,
            blogSeconds: ours.wall, ratio: ours.wall / oracle.wall, cmarkGFMProcessorSeconds: oracle.processor,
            blogProcessorSeconds: ours.processor, processorRatio: ours.processor / max(oracle.processor, 1e-6),
            cmarkGFMStartupProcessorSeconds: oracleStartup.processor,
            blogStartupProcessorSeconds: oursStartup.processor,
            workProcessorRatio: (ours.processor - oursStartup.processor)
                / max(oracle.processor - oracleStartup.processor, 1e-6), sameOutput: sameOutput,
            highlightedProcessorSeconds: runs[4].processor)
        print("markdown: \(text.utf8.count / 1000) kB, 500 code blocks, 200 tables, footnotes, task lists")
        print(
            String(
                format: "  cmark-gfm --smart (5 extensions)               %.1f ms wall, %.1f ms user+sys",
                oracle.wall * 1000, oracle.processor * 1000))
        print(
            String(
                format: "  blog markdown --no-highlight (5 extensions)    %.1f ms wall, %.1f ms user+sys",
                ours.wall * 1000,
                ours.processor * 1000))
        print(
            String(
                format:
                    "  blog markdown, highlighting on (its default)   %.1f ms wall, %.1f ms user+sys (%.2f× cmark-gfm)",
                runs[4].wall * 1000, runs[4].processor * 1000, runs[4].processor / max(oracle.processor, 1e-6)))
        print(
            sameOutput
                ? "  the same output, byte for byte" : "  NOTE: the outputs differ: the ratio compares different work")
        let verdict = figures.processorRatio <= targetRatio && sameOutput ? "met" : "not met"
        print(
            String(
                format: "  speed ratio %.2f× cmark-gfm in user+sys time, %.2f× in wall time (target ≤ %.1f×): ",
                figures.processorRatio, figures.ratio, targetRatio) + verdict)
        print(
            String(
                format:
                    "  start-up alone (an empty document): blog %.1f ms, cmark-gfm %.1f ms user+sys; without it, %.2f×",
                oursStartup.processor * 1000, oracleStartup.processor * 1000, figures.workProcessorRatio))
        return figures
    }

    /// cmark-gfm's command line for the five extensions, raw HTML let through as `blog markdown --unsafe` does,
    /// and smart punctuation, which `blog markdown` applies by default.
    static let extensions = [
        "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "footnotes", "--unsafe",
        "--smart",
    ]

    /// What a command writes on its standard output; nil when it cannot run.
    static func output(_ executable: String, _ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Medians of wall time and of processor time for each command, after one unmeasured run of each; the
    /// commands take turns in every round.
    static func medians(_ commands: [(String, [String])], rounds: Int) -> [(wall: Double, processor: Double)] {
        for (executable, arguments) in commands { _ = ChildProcess.run(executable, arguments) }
        var results = Array(repeating: [ChildProcess.Result](), count: commands.count)
        for _ in 0..<rounds {
            for (index, (executable, arguments)) in commands.enumerated() {
                results[index].append(ChildProcess.run(executable, arguments))
            }
        }
        return results.map { runs in
            (runs.map(\.seconds).sorted()[runs.count / 2], runs.map(\.processorSeconds).sorted()[runs.count / 2])
        }
    }
}
