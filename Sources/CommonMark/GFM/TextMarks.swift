internal import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the text nodes of a tree hold of the marks that decide whether a pass runs, found with the C
/// library's searches for several bytes at once (`strpbrk`) and for `www.` (`strstr`) in each literal as
/// libcmark keeps it: a post has hundreds of short text nodes, and a search for each mark, or a loop over
/// the bytes, cost more than the passes they decide on.
struct TextMarks {
    /// Whether a literal may start a link the autolink pass finds: an `@`, a `www.` or a `scheme://`. A
    /// link's destination, code and raw HTML are no text nodes, so a post that links only with links of its
    /// own is not read again; and a URL is never split between text nodes where cmark-gfm would link it
    /// (libcmark ends a text node at an escape or entity, which end cmark-gfm's URL too).
    private(set) var links = false
    /// Whether a literal holds a `*` or `_`, which libcmark left unmatched there.
    private(set) var runs = false

    /// Looks at the literal of the text node `node` for the marks asked for.
    mutating func add(_ node: OpaquePointer, links wantLinks: Bool, runs wantRuns: Bool) {
        guard let literal = cmark_node_get_literal(node) else { return }
        let lookingForLinks = wantLinks && !links
        let lookingForRuns = wantRuns && !runs
        guard lookingForLinks || lookingForRuns else { return }
        let set: StaticString = lookingForLinks ? (lookingForRuns ? "@:*_" : "@:") : "*_"
        let wanted = UnsafeRawPointer(set.utf8Start).assumingMemoryBound(to: CChar.self)
        var at = literal
        while let hit = strpbrk(at, wanted) {
            switch UInt8(bitPattern: hit.pointee) {
            case UInt8(ascii: "*"), UInt8(ascii: "_"): runs = true
            case UInt8(ascii: "@"): links = true
            default:
                // A `://` after a letter of the scheme.
                if UnsafePointer(hit) > literal, Autolinks.isAlpha(UInt8(bitPattern: hit[-1])), hit[1] == 0x2F,
                    hit[2] == 0x2F
                {
                    links = true
                }
            }
            if (!wantLinks || links) && (!wantRuns || runs) { return }
            at = UnsafePointer(hit) + 1
        }
        if lookingForLinks, !links, strstr(literal, "www.") != nil { links = true }
    }
}
