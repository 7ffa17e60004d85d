import Foundation

/// Input classes that make Markdown slow to parse, each rendered at two sizes by `blog markdown` and by
/// `cmark-gfm`: a linear program takes as many times longer as the document is longer (start-up, measured on
/// an empty document, taken off), so the growth of the time over the growth of the size is about 1. The classes are those of cmark-gfm's `test/pathological_tests.py`, and
/// tables, footnotes, strikethrough, autolinks and task lists made to explode.
enum MarkdownPathology {
    /// Each class as a document of `n` repetitions, about.
    static let classes: [(name: String, document: @Sendable (Int) -> String)] = [
        (
            "nested strong emphasis",
            { String(repeating: "*a **a ", count: $0) + "b" + String(repeating: " a** a*", count: $0) }
        ),
        ("emphasis closers, no openers", { String(repeating: "a_ ", count: 6 * $0) }),
        ("emphasis openers, no closers", { String(repeating: "_a ", count: 6 * $0) }),
        ("link closers, no openers", { String(repeating: "a]", count: 6 * $0) }),
        ("link openers, no closers", { String(repeating: "[a", count: 6 * $0) }),
        ("mismatched openers and closers", { String(repeating: "*a_ ", count: 3 * $0) }),
        ("openers and closers, multiple of 3", { "a**b" + String(repeating: "c* ", count: 6 * $0) }),
        ("link openers and emphasis closers", { String(repeating: "[ a_", count: 3 * $0) }),
        ("pattern [ (](", { String(repeating: "[ (](", count: 3 * $0) }),
        ("nested brackets", { String(repeating: "[", count: 4 * $0) + "a" + String(repeating: "]", count: 4 * $0) }),
        ("nested block quotes", { String(repeating: "> ", count: 2 * $0) + "a" }),
        ("deeply nested lists", { n in (0..<(n / 20)).map { String(repeating: "  ", count: $0) + "* a\n" }.joined() }),
        ("backticks", { n in (1..<(n / 30)).map { "e" + String(repeating: "`", count: $0) }.joined() }),
        ("unclosed links", { String(repeating: "[a](<b", count: $0) + String(repeating: "[a](b", count: $0) }),
        ("destinations making no link", { String(repeating: "[a](( \"t\" ", count: $0) }),
        ("destinations to the end", { String(repeating: "[", count: $0) + String(repeating: "](a(", count: 2 * $0) }),
        ("cmark's tables", { String(repeating: "aaa\rbbb\n-\u{0B}\n", count: $0) }),
        ("table rows", { "| a | b |\n|---|---|\n" + String(repeating: "| x | y |\n", count: 2 * $0) }),
        (
            "wide table",
            { n in
                let row = "|" + String(repeating: "x|", count: n / 8) + "\n"
                return "|" + String(repeating: "a|", count: n / 8) + "\n|" + String(repeating: "-|", count: n / 8)
                    + "\n"
                    + String(repeating: row, count: 20)
            }
        ),
        ("tables in list items", { String(repeating: "- | a |\n  |---|\n  | b |\n", count: $0 / 2) }),
        ("lazy lines after tables", { String(repeating: "> | a |\n> |---|\nb\n\n", count: $0 / 2) }),
        ("tags on lazy lines", { String(repeating: "> a\n<b>\n\n", count: $0) }),
        ("URLs ending in links", { String(repeating: "www.[](<b> \"t\") ", count: $0) }),
        // Whether a URL ends inside an escape or a reference, of its own text or a later one.
        ("URLs ending in links beside references", { String(repeating: "www.a&amp;[](<b> \"t\") &copy; ", count: $0) }),
        ("URLs beside escapes in one text", { String(repeating: "www.a.b &amp; \\* ", count: $0) }),
        ("strikethrough pairs in one block", { String(repeating: "~~a~~ ", count: 2 * $0) }),
        ("tildes beside emphasis", { String(repeating: "*~a~* _~b~_ ~~a *b~~ c* ", count: $0 / 2) }),
        ("smart quotes between tildes", { String(repeating: "~~'a \"b~~ c\" ", count: $0) }),
        // Closers that find no opener by the rule of three, whose bounds leave the stack (matched in cmark-gfm's
        // way, which walks back over every opener for each of them).
        (
            "emphasis bounds leaving the stack",
            { String(repeating: "**a ", count: $0) + String(repeating: "b*c__d_ ", count: $0) }
        ),
        ("smart quotes after brackets", { String(repeating: "(\"a\" ['b'] ", count: $0) }),
        ("URLs in one block", { String(repeating: "www.a.com http://a.com/x a@b.co ", count: $0) }),
        ("URLs before code spans and entities", { String(repeating: "www.a.com`x` www.b.com&amp; ", count: $0) }),
        // A URL whose code span's rest pairs after it, so that its paragraph is parsed again around it.
        ("URLs taking code spans' backticks", { String(repeating: "www.` `e` ", count: $0) }),
        ("URLs freeing an escaped <, no >", { String(repeating: "www.a\\<x http://b ", count: $0) }),
        ("URLs freeing an escaped < before autolinks", { String(repeating: "www.a\\<http://b> ", count: $0) }),
        (
            "paragraphs read again with definitions",
            { String(repeating: "[r] www.` `e` *a*\n\n", count: $0 / 4) + "[r]: /u\n" }
        ),
        ("footnote references in one block", { String(repeating: "x[^1] ", count: 2 * $0) + "\n\n[^1]: note\n" }),
        (
            "footnote definitions",
            { n in
                (0..<(n / 2)).map { "[^n\($0)]: note\n\n" }.joined()
                    + (0..<(n / 2)).map { "[^n\($0)]" }.joined(separator: " ")
            }
        ),
        // Each definition looks ahead for the lines that end it and for lists to keep apart from.
        (
            "footnote definitions in each other's content",
            { n in "[^1]: a\n" + (2..<(n / 4)).map { "    [^n\($0)]: b\n" }.joined() + "\n[^1]\n" }
        ),
        (
            "footnote definitions in a quote, no blank lines",
            { n in (0..<(n / 4)).map { "> [^n\($0)]: a\n>     b\n" }.joined() + "\n[^n0]\n" }
        ),
        (
            "footnote definitions in a quote after lazy lines",
            { n in (0..<(n / 4)).map { ">[^n\($0)]: a\nb\n>\n>     c\n\n" }.joined() + "[^n0]\n" }
        ),
        ("task list items", { String(repeating: "- [ ] a\n- [x] b\n", count: $0) }),
        // Each empty task that interrupts a paragraph is parsed again with a mark, and ends at a blank line.
        ("empty task items", { String(repeating: "- [ ] \n\n  a\n- [x]\n  b\n", count: $0 / 2) }),
        ("empty task items interrupting paragraphs", { String(repeating: "a\n- [ ] \n\n  b\n\n", count: $0 / 2) }),
        // Definitions nested on one line behind list markers and quotes: each asks about the line's columns
        // and the containers around it.
        ("footnote definitions nested on one line", { String(repeating: "[^a]: - ", count: $0 / 4) + "x\n" }),
        ("footnote definitions behind quotes on one line", { String(repeating: "> [^a]: - ", count: $0 / 4) + "x\n" }),
        ("footnote definitions behind quotes and tabs", { String(repeating: "[^a]: >\t", count: $0 / 4) + "x\n" }),
        // Lazy lines of a quote in an item that read as tasks: each makes the item a task and loses its marker.
        ("lazy task lines in one quote", { "- > a\n" + String(repeating: "\t\t- [x] c\n", count: $0) }),
        ("items with a lazy task line", { String(repeating: "- > a\n\t\t- [x] c\n", count: $0 / 2) }),
        // Lazy lines of a footnote definition right inside an item, each read as a task and losing its marker.
        (
            "lazy task lines in one definition",
            { "- [^n]: a\n" + String(repeating: "  3a [x] c\n", count: $0) + "\n[^n]\n" }
        ),
        // Nested definitions whose paragraphs go on over lazy lines before lines of white space that end them.
        (
            "nested definitions ended by white space",
            { n in (0..<(n / 4)).map { "[^e\($0)]:[^n\($0)]:~\n:\n\t\n\t    x\n" }.joined() + "\n[^e0]\n" }
        ),
        // Definitions one after another, one list in libcmark: each list is looked through once.
        ("footnote definitions in one list", { n in (0..<(n / 2)).map { "[^n\($0)]: n\n" }.joined() + "[^n0]\n" }),
        // Definitions nested in each other on one line: each chain of them is climbed once.
        ("footnote definitions nested in each other", { n in (0..<(n / 8)).map { "[^a\($0)]:" }.joined() + " x\n" }),
        // Lazy lines that keep their white space in the text before a table: a quote's paragraph in the prelude.
        (
            "lazy lines with white space before a table",
            { "- > a `x\n" + String(repeating: "   y\n", count: $0) + "`\n  > |||\n  > -|-\n" }
        ),
        // Definitions in a quote's list item, their later lines placed against the containers' content.
        (
            "definitions in a quote's item with a form feed",
            { "\u{0C}\n>  - [r]: /u\n" + String(repeating: ">   \t[x]: <v\u{0C}>\n", count: $0) }
        ),
        // Tables under lines that libcmark reads whole as definitions: the text is parsed once more for all.
        ("tables under definitions", { String(repeating: "[h]:\n-|\n> [i]:\n> :-\n===\n\n", count: $0 / 4) }),
        // Definitions nested behind a quote on one line, each with its quote's white space.
        ("footnote definitions behind a quote's spaces", { String(repeating: "- [^n]:>  [^b]: x\n", count: $0 / 2) }),
        // A form feed makes every `](` a link whose white space is looked for, and its `[` found.
        ("brackets with a form feed", { "\u{0C}" + String(repeating: "[a]](", count: $0) }),
        ("closing brackets with a form feed", { "\u{0C}" + String(repeating: "](", count: $0 * 2) }),
        (
            "tags and definitions in one paragraph with a form feed",
            { "\u{0B}\n" + String(repeating: "[a]:<u>\n|x\n-|-\n", count: $0 / 3) }
        ),
        (
            "tables' lazy task lines with form feeds",
            {
                String(repeating: "1. a|b\n   -|-\n|\n2. \u{0C}[ ] x\n<b>\u{0C}\n\n", count: $0 / 6)
            }
        ),
        // Backtick runs of many lengths, each pair spanning every line between: whether a span may cross
        // lines is told once for all of them.
        (
            "code spans of many lengths across lines with a form feed",
            { n in
                let runs = (1...max(1, Int(Double(n).squareRoot()) / 2)).map { String(repeating: "`", count: $0) }
                    .joined(separator: " ")
                return "\u{0C}\n" + runs + "\n" + String(repeating: "a [b](c) x\n", count: n) + runs + "\n[x](\u{0C})\n"
            }
        ),
        // Lines of paragraphs, quotes and items, each read once for where paragraphs end.
        (
            "brackets across paragraph ends with a form feed",
            { "\u{0C}\n" + String(repeating: "a [\n> b\n- c\n--\nd](e)\n", count: $0 / 5) }
        ),
    ]

    /// Time growing more than this many times faster than the document counts as slower than linear: twice
    /// the text in three times the time, say (short runs on a shared machine vary by a quarter).
    static let superlinear = 1.5

    /// The least time past start-up, at the larger size, that a class is judged by: shorter ones vary by
    /// more than their growth on a shared machine.
    static let judgedFrom = 0.05

    /// Renders every class at two sizes with both programs and prints the times; returns the classes where
    /// `blog markdown` is slower than linear.
    static func run(blog: String, cmarkGFM: String, size: Int = 40_000) -> [String] {
        let folder = FileManager.default.temporaryDirectory.appending(path: "blog-markdown-pathology-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ text: String) -> String {
            let url = folder.appending(path: name)
            try? text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let empty = file("empty.md", "")
        /// The least processor time of three runs of each program on a file.
        func times(_ path: String) -> (blog: Double, cmarkGFM: Double) {
            let runs = MarkdownBenchmark.medians(
                [
                    (blog, ["markdown", "--unsafe", "--no-highlight", path]),
                    (cmarkGFM, MarkdownBenchmark.extensions + [path]),
                ],
                rounds: 3)
            return (runs[0].processor, runs[1].processor)
        }
        let startup = times(empty)
        print("markdown pathology: user+sys ms at n and 2n, start-up taken off; growth = time ratio / size ratio")
        print("  class                                   blog n   blog 2n growth | cmark-gfm n   2n growth")
        var slow: [String] = []
        for (name, document) in classes {
            let (smallText, largeText) = (document(size), document(2 * size))
            let sizeRatio = Double(largeText.utf8.count) / Double(max(smallText.utf8.count, 1))
            let small = times(file("small.md", smallText))
            let large = times(file("large.md", largeText))
            let blogRatio = max(large.blog - startup.blog, 0) / max(small.blog - startup.blog, 1e-3) / sizeRatio
            let gfmRatio =
                max(large.cmarkGFM - startup.cmarkGFM, 0) / max(small.cmarkGFM - startup.cmarkGFM, 1e-3) / sizeRatio
            let judged = large.blog - startup.blog >= judgedFrom
            if judged && blogRatio > superlinear { slow.append(name) }
            let figures = String(
                format: "%7.1f %8.1f %6.1f | %11.1f %5.1f %5.1f", (small.blog - startup.blog) * 1000,
                (large.blog - startup.blog) * 1000, blogRatio, (small.cmarkGFM - startup.cmarkGFM) * 1000,
                (large.cmarkGFM - startup.cmarkGFM) * 1000, gfmRatio)
            let flag = !judged ? "  (too short to judge)" : blogRatio > superlinear ? "  slower than linear" : ""
            print("  " + name.padding(toLength: 38, withPad: " ", startingAt: 0) + " " + figures + flag)
        }
        return slow
    }
}
