internal import CCmark

/// Form feeds and vertical tabs (U+000C, U+000B), which CommonMark 0.30 (libcmark) counts as white space
/// wherever cmark trims or splits with `cmark_isspace` and 0.29 (cmark-gfm) counts as text: at the end of a
/// line, of a paragraph, of a heading and of an info string, after a list marker, in a link destination
/// and in a label. Each is parsed stood in for by a character that libcmark reads as cmark-gfm reads the
/// one it stands for: a form feed by a Unicode space separator, white space beside `*` or `_` as U+000C is
/// to both (`cmark_utf8proc_is_space`), a vertical tab by another control character. The tree's text,
/// code, HTML, destinations and titles get them back after.
///
/// Where libcmark's scanners read them as white space in both versions (`spacechar`), they stay as
/// written: in an HTML tag, and around an inline link's destination and title. The extensions' scanners
/// (tables, tasks) read the stand-ins as white space (``skipSpaceChars(_:from:standIn:)``).
enum FormFeeds {
    /// The stand-ins of one document: characters it does not hold, so that every one in the tree is a
    /// stand-in.
    struct StandIn: Sendable, Equatable {
        /// The UTF-8 of a form feed's stand-in; nil when the document holds no form feed to stand in for.
        var formFeed: [UInt8]?
        var verticalTab: UInt8?
    }

    /// A text with its form feeds and vertical tabs stood in for (``standingIn(_:choices:)``).
    struct StoodIn {
        var text: String
        var standIn: StandIn
        /// The lines (1-based) whose task marker after a form feed was written without it (`2.`, a form
        /// feed, `[x] `), and those whose form feeds after a tag alone were kept (`<b>` and a form feed): how
        /// they read depends on the block that the line before leaves open, which the first parse shows
        /// (``choices(_:reading:lazyTags:tableLines:)``).
        var tasks: [Int]
        var tags: [Int]
        /// The lines of a tag's closing `>` after white space four columns wide, which ends the tag's
        /// paragraph only where its containers take some of that white space (``WideQuotes``).
        var quotes: [Int] = []
        /// The lines, indented four columns or more, where a tag or an inline link whose white space is kept
        /// as written opens: in indented code (the first parse shows which), it is no tag or link, and a
        /// line of only a form feed after it ends the code (`    <A`, a form feed, `/>`).
        var code: [Int] = []
    }

    /// The text with its form feeds and vertical tabs stood in for, and the stand-ins; nil when it holds
    /// neither (or every candidate for a stand-in).
    ///
    /// - Parameter choices: The lines that the first parse read otherwise than the text was written for.
    static func standingIn(_ markdown: String, choices: LineChoices = LineChoices()) -> StoodIn? {
        // One memchr each: nearly every document holds neither, and costs nothing more.
        let holdsFormFeed = ByteSearch.contains(markdown, 0x0C)
        let holdsVerticalTab = ByteSearch.contains(markdown, 0x0B)
        guard holdsFormFeed || holdsVerticalTab else { return nil }
        let bytes = Array(markdown.utf8)
        var standIn = StandIn()
        if holdsFormFeed {
            standIn.formFeed = formFeedCandidates.first {
                ByteSearch.firstIndex(of: $0, in: bytes[...], from: 0) == nil
            }
        }
        if holdsVerticalTab { standIn.verticalTab = verticalTabCandidates.first { !bytes.contains($0) } }
        guard standIn.formFeed != nil || standIn.verticalTab != nil else { return nil }
        var kept = [Bool](repeating: false, count: bytes.count)
        var code: [Int] = []
        let (tags, quotes) = markTags(bytes, choices: choices, code: &code, &kept)
        let definitions = ByteSearch.contains(markdown, "]:") ? definitionDestinations(bytes) : []
        let labels = Set(definitions.map { Footnotes.normalized(String(decoding: bytes[$0.label], as: UTF8.self)) })
        markLinkSpaces(bytes, labels: labels, choices: choices, code: &code, &kept)
        // A definition's destination is text to cmark-gfm, though it looks like a tag or a link.
        for definition in definitions {
            for index in definition.destination { kept[index] = false }
        }
        let tasks = taskMarkersAfterFormFeeds(bytes, choices: choices)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 16)
        var changed = false
        var skipped = 0
        for (index, byte) in bytes.enumerated() {
            if let marker = tasks.markers[index] {
                text += marker
                skipped = index + 3
                changed = true
            }
            guard index >= skipped else { continue }
            let standsIn = (byte == 0x0C && standIn.formFeed != nil) || (byte == 0x0B && standIn.verticalTab != nil)
            guard standsIn, !kept[index] else {
                text.append(byte)
                continue
            }
            text += byte == 0x0C ? standIn.formFeed ?? [] : standIn.verticalTab.map { [$0] } ?? []
            changed = true
        }
        // Kept as written, they still split an info string's first word where libcmark renders it (``restore(_:_:)``).
        let stood = changed ? String(decoding: text, as: UTF8.self) : markdown
        return StoodIn(
            text: stood, standIn: standIn, tasks: tasks.lines, tags: tags, quotes: quotes,
            code: Array(Set(code)).sorted())
    }

    /// Space separators, which `cmark_utf8proc_is_space` takes and `cmark_isspace` does not, the rarest
    /// first: none that the extensions' marks use (U+2000 to U+2006) or that is canonically equivalent to
    /// one of them (U+2001 to U+2003), as marks are compared as strings.
    private static let formFeedCandidates: [[UInt8]] = [
        "\u{205F}", "\u{1680}", "\u{2007}", "\u{2008}", "\u{200A}", "\u{2009}", "\u{202F}", "\u{3000}", "\u{00A0}",
    ].map { Array($0.utf8) }

    /// Control characters that cmark reads as neither white space nor punctuation, as 0.29 reads a vertical
    /// tab outside its scanners.
    private static let verticalTabCandidates: [UInt8] = Array(0x0E...0x1F).reversed() + Array(0x01...0x08) + [0x7F]

    /// Gives every node under `root` its form feeds and vertical tabs back: in text, code and HTML, in
    /// info strings, destinations and titles, and in what custom nodes write.
    static func restore(_ root: OpaquePointer, _ standIn: StandIn) {
        var splitInfos: [OpaquePointer] = []
        Tree.restoreStandIns(under: root, { restored(standIn, bytes: $0) }) { node in
            guard let info = cmark_node_get_fence_info(node) else { return }
            var text = String(cString: info)
            if let restored = restored(standIn, text) {
                cmark_node_set_fence_info(node, restored)
                text = restored
            }
            // Form feeds kept as written (in what may be a tag) split the word as well.
            if !firstWord(text, splitAtFormFeeds: true).elementsEqual(firstWord(text, splitAtFormFeeds: false)) {
                splitInfos.append(node)
            }
        }
        for block in splitInfos { writeClass(of: block) }
    }

    /// The first word of an info string, which libcmark's renderer ends at a form feed or vertical tab as
    /// well, and cmark-gfm's only at a space, tab or line end.
    private static func firstWord(_ info: String, splitAtFormFeeds: Bool) -> Substring.UTF8View {
        info.utf8.prefix { byte in
            byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
                && (!splitAtFormFeeds || (byte != 0x0B && byte != 0x0C))
        }
    }

    /// Puts in place of a code block whose info string's first word holds a form feed or vertical tab the
    /// HTML cmark-gfm writes for it, with that word whole in its class.
    private static func writeClass(of block: OpaquePointer) {
        guard let info = cmark_node_get_fence_info(block).map({ String(cString: $0) }) else { return }
        let word = String(decoding: firstWord(info, splitAtFormFeeds: false), as: UTF8.self)
        let name = word.hasPrefix("language-") ? word : "language-" + word
        let html =
            "<pre><code class=\"\(escaped(name))\">" + escaped(Tree.literal(block)) + "</code></pre>\n"
        Tree.insert(Tree.custom(block: true, onEnter: html, onExit: ""), before: block)
        Tree.remove(block)
    }

    /// Text escaped as libcmark's renderer escapes it.
    private static func escaped(_ text: String) -> String {
        var result: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The text with each stand-in replaced by what it stands for, or nil when it holds none.
    static func restored(_ standIn: StandIn, _ text: String) -> String? {
        restored(standIn, bytes: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A literal's bytes, which may hold what is not UTF-8 (`&#xffff;` decodes to the byte 0xFF).
    static func restored(_ standIn: StandIn, bytes: [UInt8]) -> [UInt8]? {
        let formFeed = standIn.formFeed.flatMap { ByteSearch.firstIndex(of: $0, in: bytes[...], from: 0) }
        let verticalTab = standIn.verticalTab.flatMap { bytes.firstIndex(of: $0) }
        guard formFeed != nil || verticalTab != nil else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let pattern = standIn.formFeed, bytes[index] == pattern[0], bytes[index...].starts(with: pattern) {
                result.append(0x0C)
                index += pattern.count
            } else {
                result.append(bytes[index] == standIn.verticalTab ? 0x0B : bytes[index])
                index += 1
            }
        }
        return result
    }
}

// MARK: Where the scanners read white space

extension FormFeeds {
    /// `spacechar` of cmark's scanners, line ends included.
    fileprivate static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    fileprivate static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    fileprivate static func mark(_ range: Range<Int>, _ kept: inout [Bool]) {
        for index in range where index < kept.count { kept[index] = true }
    }

    /// The white space in HTML tags (cmark's `opentag` and `closetag` scanners) and, roughly, in comments and
    /// declarations (from `<!` and an uppercase letter, as both versions' scanners want, to the next `>`), where the paragraph they are in goes on to their `>`. A
    /// processing instruction's are stood in for: its scanner needs no white space, and takes the stand-ins as
    /// its text, where a form feed kept would be trimmed at a line's end (`<?` and a form feed, then `?>`).
    /// Also, at a line's start, the white space right after the name of a tag
    /// that starts an HTML block though no `>` follows (`<div` and a form feed), and the white space that
    /// ends the line after a whole tag (an HTML block of the seventh kind, whose scanner takes a form feed),
    /// unless the first parse continued a paragraph with the line (`choices`). Returns the lines (1-based)
    /// whose form feeds after a tag alone were kept, and those of the tags' wide `>` (``WideQuotes``).
    fileprivate static func markTags(
        _ bytes: [UInt8], choices: LineChoices, code: inout [Int], _ kept: inout [Bool]
    ) -> (tags: [Int], quotes: [Int]) {
        var (ends, blank, index) = (DeclarationEnds(), -1, 0)
        var (lineOf, lines) = (LineCounter(), [Int]())
        var wide = WideQuotes(notQuotes: choices.notQuotes, markers: choices.quoteMarkers)
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard open + 1 < bytes.count else { break }
            let closingTag = bytes[open + 1] == UInt8(ascii: "/")
            let name = closingTag ? open + 2 : open + 1
            lineOf.advance(to: open, in: bytes)
            let (number, lineStart) = (lineOf.number, lineOf.start)
            if lineOf.opensIndented(open, in: bytes) {
                code.append(number)
                if choices.code.contains(number) { continue }
            }
            if name < bytes.count, isLetter(bytes[name]) {
                let keeps = !choices.textTags.contains(number)
                // The next blank line, found once for all the tags before it.
                if blank < open { blank = blankLine(bytes, from: open) }
                if markTag(
                    bytes, open: (open, number), name: name, closingTag: closingTag, keepingTail: keeps, blank: blank,
                    wide: &wide, &kept)
                {
                    lines.append(number)
                }
                markAutolink(bytes, open: open, &kept)
            } else if bytes[open + 1] == UInt8(ascii: "!"), let end = ends.end(of: open, in: bytes),
                // At a line's start (after its containers' markers) it starts an HTML block, which may end before
                // the `>` (`- <!X`, then a line of a vertical tab): its white space is stood in for there.
                containerPrefix(bytes[lineStart..<open]) != open
            {
                if blank < open { blank = blankLine(bytes, from: open) }
                if end < blank, !startsBlock(bytes, at: end, after: open) { mark(open..<end, &kept) }
            }
        }
        return (lines, wide.candidates)
    }

    /// The line (1-based) and its start that a position is on, counted going forward once over the bytes.
    struct LineCounter {
        private(set) var number = 1
        private(set) var start = 0
        private var counted = 0

        mutating func advance(to index: Int, in bytes: [UInt8]) {
            while counted < index {
                let byte = bytes[counted]
                counted += 1
                if byte == 0x0A || (byte == 0x0D && (counted == bytes.count || bytes[counted] != 0x0A)) {
                    (number, start) = (number + 1, counted)
                }
            }
        }

        /// Whether the line `index` is on (the line reached) starts with four columns or more of white space
        /// after its container markers: indented code, maybe.
        func opensIndented(_ index: Int, in bytes: [UInt8]) -> Bool {
            let text = containerPrefix(bytes[start..<index])
            var column = 0
            for byte in bytes[start..<text].reversed() {
                guard byte == 0x20 || byte == 0x09 else { break }
                column += byte == 0x09 ? 4 : 1
            }
            return column >= 4
        }
    }

    /// Where comments, CDATA sections and declarations end (their `>`), as cmark-gfm 0.29's scanners read
    /// them: a comment's text starts with neither `>` nor `->` and holds no `--` before its `-->`, and a
    /// declaration's name (uppercase) is followed by white space. The next of each closing sequence is found
    /// once for all the openings before it.
    private struct DeclarationEnds {
        private var dashes = -1
        private var cdata = -1
        private var closing = -1

        mutating func end(of open: Int, in bytes: [UInt8]) -> Int? {
            let rest = bytes[open...]
            if rest.starts(with: "<!--".utf8) {
                let text = open + 4
                if dashes < text {
                    dashes = ByteSearch.firstIndex(of: Array("--".utf8), in: bytes[...], from: text) ?? bytes.count
                }
                guard dashes + 2 < bytes.count, bytes[dashes + 2] == UInt8(ascii: ">"),
                    text == dashes || !(bytes[text] == UInt8(ascii: ">") || bytes[text...].starts(with: "->".utf8))
                else { return nil }
                return dashes + 2
            }
            if rest.starts(with: "<![CDATA[".utf8) {
                if cdata < open + 9 {
                    cdata = ByteSearch.firstIndex(of: Array("]]>".utf8), in: bytes[...], from: open + 9) ?? bytes.count
                }
                return cdata < bytes.count ? cdata + 2 : nil
            }
            var name = open + 2
            while name < bytes.count, (0x41...0x5A).contains(bytes[name]) { name += 1 }
            guard name > open + 2, name < bytes.count, isSpaceChar(bytes[name]) else { return nil }
            if closing < name { closing = bytes[name...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count }
            return closing < bytes.count ? closing : nil
        }
    }

    /// The `>` that closes a tag at the start of a later line, after white space four columns wide or more
    /// (`<x`, a form feed, then a tab and `>`): a block quote's marker, which ends the tag's paragraph, only
    /// where the paragraph's containers take some of that white space (a list item's content); otherwise the
    /// line goes on the paragraph. The first parse shows which: the lines where it started no block quote
    /// are ``LineChoices/notQuotes``.
    struct WideQuotes {
        let notQuotes: Set<Int>
        /// The lines of such a `>` that a quote begun before takes as its marker while the tag's paragraph
        /// goes on: the tag goes on after it.
        let markers: Set<Int>
        /// The lines (1-based) of such a `>`, whatever the first parse made of them.
        var candidates: [Int] = []

        /// Whether the `>` at `index`, on a line after the one of `open` (on line `line`) with only white
        /// space before it, starts a block quote.
        mutating func starts(_ bytes: [UInt8], at index: Int, after open: (index: Int, line: Int), from start: Int)
            -> Bool
        {
            guard let line = wideLine(bytes, at: index, after: open, from: start) else { return true }
            return !notQuotes.contains(line)
        }

        /// The width of the white space before the `>` at `index`, when that `>` is a quote's marker that the
        /// tag goes on after (``markers``).
        mutating func marker(_ bytes: [UInt8], at index: Int, after open: (index: Int, line: Int)) -> Int? {
            var start = index
            while start > open.index, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            guard start > open.index, bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D,
                let line = wideLine(bytes, at: index, after: open, from: start), markers.contains(line)
            else { return nil }
            return SourceLines.advance(0, over: Substring(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// The line of a `>` after white space four columns wide or more from `start`, its line's start, which
        /// becomes a candidate; nil for a narrower one.
        private mutating func wideLine(
            _ bytes: [UInt8], at index: Int, after open: (index: Int, line: Int), from start: Int
        ) -> Int? {
            let width = SourceLines.advance(0, over: Substring(decoding: bytes[start..<index], as: UTF8.self))
            guard width >= 4 else { return nil }
            var line = open.line
            for position in open.index..<start
            where bytes[position] == 0x0A || (bytes[position] == 0x0D && bytes[position + 1] != 0x0A) {
                line += 1
            }
            candidates.append(line)
            return line
        }
    }

    /// The white space of the tag at `open`, whose name starts at `name` (see ``markTags(_:choices:_:)``);
    /// whether the tag is alone on its line with a form feed after it, which is kept when `keepingTail`.
    private static func markTag(
        _ bytes: [UInt8], open tag: (index: Int, line: Int), name: Int, closingTag: Bool, keepingTail: Bool,
        blank: Int, wide: inout WideQuotes, _ kept: inout [Bool]
    ) -> Bool {
        let open = tag.index
        var end = name
        while end < bytes.count, isLetter(bytes[end]) || (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x2D {
            end += 1
        }
        var lineStart = open
        while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        let prefix = containerPrefix(bytes[lineStart..<open])
        let startsLine = prefix == open
        // In a block quote the tag's later lines start with its markers, which its white space runs over.
        let quotes = bytes[lineStart..<prefix].count { $0 == UInt8(ascii: ">") }
        // Where the first quote's marker may stand on a later line, within three columns: from the document's
        // margin, or, after a list marker on the tag's line, from where the quote's `>` stands there (the
        // item's content, roughly).
        let firstMarker = bytes[lineStart..<prefix].firstIndex(of: UInt8(ascii: ">")) ?? lineStart
        let margin: Int =
            bytes[lineStart..<firstMarker].contains { $0 != 0x20 && $0 != 0x09 }
            ? bytes[lineStart..<firstMarker].reduce(0) { $1 == 0x09 ? $0 + 4 - $0 % 4 : $0 + 1 } : 0
        if startsLine, blockTagNames.contains(String(decoding: bytes[name..<end], as: UTF8.self).lowercased()) {
            var run = end
            // On its line: the line's end already lets the block start.
            while run < bytes.count, isSpaceChar(bytes[run]), bytes[run] != 0x0A, bytes[run] != 0x0D { run += 1 }
            mark(end..<run, &kept)
            // The block holds the tag's lines as text, and may end before its `>` (`> <div`, a line of a
            // vertical tab, `/>`): its white space across lines is stood in for.
            if bytes[open..<(tagEnd(bytes, from: end, closingTag: closingTag, quotes: (quotes, margin)) ?? open)]
                .contains(
                    where: { $0 == 0x0A || $0 == 0x0D })
            {
                return false
            }
        }
        guard var close = tagEnd(bytes, from: end, closingTag: closingTag, quotes: (quotes, margin)), blank > close
        else { return false }
        // A `>` that a quote the paragraph goes on in takes as its marker closes no tag: the tag goes on after it.
        if quotes > 0, let width = wide.marker(bytes, at: close, after: tag) {
            guard let after = tagEnd(bytes, from: end, closingTag: closingTag, quotes: (quotes, width)), blank > after
            else { return false }
            close = after
        }
        guard
            !startsBlock(
                bytes, at: close, after: open, quotes: quotes,
                wide: { wide.starts(bytes, at: close, after: tag, from: $0) })
        else { return false }
        mark(open..<close, &kept)
        // The seventh kind interrupts no paragraph: where a paragraph goes on over the line, the tag is
        // inline HTML and the form feed text, which the first parse shows. Its scanner reads one line, so a
        // tag across lines starts none (`<a`, then `f="">` and a form feed).
        guard startsLine, !bytes[open..<close].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return false }
        var tail = close + 1
        while tail < bytes.count, bytes[tail] == 0x20 || bytes[tail] == 0x09 || bytes[tail] == 0x0C { tail += 1 }
        guard tail == bytes.count || bytes[tail] == 0x0A || bytes[tail] == 0x0D,
            bytes[(close + 1)..<tail].contains(0x0C)
        else { return false }
        if keepingTail { mark(close..<tail, &kept) }
        return keepingTail
    }

    /// A URI autolink's span (`<`, a scheme, `:`, then no white space, `<` or `>` up to a `>` on the line),
    /// but for the form feeds and vertical tabs in it: cmark's scanner takes no control character, and their
    /// stand-ins would make an autolink of it.
    private static func markAutolink(_ bytes: [UInt8], open: Int, _ kept: inout [Bool]) {
        var index = open + 1
        while index < bytes.count, index - open <= 33,
            isLetter(bytes[index]) || (0x30...0x39).contains(bytes[index]) || "+.-".utf8.contains(bytes[index])
        {
            index += 1
        }
        guard index - open >= 3, index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return }
        let end = bytes[index...].firstIndex { byte in
            byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") || byte == 0x20 || byte == 0x09 || byte == 0x0A
                || byte == 0x0D
        }
        guard let end, bytes[end] == UInt8(ascii: ">") else { return }
        mark(open..<end, &kept)
    }

    /// Where the containers' marks that start a line end (spaces, tabs, `>`, list markers, footnote
    /// definitions' labels, which hold no space or tab).
    static func containerPrefix(_ line: ArraySlice<UInt8>) -> Int {
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") {
                index += 1
                continue
            }
            var marker = index
            if "-+*".utf8.contains(byte) {
                marker += 1
            } else if (0x30...0x39).contains(byte) {
                while marker < line.endIndex, (0x30...0x39).contains(line[marker]) { marker += 1 }
                guard marker < line.endIndex, line[marker] == UInt8(ascii: ".") || line[marker] == UInt8(ascii: ")")
                else { break }
                marker += 1
            } else if line[index...].starts(with: "[^".utf8),
                let close = line[index...].firstIndex(of: UInt8(ascii: "]")), close > index + 2,
                close + 1 < line.endIndex,
                line[close + 1] == UInt8(ascii: ":"),
                !line[(index + 2)..<close].contains(where: { $0 == 0x20 || $0 == 0x09 })
            {
                index = close + 2
                continue
            } else {
                break
            }
            guard marker < line.endIndex, line[marker] == 0x20 || line[marker] == 0x09 else { break }
            index = marker
        }
        return index
    }

    /// The `>` of the tag whose name ends at `start`: `attribute* spacechar* [/]? [>]` for an open tag,
    /// `spacechar* [>]` for a closing one; nil when the scanners read no tag.
    private static func tagEnd(
        _ bytes: [UInt8], from start: Int, closingTag: Bool, quotes: (count: Int, margin: Int) = (0, 0)
    ) -> Int? {
        var index = start
        func skipSpaces() -> Bool {
            let from = index
            while index < bytes.count, isSpaceChar(bytes[index]) {
                index += 1
                // A line's `quotes` block quote markers, after a line ending.
                if bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D {
                    for quote in 0..<quotes.count {
                        // The first `>` four columns past its margin is no marker: the line is lazy, the `>` the
                        // tag's (`><x`, a form feed, then four spaces and `>`); one left of it leaves the list item
                        // the quote is in and starts a quote of its own (`- ><b`, then `>/>`).
                        var (marker, columns) = (index, 0)
                        while marker < bytes.count, bytes[marker] == 0x20 || bytes[marker] == 0x09 {
                            columns += bytes[marker] == 0x09 ? 4 - columns % 4 : 1
                            marker += 1
                        }
                        guard marker < bytes.count, bytes[marker] == UInt8(ascii: ">"),
                            quote > 0 || (quotes.margin...(quotes.margin + 3)).contains(columns)
                        else { break }
                        index = marker + 1
                    }
                }
            }
            return index > from
        }
        while !closingTag {
            // attribute = spacechar+ attributename (spacechar* [=] spacechar* attributevalue)?
            let before = index
            guard skipSpaces(), index < bytes.count,
                isLetter(bytes[index]) || bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: ":")
            else {
                index = before
                break
            }
            while index < bytes.count,
                isLetter(bytes[index]) || (0x30...0x39).contains(bytes[index])
                    || ":._-".utf8.contains(bytes[index])
            {
                index += 1
            }
            let afterName = index
            _ = skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                index = afterName
                continue
            }
            index += 1
            _ = skipSpaces()
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard let end = bytes[(index + 1)...].firstIndex(where: { $0 == quote || $0 == 0 }), bytes[end] == quote
                else { return nil }
                index = end + 1
            } else {
                let value = index
                while index < bytes.count, !isSpaceChar(bytes[index]), !"\"'=<>`\u{0}".utf8.contains(bytes[index]) {
                    index += 1
                }
                guard index > value else { return nil }
            }
        }
        _ = skipSpaces()
        if !closingTag, index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ">") ? index : nil
    }

    /// The tag names that start an HTML block followed by white space (cmark's kinds 1 and 6).
    static let blockTagNames: Set<String> = [
        "script", "pre", "style", "address", "article", "aside", "base", "basefont", "blockquote", "body",
        "caption", "center", "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head",
        "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes",
        "ol", "optgroup", "option", "p", "param", "section", "source", "title", "summary", "table", "tbody", "td",
        "tfoot", "th", "thead", "tr", "track", "ul",
    ]

    /// Whether the `>` at `index` starts a line after the one of `open` (spaces and tabs before it, and the
    /// markers of the `quotes` block quotes the tag is in): a block quote's marker, which ends the paragraph
    /// that a tag would have gone on in.
    ///
    /// - Parameter wide: Whether the `>` starts a block quote, asked with where its line's white space starts.
    private static func startsBlock(
        _ bytes: [UInt8], at index: Int, after open: Int, quotes: Int = 0, wide: (Int) -> Bool = { _ in true }
    ) -> Bool {
        var start = index
        while start > open, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        // Past the markers of the block quotes the tag's line is in.
        var markers = quotes
        while markers > 0, start > open, bytes[start - 1] == UInt8(ascii: ">") {
            start -= 1
            markers -= 1
            while start > open, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        }
        return start > open && (bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D) && wide(start)
    }

    /// Where the first line at or after `start` that holds only spaces and tabs begins, or the end.
    private static func blankLine(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while let feed = bytes[index...].firstIndex(of: 0x0A) {
            var next = feed + 1
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
            if next == bytes.count || bytes[next] == 0x0A || bytes[next] == 0x0D { return feed }
            index = next
        }
        return bytes.count
    }

    /// The white space of inline links (`](`), where cmark-gfm's `scan_spacechars` reads it: after the
    /// `(`, between the destination and the title, and before the `)`.
    ///
    /// - Parameter labels: The normalized labels of the text's link reference definitions.
    fileprivate static func markLinkSpaces(
        _ bytes: [UInt8], labels: Set<String>, choices: LineChoices, code: inout [Int], _ kept: inout [Bool]
    ) {
        // A `](` inside a link read already is part of its destination (`[[](](` and a vertical tab).
        var linkEnd = 0
        var lineOf = LineCounter()
        for bracket in closedBrackets(bytes, labels: labels)
        where bracket >= linkEnd && bracket + 1 < bytes.count && bytes[bracket + 1] == UInt8(ascii: "(") {
            lineOf.advance(to: bracket, in: bytes)
            if lineOf.opensIndented(bracket, in: bytes) {
                code.append(lineOf.number)
                if choices.code.contains(lineOf.number) { continue }
            }
            guard let link = inlineLinkSpaces(bytes, from: bracket + 2) else { continue }
            linkEnd = link.spaces.last?.upperBound ?? bracket
            for run in link.spaces { mark(run, &kept) }
            // A pointy destination's are text to cmark-gfm, though it looks like a tag (`[a](<u` and a form feed `>)`).
            for index in link.destination where index < kept.count { kept[index] = false }
        }
    }

    /// The `]` that close a `[` before them in their paragraph, in one pass: each `]` closes the nearest `[`
    /// still open (`[a]:](` has none for its second, `[a [b]](` one for its last); an escaped bracket is text,
    /// and so is one in a bare URL (``bareURLEnd(_:at:)``), which cmark-gfm reads where no bracket is open;
    /// a bracket in a code span is the code's; a paragraph's end (``paragraphBreaks(_:)``) leaves none open.
    /// A link made inside brackets leaves the `[` before it no link (cmark-gfm deactivates them), whose `]`
    /// is then text (`[[a]](`, where `a` is defined, or `[[b](u)](`); an image's `![` stays.
    private static func closedBrackets(_ bytes: [UInt8], labels: Set<String>) -> [Int] {
        var closed: [Int] = []
        var open = BracketStack(bytes: bytes, labels: labels)
        var backslashes = 0
        var skipped = 0
        let tables = tableRowSpans(bytes)
        let breaks = paragraphBreaks(bytes)
        let backticks = BacktickRuns(bytes, breaks: breaks)
        var (table, paragraph, lineStart) = (0, 0, 0)
        for (index, byte) in bytes.enumerated() {
            if index > 0, bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D { lineStart = index }
            // A paragraph's brackets close in it.
            while paragraph < breaks.count, breaks[paragraph] <= index {
                (open.openers, paragraph) = ([], paragraph + 1)
            }
            if index < skipped { continue }
            while table < tables.count, tables[table].upperBound <= index { table += 1 }
            if open.openers.isEmpty,
                let end = bareURLEnd(
                    bytes, at: index, lineStart: lineStart,
                    inTable: table < tables.count && tables[table].contains(index))
            {
                (skipped, backslashes) = (end, 0)
                continue
            }
            let escaped = backslashes % 2 == 1
            // A table's row splits its cells before their code is read: there the backticks stay as they are.
            if byte == UInt8(ascii: "`"), !escaped, !(table < tables.count && tables[table].contains(index)) {
                // The run from here; one that opens no span is text, all of it.
                let end = bytes[index...].firstIndex { $0 != UInt8(ascii: "`") } ?? bytes.count
                (skipped, backslashes) = (backticks.spanEnd(from: index, to: end, paragraph: paragraph) ?? end, 0)
                continue
            }
            backslashes = byte == 0x5C ? backslashes + 1 : 0
            if byte == UInt8(ascii: "["), !escaped {
                open.openers.append((index, index > 0 && bytes[index - 1] == UInt8(ascii: "!"), true))
            } else if byte == UInt8(ascii: "]"), !escaped, open.close(at: index) {
                closed.append(index)
            }
        }
        return closed
    }

    /// The `[` and `![` open in a paragraph, as cmark-gfm's bracket stack holds them.
    private struct BracketStack {
        let bytes: [UInt8]
        let labels: Set<String>
        var openers: [(start: Int, image: Bool, active: Bool)] = []

        init(bytes: [UInt8], labels: Set<String>) {
            self.bytes = bytes
            self.labels = labels
        }

        /// Closes the nearest opener with the `]` at `index`; whether it was active, so that a link may follow.
        /// A link it makes (an inline link whose `)` comes, or a reference to a defined label) deactivates the
        /// `[` before it.
        mutating func close(at index: Int) -> Bool {
            guard let opener = openers.popLast() else { return false }
            guard opener.active else { return false }
            if !opener.image, makesLink(opener: opener.start, close: index) {
                for position in openers.indices where !openers[position].image { openers[position].active = false }
            }
            return true
        }

        private func makesLink(opener: Int, close: Int) -> Bool {
            let next = close + 1
            if next < bytes.count, bytes[next] == UInt8(ascii: "("), inlineLinkSpaces(bytes, from: next + 1) != nil {
                return true
            }
            guard !labels.isEmpty else { return false }
            var label = bytes[(opener + 1)..<close]
            if next < bytes.count, bytes[next] == UInt8(ascii: "["),
                let end = bytes[(next + 1)...].prefix(1000).firstIndex(of: UInt8(ascii: "]")),
                !bytes[(next + 1)..<end].contains(UInt8(ascii: "["))
            {
                // A full reference names its label; a collapsed one (`[]`) takes the text's.
                if end > next + 1 { label = bytes[(next + 1)..<end] }
            }
            return label.count <= 999 && labels.contains(Footnotes.normalized(String(decoding: label, as: UTF8.self)))
        }
    }

    /// Where the bare URL that cmark-gfm's autolink extension reads at `index` ends (``Autolinks/bareURLEnd(_:at:)``),
    /// if one starts there: at a line's start or after a space, a tab, `*`, `_`, `~` or a `(` that opens no
    /// link's destination (a form feed or a vertical tab is no white space to `cmark_isspace` in 0.29). A
    /// bracket or a backtick in it is the URL's and starts no link or code (`www.[](<v` and a form feed `>`
    /// is a URL, then a tag; so is ``http://e`[](<u`` and a form feed `>`). A `|` in a table's row
    /// (``tableRowSpans(_:)``) ends it, as the row splits its cells before their inlines are read.
    private static func bareURLEnd(_ bytes: [UInt8], at index: Int, lineStart: Int, inTable: Bool) -> Int? {
        guard "wWhHfF".utf8.contains(bytes[index]) else { return nil }
        if index > 0 {
            let byte = bytes[index - 1]
            let opensDestination = byte == UInt8(ascii: "(") && index >= 2 && bytes[index - 2] == UInt8(ascii: "]")
            // Right after a block quote's marker, the URL starts its paragraph's text.
            let startsText = byte == UInt8(ascii: ">") && containerPrefix(bytes[lineStart..<index]) == index
            guard " \t\n\r*_~(".utf8.contains(byte) || startsText, !opensDestination else { return nil }
        }
        guard let end = Autolinks.bareURLEnd(bytes, at: index) else { return nil }
        return inTable ? bytes[index..<end].firstIndex(of: UInt8(ascii: "|")) ?? end : end
    }

    /// The starts of the lines that begin another paragraph, roughly as cmark-gfm reads blocks: a line after
    /// a blank one, after a heading, a thematic break or a setext underline (each a block's last line), a
    /// line of indented code and the one after it, and a line that interrupts a paragraph (in a list item,
    /// counted from the item's content), or, in a list item, starts another item; a `>` line after another
    /// goes on the quote's paragraph unless what follows its `>` interrupts it.
    static func paragraphBreaks(_ bytes: [UInt8]) -> [Int] {
        var breaks: [Int] = []
        var start = 0
        // What the line before was: blank, the last line of a block (or code), paragraph text.
        var (previousBlank, previousEnds, previousText) = (true, false, false)
        // The content column of the list item the paragraph's first line starts, and whether that line is a
        // block quote's (whose paragraph lazy lines go on).
        var (item, inQuote): (Int?, Bool) = (nil, false)
        var html: OpenHTMLBlock?
        while start < bytes.count {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            let next = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
            let line = bytes[start..<end]
            let text = line.drop { $0 == 0x20 || $0 == 0x09 }
            let indent = SourceLines.advance(0, over: Substring(decoding: line[..<text.startIndex], as: UTF8.self))
            let blank = text.isEmpty
            let quote = indent < 4 && text.first == UInt8(ascii: ">")
            if let open = html {
                html = nil
                switch open.read(line, indent: indent, blank: blank, quote: quote) {
                case .left: (previousBlank, previousEnds) = (false, true)
                case .endedByBlankLine: break
                case .ended:
                    (previousBlank, previousEnds, previousText) = (false, true, false)
                    start = next
                    continue
                case .held:
                    html = open
                    start = next
                    continue
                }
            }
            // Where the line's text starts past the item's content, for what may interrupt the paragraph there.
            var (from, column) = (start, 0)
            while let item, indent >= item, from < text.startIndex {
                let next = bytes[from] == 0x09 ? column + 4 - column % 4 : column + 1
                if next > item { break }
                (from, column) = (from + 1, next)
            }
            let interrupts =
                quote && inQuote && !previousBlank
                ? interruptsParagraph(bytes, lineAt: text.startIndex + 1 + (text.dropFirst().first == 0x20 ? 1 : 0))
                : interruptsParagraph(bytes, lineAt: from)
            // In a list item, a line with a list marker starts another item, whatever its number.
            let prefix = containerPrefix(line)
            let marked = line[..<prefix].contains { "-+*.)".utf8.contains($0) }
            let starts = start == 0 || previousBlank || previousEnds
            // Indented code outside containers, where no paragraph goes on.
            let code = starts && item == nil && !quote && !marked && indent >= 4 && !blank
            let content = SourceLines.advance(0, over: Substring(decoding: line[..<prefix], as: UTF8.self))
            let afterPrefix = bytes[prefix..<end]
            let htmlText = afterPrefix.drop { $0 == 0x20 }
            let opensHTML =
                afterPrefix.count - htmlText.count < 4
                ? htmlBlock(htmlText, startsParagraph: starts || marked || line[..<prefix].contains(UInt8(ascii: ">")))
                : nil
            if start > 0, !blank, starts || interrupts || (item != nil && marked) || opensHTML != nil {
                breaks.append(start)
            }
            if start == 0 || (!blank && (starts || interrupts || (item != nil && marked))) {
                (item, inQuote) = (marked ? content : nil, quote)
            }
            if let opensHTML, !opensHTML.ends(htmlText) || opensHTML == .blankLine {
                html = OpenHTMLBlock(
                    end: opensHTML, quoted: line[..<prefix].contains(UInt8(ascii: ">")), item: marked ? content : nil)
                (previousBlank, previousEnds, previousText) = (false, false, false)
                start = next
                continue
            }
            let underline =
                previousText && !interrupts && indent < 4
                && Tables.isSetextUnderline(Substring(decoding: text, as: UTF8.self), allowingEquals: true)
            // After its containers' markers (`2. # h` is a heading in an item).
            previousEnds = endsParagraph(bytes[prefix..<end]) || underline || code
            (previousBlank, previousText) = (blank, !blank && !previousEnds)
            start = next
        }
        return breaks
    }

    /// An HTML block open across lines (``paragraphBreaks(_:)``): what ends it, and whether it is in a quote or
    /// a list item (whose content column a line indented less leaves); its lines are no paragraph's.
    private struct OpenHTMLBlock {
        var end: HTMLBlockEnd
        var quoted: Bool
        var item: Int?

        enum Reading { case held, ended, endedByBlankLine, left }

        /// What a line does to the block: a line that leaves its container ends it (an HTML block has no lazy
        /// lines) and is read anew; a blank line that ends it is read as one.
        func read(_ line: ArraySlice<UInt8>, indent: Int, blank: Bool, quote: Bool) -> Reading {
            if quoted ? !quote : item.map({ !blank && indent < $0 }) ?? false { return .left }
            if end == .blankLine && blank { return .endedByBlankLine }
            return end.ends(line) ? .ended : .held
        }
    }

    /// The runs of backticks of a text, for code spans read left to right as cmark-gfm reads them: a run
    /// where no bare URL took it opens a span that the next run as long within the paragraph
    /// (``paragraphBreaks(_:)``) closes (a run in a URL closes one too: cmark-gfm looks for the closing run
    /// in the text ahead). A span across lines is taken only where its first line starts no fence and each
    /// line after starts, past its containers' markers, with what starts no block (a letter, a backtick or
    /// two): which lines a paragraph holds is otherwise the parse's to say (an HTML block or a definition
    /// may start).
    struct BacktickRuns {
        /// Each run by its length, in order, with its end and paragraph.
        private var byLength: [Int: [(start: Int, end: Int, paragraph: Int)]] = [:]
        /// Where each line starts.
        private var lineStarts: [Int] = [0]
        /// For each line, how many lines before it are not plain (``isPlain(_:)``): whether a span may cross
        /// lines is then told in constant time, however many spans cross the same lines.
        private var notPlainBefore: [Int] = []
        private let bytes: [UInt8]

        init(_ bytes: [UInt8], breaks: [Int]) {
            self.bytes = bytes
            guard bytes.contains(UInt8(ascii: "`")) else { return }
            var (paragraph, index) = (0, 0)
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                    lineStarts.append(index + 1)
                } else if byte == UInt8(ascii: "`") {
                    while paragraph < breaks.count, breaks[paragraph] <= index { paragraph += 1 }
                    let end = bytes[index...].firstIndex { $0 != UInt8(ascii: "`") } ?? bytes.count
                    byLength[end - index, default: []].append((index, end, paragraph))
                    index = end
                    continue
                }
                index += 1
            }
            notPlainBefore.reserveCapacity(lineStarts.count + 1)
            notPlainBefore.append(0)
            for line in lineStarts.indices { notPlainBefore.append(notPlainBefore[line] + (isPlain(line) ? 0 : 1)) }
        }

        /// Where the code span that the run from `start` to `end` in `paragraph` opens ends (after its
        /// closing run), if a run closes it.
        func spanEnd(from start: Int, to end: Int, paragraph: Int) -> Int? {
            guard let runs = byLength[end - start] else { return nil }
            // The first run of that length after this one, by a binary search.
            var (low, high) = (0, runs.count)
            while low < high {
                let middle = (low + high) / 2
                if runs[middle].start < end { low = middle + 1 } else { high = middle }
            }
            guard low < runs.count, runs[low].paragraph == paragraph else { return nil }
            let (first, last) = (line(of: start), line(of: runs[low].start))
            guard first == last || (!startsFence(first) && notPlainBefore[last + 1] == notPlainBefore[first + 1])
            else { return nil }
            return runs[low].end
        }

        /// The index of the line that holds `offset`.
        private func line(of offset: Int) -> Int {
            var (low, high) = (0, lineStarts.count)
            while low + 1 < high {
                let middle = (low + high) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle }
            }
            return low
        }

        /// A line's text past its containers' markers and white space.
        private func text(_ line: Int) -> ArraySlice<UInt8> {
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
            let whole = bytes[lineStarts[line]..<end]
            return whole[containerPrefix(whole)...].drop { $0 == 0x20 || $0 == 0x09 }
        }

        private func startsFence(_ line: Int) -> Bool {
            let text = text(line)
            return text.starts(with: "```".utf8) || text.starts(with: "~~~".utf8)
        }

        /// Whether a line goes on a paragraph whatever comes before it: its text starts with a letter, or
        /// with a character no block starts with.
        private func isPlain(_ line: Int) -> Bool {
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
            let whole = bytes[lineStarts[line]..<end]
            // Past quote markers only: a list item's marker or a footnote's label starts a block.
            let markers = whole[..<containerPrefix(whole)]
            guard markers.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }) else { return false }
            let text = text(line)
            guard let first = text.first else { return false }
            // A run of fewer than three backticks or tildes starts no fence.
            if first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
                return text.prefix(3).count { $0 == first } < 3
            }
            return (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")) || first >= 0x80
                || ",.;:!?'\"()/{}@$%&^\\".utf8.contains(first)
        }
    }

    /// The runs of white space of the inline link whose `(` is right before `start`, its destination and
    /// title read as cmark-gfm 0.29 reads them; nil when no `)` closes it.
    private static func inlineLinkSpaces(_ bytes: [UInt8], from start: Int) -> (
        spaces: [Range<Int>], destination: Range<Int>
    )? {
        // In a block quote the paragraph's later lines start with its markers, which the white space runs
        // over (`>[](` and a form feed, `>)`). Whether the link's line is in one is asked only of a link
        // across lines: at most once for each line, so the look back to its start stays linear.
        var quoteDepth: Int?
        func depth() -> Int {
            if let quoteDepth { return quoteDepth }
            let lineStart = bytes[..<start].lastIndex { $0 == 0x0A || $0 == 0x0D }.map { $0 + 1 } ?? 0
            let line = bytes[lineStart..<start]
            let found = line[..<containerPrefix(line)].count { $0 == UInt8(ascii: ">") }
            quoteDepth = found
            return found
        }
        func isQuoteMarker(_ index: Int) -> Bool { bytes[index] == UInt8(ascii: ">") && depth() > 0 }
        func skipSpaces(_ from: Int) -> Int {
            var index = from
            // Whether only white space and quote markers stand between a line ending and `index`.
            var linePrefix = false
            while index < bytes.count {
                if isSpaceChar(bytes[index]) {
                    linePrefix = linePrefix || bytes[index] == 0x0A || bytes[index] == 0x0D
                } else if !(linePrefix && isQuoteMarker(index)) {
                    break
                }
                index += 1
            }
            return index
        }
        var index = skipSpaces(start)
        var runs = [start..<index]
        guard let destinationEnd = destinationEnd(bytes, from: index) else { return nil }
        let destination = index..<destinationEnd
        index = skipSpaces(destinationEnd)
        runs.append(destinationEnd..<index)
        if index > destinationEnd, let titleEnd = titleEnd(bytes, from: index) {
            let after = skipSpaces(titleEnd)
            runs.append(titleEnd..<after)
            index = after
        }
        // A line that interrupts the paragraph ends it before the `)`.
        for run in runs {
            // A carriage return ends a line where no line feed follows it.
            for feed in run
            where bytes[feed] == 0x0A || (bytes[feed] == 0x0D && (feed + 1 == bytes.count || bytes[feed + 1] != 0x0A)) {
                // In a quote, what follows its markers; a blank line ends the paragraph too.
                let markers = bytes[(feed + 1)...].prefix { $0 == UInt8(ascii: ">") || $0 == 0x20 || $0 == 0x09 }
                let quoted = markers.firstIndex(of: UInt8(ascii: ">")).map(isQuoteMarker) ?? false
                // A `>` past the paragraph's quotes starts a quote of its own (`>[](`, then `>>)`).
                if quoted, markers.count(where: { $0 == UInt8(ascii: ">") }) > depth() { return nil }
                let line = quoted ? markers.endIndex : feed + 1
                let text = bytes[line...].drop { $0 == 0x20 || $0 == 0x09 }
                if text.first.map({ $0 == 0x0A || $0 == 0x0D }) ?? true || interruptsParagraph(bytes, lineAt: line) {
                    return nil
                }
            }
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: ")") ? (runs, destination) : nil
    }

    /// Whether the line at `start` starts a block that interrupts a paragraph, roughly as cmark-gfm reads
    /// it: within three spaces, a `>`, an ATX heading, a code fence, a thematic break, or a bullet or `1.`
    /// item that is not empty.
    private static func interruptsParagraph(_ bytes: [UInt8], lineAt start: Int) -> Bool {
        let end = bytes[min(start, bytes.count)...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        let line = bytes[min(start, end)..<end]
        let text = line.drop { $0 == 0x20 }
        guard line.count - text.count < 4, let first = text.first else { return false }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func item(after marker: Int) -> Bool {
            marker < text.count && isSpace(text[text.startIndex + marker])
                && text.dropFirst(marker).contains { !isSpace($0) }
        }
        if endsParagraph(line) { return true }
        switch first {
        case UInt8(ascii: ">"): return true
        case UInt8(ascii: "`"), UInt8(ascii: "~"): return text.prefix { $0 == first }.count >= 3
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): return item(after: 1)
        case UInt8(ascii: "1"):
            return text.count > 1 && ".)".utf8.contains(text[text.startIndex + 1]) && item(after: 2)
        default: return false
        }
    }

    /// Where the destination starting at `start` ends, by cmark-gfm 0.29's `manual_scan_link_url`, to which
    /// a form feed or vertical tab is no white space.
    private static func destinationEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ">"): return index + 1
                case UInt8(ascii: "\\"): index += 2
                case 0x0A, 0x0D, UInt8(ascii: "<"): return nil
                default: index += 1
                }
            }
            return nil
        }
        var open = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, isPunctuation(bytes[index + 1]) {
                index += 2
            } else if byte == UInt8(ascii: "(") {
                open += 1
                index += 1
                if open > 32 { return nil }
            } else if byte == UInt8(ascii: ")") {
                if open == 0 { break }
                open -= 1
                index += 1
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if index == start { return nil }
                break
            } else {
                index += 1
            }
        }
        return index < bytes.count ? index : nil
    }

    /// Where the link title starting at `start` ends (after its closing quote or parenthesis), by cmark's
    /// `link_title` scanner.
    static func titleEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        let close: UInt8
        switch bytes[start] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = bytes[start]
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return nil
        }
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, isPunctuation(bytes[index + 1]) {
                index += 2
            } else if byte == close {
                return index + 1
            } else if byte == 0 || (close == UInt8(ascii: ")") && byte == UInt8(ascii: "(")) {
                return nil
            } else {
                index += 1
            }
        }
        return nil
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}

// MARK: The extensions' scanners

extension FormFeeds {
    /// Task markers that a form feed or vertical tab leads (`- `, a form feed, `[x] `), by where their item's
    /// content starts, and what is parsed there in place of its first three bytes, with the lines they are on.
    /// cmark-gfm's `tasklist` scanner reads the line with the form feed as white space and then skips three
    /// bytes from the item's content, which starts at the form feed (`\f[x`): the paragraph holds what
    /// follows (`] `). Parsed as a marker written without the form feed (`[x] `) before that, unless the
    /// first parse made no list item of the line (`choices`).
    fileprivate static func taskMarkersAfterFormFeeds(_ bytes: [UInt8], choices: LineChoices) -> (
        markers: [Int: [UInt8]], lines: [Int]
    ) {
        guard bytes.contains(UInt8(ascii: "]")) else { return ([:], []) }
        var markers: [Int: [UInt8]] = [:]
        var lines: [Int] = []
        var (start, number) = (0, 1)
        while start < bytes.count {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
            let line = Array(bytes[start..<end])
            if let content = listItemContent(line), content < line.count,
                line[content] == 0x0B || line[content] == 0x0C,
                let markerEnd = TaskLists.markerEnd(line), content + 3 <= line.count,
                !choices.writtenTasks.contains(number)
            {
                markers[start + content] = Array("[".utf8) + [line[markerEnd - 2]] + Array("] ".utf8)
                lines.append(number)
            }
            start = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
            number += 1
        }
        return (markers, lines)
    }

    /// Where a list item's content starts on a line that may start one in cmark-gfm 0.29 (spaces and tabs, a
    /// bullet or an ordered marker, one to four columns of spaces and tabs): its first byte after the marker
    /// that is no space or tab. Five columns or more make the rest indented code after one column. Whether
    /// the item starts at all (an ordered one not at 1 interrupts no paragraph, one indented past its
    /// container's content is code) the first parse says.
    private static func listItemContent(_ line: [UInt8]) -> Int? {
        var (index, column) = (0, 0)
        func skipSpaces() {
            while index < line.count, line[index] == 0x20 || line[index] == 0x09 {
                column = line[index] == 0x09 ? column + 4 - column % 4 : column + 1
                index += 1
            }
        }
        skipSpaces()
        let (markerStart, markerColumn) = (index, column)
        guard index < line.count else { return nil }
        if "-+*".utf8.contains(line[index]) {
            index += 1
        } else {
            let digits = index
            while index < line.count, index - digits < 9, (0x30...0x39).contains(line[index]) { index += 1 }
            guard index > digits, index < line.count,
                line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")")
            else { return nil }
            index += 1
        }
        guard index < line.count, line[index] == 0x20 || line[index] == 0x09 else { return nil }
        let markerEnd = markerColumn + index - markerStart
        column = markerEnd
        skipSpaces()
        return column - markerEnd <= 4 ? index : nil
    }
}

extension FormFeeds {
    /// Where the run of cmark-gfm's `spacechar` (in its extensions' scanners: space, tab, vertical tab, form
    /// feed) that starts at `start` ends, a stand-in (``StandIn``) read as what it stands for.
    static func skipSpaceChars(_ bytes: [UInt8], from start: Int, standIn: StandIn?) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0B, 0x0C: index += 1
            case standIn?.verticalTab: index += 1
            default:
                guard let formFeed = standIn?.formFeed, bytes[index] == formFeed[0],
                    bytes[index...].starts(with: formFeed)
                else { return index }
                index += formFeed.count
            }
        }
        return index
    }
}
