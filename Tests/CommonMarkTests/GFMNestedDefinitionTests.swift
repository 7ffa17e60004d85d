import CommonMark
import Foundation
import Testing

/// A footnote definition nested on its line behind another's block quote (`- [^n]:>  [^b]: x`): whatever the
/// white space between the `>` and the inner `[^b]:`, the outer definition's item stays where it is written,
/// and the lines after it keep or end either definition as in cmark-gfm. Every container before the outer
/// definition, with each following line, byte for byte against `cmark-gfm` in the three modes.
@Suite struct GFMNestedDefinitionTests {
    static let prefixes = ["- ", "> ", "", " ", "1. "]
    static let separators = ["", " ", "  ", "   ", "\t", " \t"]
    static let following = ["", "  y", "    y", "      y", "        y", "\ty", "\t\ty", "  >  y", ">  y"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: prefixes)
    func definitionsBehindAQuoteMatchCmarkGFM(prefix: String) async throws {
        let following = Self.following.map { $0.isEmpty ? "" : $0 + "\n" }
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [prefix + "[^n]:>"], Self.separators, ["[^b]: x\n"], following, ["\n[^n] [^b]\n"],
        ])
    }

    /// A nested definition's paragraph goes on over lazy and indented lines; a line of white space ends the
    /// definitions it is not indented four columns per depth for (`\t` keeps `[^e]` and ends `[^n]`), where
    /// libcmark's items would all go on, and a line of text indented for an outer one only ends the inner
    /// ones in both. Every depth (an empty innermost one too), with lines of the definitions' content after
    /// it, byte for byte against `cmark-gfm` in the three modes.
    static let nestedStarts = [
        "[^e]:[^n]:~\n", "- [^e]:[^n]:~\n", "[^e]:[^n]:[^m]:~\n", "[^e]:[^n]:[^m]:\n", "[^e]:[^n]:\n",
        "[^e]: [^n]:  ~\n", "[^e]:[^n]:[^m]: ~\n    ~\n",
    ]
    static let paragraphLines = ["", ":\n", "    :\n", "        :\n", "\t\t:\n", ":\n:\n", "    - :\n", "  > :\n"]
    static let whiteSpaceLines = ["\t\n", "\n", "\t\t\n"]
    static let contentLines = ["\t    [^n]\n", "    [^n]\n", "\t\t:\n"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: nestedStarts)
    func whiteSpaceAfterANestedParagraphMatchesCmarkGFM(start: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [start], Self.paragraphLines, Self.whiteSpaceLines, Self.contentLines, ["\n[^e] [^m]\n"],
        ])
    }

    /// Code in a definition whose indentation ends in a tab that the code's four columns take part of (the
    /// code's line then starts at the tab, the rest of it spaces in the code), and fenced code beside it,
    /// before a blank line and a later block of the item: indented code went on over the blank line and
    /// marks it, as in cmark-gfm, whatever its first line looks like.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["2. [^y]:", "- [^y]:", "1.\t[^y]: x\n"])
    func tabbedCodeInADefinitionMatchesCmarkGFM(head: String) async throws {
        let content = head.hasPrefix("-") ? "  " : "   "
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head + "\n"], ["        \t", "\t\t\t", "    \t\t", "  \t\t\t", "      ", "\t    "],
            ["^", "```", "~~~ a"], ["\n\n" + content + ";\n\n[^y]\n"],
        ])
    }

    /// A code fence behind a quote's marker and white space that holds a tab, on a definition's first line,
    /// which the rewrite moves a column: cmark counts the fence's offset in bytes (a tab the quote took one
    /// column of is one), and takes up to that many columns off each line of the code; four columns past
    /// the quote's space, the fence is indented code.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["[^B]:+ >", "[^B]:>", "[^B]: - > ", "- [^B]:>"])
    func fencesBehindATabbedQuoteMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], ["\t", " \t", "\t ", "  \t", "\t\t"], ["```", "~~~ a"],
            ["\n       >\tx", "\n    >\tx", "\n    >  \t x", "\n      >\t\ty"], ["\n\n[^B]\n"],
        ])
    }

    /// A definition in a block quote inside a list item inside a block quote, the item opened on the line or
    /// a line before (`>-`, `>   >[^1]:`), then a line of only `>` markers: cmark-gfm's definition goes on
    /// over a blank line only where the line is empty from its first byte, so it ends there when the line's
    /// `>` stand where the quotes' markers may (past the item's content, at most three columns in), and the
    /// code or list after is the inner quote's; a `>` left of the item's content leaves the item, and the
    /// definition with it (`+ >[^1]:`, `>     '`).
    static let quotedItemHeads = [
        ">-\n>   >[^a]:", ">-\n>   >[^a]: x", "> 1.\n>    >[^a]:", "> - >[^a]:", "> 1) > [^a]: y", ">*\n>  >[^a]:",
        "+ >[^a]:",
    ]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: quotedItemHeads)
    func definitionsInQuotesInItemsEndingAtMarkersMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head + "\n"], [">   >", ">     >", "> >", ">\t>", ">     ", "  >"], ["\n"],
            [">   >\t\t*", ">   >    y", ">     -", "  >"], ["\n\n[^a]\n"],
        ])
    }

    /// Definitions nested after a quote that starts their line, a definition inside both on the next line
    /// behind four columns and more of the outer one's content, then a line of `>` markers less indented:
    /// the line leaves the outer definition, and every block in it ends there.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [">[^a]:>[^b]:\n", "> [^a]: >[^b]: x\n"])
    func nestedDefinitionsLeftByMarkersMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], [">     >\t\t[^b]:", ">      > y", ">     >\t    z"], ["\n"],
            [">   >     ", ">     >", "> >", ">"], ["\n\n[^a] [^b]\n"],
        ])
    }
}
