internal import CCmark

/// Emphasis and strikethrough matched together, as cmark-gfm's `process_emphasis` matches `*`, `_` and `~` in
/// one delimiter stack: libcmark has matched `*` and `_` alone, so in `~~a *b~~ c*` it made `*b~~ c*` the
/// emphasis where cmark-gfm's strikethrough closes first. In blocks where a `~` and emphasis may meet, the
/// emphasis libcmark made is taken apart into its delimiter runs again (their source known from ``InlineSource``) and
/// every run of `*`, `_` and `~` is matched anew, with cmark-gfm's rules: flanking from the source bytes
/// around a run, the rule of three for all three characters, `~` runs of one or two only and closing only an
/// opener of the same length (an opener of another length stays where it is). With smart punctuation the
/// straight quotes are delimiters of the same stack (one character each), curled as cmark-gfm curls them.
enum Delimiters {
    private final class Run {
        var node: OpaquePointer
        let character: UInt8
        var length: Int
        let canOpen: Bool
        let canClose: Bool
        /// The length as the run was written, which the rule of three looks at.
        let originalLength: Int

        init(node: OpaquePointer, character: UInt8, length: Int, canOpen: Bool, canClose: Bool) {
            self.node = node
            self.character = character
            self.length = length
            self.canOpen = canOpen
            self.canClose = canClose
            originalLength = length
        }
    }

    /// Rematches the delimiters of every paragraph and heading whose source could be walked and where
    /// libcmark's matching may differ from cmark-gfm's: where `~` and emphasis (or smart quotes) may meet,
    /// where emphasis may fall to the two versions' different lower bounds (``mayFallToLowerBounds(_:_:)``),
    /// or, with smart punctuation, where a quote follows `(` or `[`. Returns those blocks, which the
    /// strikethrough pass then leaves alone. `tildes`: whether `~` is a delimiter (the strikethrough
    /// extension is on). The characters of the footnote references of the blocks in `referencesAsText` are
    /// text (``isolateReferences(_:lines:entities:tildes:)``).
    static func apply(
        _ blocks: [OpaquePointer], lines: SourceLines, entities: EntityDecoder, smart: Bool, tildes: Bool,
        referencesAsText: Set<OpaquePointer> = []
    ) -> Set<OpaquePointer> {
        var done: Set<OpaquePointer> = []
        for block in blocks {
            let first = Tree.startLine(block)
            let last = Tree.endLine(block)
            let written = lines.bytes(from: first, through: last)
            // Tildes in a block whose references' runs were isolated are matched here, the strikethrough pass
            // not knowing the references' characters for text (`~~http://a/~x~~ [^_]`).
            let meets =
                tildes && lines.contains(from: first, through: last, anyOf: [UInt8(ascii: "~")])
                && (referencesAsText.contains(block) || mayMeet(block, source: written, smart: smart))
            guard
                meets
                    || (smart
                        && (written.withUnsafeBytes(mayHoldQuoteAfterBracket) || linksHoldQuote(block)
                            || mayRematchQuotes(written)))
                    || mayFallToLowerBounds(block, written),
                let source = InlineSource.make(for: block, lines: lines, entities: entities)
            else { continue }
            let scopes =
                [block]
                + Tree.all(block) {
                    (Tree.type($0) == CMARK_NODE_LINK || Tree.type($0) == CMARK_NODE_IMAGE) && !Tree.isAutolink($0)
                        && !Tree.isAngleAutolink($0, lines: lines)
                }
            let references = referencesAsText.contains(block) ? FootnoteReferences.spans(in: block, source) : []
            for scope in scopes.reversed() { rematch(scope, source, tildes: tildes, text: references) }
            // ``Footnotes`` finds a reference whole in one text node.
            if !references.isEmpty { Tree.consolidateText(block) }
            done.insert(block)
        }
        return done
    }

    /// Rematches the blocks where a footnote reference holds a `*`, `_` or `~`, with the reference's
    /// characters as text: cmark-gfm matches the runs inside a reference among themselves when its `]`
    /// closes it, so none pairs with one outside (`*a [^b*] c` is no emphasis), where libcmark's matching
    /// over the whole block may pair them. Returns those blocks, which the later passes over delimiters
    /// leave alone; their text nodes are merged again for ``FootnoteReferences``.
    static func isolateReferences(
        _ blocks: [OpaquePointer], lines: SourceLines, entities: EntityDecoder, tildes: Bool
    ) -> Set<OpaquePointer> {
        var done: Set<OpaquePointer> = []
        for block in blocks {
            let first = Tree.startLine(block)
            let last = Tree.endLine(block)
            // A reference's span starts at a `[^`: only a run after the block's first one may be inside one,
            // which the bytes tell before the block's source is made.
            let mayHoldRun = lines.bytes(from: first, through: last).withUnsafeBytes { bytes in
                guard let open = ByteSearch.firstIndex(of: referenceOpening, in: bytes) else { return false }
                let runs = tildes ? [UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~")] : [0x2A, 0x5F]
                return runs.contains { ByteSearch.next($0, in: bytes, from: open + 2, to: bytes.count) < bytes.count }
            }
            guard mayHoldRun, let source = InlineSource.make(for: block, lines: lines, entities: entities) else {
                continue
            }
            let spans = FootnoteReferences.spans(in: block, source)
            let holdsRun = spans.contains { span in
                source.raw[span].contains {
                    $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || (tildes && $0 == UInt8(ascii: "~"))
                }
            }
            guard holdsRun else { continue }
            let scopes =
                [block]
                + Tree.all(block) {
                    (Tree.type($0) == CMARK_NODE_LINK || Tree.type($0) == CMARK_NODE_IMAGE) && !Tree.isAutolink($0)
                        && !Tree.isAngleAutolink($0, lines: lines)
                }
            for scope in scopes.reversed() { rematch(scope, source, tildes: tildes, text: spans) }
            Tree.consolidateText(block)
            done.insert(block)
        }
        return done
    }

    private static let referenceOpening = Array("[^".utf8)
    private static let doubledStars = Array("**".utf8)
    private static let doubledUnderscores = Array("__".utf8)

    /// Whether the emphasis of a block may be matched otherwise by libcmark (CommonMark 0.30) than by
    /// cmark-gfm 0.29, whose `process_emphasis` differ in the lower bound a closer that found no opener
    /// sets for later closers: libcmark keeps one bound for every `_` run and one for each `*` run's length
    /// modulo 3 and whether it can open; cmark-gfm one for each length modulo 3, whatever the character
    /// (`**a*b*c d*`: `*<em>a<em>b</em>c d</em>` in libcmark, `**a<em>b</em>c d*` in cmark-gfm). A closer
    /// finds no opener that a later one would only by the rule of three, which takes a run of two or more;
    /// and such a closer leaves its characters as text, where libcmark's tree shows them. Where every
    /// run was matched, or all are single, both give the same tree.
    static func mayFallToLowerBounds(_ block: OpaquePointer, _ source: ArraySlice<UInt8>) -> Bool {
        let doubled = source.withUnsafeBytes { bytes in
            ByteSearch.firstIndex(of: doubledStars, in: bytes) != nil
                || ByteSearch.firstIndex(of: doubledUnderscores, in: bytes) != nil
        }
        guard doubled else { return false }
        // A closer that found no opener and can open (`a*b`) stays on the stack, and a later closer may
        // match it: then no run is left as text, yet the trees differ (`**x* a*b*c*`).
        if bothFlankedRun(source) { return true }
        var marks = TextMarks()
        Tree.forEachText(under: [block]) { node in
            marks.add(node, links: false, runs: true)
            return marks.runs
        }
        return marks.runs
    }

    /// Whether a text holds a doubled run (`**`, `__`) and a run of `*` or `_` that may both open and close
    /// (``bothFlankedRun(_:)``), where the two lower bounds may differ though no run is left as text.
    static func mayHoldBothFlankedRuns(_ text: String) -> Bool {
        guard ByteSearch.contains(text, "**") || ByteSearch.contains(text, "__") else { return false }
        var text = text
        return text.withUTF8 { bothFlankedRun(ArraySlice($0)) }
    }

    /// Whether a run of `*` or `_` has no white space on either side, where it may both open and close.
    private static func bothFlankedRun<Bytes: Collection<UInt8>>(_ source: Bytes) -> Bool where Bytes.Index == Int {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = source.startIndex
        while index < source.endIndex {
            let byte = source[index]
            guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") else {
                index += 1
                continue
            }
            let end = source[index...].firstIndex { $0 != byte } ?? source.endIndex
            if index > source.startIndex, end < source.endIndex, !isSpace(source[index - 1]), !isSpace(source[end]) {
                return true
            }
            index = end
        }
        return false
    }

    /// Whether a URL that the autolinks pass linked holds a quote. libcmark took the quote for a delimiter
    /// and may have paired it with one outside the URL, where cmark-gfm's stack never held it: in
    /// `'*www.a.com'b` the first quote finds no closer and stays an apostrophe (’), and in `'a *www.b('c d'`
    /// the last one closes the first.
    static func linksHoldQuote(_ block: OpaquePointer) -> Bool {
        !Tree.all(block) { node in
            guard Tree.isAutolink(node), let text = Tree.firstChild(node), Tree.isText(text) else { return false }
            return Tree.literal(text).utf8.contains { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") }
        }.isEmpty
    }

    /// Whether libcmark may curl a text's quotes otherwise than cmark-gfm: after `(` or `[`
    /// (``mayHoldQuoteAfterBracket(_:)``), or three of a kind (``mayRematchQuotes(_:)``).
    static func mayCurlOtherwise(_ bytes: UnsafeRawBufferPointer) -> Bool {
        mayHoldQuoteAfterBracket(bytes) || mayRematchQuotes(bytes)
    }

    /// Whether a block holds three quotes of a kind or more, where libcmark and cmark-gfm may curl them
    /// otherwise: cmark-gfm leaves a matched pair on the stack, so a later closing quote matches the nearer
    /// opener again and an opener before it stays unmatched (`''c''` is ’‘c’’), where libcmark takes the
    /// pair off (‘‘c’’).
    static func mayRematchQuotes<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var (single, double) = (0, 0)
        for byte in bytes {
            if byte == UInt8(ascii: "'") {
                single += 1
            } else if byte == UInt8(ascii: "\"") {
                double += 1
            }
            if single >= 3 || double >= 3 { return true }
        }
        return false
    }

    /// Whether `bytes` hold a straight quote right after `(` or `[`, where libcmark and cmark-gfm may curl
    /// it differently (``apply(_:lines:entities:smart:tildes:)``).
    static func mayHoldQuoteAfterBracket(_ bytes: UnsafeRawBufferPointer) -> Bool {
        [UInt8(ascii: "\""), UInt8(ascii: "'")].contains { quote in
            ByteSearch.contains(quote, in: bytes) {
                $0 > 0 && (bytes[$0 - 1] == UInt8(ascii: "(") || bytes[$0 - 1] == UInt8(ascii: "["))
            }
        }
    }

    /// Whether the one delimiter stack of cmark-gfm may match a block's `*`, `_` and `~` (or quotes) otherwise
    /// than libcmark's emphasis followed by the strikethrough pass in each inline container: where a `~` run
    /// is inside an emphasis (its partner may be outside, or a `~~` pair may enclose the emphasis's opener),
    /// where a `~` touches a `*` or `_` (whose flanking cmark-gfm reads past the `~`), or where quotes are
    /// curled in the same stack. Elsewhere the two give the same tree, and the strikethrough pass costs far
    /// less than taking the emphasis apart.
    private static func mayMeet(_ block: OpaquePointer, source: ArraySlice<UInt8>, smart: Bool) -> Bool {
        let tilde = UInt8(ascii: "~")
        // By memchr: a quote anywhere, or a `~` with a `*` or `_` on either side, or with a character
        // reference right after or before it: cmark-gfm's flanking rules read its `&` or `;` where the text
        // holds the character it stands for (`~-~&eacute;` is struck).
        let touches = source.withUnsafeBytes { bytes in
            func isEmphasis(_ at: Int) -> Bool {
                at >= 0 && at < bytes.count && (bytes[at] == UInt8(ascii: "*") || bytes[at] == UInt8(ascii: "_"))
            }
            func isReferenceEdge(_ at: Int) -> Bool {
                (at + 1 < bytes.count && bytes[at + 1] == UInt8(ascii: "&"))
                    || (at > 0 && bytes[at - 1] == UInt8(ascii: ";"))
            }
            let quoted =
                smart
                && [UInt8(ascii: "'"), UInt8(ascii: "\"")].contains {
                    ByteSearch.next($0, in: bytes, from: 0, to: bytes.count) < bytes.count
                }
            return quoted
                || ByteSearch.contains(tilde, in: bytes) {
                    isEmphasis($0 - 1) || isEmphasis($0 + 1) || isReferenceEdge($0)
                }
        }
        if touches { return true }
        var inside = false
        Tree.walk(block, into: { _ in !inside }) { node in
            guard !inside, Tree.isText(node),
                Tree.withLiteralBytes(
                    node,
                    {
                        ByteSearch.next(tilde, in: UnsafeRawBufferPointer($0), from: 0, to: $0.count) < $0.count
                    })
            else { return }
            var ancestor = Tree.parent(node)
            while let current = ancestor, current != block {
                let kind = Tree.type(current)
                if kind == CMARK_NODE_EMPH || kind == CMARK_NODE_STRONG { inside = true }
                ancestor = Tree.parent(current)
            }
        }
        return inside
    }

    /// Whether `index` lies in one of `spans` (sorted, apart): a binary search.
    private static func isInSpans(_ index: Int, _ spans: [Range<Int>]) -> Bool {
        guard !spans.isEmpty else { return false }
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < spans.count && spans[low].contains(index)
    }

    /// The scope's children with emphasis taken apart: text pieces, delimiter runs (as text nodes of their
    /// characters) and other nodes, in order, then matched.
    private static func rematch(
        _ scope: OpaquePointer, _ source: InlineSource, tildes: Bool, text spans: [Range<Int>] = []
    ) {
        // Characters in `spans` are text, never delimiters.
        func isText(_ index: Int) -> Bool { isInSpans(index, spans) }
        var pieces: [OpaquePointer] = []
        // Raw positions of delimiter characters, by the text node made for each.
        var delimiterStart: [OpaquePointer: Int] = [:]
        // Emphasis (or strikethrough) as its delimiter characters around its flattened children.
        func flattenDelimited(_ node: OpaquePointer, range: Range<Int>, character: UInt8, count: Int) {
            for offset in 0..<count {
                let text = Tree.text(String(UnicodeScalar(character)))
                if !isText(range.lowerBound + offset) { delimiterStart[text] = range.lowerBound + offset }
                pieces.append(text)
            }
            flatten(node)
            for offset in 0..<count {
                let text = Tree.text(String(UnicodeScalar(character)))
                let start = range.upperBound - count + offset
                if !isText(start) { delimiterStart[text] = start }
                pieces.append(text)
            }
        }
        func flatten(_ node: OpaquePointer) {
            var child = Tree.firstChild(node)
            while let current = child {
                child = Tree.next(current)
                switch Tree.type(current) {
                case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                    guard let range = source.ranges[current] else { return }
                    let count = Tree.type(current) == CMARK_NODE_EMPH ? 1 : 2
                    let character = source.raw[range.lowerBound]
                    flattenDelimited(current, range: range, character: character, count: count)
                case CMARK_NODE_CUSTOM_INLINE where tildes && Strikethrough.isStruck(current):
                    // Strikethrough matched before (around references kept apart) is matched again with the rest.
                    guard let range = source.ranges[current] else { return }
                    let count = source.raw[range].prefix { $0 == UInt8(ascii: "~") }.count
                    flattenDelimited(current, range: range, character: UInt8(ascii: "~"), count: min(count, 2))
                case CMARK_NODE_TEXT:
                    guard let span = source.texts[current] else {
                        cmark_node_unlink(current)
                        pieces.append(current)
                        continue
                    }
                    split(
                        current, span: span, source, tildes: tildes, isText: isText, into: &pieces,
                        starts: &delimiterStart)
                default:
                    cmark_node_unlink(current)
                    pieces.append(current)
                }
            }
        }
        flatten(scope)
        process(placed(pieces, delimiterStart: delimiterStart, in: scope, source, tildes: tildes))
    }

    /// A text node's pieces: its plain text decoded from the source, and each delimiter character (with
    /// smart punctuation, each quote libcmark curled) a text node of its own, its position in `starts`;
    /// characters at positions `isText` accepts stay plain.
    private static func split(
        _ node: OpaquePointer, span: InlineSource.TextSpan, _ source: InlineSource, tildes: Bool,
        isText: (Int) -> Bool, into pieces: inout [OpaquePointer], starts: inout [OpaquePointer: Int]
    ) {
        let offsets = source.literalOffsets(node)
        let literal = Tree.literalBytes(node)
        var plainStart = span.raw.lowerBound
        var index = span.raw.lowerBound
        var cursor = 0
        while index < span.raw.upperBound {
            let byte = source.raw[index]
            // With smart punctuation libcmark curled every quote of the text: a unit one byte long.
            let unit = InlineSource.unit(containing: index, in: span, cursor: &cursor)
            let isSmartQuote = unit?.raw.count == 1 && isQuote(byte)
            if let unit, !isSmartQuote {
                index = unit.raw.upperBound
                continue
            }
            if isSmartQuote || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
                || (tildes && byte == UInt8(ascii: "~")), !isText(index)
            {
                if index > plainStart {
                    let text = source.decoded(
                        node, raw: plainStart..<index, offsets: offsets, literal: literal)
                    pieces.append(Tree.text(bytes: text))
                }
                let text = Tree.text(String(UnicodeScalar(byte)))
                starts[text] = index
                pieces.append(text)
                plainStart = index + 1
            }
            index += 1
        }
        if plainStart < span.raw.upperBound {
            let text = source.decoded(
                node, raw: plainStart..<span.raw.upperBound, offsets: offsets, literal: literal)
            pieces.append(Tree.text(bytes: text))
        }
    }

    /// The pieces put in the scope in place of its old children, delimiter characters written next to each
    /// other joined into one text node a run, and the runs that can open or close.
    private static func placed(
        _ pieces: [OpaquePointer], delimiterStart: [OpaquePointer: Int], in scope: OpaquePointer,
        _ source: InlineSource, tildes: Bool
    ) -> [Run] {
        // The old children go (what was kept is in `pieces`, unlinked); the pieces take their place.
        while let child = Tree.firstChild(scope) { Tree.remove(child) }
        var runs: [Run] = []
        var index = 0
        while index < pieces.count {
            let piece = pieces[index]
            Tree.append(piece, to: scope)
            guard let start = delimiterStart[piece] else {
                index += 1
                continue
            }
            let character = source.raw[start]
            var length = 1
            // Delimiter characters written next to each other are one run, one text node; a quote is a run alone.
            while !isQuote(character), index + length < pieces.count, let next = delimiterStart[pieces[index + length]],
                next == start + length,
                source.raw[next] == character
            {
                Tree.remove(pieces[index + length])
                length += 1
            }
            let flanking = Self.flanking(source.raw, start, start + length, character, skippingTildes: tildes)
            // cmark-gfm's `handle_delim`: a quote starts as a closing one, `"` as an opening one if it cannot close.
            switch character {
            case UInt8(ascii: "'"): Tree.setLiteral(piece, "\u{2019}")
            case UInt8(ascii: "\""): Tree.setLiteral(piece, flanking.close ? "\u{201D}" : "\u{201C}")
            default: Tree.setLiteral(piece, String(repeating: String(UnicodeScalar(character)), count: length))
            }
            let countsForTilde = character != UInt8(ascii: "~") || length <= 2
            if (flanking.open || flanking.close) && countsForTilde {
                runs.append(
                    Run(
                        node: piece, character: character, length: length, canOpen: flanking.open,
                        canClose: flanking.close))
            }
            index += length
        }
        return runs
    }

    /// cmark-gfm's `scan_delims`: whether a run can open and close, from the characters around it in the source.
    static func flanking(_ raw: [UInt8], _ start: Int, _ end: Int, _ character: UInt8, skippingTildes: Bool = true)
        -> (open: Bool, close: Bool)
    {
        // `~` is one of cmark-gfm's skip characters (the strikethrough extension registers it as emphasis):
        // `scan_delims` looks for the characters around a `*` or `_` run past any `~`, and a `~` at the
        // block's edge counts as a line end, so `*~a~*` opens and closes like `*a*` and `*~ ~*` does
        // neither. A `~` run's own flanking (`cmark_inline_parser_scan_delimiters`) skips nothing.
        let newline = Unicode.Scalar(UInt8(0x0A))
        let tilde = UInt8(ascii: "~")
        let skips = skippingTildes && character != tilde
        var beforeEnd = start
        while skips, beforeEnd > 1, raw[beforeEnd - 1] == tilde { beforeEnd -= 1 }
        var before = beforeEnd == 0 ? newline : CharacterClass.scalar(endingAt: beforeEnd, in: raw)
        if skips, before == "~" { before = newline }
        var afterStart = end
        while skips, afterStart < raw.count, raw[afterStart] == tilde { afterStart += 1 }
        let after = afterStart >= raw.count ? newline : CharacterClass.scalar(startingAt: afterStart, in: raw)
        let beforeSpace = CharacterClass.isSpace(before)
        let afterSpace = CharacterClass.isSpace(after)
        let beforePunct = CharacterClass.isPunctuation(before)
        let afterPunct = CharacterClass.isPunctuation(after)
        let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
        let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
        if character == UInt8(ascii: "_") {
            return (left && (!right || beforePunct), right && (!left || afterPunct))
        }
        if isQuote(character) {
            return (left && !right && before != "]" && before != ")", right)
        }
        return (left, right)
    }

    /// cmark-gfm's `process_emphasis` over the runs of one scope, in order, on a ``Stack`` of them.
    private static func process(_ runs: [Run]) {
        guard !runs.isEmpty else { return }
        var stack = Stack(count: runs.count)
        // Where the search for an opener stops, by character and closer length modulo 3 (`openers_bottom`):
        // the run before a closer that found none, or -1 for none. cmark-gfm keeps the delimiter itself and
        // compares identities, so a bound whose run has left the stack bounds nothing any more.
        var bottom: [UInt8: [Int]] = [:]
        var openers = Openers()
        var closerIndex = 0
        // Moves on to the next run on the stack; the run left behind is an opener for the closers after it.
        func advance() {
            if stack.live[closerIndex], runs[closerIndex].canOpen { openers.push(closerIndex, runs[closerIndex]) }
            closerIndex = stack.following[closerIndex]
        }
        while closerIndex < runs.count {
            let closer = runs[closerIndex]
            guard closer.canClose else {
                advance()
                continue
            }
            let bound = bottom[closer.character]?[closer.originalLength % 3] ?? -1
            let foundOpener = openers.nearest(
                for: closer, above: bound >= 0 && stack.live[bound] ? bound : -1, live: stack.live)
            if isQuote(closer.character) {
                // A quote pair curls both; the opener stays on the stack, as in cmark-gfm.
                let single = closer.character == UInt8(ascii: "'")
                Tree.setLiteral(closer.node, single ? "\u{2019}" : "\u{201D}")
                if let foundOpener {
                    Tree.setLiteral(runs[foundOpener].node, single ? "\u{2018}" : "\u{201C}")
                    advance()
                    continue
                }
            } else if let openerIndex = foundOpener, closer.character == UInt8(ascii: "~") {
                let opener = runs[openerIndex]
                if opener.length == closer.length {
                    wrap(Tree.custom(block: false, onEnter: "<del>", onExit: "</del>"), from: opener, to: closer)
                    Tree.remove(opener.node)
                    Tree.remove(closer.node)
                    stack.unlink(openerIndex, through: closerIndex)
                }
                advance()
                continue
            }
            if let openerIndex = foundOpener {
                let opener = runs[openerIndex]
                let used = closer.length >= 2 && opener.length >= 2 ? 2 : 1
                opener.length -= used
                closer.length -= used
                let character = String(UnicodeScalar(closer.character))
                Tree.setLiteral(opener.node, String(repeating: character, count: opener.length))
                Tree.setLiteral(closer.node, String(repeating: character, count: closer.length))
                guard let emphasis = cmark_node_new(used == 1 ? CMARK_NODE_EMPH : CMARK_NODE_STRONG) else { return }
                wrap(emphasis, from: opener, to: closer)
                // The runs between are used up.
                if stack.following[openerIndex] != closerIndex {
                    stack.unlink(stack.following[openerIndex], through: stack.previous[closerIndex])
                }
                if opener.length == 0 {
                    Tree.remove(opener.node)
                    stack.unlink(openerIndex, through: openerIndex)
                }
                if closer.length == 0 {
                    Tree.remove(closer.node)
                    stack.unlink(closerIndex, through: closerIndex)
                    advance()
                }
                continue
            }
            bottom[closer.character, default: [-1, -1, -1]][closer.originalLength % 3] = stack.previous[closerIndex]
            if !closer.canOpen { stack.unlink(closerIndex, through: closerIndex) }
            advance()
        }
    }

    /// The runs still on the delimiter stack, linked to their live neighbours as cmark's stack is: a match
    /// takes the runs between out in one step, where removing them from the array moved all the runs after
    /// (a block of many matches was quadratic). Positions compare as in the array, by original index.
    private struct Stack {
        var previous: [Int]
        var following: [Int]
        /// Whether each run is still on the stack.
        var live: [Bool]

        init(count: Int) {
            previous = Array(-1..<(count - 1))
            following = Array(1...count)
            live = [Bool](repeating: true, count: count)
        }

        /// Takes the runs `first` through `last` (linked) off the stack.
        mutating func unlink(_ first: Int, through last: Int) {
            var index = first
            while true {
                live[index] = false
                if index == last { break }
                index = following[index]
            }
            if previous[first] >= 0 { following[previous[first]] = following[last] }
            if following[last] < live.count { previous[following[last]] = previous[first] }
        }
    }

    private static func isQuote(_ character: UInt8) -> Bool {
        character == UInt8(ascii: "'") || character == UInt8(ascii: "\"")
    }

    /// The runs that can open, met so far, in stacks by what the rule of three looks at: character, length
    /// modulo 3 and whether the run can close. A closer's opener is the nearest run on the stack it may
    /// pair with; whether it may depends on those three alone, so the nearest is the highest of the stacks'
    /// live tops, found without walking back over the runs that it may not pair with (a bound lifted when
    /// its run leaves the stack made that walk quadratic in the number of runs).
    private struct Openers {
        private var stacks: [Int: [Int]] = [:]

        private static func key(_ character: UInt8, _ lengthModulo3: Int, _ canClose: Bool) -> Int {
            Int(character) << 3 | lengthModulo3 << 1 | (canClose ? 1 : 0)
        }

        mutating func push(_ index: Int, _ run: Run) {
            stacks[Self.key(run.character, run.originalLength % 3, run.canClose), default: []].append(index)
        }

        /// The opener of `closer`: the highest run above `stop` (-1 for none) still `live` that it may pair
        /// with (cmark-gfm's `process_emphasis`, its rule of three included).
        mutating func nearest(for closer: Run, above stop: Int, live: [Bool]) -> Int? {
            var best = -1
            for lengthModulo3 in 0..<3 {
                for canClose in [false, true] {
                    let allowed =
                        !(closer.canOpen || canClose) || closer.originalLength % 3 == 0
                        || (lengthModulo3 + closer.originalLength) % 3 != 0
                    let key = Self.key(closer.character, lengthModulo3, canClose)
                    guard allowed else { continue }
                    // Runs leave the stack for good: those on top are dropped when met, in place.
                    while let top = stacks[key]?.last, !live[top] { stacks[key]?.removeLast() }
                    if let top = stacks[key]?.last, top > stop, top > best { best = top }
                }
            }
            return best >= 0 ? best : nil
        }
    }

    /// Puts `container` after the opener's node and moves every node up to the closer's into it.
    private static func wrap(_ container: OpaquePointer, from opener: Run, to closer: Run) {
        Tree.insert(container, after: opener.node)
        while let next = Tree.next(container), next != closer.node {
            cmark_node_unlink(next)
            Tree.append(next, to: container)
        }
    }
}
