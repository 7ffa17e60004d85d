import CommonMark
import Foundation
import Testing

/// The GFM extensions built on libcmark against the oracle, Debian's `cmark-gfm` (0.29.0.gfm.6) with the
/// same five extensions: every example of the GFM spec that Debian ships with it
/// (`/usr/share/doc/cmark-gfm/spec.txt.gz`), and posts of our own (`Fixtures/gfm`) in the unsafe, smart
/// and safe modes, must give the same HTML up to insignificant white space and attribute order; with the
/// extensions off, every example must equal Debian's `cmark` exactly. Without the tools the tests say so
/// and skip, unless `BLOG_REQUIRE_GFM_ORACLE=1` (CI installs them).
@Suite struct GFMOracleTests {
    static let spec = "/usr/share/doc/cmark-gfm/spec.txt.gz"
    static let oracleAvailable =
        FileManager.default.fileExists(atPath: spec) && (try? run("cmark-gfm", ["--version"]).status) == 0
        && (try? run("cmark", ["--version"]).status) == 0
    static let oracleRequired = ProcessInfo.processInfo.environment["BLOG_REQUIRE_GFM_ORACLE"] == "1"
    static let gfmFlags = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "footnotes"]

    static func run(_ command: String, _ arguments: [String], input: Data = Data()) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Written from another thread: a large output would fill the pipe while the input is still
        // being written.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = outputText(stdout.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// The spec's examples (`→` stands for a tab), with the extension each is about (empty for the core).
    static func examples() throws -> [(markdown: String, section: String)] {
        let text = try run("gzip", ["-dc", spec]).output
        var examples: [(String, String)] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let fence = String(repeating: "`", count: 32)
        while let line = lines.popFirst() {
            guard line.hasPrefix(fence + " example") else { continue }
            let section = line.dropFirst(fence.count + " example".count).trimmingCharacters(in: .whitespaces)
            var markdown = ""
            while let next = lines.popFirst(), next != "." { markdown += next + "\n" }
            while let next = lines.popFirst(), next != fence {}
            examples.append((markdown.replacingOccurrences(of: "→", with: "\t"), section))
        }
        return examples
    }

    static func ours(_ markdown: String, extensions: Extensions, options: RenderOptions) throws -> String {
        let parse = options.subtracting(.unsafe)
        return outputText(
            try Document(markdown: markdown, options: parse, extensions: extensions).htmlUTF8(options: options))
    }

    /// Output as text in which the bytes 0xFE and 0xFF, never part of UTF-8, stay told apart from U+FFFD:
    /// cmark-gfm writes `&#xffff;` and `&#xfffe;` as those single bytes, and a comparison must see them.
    static func outputText(_ bytes: some Sequence<UInt8>) -> String {
        var kept: [UInt8] = []
        for byte in bytes {
            if byte >= 0xFE { kept += Array("\\x\(String(byte, radix: 16))".utf8) } else { kept.append(byte) }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    @Test(
        .enabled(if: oracleAvailable || oracleRequired, "needs cmark-gfm and cmark (Debian packages cmark-gfm, cmark)"))
    func everySpecExampleMatchesCmarkGFM() async throws {
        let examples = try Self.examples()
        #expect(examples.count >= 670, "the spec has 672 examples; found \(examples.count)")
        var exact = 0
        let outputs = try await OracleLanes.run {
            try examples.map { example in
                let markdown = example.markdown
                let expected = try Self.run("cmark-gfm", ["--unsafe"] + Self.gfmFlags, input: Data(markdown.utf8))
                return (expected.output, try Self.ours(markdown, extensions: .gfm, options: .unsafe))
            }
        }
        for (number, (example, (expected, actual))) in zip(examples, outputs).enumerated() {
            if expected == actual { exact += 1 }
            #expect(
                HTMLNormalizer.normalize(actual) == HTMLNormalizer.normalize(expected),
                "example \(number + 1) [\(example.section)]:\n\(example.markdown)\nexpected:\n\(expected)\nactual:\n\(actual)"
            )
        }
        // Byte for byte, not only after normalising: a change that alters white space shows here first.
        #expect(exact == examples.count)
    }

    @Test(
        .enabled(if: oracleAvailable || oracleRequired, "needs cmark-gfm and cmark (Debian packages cmark-gfm, cmark)"))
    func withoutExtensionsEveryExampleEqualsCmark() async throws {
        let examples = try Self.examples().map(\.markdown)
        let outputs = try await OracleLanes.run {
            try examples.map { markdown in
                let expected = try Self.run("cmark", ["--unsafe"], input: Data(markdown.utf8)).output
                return (expected, try Self.ours(markdown, extensions: [], options: .unsafe))
            }
        }
        for (number, (markdown, (expected, actual))) in zip(examples, outputs).enumerated() {
            #expect(actual == expected, "example \(number + 1):\n\(markdown)")
        }
    }

    @Test(
        .enabled(if: oracleAvailable || oracleRequired, "needs cmark-gfm and cmark (Debian packages cmark-gfm, cmark)"),
        arguments: ["unsafe", "smart", "safe"])
    func realisticPostsMatchCmarkGFM(mode: String) async throws {
        let flags = ["unsafe": ["--unsafe"], "smart": ["--unsafe", "--smart"], "safe": []][mode] ?? []
        let options: RenderOptions = ["unsafe": .unsafe, "smart": [.unsafe, .smart], "safe": []][mode] ?? []
        let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/gfm")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
            .sorted()
        #expect(files.count >= 20)
        let outputs = try await OracleLanes.run {
            try files.map { file in
                let markdown = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
                let expected = try Self.run("cmark-gfm", flags + Self.gfmFlags, input: Data(markdown.utf8)).output
                return (expected, try Self.ours(markdown, extensions: .gfm, options: options))
            }
        }
        for (file, (expected, actual)) in zip(files, outputs) {
            #expect(
                HTMLNormalizer.normalize(actual) == HTMLNormalizer.normalize(expected),
                "\(file) \(flags):\nexpected:\n\(expected)\nactual:\n\(actual)")
        }
    }
}

extension GFMOracleTests {
    /// Autolinks followed by long runs of what their end is trimmed of: each run is one pass (a `)` counted
    /// again for each one trimmed made 300,000 of them take minutes), and the HTML is cmark-gfm's. The runs of
    /// `)` are shorter than the others because cmark-gfm itself takes quadratic time over them.
    @Test(
        .enabled(if: oracleAvailable || oracleRequired, "needs cmark-gfm and cmark (Debian packages cmark-gfm, cmark)"),
        arguments: [
            "www.a" + String(repeating: ")", count: 30_000), "http://a" + String(repeating: ")", count: 30_000),
            "www.a" + String(repeating: "(", count: 20_000) + String(repeating: ")", count: 30_000),
            "a@b.c" + String(repeating: ".", count: 300_000), "www.a" + String(repeating: "&x;", count: 100_000),
            "www.a" + String(repeating: "*", count: 300_000), String(repeating: "www.a) ", count: 50_000),
            "www.a" + String(repeating: "\u{2019}", count: 100_000),
        ])
    func autolinksBeforeLongTrimmedRunsMatchCmarkGFM(markdown: String) async throws {
        try await Self.expectCmarkGFMWithAndWithoutSmart(markdown)
    }

    /// Expects our HTML to equal cmark-gfm's exactly, unsafe, with and without smart punctuation.
    static func expectCmarkGFMWithAndWithoutSmart(
        _ markdown: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let modes: [([String], RenderOptions)] = [
            (["--unsafe"], .unsafe), (["--unsafe", "--smart"], [.unsafe, .smart]),
        ]
        let outputs = try await OracleLanes.run {
            try modes.map { flags, options in
                let expected = try Self.run("cmark-gfm", flags + Self.gfmFlags, input: Data(markdown.utf8)).output
                return (expected, try Self.ours(markdown, extensions: .gfm, options: options))
            }
        }
        for ((flags, _), (expected, actual)) in zip(modes, outputs) {
            #expect(
                actual == expected, "\(markdown.prefix(40))… (\(markdown.utf8.count) bytes) \(flags)",
                sourceLocation: sourceLocation)
        }
    }
}

/// HTML compared as a browser would show it: white space next to a tag and runs of white space are one
/// space or none, and each tag's attributes are sorted. Text inside `<pre>` is kept as it is.
enum HTMLNormalizer {
    static func normalize(_ html: String) -> String {
        var output = ""
        var index = html.startIndex
        var inPre = 0
        var pendingSpace = false
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let end = html[index...].firstIndex(of: ">") {
                let tag = String(html[index...end])
                let name = tag.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "/" }.lowercased()
                if name == "pre" { inPre += 1 } else if name == "/pre" { inPre = max(0, inPre - 1) }
                pendingSpace = false
                output += sortedAttributes(tag)
                index = html.index(after: end)
                continue
            }
            if character.isWhitespace && inPre == 0 {
                pendingSpace = true
            } else {
                if pendingSpace, let last = output.last, last != ">" { output += " " }
                pendingSpace = false
                output.append(character)
            }
            index = html.index(after: index)
        }
        return output
    }

    private static func sortedAttributes(_ tag: String) -> String {
        guard !tag.hasPrefix("</"), !tag.hasPrefix("<!"), let space = tag.firstIndex(of: " ") else { return tag }
        let name = tag[..<space]
        var body = tag[tag.index(after: space)...].dropLast()
        let selfClosing = body.hasSuffix("/")
        if selfClosing { body = body.dropLast() }
        var attributes: [String] = []
        var current = ""
        var quote: Character?
        for character in body {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == " " {
                if !current.isEmpty { attributes.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { attributes.append(current) }
        return name + " " + attributes.sorted().joined(separator: " ") + (selfClosing ? " />" : ">")
    }
}

extension GFMOracleTests {
    /// URLs next to characters that smart punctuation makes, typed as such (’ – — … “), or made from `'`,
    /// `--` and `...`: cmark-gfm reads URLs from the source, so the typed ones stay in the link where the
    /// made ones are trimmed; a block with either is read from its source.
    @Test(
        .enabled(if: oracleAvailable || oracleRequired, "needs cmark-gfm and cmark (Debian packages cmark-gfm, cmark)"),
        arguments: [
            "see www.example.com/a\u{2019} and http://x.org/b\u{2013}c", "www.example.com\u{2026} then",
            "www.example.com/a--b and www.example.com/c...", "(www.example.com/\u{201C}q\u{201D}) it's",
            "a www.example.com/x\u{2014} b", "plain www.example.com/path.html, no marks",
        ])
    func urlsBesideTypedSmartPunctuationMatchCmarkGFM(markdown: String) async throws {
        try await Self.expectCmarkGFMWithAndWithoutSmart(markdown)
    }
}

extension GFMOracleTests {
    /// Tildes and emphasis in one paragraph, where they meet (a `~` run inside an emphasis, a `~` touching
    /// `*` or `_`, smart quotes between tildes: the delimiters are matched again as one run) and where they
    /// do not (libcmark's emphasis and the strikethrough pass stand): each as cmark-gfm writes it.
    @Test(
        .enabled(if: oracleAvailable || oracleRequired, "needs cmark-gfm and cmark (Debian packages cmark-gfm, cmark)"),
        arguments: [
            "~~a *b~~ c*", "*a ~~b* c~~", "*~a~*", "_~b~_ x", "~~'a \"b~~ c\"", "it's ~~gone~~ now",
            "*a* ~~b~~ **c** ~d~", "~~a~~ *b* and _c_ ~~d~~", "**~~a~~** *~~b~~*", "x~~*a*~~y", "~a *b* c~",
            "*a\n~~b* c~~", "> ~~a *b~~\n> c*", "- ~~a *b~~ c*\n- *d ~~e* f~~",
        ])
    func tildesBesideEmphasisMatchCmarkGFM(markdown: String) async throws {
        try await Self.expectCmarkGFMWithAndWithoutSmart(markdown)
    }
}

extension GFMOracleTests {
    /// Bare URLs whose end cuts an entity, followed by smart punctuation (the text after the cut goes on as
    /// libcmark read it), and bare URLs with tildes that are not trimmed off (the link's text is no
    /// strikethrough), each as cmark-gfm writes it.
    @Test(
        .enabled(if: oracleAvailable || oracleRequired, "needs cmark-gfm and cmark (Debian packages cmark-gfm, cmark)"),
        arguments: [
            "http://1&#2; --", "http://a.b&#2; \"q\" ...", "www.a.com&amp; -- x", "http://x~~b~~`",
            "a www.a.com/~~b~~` c ~~d~~", "~~a http://x~~b~~`~~",
        ])
    func autolinksCuttingEntitiesOrHoldingTildesMatchCmarkGFM(markdown: String) async throws {
        try await Self.expectCmarkGFMWithAndWithoutSmart(markdown)
    }
}
