internal import CCmark

/// Options for parsing and rendering, a set over libcmark's `CMARK_OPT_*` flags.
public struct RenderOptions: OptionSet, Sendable, Hashable {
    /// The `CMARK_OPT_*` bits.
    public let rawValue: Int32

    /// Options from `CMARK_OPT_*` bits.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Straight quotes to curly ones, `--` to en dash, `---` to em dash, `...` to an ellipsis.
    public static let smart = RenderOptions(rawValue: CMARK_OPT_SMART)
    /// Let raw HTML and `javascript:` links through; without it they are replaced by a comment.
    public static let unsafe = RenderOptions(rawValue: CMARK_OPT_UNSAFE)
    /// Render soft line breaks as `<br />`.
    public static let hardBreaks = RenderOptions(rawValue: CMARK_OPT_HARDBREAKS)
    /// Add `data-sourcepos` attributes to block elements.
    public static let sourcePositions = RenderOptions(rawValue: CMARK_OPT_SOURCEPOS)
}
