import Foundation

/// One large document, rendered by `blog markdown` (GFM extensions and highlighting on) and by Debian's
/// `cmark-gfm` with the same extensions (no highlighting): the target is at most 1.3 times cmark-gfm's
/// time (issue #34). Both run as processes on the same file, median of seven runs after one unmeasured run each.
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
    }

    static func run(blog: String) -> Figures? {
        guard let cmarkGFM = ChildProcess.find("cmark-gfm") else {
            print("markdown: cmark-gfm is not installed (apt install cmark-gfm); nothing measured")
            return nil
        }
        let file = FileManager.default.temporaryDirectory.appending(path: "blog-markdown-benchmark-\(getpid()).md")
        let text = document()
        try? text.write(to: file, atomically: true, encoding: .utf8)
        defer {
            if ProcessInfo.processInfo.environment["BLOG_KEEP"] == nil { try? FileManager.default.removeItem(at: file) }
        }
        let extensions = [
            "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "footnotes", "--unsafe",
        ]
        /// Medians of wall time and of processor time.
        func median(_ executable: String, _ arguments: [String]) -> (wall: Double, processor: Double) {
            _ = ChildProcess.run(executable, arguments)
            let runs = (0..<7).map { _ in ChildProcess.run(executable, arguments) }
            return (runs.map(\.seconds).sorted()[3], runs.map(\.processorSeconds).sorted()[3])
        }
        let oracle = median(cmarkGFM, extensions + [file.path])
        let ours = median(blog, ["markdown", "--unsafe", file.path])
        let figures = Figures(
            documentBytes: text.utf8.count, codeBlocks: 500, tables: 200, cmarkGFMSeconds: oracle.wall,
            blogSeconds: ours.wall, ratio: ours.wall / oracle.wall, cmarkGFMProcessorSeconds: oracle.processor,
            blogProcessorSeconds: ours.processor, processorRatio: ours.processor / max(oracle.processor, 1e-6))
        print("markdown: \(text.utf8.count / 1000) kB, 500 code blocks, 200 tables, footnotes, task lists")
        print(
            String(
                format: "  cmark-gfm (5 extensions, no highlighting)  %.1f ms wall, %.1f ms user+sys",
                oracle.wall * 1000,
                oracle.processor * 1000))
        print(
            String(
                format: "  blog markdown (5 extensions, highlighting) %.1f ms wall, %.1f ms user+sys", ours.wall * 1000,
                ours.processor * 1000))
        let verdict = figures.processorRatio <= targetRatio ? "met" : "not met"
        print(
            String(
                format: "  speed ratio %.2f× cmark-gfm in user+sys time, %.2f× in wall time (target ≤ %.1f×): ",
                figures.processorRatio, figures.ratio, targetRatio) + verdict)
        return figures
    }
}
