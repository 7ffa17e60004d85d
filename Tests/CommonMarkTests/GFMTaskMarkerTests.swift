import CommonMark
import Foundation
import Testing

/// A task's `[ ]` after its list marker, with spaces and tabs between them: five columns or more (a tab
/// counting to its tab stop) make the rest of the line indented code and no task, whether or not text
/// follows the `[ ]`; fewer make a task. Every list marker and indentation, with each line that can follow
/// an empty task, byte for byte against `cmark-gfm` in the three modes.
@Suite struct GFMTaskMarkerTests {
    static let markers = ["-", "*", "1.", " 2)", "  *", "   -", "10.", "> -", "- -", "1. -"]
    static let separators = [" \t", "\t", "  \t", " \t ", "\t ", "\t\t", "   \t", "    ", "     ", "  ", " "]
    static let tails = ["", " a", "\nb", "\n\nb", "\n    b", "\n  \n  b", "\n- c"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: markers)
    func spacesAndTabsBeforeTheBracketsMatchCmarkGFM(marker: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [marker], Self.separators, ["[x] "], Self.tails, ["\n"],
        ])
    }

    /// What reads as a task marker from a line's first byte, though no list item starts there (cmark-gfm's
    /// `[0-9]+.` takes any character after the digits), on a line whose last matched container is an item:
    /// a later paragraph of the item, or a lazy line of a quote in it.
    static let itemHeads = ["- a\n\n", "-\n", "1. a\n\n", "- [ ] a\n\n", "- # h\n", "- a\n  - b\n\n", "- > q\n"]
    static let lineMarkers = ["3a", "1:", "12,", "0]", "1234567890.", "3a\t", "7)", "-", "2."]
    static let indents = ["", " ", "  ", "   ", "    ", "     ", "      ", "\t"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: itemHeads)
    func laterLinesReadingAsTasksMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], Self.indents, Self.lineMarkers, [" [x] b *c*\n"],
        ])
    }

    /// A lazy line of a footnote definition right inside an item: cmark-gfm's definition is the item's own
    /// child, so the line fails it and matches the item, and a task marker read from its first byte (a form
    /// feed is no white space to the list marker's scan, so `\f+` starts no item) makes the item a task and
    /// comes off the definition's text.
    static let definitionHeads = [
        "- [^n]:t\n", "1. [^n]: > t\n", "-\t[^n]:[^m]:t\n", "- [^n]:\n    t\n", "- [ ] [^n]:t\n  x\n",
        "> - [^n]:t\n>",
    ]
    static let definitionLineMarkers = ["3a [x]", "1: [ ]", "\u{0C}+ [X]", "\u{0B}1. [x]", "- [x]", "2) [ ]"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: definitionHeads)
    func lazyDefinitionLinesReadingAsTasksMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], Self.indents, Self.definitionLineMarkers, [" b\n\n[^n] [^m]\n"],
        ])
    }

    /// The task scanner's `[0-9]+.` on a later line of an item: the character after the digits may be a form
    /// feed, a vertical tab or a letter of several bytes, or be the last of two digits or more (`12 [ ]`);
    /// the marker's three characters count a form feed as one.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["- a\n\n  ", "-\n  [^n]:\n  ", "- [^n]: t\n  ", "- > a\n  ", "1. a\n\n   "])
    func taskMarkersWithAnyCharacterAfterTheDigitsMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], ["3", "12"], ["\u{0C}", "\u{0B}", "\u{E9}", "a", " "], [" ", "\u{0C}", "\t"], ["[x]", "[ ]"],
            [" b\n", "\u{0C}\n"],
        ])
    }

    /// A later line of an item that reads as the item's task marker and is a table's header: the header
    /// starts after the marker's three characters from the item's content (`2)`, `   +`, a form feed,
    /// `[X] ||`, `   -|-` has the cells `X]` and an empty one), and the item is a task.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["-\n  ", "2)\n   ", "- x\n\n  "])
    func laterTaskLinesThatAreTableHeadersMatchCmarkGFM(head: String) async throws {
        let indent = String(repeating: " ", count: head.split(separator: "\n").last?.count ?? 0)
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], ["+\u{0C}", "1x ", " 3a\t"], ["[X]", "[ ]"], [" ||", " |a|", " b\n" + indent + "|a|c|"],
            ["\n" + indent + "-|-\n", "\n" + indent + "-|-\n" + indent + "d|e\n", "\n" + indent + "---\n"],
        ])
    }

    /// A lazy line of a definition's paragraph that reads as the item's task marker after a code span or a raw
    /// tag that went over a line break: the marker's characters come off the line they are on, which the
    /// span's line breaks, no nodes of their own, do not hide.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["+ [^1]:[^1]`\n`\n", "- [^1]: a<b\nc>\n", "1. [^n]:`a\nb\nc`\n", "* [^n]: `a\n` <b\nc>\n"])
    func lazyDefinitionTaskLinesAfterSpansMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], ["  ", "   ", "  \u{0C}", "\t"], ["* [ ] ", "- [x] b", "\u{0C}+ [X]\u{0C}", "3a [ ] c"],
            ["\n", "\n[^n]\n", "\n[^1]\n"],
        ])
    }

    /// Such a lazy line of a quote in an item, where a code span, a raw tag or a link's title runs onto it from
    /// the line before: cmark-gfm's paragraph takes the line from where the marker's three characters end, so
    /// what they took is not in the code, the tag or the title, and what is left may begin with a list marker,
    /// `>` or `#` that starts no block there.
    static let spanHeads = ["- > `a\n", "- > <a\n", "- > [a](b \"c\n", "1. > ``a\n", "* > > `a\n", "- [^n]: > `a\n"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: spanHeads)
    func lazyTaskLinesInsideSpansMatchCmarkGFM(head: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], ["  ", "   ", "      ", "\t\t", "\t\t\t", "\t  "],
            ["- [x] ", "3a [ ] ", "1234> [X] ", "123# [x] ", "12) [x] ", "*\t[ ] "], ["b` c\n", "b> c\n", "b\") c\n"],
        ])
    }

    /// A setext underline after such a lazy line makes a heading of the paragraph, whose text the marker's
    /// characters come off too.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["- > a\n", "- [^n]:a\n", "1.\t[^n]:a\n"])
    func lazyTaskLinesUnderlinedMatchCmarkGFM(head: String) async throws {
        let underlines =
            head.hasPrefix("- >") ? ["  > ---\n", "  > ===\n", "  > -\n"] : ["      -\n", "    \t===\n", "  ---\n"]
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head], ["  ", "    ", "      "], ["3a [x] b", "\u{0C}+ [X]\u{0C}", "- [x] b"], ["\n"], underlines,
            ["\n[^n]\n"],
        ])
    }

    /// A later paragraph of an item whose first line reads as a task's marker, made a setext heading by an
    /// underline: the item is a task as for a paragraph, and the marker's characters come off the heading.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["* a\n\n", "* # h\n", "* <!-->\n", "1) \u{E9}\n\n", "- ```\n  ```\n"])
    func laterParagraphTasksUnderlinedMatchCmarkGFM(head: String) async throws {
        let indent = head.hasPrefix("1)") ? "   " : "  "
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [head + indent], ["3a [X] b", "*\u{0C}[X] ", "\u{0B}2) [x]\t", "1: [ ] *c*"], ["\n" + indent],
            ["-", "---", "==="], ["\n"],
        ])
    }
}
