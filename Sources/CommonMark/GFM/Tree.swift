internal import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The libcmark tree edits the extensions make, on raw node pointers: they run inside ``Document``'s
/// initialiser, before any ``Node`` exists.
enum Tree {
    typealias Pointer = OpaquePointer

    static func type(_ node: Pointer) -> cmark_node_type { cmark_node_get_type(node) }
    static func parent(_ node: Pointer) -> Pointer? { cmark_node_parent(node) }
    static func next(_ node: Pointer) -> Pointer? { cmark_node_next(node) }
    static func previous(_ node: Pointer) -> Pointer? { cmark_node_previous(node) }
    static func firstChild(_ node: Pointer) -> Pointer? { cmark_node_first_child(node) }
    static func lastChild(_ node: Pointer) -> Pointer? { cmark_node_last_child(node) }
    /// The node's containers, innermost first, up to the document (which is not one of them).
    static func ancestors(of node: Pointer) -> [Pointer] {
        var found: [Pointer] = []
        var ancestor = parent(node)
        while let current = ancestor, type(current) != CMARK_NODE_DOCUMENT {
            found.append(current)
            ancestor = parent(current)
        }
        return found
    }

    /// How many ancestors below the document each of `nodes` has, each ancestor counted once: a chain of
    /// nested nodes costs as many steps as it is long, where counting each node's ancestors anew cost the
    /// square of it (a line of thousands of nested definitions).
    static func depths(of nodes: [Pointer]) -> [Pointer: Int] {
        var known: [Pointer: Int] = [:]
        for node in nodes {
            var chain: [Pointer] = []
            var current: Pointer? = node
            var depth = -1
            while let at = current, type(at) != CMARK_NODE_DOCUMENT {
                if let found = known[at] {
                    depth = found
                    break
                }
                chain.append(at)
                current = parent(at)
            }
            for link in chain.reversed() {
                depth += 1
                known[link] = depth
            }
        }
        return known
    }

    /// The runs of two lines or more in each of `containers` that no child of it holds (before its first
    /// child, between two, after its last): where libcmark took a paragraph out whole as link reference
    /// definitions. Each container's children are read once. The document's lines run to `lineCount`.
    static func unheldLines(in containers: [Pointer], lineCount: Int) -> [(container: Pointer, first: Int, last: Int)] {
        var runs: [(container: Pointer, first: Int, last: Int)] = []
        for container in containers {
            let isDocument = type(container) == CMARK_NODE_DOCUMENT
            var line = isDocument ? 1 : startLine(container)
            var child = firstChild(container)
            while true {
                let end = child.map { startLine($0) - 1 } ?? (isDocument ? lineCount : endLine(container))
                if end > line { runs.append((container, line, end)) }
                guard let current = child else { break }
                line = max(line, endLine(current) + 1)
                child = next(current)
            }
        }
        return runs
    }

    /// The node's ancestor (or the node) that is a child of the document.
    static func outermostBlock(of node: Pointer) -> Pointer {
        ancestors(of: node).last ?? node
    }

    static func startLine(_ node: Pointer) -> Int { Int(cmark_node_get_start_line(node)) }
    /// The last line of a node; libcmark ends a setext heading followed by a blank line at column 0 of
    /// that blank line, which holds none of it.
    static func endLine(_ node: Pointer) -> Int {
        let line = Int(cmark_node_get_end_line(node))
        let isHeadingAtBlank = cmark_node_get_end_column(node) == 0 && type(node) == CMARK_NODE_HEADING
        return isHeadingAtBlank && line > startLine(node) ? line - 1 : line
    }
    static func startColumn(_ node: Pointer) -> Int { Int(cmark_node_get_start_column(node)) }
    /// The line the block after a node starts on (its next sibling's, or the next of an ancestor's), if any.
    static func nextBlockLine(after node: Pointer) -> Int? {
        var current = node
        while next(current) == nil, let up = parent(current) { current = up }
        return next(current).map(startLine)
    }

    static func children(_ node: Pointer) -> [Pointer] {
        var result: [Pointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    static func literal(_ node: Pointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// What a custom node writes before its children.
    static func onEnter(_ node: Pointer) -> String {
        cmark_node_get_on_enter(node).map { String(cString: $0) } ?? ""
    }

    static func url(_ node: Pointer) -> String? {
        cmark_node_get_url(node).map { String(cString: $0) }
    }

    /// What a custom node writes after its children.
    static func onExit(_ node: Pointer) -> String {
        cmark_node_get_on_exit(node).map { String(cString: $0) } ?? ""
    }

    /// Calls `body` with a text node's literal in place, without copying it.
    static func withLiteralBytes<Result>(_ node: Pointer, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let text = cmark_node_get_literal(node) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(
            UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }

    /// A node's literal as bytes, copied once from libcmark's buffer without a `String` between.
    static func literalBytes(_ node: Pointer) -> [UInt8] {
        withLiteralBytes(node) { Array($0) }
    }

    /// libcmark copies the bytes: `withCString` lends the string's own, where passing a `String` as
    /// a C string copied it into an array first (a twentieth of the extensions' work on a large document).
    static func setLiteral(_ node: Pointer, _ text: String) {
        text.withCString { _ = cmark_node_set_literal(node, $0) }
    }

    /// Bytes go in as they are: a literal may hold bytes that are not UTF-8 (libcmark writes `&#xffff;` and
    /// `&#xfffe;` as the single bytes 0xFF and 0xFE, as cmark-gfm does), which a `String` would replace.
    static func setLiteral(_ node: Pointer, bytes: some Collection<UInt8>) {
        withCString(bytes) { _ = cmark_node_set_literal(node, $0) }
    }

    /// Joins a text node and the text node after it into the first.
    static func mergeNext(into node: Pointer) {
        guard let after = next(node), isText(after) else { return }
        setLiteral(node, bytes: literalBytes(node) + literalBytes(after))
        remove(after)
    }

    private static func withCString(_ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>?) -> Void) {
        var terminated = Array(bytes)
        terminated.append(0)
        terminated.withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress) }
        }
    }

    private static func bytes(_ text: UnsafePointer<CChar>?) -> [UInt8]? {
        text.map {
            Array(
                UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
        }
    }

    /// Every node of the tree in document order, containers before what they hold.
    static func all(_ root: Pointer, where wanted: (Pointer) -> Bool = { _ in true }) -> [Pointer] {
        var found: [Pointer] = []
        walk(root, into: { _ in true }) { if wanted($0) { found.append($0) } }
        return found
    }

    /// The block nodes under `root` (and `root`) that are wanted, in document order; inlines are not visited,
    /// which most of a tree's nodes are, so finding the paragraphs or items of a document reads a fraction
    /// of its nodes.
    static func blocks(_ root: Pointer, where wanted: (Pointer) -> Bool) -> [Pointer] {
        var found: [Pointer] = []
        walk(root, into: holdsBlocks) { if wanted($0) { found.append($0) } }
        return found
    }

    /// The paragraphs and headings under `root`, in document order.
    static func paragraphsAndHeadings(_ root: Pointer) -> [Pointer] {
        blocks(root) {
            let kind = cmark_node_get_type($0)
            return kind == CMARK_NODE_PARAGRAPH || kind == CMARK_NODE_HEADING
        }
    }

    /// The text nodes under `root` that are not inside a link or image, whose text extensions leave alone.
    static func textsOutsideLinks(_ root: Pointer) -> [Pointer] {
        var found: [Pointer] = []
        walk(root, into: { !isLink($0) }) { if isText($0) { found.append($0) } }
        return found
    }

    /// Whether a node's children are blocks: the document, block quotes, lists, items and custom blocks
    /// (a table's rows hold its cells, custom inlines, which are visited but not entered).
    static func holdsBlocks(_ node: Pointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_CUSTOM_BLOCK:
            true
        default: false
        }
    }

    /// Visits `root` and the nodes under it in document order, entering only the nodes `enters` accepts; by
    /// the nodes' own links, without an iterator to allocate. The tree must not change during the walk.
    static func walk(_ root: Pointer, into enters: (Pointer) -> Bool, _ visit: (Pointer) -> Void) {
        var node: Pointer? = root
        while let current = node {
            visit(current)
            if enters(current), let child = cmark_node_first_child(current) {
                node = child
                continue
            }
            node = nil
            var climbing = current
            while climbing != root {
                if let sibling = cmark_node_next(climbing) {
                    node = sibling
                    break
                }
                guard let up = cmark_node_parent(climbing) else { break }
                climbing = up
            }
        }
    }

    static func text(_ literal: String) -> Pointer {
        let node = cmark_node_new(CMARK_NODE_TEXT)!
        setLiteral(node, literal)
        return node
    }

    static func text(bytes: some Collection<UInt8>) -> Pointer {
        let node = cmark_node_new(CMARK_NODE_TEXT)!
        setLiteral(node, bytes: bytes)
        return node
    }

    static func link(to url: String, text: String) -> Pointer {
        let node = cmark_node_new(CMARK_NODE_LINK)!
        url.withCString { _ = cmark_node_set_url(node, $0) }
        cmark_node_append_child(node, Self.text(text))
        return node
    }

    /// A link the autolink extension made: cmark-gfm reads a bare URL whole before any delimiter in it, so
    /// strikethrough does not look into its text. It is told by its user data, which nothing else sets.
    static func autolink(to url: String, text: String) -> Pointer {
        let node = link(to: url, text: text)
        cmark_node_set_user_data(node, autolinkMark)
        return node
    }

    /// Puts back what was stood in for during the parse, everywhere under `root`: every literal (text, code,
    /// HTML) and every attribute (``rewriteAttributes(of:_:)``) that `transform` rewrites; `codeBlock` is
    /// called for each code block after its literal, for its info string.
    static func restoreStandIns(
        under root: Pointer, _ transform: ([UInt8]) -> [UInt8]?, codeBlock: (Pointer) -> Void = { _ in }
    ) {
        walk(root, into: { _ in true }) { node in
            switch type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if let bytes = transform(literalBytes(node)) { setLiteral(node, bytes: bytes) }
                if type(node) == CMARK_NODE_CODE_BLOCK { codeBlock(node) }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_CUSTOM_INLINE, CMARK_NODE_CUSTOM_BLOCK:
                rewriteAttributes(of: node, transform)
            default: break
            }
        }
    }

    /// Gives a link or image its destination and title, and a custom node what it writes, as `transform`
    /// rewrites them (nil leaves one as it is): how a character stood in for during the parse is put back.
    /// Bytes as in ``setLiteral(_:bytes:)``: a destination or title may hold what is not UTF-8.
    static func rewriteAttributes(of node: Pointer, _ transform: ([UInt8]) -> [UInt8]?) {
        switch type(node) {
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            if let text = bytes(cmark_node_get_url(node)).flatMap(transform) {
                withCString(text) { _ = cmark_node_set_url(node, $0) }
            }
            if let text = bytes(cmark_node_get_title(node)).flatMap(transform) {
                withCString(text) { _ = cmark_node_set_title(node, $0) }
            }
        case CMARK_NODE_CUSTOM_INLINE, CMARK_NODE_CUSTOM_BLOCK:
            if let text = bytes(cmark_node_get_on_enter(node)).flatMap(transform) {
                withCString(text) { _ = cmark_node_set_on_enter(node, $0) }
            }
            if let text = bytes(cmark_node_get_on_exit(node)).flatMap(transform) {
                withCString(text) { _ = cmark_node_set_on_exit(node, $0) }
            }
        default: break
        }
    }

    static func isAutolink(_ node: Pointer) -> Bool { cmark_node_get_user_data(node) == autolinkMark }

    /// A tag, never dereferenced.
    private static var autolinkMark: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }

    /// A custom inline (no line breaks of its own) or block (libcmark puts each of its ends on a line).
    static func custom(block: Bool, onEnter: String, onExit: String) -> Pointer {
        let node = cmark_node_new(block ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE)!
        onEnter.withCString { _ = cmark_node_set_on_enter(node, $0) }
        onExit.withCString { _ = cmark_node_set_on_exit(node, $0) }
        return node
    }

    @discardableResult
    static func insert(_ node: Pointer, before sibling: Pointer) -> Bool {
        cmark_node_insert_before(sibling, node) == 1
    }
    @discardableResult
    static func insert(_ node: Pointer, after sibling: Pointer) -> Bool { cmark_node_insert_after(sibling, node) == 1 }
    @discardableResult
    static func append(_ node: Pointer, to parent: Pointer) -> Bool { cmark_node_append_child(parent, node) == 1 }
    @discardableResult
    static func prepend(_ node: Pointer, to parent: Pointer) -> Bool { cmark_node_prepend_child(parent, node) == 1 }

    /// Takes a node (and what it holds) out of the tree and frees it.
    static func remove(_ node: Pointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// Moves every child of `source` to the end of `target`.
    static func moveChildren(of source: Pointer, to target: Pointer) {
        while let child = cmark_node_first_child(source) {
            cmark_node_unlink(child)
            if cmark_node_append_child(target, child) != 1 { cmark_node_free(child) }
        }
    }

    static func consolidateText(_ root: Pointer) { cmark_consolidate_text_nodes(root) }

    /// A tree libcmark parses from bytes, the caller's to free; nil when it could not allocate one. A block
    /// read again reads destinations that leave a `(` open as the document's parse reads them
    /// (``UnbalancedDestinations``).
    static func parse(_ bytes: [UInt8], smart: Bool) -> Pointer? {
        let options = smart ? CMARK_OPT_SMART : CMARK_OPT_DEFAULT
        let parseText = { (text: String) -> Pointer? in
            var text = text
            return text.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, options) }
            }
        }
        return UnbalancedDestinations.parse(String(decoding: bytes, as: UTF8.self), parse: parseText)
    }

    /// Whether the source holds what may be an empty link title: `""`, `''` or `()` after white space. What
    /// follows it does not matter: a definition whose title has text after it on its line goes on without
    /// it, and libcmark keeps the empty title it read (`[a]:b`, then `''<`).
    static func mayHoldEmptyTitle(_ source: String) -> Bool {
        ["\"\"", "''", "()"].contains { needle in
            ByteSearch.contains(source, needle) { bytes, index in
                index > 0 && (bytes[index - 1] == 0x20 || (0x09...0x0D).contains(bytes[index - 1]))
            }
        }
    }

    /// Sets each empty link or image title anew, which libcmark then leaves out of the HTML as cmark-gfm does.
    static func dropEmptyTitles(_ root: Pointer) {
        walk(root, into: { _ in true }) { node in
            let kind = type(node)
            guard kind == CMARK_NODE_LINK || kind == CMARK_NODE_IMAGE, let title = cmark_node_get_title(node),
                title.pointee == 0
            else { return }
            cmark_node_set_title(node, nil)
        }
    }

    /// Whether `ancestor` holds `node` at some depth.
    static func isAncestor(_ ancestor: Pointer, of node: Pointer) -> Bool {
        var current = parent(node)
        while let next = current {
            if next == ancestor { return true }
            current = parent(next)
        }
        return false
    }

    /// Makes lists loose as cmark does around a block that ends in a line it reads as blank, which
    /// libcmark's tree does not show (a table without body rows, a footnote definition with nothing after
    /// its colon): through the last child of an item and the last item of a list, as cmark's
    /// `S_ends_with_blank_line` looks, a list is loose when such a block is followed by another block in
    /// its item or by another item. Each list's check marks the lists and items it passes as checked, and a
    /// later check answers there with the list's own `last_line_blank`, which is not set: past the first
    /// list whose check passes through a list, the lists around stay as they are. A check of the block itself
    /// marks only the block, which, unless it is a list, answers for itself again (a definition is a block of
    /// its own to cmark-gfm) to the next list's check, where only a paragraph of link reference definitions
    /// followed it.
    ///
    /// - Parameters:
    ///   - followed: Whether the block has a next sibling in cmark-gfm's tree that it has not here.
    ///   - isDefinition: Whether an item is a footnote definition, which cmark-gfm's tree has as a block of
    ///     its own that `S_ends_with_blank_line` does not look into.
    ///   - followedByLinkDefinitions: Whether a block, the last of its item, was followed by a paragraph of
    ///     link reference definitions when cmark finalized the item's list: the paragraph leaves no block
    ///     after, but counted then (``Footnotes/isFollowedByLinkDefinitions(_:source:)``).
    static func loosenLists(
        endingInBlankLine block: Pointer, followed: Bool = false, isDefinition: (Pointer) -> Bool,
        followedByLinkDefinitions: (Pointer) -> Bool = { _ in false }
    ) {
        let answersAgain = type(block) != CMARK_NODE_LIST || firstChild(block).map(isDefinition) == true
        var current = block
        var followed = followed
        while let item = parent(current), type(item) == CMARK_NODE_ITEM, !isDefinition(item), let list = parent(item) {
            let last = !followed && next(current) == nil && next(item) == nil
            if !last || followedByLinkDefinitions(current) {
                cmark_node_set_list_tight(list, 0)
                // Only a paragraph of link reference definitions, gone when the next list is finalized,
                // leaves the block last for that list's check.
                guard last, current == block, answersAgain else { return }
            }
            followed = false
            current = list
        }
    }

    static func isText(_ node: Pointer) -> Bool { cmark_node_get_type(node) == CMARK_NODE_TEXT }

    /// Calls `visit` with each text node under `blocks`, in document order, until it returns true: what
    /// libcmark left as text, where a pass over the source would also look in link destinations, code and
    /// raw HTML.
    static func forEachText(under blocks: [Pointer], _ visit: (Pointer) -> Bool) {
        var done = false
        for block in blocks where !done {
            walk(block, into: { _ in !done }) { node in
                guard !done, isText(node) else { return }
                done = visit(node)
            }
        }
    }

    /// How many block quotes nodes are in and the innermost of them, remembered for each node asked about
    /// and its ancestors: a tree of thousands of nested containers is climbed once, not once for each.
    struct QuoteAncestry {
        private var known: [Pointer: (depth: Int, innermost: Pointer?)] = [:]

        mutating func of(_ node: Pointer) -> (depth: Int, innermost: Pointer?) {
            var path: [Pointer] = []
            var current = node
            var found: (depth: Int, innermost: Pointer?) = (0, nil)
            while let parent = cmark_node_parent(current) {
                if let answer = known[current] {
                    found = answer
                    break
                }
                path.append(current)
                current = parent
            }
            // From the outermost node up the path, each node's answer from its parent's.
            for node in path.reversed() {
                if let parent = cmark_node_parent(node), cmark_node_get_type(parent) == CMARK_NODE_BLOCK_QUOTE {
                    found = (found.depth + 1, parent)
                }
                known[node] = found
            }
            return known[node] ?? found
        }
    }

    /// How many block quotes a node is in.
    static func quoteDepth(of node: Pointer) -> Int {
        var quotes = 0
        var ancestor = cmark_node_parent(node)
        while let current = ancestor {
            if cmark_node_get_type(current) == CMARK_NODE_BLOCK_QUOTE { quotes += 1 }
            ancestor = cmark_node_parent(current)
        }
        return quotes
    }
    /// Whether the block quotes around a node are all its containers: it is in at least one, and every
    /// container from the innermost quote up to the document is a quote.
    static func quotesReachMargin(of node: Pointer) -> Bool {
        let containers = ancestors(of: node)
        guard let innermost = containers.firstIndex(where: { type($0) == CMARK_NODE_BLOCK_QUOTE }) else {
            return false
        }
        return containers[innermost...].allSatisfy { type($0) == CMARK_NODE_BLOCK_QUOTE }
    }

    static func isLink(_ node: Pointer) -> Bool {
        let kind = cmark_node_get_type(node)
        return kind == CMARK_NODE_LINK || kind == CMARK_NODE_IMAGE
    }

    /// Whether inline parsing would have found white space (or the start of a line) next to a node's
    /// edge, for a neighbour that is not text: line breaks are white space; a container block or cell
    /// begins a line; the source of any other inline (emphasis, code, link, HTML) ends in punctuation.
    static func edgeIsSpace(neighbour: Pointer?, parent: Pointer?) -> Bool {
        if let neighbour {
            let kind = cmark_node_get_type(neighbour)
            return kind == CMARK_NODE_SOFTBREAK || kind == CMARK_NODE_LINEBREAK
        }
        guard let parent else { return true }
        let kind = cmark_node_get_type(parent)
        return kind == CMARK_NODE_PARAGRAPH || kind == CMARK_NODE_HEADING || kind == CMARK_NODE_CUSTOM_INLINE
    }
}

/// Character classes as cmark defines them.
enum CharacterClass {
    /// The scalar whose UTF-8 begins at `index`, U+FFFD where the bytes are no scalar.
    static func scalar(startingAt index: Int, in raw: [UInt8]) -> Unicode.Scalar {
        var iterator = raw[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    /// The scalar whose UTF-8 ends right before `end`.
    static func scalar(endingAt end: Int, in raw: [UInt8]) -> Unicode.Scalar {
        var start = end - 1
        while start > 0, raw[start] & 0xC0 == 0x80, end - start < 4 { start -= 1 }
        return scalar(startingAt: start, in: raw)
    }

    /// cmark_utf8proc_is_space: ASCII space, tab, line feed, form feed, carriage return (not vertical tab),
    /// and Unicode's space separators.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// cmark_utf8proc_is_punctuation: ASCII punctuation and Unicode's P categories.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value
            return (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value)
                || (0x7B...0x7E).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
