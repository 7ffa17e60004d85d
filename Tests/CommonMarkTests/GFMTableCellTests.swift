import CommonMark
import Foundation
import Testing

/// Table cells as the faster paths read them, byte for byte against `cmark-gfm` in the three modes: a cell's
/// text trimmed of white space before its `\|` are unescaped, a cell's start tag for each alignment, the cell
/// mark taken off by bytes, paragraphs whose later lines hold no `|` or `:` (which hold no table), and a `[^`
/// in cells that only an escape or an entity writes.
@Suite struct GFMTableCellTests {
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [
            // White space and escaped pipes at a cell's edges.
            "| a | b |\n|---|---|\n| \\| | \\|x\\| |", "|a|b|\n|-|-|\n|\t\\|\t|  \\\\|  |", "| \\| |\n| - |\n|\\||",
            "a \\| b | c\n--|--\n \\| \\| | \\|", "|\ta\t|b |\n|-|-|", "| é | \\|é\\| |\n|:-:|-:|\n| 😀 | x |",
            // Every alignment in the header and the body, and cells left empty.
            "| l | c | r | n |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n| | | | |",
            "|x|\n|:-|\n", "x|y\n-:|:-\n1|", "| a |\n|:-:|\n| `c|d` |",
            // Paragraphs without `|` or `:` after their first line, beside tables.
            "a | b\nc d\ne f\n\n| x |\n| - |", "a\nb\n---", "a\n- -\nb", "a:\nb -\n\n|a|\n|-|",
            "a | b\n-- | --\nc\nd", "> a\n> b\n\n> |a|\n> |-|", "- a\n  b\n- |x|\n  |-|",
            // A `[^` that only an escape or an entity writes, in cells and beside them.
            "| \\[^1] | &#91;^1] |\n| - | - |\n\n[^1]: n", "| [^1] &amp; | x&#94; |\n|-|-|\n\n[^1]: n\n\n[^1]",
            "| a |\n| - |\n| [^1] |\n\n[^1]: n", "| &amp; |\n|-|\n\n[^x]: y",
        ])
    func cellsMatchCmarkGFM(markdown: String) async throws {
        try await GFMMode.expectEveryModeMatchesCmarkGFM(markdown)
    }

    /// Containers and the prefix of their continuation lines.
    static let containers = [
        ("> ", "> "), ("- ", "  "), ("- > ", "  > "), ("- - > ", "    > "), ("-\t", "  "), (">\t", "> "),
    ]
    /// Lazy (or less indented) lines: the white space a paragraph keeps with them, after the containers they
    /// continue, a tab partly taken by an item leaving the rest as spaces.
    static let lazyLines = [" y", " \ty", "\t y", "   y", ">  y", " \u{0B} y"]

    /// The text before a table whose lazy line keeps its white space inside a code span, an HTML tag or a
    /// link's title (`- > a \`x`, `   y\``: the code holds the space the item leaves), and a lazy header row
    /// whose white space decides its first cell (`- > b`, `  |a`, `  > -|-`).
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [("a `x", "`"), ("a <b", ">"), ("[a](/u \"x", "\")"), ("a ``x", "``")])
    func lazyLinesBeforeATableKeepTheirWhiteSpace(opener: String, closer: String) async throws {
        for (start, continuation) in Self.containers {
            for lazy in Self.lazyLines {
                try await GFMMode.expectEveryModeMatchesCmarkGFM(
                    start + opener + "\n" + lazy + closer + "\n" + continuation + "|||\n" + continuation + "-|-\n")
                try await GFMMode.expectEveryModeMatchesCmarkGFM(
                    start + "b\n" + lazy.replacingOccurrences(of: "y", with: "|a") + "\n" + continuation + "-|-\n")
            }
        }
    }

    /// The text after a table's rows (a row that is none, `|`, or a line of text) whose lazy lines keep their
    /// white space inside a code span (`* .`, `  -|`, `  |`, `` ` ``, ` `` ` ``: the code holds two spaces),
    /// in a paragraph or a heading an underline makes of it, and lazy text that leaves the containers, whose
    /// lines after its first are its paragraph's own.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["|", "x", "a|b\n{c}x"])
    func lazyLinesAfterATableKeepTheirWhiteSpace(text: String) async throws {
        for (start, continuation) in Self.containers + [("1. ", "   "), ("> - ", ">   ")] {
            for lazy in ["`\n `", " `a\n\t`", "x\n   `y`", "`\n{c}  `", "  ` \n  `"] {
                for end in ["", "\n{c}===", "\n{c}---"] {
                    let body = [text, lazy + end].joined(separator: "\n")
                    try await GFMMode.expectEveryModeMatchesCmarkGFM(
                        start + "a|b\n" + continuation + "-|-\n" + continuation
                            + body.replacingOccurrences(of: "{c}", with: continuation) + "\n")
                }
            }
        }
    }

    /// A table in a list beside an item that holds a footnote definition ending in a blank line: the text
    /// before the table and the table are the paragraph's blocks, next to each other, and cmark-gfm's list
    /// is loose or tight as the definition and the blank lines around the table make it.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [
            ("1. [^N]:-", "2. ", "   "), ("- [^N]:-", "- ", "  "), ("* [^N]:", "* ", "  "), ("- x\n  -", "- ", "  "),
        ])
    func tablesBesideDefinitionsInListsMatchCmarkGFM(first: String, marker: String, content: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first + "\n"], ["\n", "", "\n\n"], [marker], ["v\n", "[^M]: y\n", "- z\n"],
            [
                content + "| a |\n" + content + "|-\n", content + "a | b\n" + content + "-|-\n" + content + "| c\n",
                " |\n" + content + " |-|\n",
            ],
            ["", "\n", "\n\n" + content + "t\n", "\n[r]: /u\n", marker + "u\n"],
        ])
    }
}
