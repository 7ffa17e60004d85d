/// Seeded random Markdown for the differential test against cmark-gfm (GFMDifferentialTests): short documents
/// that mix every block and inline construct with the characters the extensions look at, so that their
/// corners meet each other (emphasis across `~~`, URLs next to entities and brackets, footnotes holding code,
/// tables in lists). The same seed gives the same document on every machine: the generator is SplitMix64,
/// never the system's random numbers.
struct RandomDocument {
    private var state: UInt64
    /// Whether form feeds and vertical tabs are sprinkled over the document (``makeWithFormFeeds()``); the
    /// documents made without them stay those of every seed before.
    private var sprinklesFormFeeds = false

    init(seed: UInt64) {
        state = seed
    }

    /// SplitMix64: small, fast and the same everywhere.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// Pieces of inline text: words, delimiters of every kind, entities, escapes, HTML, links of every kind,
    /// bare URLs and addresses with the punctuation that trims them, footnote references, smart punctuation.
    private static let atoms: [String] = [
        "a", "b", "foo", "bar", "word", "x1", "é", "日本", "🍄", "Ω", "naïve", "straße",
        "*", "**", "***", "_", "__", "___", "~", "~~", "~~~", "*~~", "~~*", "_~", "~_",
        "`", "``", "`code`", "`a ~~b~~`", "``x ` y``",
        "&amp;", "&lt;", "&copy;", "&#42;", "&#x7E;", "&#126;", "&bogus;", "&#0;", "&nbsp;", "&",
        "\\*", "\\_", "\\~", "\\[", "\\]", "\\|", "\\\\", "\\`", "\\&", "\\<",
        "<span>", "</span>", "<b>", "<!-- c -->", "<script>", "<a href=\"x\">", "<?p ?>", "<x", "</del>",
        "[", "]", "[a]", "[a](http://x.y)", "[l](<u v> \"t\")", "![i](p.png)", "[ref]", "[ref][]", "[t][ref]",
        "[^1]", "[^n]", "[^x y]", "[^]", "[^1]:", "^",
        "<http://a.b/c>", "<a@b.co>", "www.example.com", "www.example.com/a_b", "www.a.b/(c)", "www.x.y.",
        "http://example.com/path?q=1&r=2", "https://a.b", "ftp://f.g/h", "http://x", "a@b.co", "me.you@ex-ample.org",
        "mailto:a@b.c", "xmpp:a@b.c/d", "www.example.com&amp;", "www.a.com\\_b", "http://a.b/[c]", "www.a.b)",
        "\"", "'", "--", "---", "...", "(", ")", "!", "?", ".", ",", ":", ";", "|", "-", "+", "#", "=", "<", ">",
    ]

    /// The extensions' marks, and characters of what they look for, each with ways to write it that are no mark
    /// (an escape, numeric and named character references): `\[^1]`, `x&#64;y.z`, `&#124;` in a cell.
    /// The `^` of a reference is never disguised: cmark-gfm 0.29 faults on `[\^1]` (a corner of the manual).
    private static let disguises: [Character: [String]] = [
        "[": ["\\[", "&#91;", "&#x5B;", "&lbrack;", "&lsqb;"],
        "]": ["\\]", "&#93;", "&#x5d;", "&rbrack;", "&rsqb;"],
        "~": ["\\~", "&#126;", "&#x7E;"],
        "|": ["\\|", "&#124;", "&vert;", "&verbar;"],
        "*": ["\\*", "&#42;", "&ast;", "&midast;"],
        "_": ["\\_", "&#95;", "&lowbar;"],
        "@": ["\\@", "&#64;", "&#x40;", "&commat;"],
        ":": ["\\:", "&#58;", "&colon;"],
        "`": ["\\`", "&#96;", "&grave;"],
        ".": ["&#46;", "&period;"],
        "w": ["&#119;"],
    ]

    /// Pieces whose marks are disguised to begin with, next to the plain ones they resemble.
    private static let disguisedAtoms: [String] = [
        "\\[^1]", "&#91;^1]", "[^1&#93;", "[^n\\]", "&lbrack;^n]", "[^1&rsqb;", "&#x5B;^1]", "x&#64;y.z",
        "a&commat;b.co", "&commat;", "~-~&eacute;", "&eacute;", "~a~&copy;", "&tilde;", "\\~", "&#126;", "\\|",
        "&#124;", "&#42;", "\\*", "&lbrack;", "&rsqb;", "&#x5B;", "&#93;", "www&#46;a.b", "http&#58;//a.b",
    ]

    /// Form feeds and vertical tabs, which libcmark 0.30 trims as white space and cmark-gfm 0.29 keeps as
    /// text, where either might read them: beside delimiters, in destinations, labels, tags, URLs and code.
    private static let formFeedAtoms: [String] = [
        "\u{0C}", "\u{0B}", "a\u{0C}b", "`\u{0C}a\u{0C}`", "`a\u{0B}`", "[a](/u\u{0C}b)", "[a](/u \u{0C}\"t\")",
        "[a](<\u{0C}u\u{0C}>)", "[a](\u{0C}/u\u{0B})", "[a](/u \"t\"\u{0C})", "[ref\u{0C}]", "[\u{0B}ref]",
        "<b\u{0C}c=\"d\">", "<http://a\u{0C}b>", "www.a.com\u{0C}b", "\u{0C}www.a.com", "_a_\u{0C}", "\u{0C}*a*",
        "**\u{0B}a**", "~~a~~\u{0C}", "x@y.co\u{0C}", "\"\u{0C}a\"", "*a *\u{0C}", "\u{0C}_", "[^1\u{0C}]",
    ]

    /// What goes at a line's end or after a marker: form feeds and vertical tabs, alone or beside spaces.
    private static let formFeedRuns = [
        "\u{0C}", "\u{0B}", " \u{0C}", "\u{0C} ", "\u{0C}\u{0C}", "\t\u{0B}", "  \u{0C}",
    ]

    /// One atom, now and then with one or two of its marks written as an escape or a character reference.
    private mutating func atom() -> String {
        if sprinklesFormFeeds, chance(6) { return pick(Self.formFeedAtoms) }
        if chance(4) { return pick(Self.disguisedAtoms) }
        var atom = pick(Self.atoms)
        guard chance(10) else { return atom }
        for _ in 0..<(chance(25) ? 2 : 1) {
            let marks = atom.indices.filter { Self.disguises[atom[$0]] != nil }
            guard !marks.isEmpty else { break }
            let mark = pick(marks)
            atom.replaceSubrange(mark...mark, with: pick(Self.disguises[atom[mark]]!))
        }
        return atom
    }

    private mutating func inline(words: Int) -> String {
        var text = ""
        for index in 0..<words {
            if index > 0 {
                let joiner = below(10)
                text += joiner < 6 ? " " : joiner < 9 ? "" : pick(["\t", "  ", "\u{00A0}"])
            }
            text += atom()
        }
        return text
    }

    /// One line of paragraph text, sometimes ending in a hard break.
    private mutating func textLine() -> String {
        var line = inline(words: 1 + below(8))
        if chance(8) { line += pick(["  ", "\\"]) }
        return line
    }

    private mutating func table(indent: String) -> [String] {
        let columns = 1 + below(4)
        func row(_ cells: [String]) -> String {
            let inner = cells.joined(separator: pick([" | ", "|", " |"]))
            return chance(80) ? "| " + inner + (chance(80) ? " |" : "") : inner + (chance(30) ? " |" : "")
        }
        var lines = [row((0..<columns).map { _ in inline(words: below(3)) })]
        lines.append(row((0..<columns).map { _ in pick([":-", "--", "-:", ":-:", "---", ":---:"]) }))
        for _ in 0..<below(4) {
            let count = max(1, columns + below(3) - 1)
            lines.append(row((0..<count).map { _ in inline(words: below(4)) }))
        }
        return lines.map { indent + $0 }
    }

    private mutating func block(depth: Int) -> [String] {
        switch below(depth > 2 ? 10 : 15) {
        case 0, 1, 2:
            return (0..<(1 + below(3))).map { _ in textLine() }
        case 3:
            return [String(repeating: "#", count: 1 + below(6)) + " " + inline(words: 1 + below(5))]
        case 4:
            return [textLine(), pick(["===", "---", "-"])]
        case 5:
            let fence = pick(["```", "~~~", "````"])
            let info = pick(["", "swift", "a b", "`x"])
            let body = (0..<below(3)).map { _ in inline(words: below(5)) }
            return [fence + info] + body + (chance(85) ? [fence] : [])
        case 6:
            return (0..<(1 + below(2))).map { _ in pick(["    ", "\t"]) + inline(words: 1 + below(4)) }
        case 7:
            return pick([
                ["<div>", inline(words: 3), "</div>"], ["<!-- " + inline(words: 2) + " -->"], ["<del>x</del>"],
            ])
        case 8:
            return [pick(["***", "---", "___", "* * *"])]
        case 9:
            return table(indent: pick(["", "", " ", "   "]))
        case 10, 11:
            // A list, bullet or ordered, with task markers, tight or loose, items holding blocks.
            let marker = pick(["-", "*", "+", "1.", "1)", "2."])
            var lines: [String] = []
            for item in 0..<(1 + below(3)) {
                var content = block(depth: depth + 1)
                if chance(40), !content.isEmpty {
                    content[0] = pick(["[ ] ", "[x] ", "[X] ", "[ ]", "[x]\t", "[y] "]) + content[0]
                }
                let width = marker.count + 1
                let pad = String(repeating: " ", count: width)
                for (index, line) in content.enumerated() {
                    // Ordered items count up from the first one's number.
                    let numbered = item > 0 && marker.first!.isNumber ? "\(item + 1)" + marker.dropFirst() : marker
                    let prefix = index == 0 ? numbered + " " : pad
                    lines.append(line.isEmpty ? "" : (chance(5) ? line : prefix + line))
                }
                if chance(30) { lines.append("") }
            }
            return lines
        case 12:
            // A block quote, sometimes with lazy lines.
            return block(depth: depth + 1).map { line in chance(10) ? line : pick([">", "> ", ">\t"]) + line }
        case 13:
            return footnoteDefinition(depth: depth)
        default:
            return ["[ref]: " + pick(["http://r.s/t", "<u v>", "/url \"title\"", "www.example.com"])]
        }
    }

    /// A footnote definition, indented up to three columns (or by a tab), sometimes with more definitions
    /// starting its text on its line (`[^a]:[^b]:`): one line, or more blocks below it, indented four
    /// columns or a tab (its content), or less (lazy lines or the end of it). In a list item or a block quote
    /// it is the item's or the quote's first block or a later one.
    private mutating func footnoteDefinition(depth: Int) -> [String] {
        let labels = ["1", "n", "x y", "Note", "1"]
        var head = pick(["", "", "", " ", "  ", "   ", "\t", " \t"]) + "[^\(pick(labels))]:"
        while chance(15) { head += pick(["", " ", "\t"]) + "[^\(pick(labels))]:" }
        if chance(80) { head += pick([" ", " ", "\t", ""]) + textLine() }
        var lines = [head]
        if chance(50) {
            if chance(75) { lines.append(pick(["", "", "", " ", "\t"])) }
            let indent = pick(["    ", "    ", "    ", "\t", "     ", " \t", "  "])
            lines += block(depth: depth + 1).map { $0.isEmpty ? "" : indent + $0 }
        }
        return lines
    }

    /// A document of a few blocks, with `\n` or `\r\n` line endings.
    mutating func make() -> String {
        var lines: [String] = []
        for _ in 0..<(1 + below(5)) {
            lines += block(depth: 0)
            if chance(75) { lines.append("") }
        }
        if sprinklesFormFeeds { lines = lines.map { sprinkled($0) } }
        let ending = chance(15) ? "\r\n" : "\n"
        return lines.joined(separator: ending) + (chance(90) ? ending : "")
    }

    /// A document as ``make()`` makes one, with form feeds and vertical tabs at the ends of lines (of
    /// paragraphs, headings, rows, info strings and definitions), after list and quote markers and pipes,
    /// after a definition's `]:`, alone on lines and anywhere in a line, and in the atoms.
    mutating func makeWithFormFeeds() -> String {
        sprinklesFormFeeds = true
        defer { sprinklesFormFeeds = false }
        return make()
    }

    /// Line prefixes for ``makeFromLines()``: indentation, quote and list markers with spaces and tabs after
    /// them (one to six columns), task markers and footnote definitions, each chosen per line, so that
    /// containers open, go on, close and turn lazy in every order.
    private static let linePrefixes = [
        "", "", "", " ", "  ", "   ", "    ", "\t", "> ", ">", ">\t", "> > ", "- ", "* ", "+ ", "1. ", "2) ", "-\t",
        "- \t", "-  ", "-    ", "-     ", "10. ", "1.\t", "  - ", "    - ", "> - ", "- > ", "- - ", "1. - ", " \t",
        "  \t", "- [ ] ", "- [x]\t", "* [X] ", "1. [ ] ", "-\t[ ] ", "- \t[x] ", "[^1]: ", "[^a]:\t", " [^b]: ",
        "> [^1]: ", "- [^n]: ", "[^1]:[^2]: ",
    ]

    /// What may follow a line's prefix in ``makeFromLines()``: block starts, table rows, definitions, marks.
    private static let lineStarts = [
        "# h", "## h #", "```", "~~~", "```py", "<div>", "</div>", "<!--", "-->", "<pre>", "</pre>", "<script>",
        "<?x", "?>", "<b>", "<a href=\"u\">", "---", "***", "===", "- - -", "|a|b|", "| - | - |", "|:-|-:|", "a|b",
        "-|-", "|x|", "[r]: /u", "[r]: <u v> 't'", "[r]:", "  /u", "\"t\"", "[^1]", "[^1]:", "[ ]", "[x]", "", "", "",
        " ", "\t",
    ]

    /// Inline pieces for ``makeFromLines()``, fewer than ``atoms`` and weighted to the extensions' marks.
    private static let lineAtoms = [
        "a", "b", "foo", "é", "日本", "*", "**", "_", "__", "~", "~~", "`", "``", "`c`", "&amp;", "&#42;", "&x;", "\\",
        "\\*", "\\[", "\\|", "\\`", "<b>", "</b>", "<!-- c -->", "[", "]", "[a](/u)", "[a]", "[r]", "[r][]", "![i](p)",
        "[^1]", "[^a]", "[^]", "^", "<http://a.b>", "<a@b.c>", "www.x.com", "www.x.com/a_b(c)", "http://a.b/c?d=e&f",
        "a@b.co", "www.a.b.", "www.a.b)", "\"", "'", "(", ")", "|", "-", "+", "#", ":", ";", ".", "!", "<", ">", "  ",
        "\t", " ", " ", " ", " ", "~~a~~", "*a*", "_a_", "**a**", "[x]", "[ ]", "x]:",
    ]

    /// A document of one to nine lines, each a random run of container prefixes (``linePrefixes``) before a
    /// block start or inline pieces, sometimes followed by definitions of the labels the pieces use: where
    /// ``make()`` nests whole blocks, these lines meet containers at any indentation, so that lazy lines,
    /// tabs after markers, and tasks and definitions inside quotes and lists come up often.
    mutating func makeFromLines() -> String {
        var lines: [String] = []
        for _ in 0..<(1 + below(9)) {
            var line = ""
            for _ in 0..<pick([0, 1, 1, 1, 2, 2, 3]) { line += pick(Self.linePrefixes) }
            if chance(35) {
                line += pick(Self.lineStarts)
                if chance(50) {
                    line += pick([" ", "", "\t"])
                    for _ in 0..<below(4) { line += pick(Self.lineAtoms) }
                }
            } else {
                for _ in 0..<(1 + below(7)) { line += pick(Self.lineAtoms) + pick(["", " ", " "]) }
            }
            lines.append(line)
        }
        if chance(30) { lines.append("") }
        if chance(50) { lines += ["", "[^1]: n", "[^a]: m", "[r]: /ref"].prefix(1 + below(4)) }
        let ending = chance(10) ? "\r\n" : "\n"
        return lines.joined(separator: ending) + (chance(90) ? ending : "")
    }

    private mutating func sprinkled(_ line: String) -> String {
        var bytes = Array(line.utf8)
        if chance(3) { return pick(["\u{0C}", "\u{0B}", " \u{0C}", "\u{0C}\u{0C}"]) }
        func insert(_ run: String, at index: Int) { bytes.insert(contentsOf: run.utf8, at: index) }
        if chance(15), let marker = bytes.firstIndex(where: { !" >-+*.)0123456789".utf8.contains($0) }), marker > 0 {
            // Right after the container markers, or in place of the space that ends them.
            let at = bytes[marker - 1] == 0x20 && chance(50) ? marker - 1 : marker
            if at < marker { bytes.remove(at: at) }
            insert(pick(Self.formFeedRuns), at: at)
        }
        let pipes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "|") }
        if !pipes.isEmpty, chance(15) {
            let pipe = pick(pipes)
            insert(pick(Self.formFeedRuns), at: chance(50) ? pipe + 1 : pipe)
        }
        if chance(10), let colon = bytes.indices.dropLast().first(where: { bytes[$0] == 0x5D && bytes[$0 + 1] == 0x3A })
        {
            insert(pick(Self.formFeedRuns), at: colon + 2)
        }
        if chance(10), !bytes.isEmpty {
            // Anywhere, between two scalars.
            let at = below(bytes.count + 1)
            if at == bytes.count || bytes[at] & 0xC0 != 0x80 { insert(pick(["\u{0C}", "\u{0B}"]), at: at) }
        }
        if chance(25) { bytes += pick(Self.formFeedRuns).utf8 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
