/// The GitHub-Flavored Markdown extensions, built on libcmark's tree (see `GFM/`): libcmark parses
/// CommonMark, and each extension then finds its syntax in the tree and the source lines, so that the
/// HTML equals what `cmark-gfm` writes with the same extensions.
public struct Extensions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Pipe tables with a delimiter row, alignment and inline content in cells.
    public static let table = Extensions(rawValue: 1 << 0)
    /// `~~text~~` and `~text~` as `<del>`.
    public static let strikethrough = Extensions(rawValue: 1 << 1)
    /// `www.`, `http(s)://`, `ftp://` and e-mail addresses linked without angle brackets.
    public static let autolink = Extensions(rawValue: 1 << 2)
    /// `- [ ]` and `- [x]` list items as disabled checkboxes.
    public static let taskList = Extensions(rawValue: 1 << 3)
    /// `[^label]` references and `[^label]:` definitions, collected in a section at the end.
    public static let footnotes = Extensions(rawValue: 1 << 4)

    /// All five.
    public static let gfm: Extensions = [.table, .strikethrough, .autolink, .taskList, .footnotes]

    /// Each extension by the name blog.yaml and `blog markdown` use for it.
    public static let named: [(name: String, extension: Extensions)] = [
        ("table", .table), ("strikethrough", .strikethrough), ("autolink", .autolink),
        ("tasklist", .taskList), ("footnotes", .footnotes),
    ]
}
