import CommonMark
import Testing

/// Form feeds and vertical tabs (U+000C, U+000B), which libcmark 0.30 trims as white space and cmark-gfm 0.29
/// keeps as text, where each construct reads them, with their neighbours: compared byte for byte with
/// cmark-gfm in the three modes.
@Suite struct GFMFormFeedTests {
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [
            // The end of a line, of a paragraph, of a quote's paragraph; beside emphasis, white space to both.
            "a\u{0C}\nb", "a\u{0C}", "a  \u{0C}\nb", "a\u{0C}  \nb", "a\u{0B}\nb", "\u{0C}", "a\n\u{0C}\nb",
            "> a\u{0C}", ">\u{0C}> a", "> - a\u{0C}", "_a_\u{0C}", "**a**\u{0C}\n", "*a *\u{0C}\nb*", "~~a~~\u{0C}",
            // Headings, their closing sequence and setext underline.
            "# a\u{0C}", "# a #\u{0C}", "## a ##\u{0C}\n", "a\n===\u{0C}", "# \u{0C}", "\u{0C}# a",
            // After a list marker, which it does not end in cmark-gfm; after and before a task's marker.
            "-\u{0C}a", "1.\u{0B}a", "-\u{0C}", "- [ ]\u{0C}a", "- [ ]\u{0C}", "- [ ] \u{0C}a", "- [x]\u{0B}\u{0B}a",
            "* \u{0C}[x] ", "1)\t\u{0B}[X] ", "* \u{0C}\u{0C}[x] a", "* \u{0C}[ ] [x]", "~\n3. \u{0C}[X] ",
            "1.\n2. \u{0C}[ ] ", "```\n* \u{0B}[ ] \n```",
            // Code: an info string's first word, code spans, indented code.
            "```a\u{0C}\n```", "```a\u{0C}b\n```", "```\u{0C}a\n\"<x>\n```", "`\u{0C}a\u{0C}`", "    a\u{0C}\n",
            "~~~<a\u{0C}>",
            // Link reference definitions and labels.
            "[a]: /u\u{0C}\n\n[a]", "[a]: /u \"t\"\u{0C}\n\n[a]", "[a]: /u\n\"t\"\u{0C}\n\n[a]", "[a]:\u{0C}/u\n\n[a]",
            "[a]: \u{0C}/u\n\n[a]", "[a\u{0C}b]\n\n[a b]: /u", "[\u{0C}a]\n\n[a]: /u",
            // Inline links: in the destination it is text, around it and the title white space to both.
            "[a](/u\u{0C}b)", "[a](</u>\u{0C}\"t\")", "[a](/u \u{0C}\"t\")", "[a](<\u{0C}/u\u{0C}>)",
            "[](u \"\"\u{0C})",
            "[a](\u{0C}/u\u{0B})", "](\u{0C}\n)", "[\\](\u{0C}\n)",
            // HTML tags and blocks, whose scanners take it as white space; autolinks, which take it in neither.
            "<a\u{0C}href=\"x\">", "<title\u{0C}>", "<div\u{0C}\na\n", "<a>\u{0C}\nb", "<x\u{0C}\n>", "<d\u{0C}",
            "<b/c>\u{0C}", "<tp:\u{0C}>", "<http://a\u{0C}b>", "[^1]:<b>\u{0C}\n[", "- <b>\u{0C}\nx",
            "a\n- <b>\u{0C}\nx",
            // The line before decides whether a tag alone or a task's marker starts a block.
            "[](<u\u{0B}>)", "[](<v\u{0C}>)", "<!\u{0B}\nv>", "<\n<v>\u{0C}", "|\n<v>\u{0C}", "```x`\n2. \u{0C}[x] ",
            ".\n=\n2. \u{0B}[x] ", "2.\u{0C}\n3. \u{0C}[x]\t",
            // Whether a task's marker after one is a task's, and a tag alone before one starts an HTML block, is
            // read from the first parse: an ordered item not at 1 interrupts no paragraph, nor does the seventh
            // kind of HTML block, but a list, a quote's lazy line or a table's rows do not hold a paragraph open.
            "b\n3. \u{0C}[x] a", "> b\n2. \u{0C}[x] a", "- b\n2. \u{0C}[x] a", "1. b\n2. \u{0C}[x] a",
            "b\n1. \u{0C}[x] a", "b\n- \u{0C}[x] a", "> b\n> 2. \u{0C}[x] a", "-     \u{0C}[x] a",
            "- \t\u{0C}[x] a", "1. a\n   2.\t\u{0B}[ ] b", "- a\n\n      - \u{0C}[x] b", "|a|\n|-|\n2. \u{0C}[x] a",
            "b\n2. \u{0B}[x] a\r\nc", "> b\n<b>\u{0C}", "- b\n<b>\u{0C}", "- b\n  <b>\u{0C}", "- b\n\n  <b>\u{0C}",
            "b\n<b>\u{0C}", "b\n3. <v>\u{0C}", "3. <v>\u{0C}", "|a|\n|-|\n<b>\u{0C}", "|a|\n|-|\nc\n<b>\u{0C}",
            "|a|\n|-|\nc\n<b>\u{0B}", "a\r\n<b>\u{0C}\r\n", "> a\n> <b>\u{0C}", "- a\n  - b\n<b>\u{0C}",
            "b\n<b>\u{0C}\n===",
            // A table's lazy line starts a block of its own: task lines there and after it are read as the
            // parse with the table's mark reads them (an item, a paragraph's line, indented code).
            "1. [||\n   -|-\n|\n2. \u{0C}[ ] ", "1. a|b\n   -|-\n|\n2. \u{0C}[ ] x",
            "2. ||\n   -|\n\u{0C}\n3. \u{0C}[x]\t",
            "1. ;|||\n   -|-|-\nX\n2. \u{0C}[ ] ", "1. a|b\n   -|-\n|\n\n2. \u{0C}[ ] x",
            "1. a|b\n   -|-\n2. \u{0C}[ ] x",
            "1. a|b\n   -|-\n|\n1. \u{0C}[ ] x", "- a|b\n  -|-\n|\n2. \u{0C}[ ] x",
            "> 1. a|b\n>    -|-\n> |\n> 2. \u{0C}[ ] x",
            "1. a|b\n   -|-\n|\n2. \u{0C}[ ] x\n3. \u{0C}[x] y\n\n4. \u{0C}[ ] z",
            "1. a|b\n   -|-\n|\n\n- c|d\n  -|-\n|\n2. \u{0C}[ ] x\n1. \u{0C}[x] y", "x\n-\u{0B}\n2.\n3. \u{0C}[ ] ",
            ";\n-:\n    *\t\u{0B}[X] ", "x\n-\n2. \u{0C}[x] a\n3. \u{0C}[ ] b", "x|y\n-|-\n    2. \u{0C}[x] a",
            "x|y\n-|-\n   2. \u{0C}[x] a\n  3. \u{0C}[x] a",
            ")||*\n-|-|-\n    \u{0B}\n<v>\u{0C}", "\u{0C}\n:-\n2.\n<b>\u{0C}", "a|b\n-|-\n    x\n<b>\u{0C}",
            "a|b\n-|-\n2.\n<b>\u{0C}\nc", "1. a|b\n   -|-\n|\n<b>\u{0C}", "> a|b\n> -|-\n|\n<b>\u{0C}",
            "a|b\n-|-\n2.\n<b>\u{0C}\n3. \u{0C}[x] c",
            "1. a|b\n   -|-\n|\n2. \u{0C}[ ] x\n<b>\u{0C}\n\n1. a|b\n   -|-\n|\n2. \u{0C}[ ] x\n<b>\u{0C}\n",
            // A definition's destination is text to cmark-gfm, though it looks like a tag or an inline link.
            "[e]:[](\u{0C})", "[e]:[](\u{0C})\n\n[e]", "[e]: [](\u{0C})\n\n[e]", "[ref]\n\n[ref]:<u\u{0B}>",
            "[ref]:<v\u{0B}>\n[ref]", "[ref]\n* [ref]:<v\u{0B}>", "[ref]:<v\u{0C}>\n[ref]", "x\n[e]:[](\u{0C})",
            "x\n[ref]:<v\u{0C}>\n[ref]", "[a]: /b\n[ref]:<v\u{0C}>\n[ref]", "[a]: /b \"t\"\n[ref]:<v\u{0C}>\n[ref]",
            "> [ref]:<v\u{0C}>\n[ref]", "- x\n- [ref]:<v\u{0C}> \"t\"\n[ref]", "[ref]: <v\u{0C}> \"t\u{0C}\"\n\n[ref]",
            "[ref]:\n<v\u{0C}>\n[ref]", "[ref]: /u\u{0C}v\n[ref]", "[ref]:\n  [](\u{0C})\n\n[ref]",
            "[ref]:\r\n<v\u{0B}>\r\n[ref]",
            "[ref]:\n\n<v\u{0B}>\n[ref]", "[f]:<u\u{0C}>\u{0B}", "[r]:<u\u{0B}>-", "[f]:<u\u{0B}>\u{0B}",
            "[ ]:[](\u{0C})",
            "#\n[ref]:<v\u{0B}>\n[ref]", "[r]:>\n[^]:[](\u{0C})\n\n[^]", "---\n[ref]:<v\u{0B}>\n[ref]",
            "## a\n[ref]:<v\u{0B}>\n[ref]", "[ref]:<v\u{0B}> \"t\"\n[ref]", "[ref]:<v\u{0B}>\"t\"\n[ref]",
            "[ref]:<v\u{0B}> \u{0C}\n[ref]", "[r]:<u\u{0B}>\n:-", "[r]:>\n\t[^e]:[](\u{0C})", "[^ ]:[](\u{0C})",
            "[r]:>\n\t[e]:[](\u{0C})", "[r]:>\n[^e]:[](\u{0C})", "[a]: /u\n[r]:<u\u{0B}>\n:-", "[r]:<u\u{0B}>\n|:-|-|",
            "    [r]:<u\u{0B}>\n[r]", "a\n\n    [r]:<u\u{0B}>\n[r]", "[^a b]:[](\u{0C})", "[r]:>\n  [^e]:[](\u{0C})",
            "[^ ]:<v\u{0C}>\n\n[^ ]", "[^ ]:[](\u{0C})\n\n[^ ]", "[r]:>\n\t[^e]:<v\u{0C}>\n\n[^e]",
            "[f]:<u\u{0B}>\n||\n:-", "*\n[^]:[](\u{0B})", "-\n[r]:<u\u{0B}>\n\n[r]", "1.\n[r]:<u\u{0B}>\n\n[r]",
            "a\n-\n[r]:<u\u{0B}>\n\n[r]", "[a]: /u\n[r]:<u\u{0B}>\nx|y\n-|-", "\ta\n[^]:[](\u{0B})",
            "    a\n[r]:<u\u{0B}>\n\n[r]",
            "- a\n\n      b\n[r]:<u\u{0B}>\n\n[r]", "x\n    a\n[r]:<u\u{0B}>\n\n[r]",
            // Brackets: a `](` that closes no `[` (each `]` closes the nearest open one) starts no link.
            "[y]:](\u{0C})", "[a]:](\u{0C})\n\n[a]", "[a [b]](\u{0C}/u\u{0C})", "[a] b](\u{0C}/u)", "\\[a](\u{0C}/u)",
            "[a\\]](\u{0C}/u)", "[a\\[](\u{0C}/u)", "\\\\[a](\u{0C}/u)", "[a [b] c](\u{0C}d)", "[a\n\nb](\u{0C}u)",
            "[a\n \nb](\u{0C}u)", "[a\nb](\u{0C}u)",
            // A line that interrupts the paragraph ends it inside the link's white space.
            "[](\u{0C}\n1) |", "[](\n\u{0C}\n1) |", "[](\n\u{0C}\n2) |", "[](\u{0C}\n2) |", "[](\u{0C}\n- a)",
            "[](\u{0C}\n-a)", "[](\u{0C}\n# a)",
            "[](\u{0C}\n#a)",
            "[](\u{0C}\n> a)", "[](\u{0C}\n```)", "[](\u{0C}\n***)", "[](\u{0C}\n    - a)", "[](\u{0C}\n1.)",
            "[](\u{0C}\n-)",
            "[](\u{0C}\n+ x)", "[a](/u\u{0C}\n- \"t\")", "a|b\n-|-\n    x\n<b>\u{0C}\n<i>\u{0C}",
            "a|b\n-|-\n    x\ny\n<b>\u{0C}",
            // Bare URLs, which run on over it.
            "www.a.com\u{0C}b", "\u{0C}www.a.com", "http://a.b\u{0C}c", "www.[](\u{0C})>", "x@y.com\u{0C}b",
            // Tables: white space to their scanners, text in a cell and beside a delimiter's `:`.
            "|a|\u{0C}\n|-|\n", "|\u{0C}a\u{0C}|\n|-|\n", "a|b\n-\u{0C}|-\n",
            "|a|b|\n|-\u{0C}|\u{0B}-|\n|\u{0C}c\u{0B}|d\u{0C}|\u{0C}\n",
            "t|v\n-|-:\u{0C}", "|||\u{0C}\n-|-|-", "|\u{0C}\n:-", "h\n-\u{0C}", "\\\n\u{0B}-", ">w\n>\u{0C}-",
            "* ||\n-|-\u{0B}",
            ".|\u{0C}\n- |",
            // A definition after a task's marker on its item's line: its destination holds the form feed.
            "2) [ ]\t[y]:[](\u{0C})", "- [ ]      [y]:[](\u{0C})", "- [x]\u{0C}[y]:[](\u{0C})",
            "> - [ ] [y]:[](\u{0C})",
            "- - [ ] [y]:[](\u{0C})", "- [ ] [y]:[](\u{0C})\n  [z]:[](\u{0C})\n\n[y] [z]", "* [X] [y]:<a\u{0C}>\n\n[y]",
            "  10. [ ] [y]:[](\u{0C}) \"t\"\n\n[y]",
            // A bare URL that takes a link's `[`: its destination's form feed is a tag's after the URL.
            "www.[](<v\u{0C}> \"\")", "www.[](<a\u{0C}b=1>)", "http://x.y[a](<v\u{0C}>)", "www.[](<v\u{0C}>\n\"t\")",
            "www.[](<v\u{0C}>) [b](<u\u{0C}>)", "`www.`[a](<u\u{0C}>)", "[x](www.a)[b](<u\u{0C}>)",
            "www.a_b.c[a](<u\u{0C}>)", "HTTPS://x.y[a](<v\u{0C}>)", "xhttp://x.y[a](<v\u{0C}>)", "*www.[](<v\u{0C}>)*",
            "(www.[](<v\u{0C}>))", "<www.[](<v\u{0C}>)",
            "http://2||[](\u{0C})|d\n-|-|-|-", "www.a|[](<v\u{0C}>)", "a|b\n-|-\nwww.a[](<v\u{0C}>)|c",
            "\u{0C}www.[](\u{0B})", "http://[](\u{0C})", "[ http://](\u{0C})", "http://a_b.c_d[](<v\u{0C}>)",
            // After a task's marker the line is a paragraph's, a heading's `#` too, and `[^n]:` a link's definition.
            "- [X] [^n]:[](\u{0B})", "- [X] [^n]:[](\u{0C})\n\n[^n]", "- [ ] [^n]: <a\u{0C}>\n\n[^n]",
            "3. [x]\t#\n[r]:<u\u{0B}>", "- [ ] ***\n[r]:<u\u{0B}>\n\n[r]",
            // A tag alone after a setext heading starts an HTML block (libcmark ends the heading a line later).
            ";\n-\n<s>\u{0C}", "a\n===\n<s>\u{0C}", "a\n<s>\u{0C}\nb\n---\n<i>\u{0C}", "> a\n> ---\n> <s>\u{0C}",
            // An ordered item not at 1 interrupts no paragraph: its line is text, a tag's form feed too.
            "t\n3. [r]:<u\u{0B}>", "t\n3. [r]:<u\u{0B}>\n\n[r]", "t\n01. [r]:<u\u{0B}>\n\n[r]",
            "t\n0. [r]:<u\u{0B}>\n\n[r]",
            "t\n> 3. [r]:<u\u{0B}>\n\n[r]",
            // A later paragraph's task marker over text nodes of its own (an unmatched `*`).
            "* [\n\n  *\u{0C}[ ] **", "* a\n\n  *\u{0C}[ ] *b*", "* a\n\n  _\u{0C}[x] __ b", "- > a\n\t\t* [x] **",
            // A tag's `>` after white space four columns wide starts a quote only where containers take some.
            "<x\u{0C}\n\t>", "<x\u{0B}\r    >", "a <x\u{0C}\n\t>", "- a\n  <x\u{0C}\n\t>", "- a\n<x\u{0C}\n\t>",
            "<x\u{0C}\n\t> b", "> <x\u{0C}\n>\t>", "1. a\n   <x\u{0C}\n\t\t>", "a <x\u{0C}\ny=\"1\"\n\t>",
            // A processing instruction ends at `?>`.
            "ß<?\u{0C}\n\">", "|<?\n+\u{0B}>", "a <?x\u{0C}\ny ?> b", "a <?\u{0C}>?> b",
            // A line after a thematic break in an item: the break is the last block it matches, not the item.
            "*\n  ---\n  -\u{0C}[x] a", "* b\n\n  ---\n  -\u{0C}[x] a", "*\n  ---\n  2.\u{0C}[x] a",
            "*\n  # h\n  -\u{0C}[x] a",
            // A setext underline ends its paragraph: a definition may start on the next line; under
            // definitions alone it is text that the next line goes on, and a row of dashes makes no table.
            "[ref]\n--\n[ref]:<v\u{0B}>", "[ref]\n--\n\t\u{0B}\n[ref]:<v\u{0B}>", "a\n  ==\n[r]:<v\u{0C}>\n\n[r]",
            "> a\n> --\n> [r]:<v\u{0B}>\n\n[r]", "> a\n--\n[r]:<v\u{0B}>\n\n[r]", "- a\n--\n[r]:<v\u{0B}>\n\n[r]",
            "- a\n  --\n  [r]:<v\u{0B}>\n\n[r]", "[q]: /u\n--\n[r]:<v\u{0B}>\n\n[r]",
            "[q]: /u\n  --  \n[r]:<v\u{0C}>\n\n[r]",
            "[q]: /u\n:--\n[r]:<v\u{0B}>\n\n[r]", "a\n    --\n[r]:<v\u{0B}>\n\n[r]",
            // A backtick in a bare URL is the URL's; a bracket in a code span is the code's.
            "http://e`[](<u\u{0C}>)", "www.e`[](<u\u{0C}>)", "`www.e`[](<u\u{0C}>)", "`a[`](<u\u{0C}>)",
            "\\`a[`](<u\u{0C}>)", "``a[`](<u\u{0C}>)`", "x `[a` b](<u\u{0C}>)", "[a `]` b](<u\u{0C}>)",
            "[a `]\n\n` b](<u\u{0C}>)", "www.a`b `[x](<u\u{0C}>)", "# `\n[](u \"\"\u{0C})`", "``[](\u{0B})\n* ``",
            // A paragraph's end leaves no bracket or code span open: a heading, a rule, a setext underline, a
            // line that interrupts it; a block quote's lines go on its paragraph.
            "a `[\nb` c](<u\u{0C}>)", "> a `[\n> b` c](<u\u{0C}>)", "a `[\n---\nb` c](<u\u{0C}>)",
            "a [\n---\nb c](<u\u{0C}>)",
            "a [\n--\nb c](<u\u{0C}>)", "> a [\n> b c](<u\u{0C}>)", "> a [\n> # b c](<u\u{0C}>)",
            "- a [\n  b c](<u\u{0C}>)",
            ">[\n\u{0C}\n>](\u{0C})", "> a [\n\u{0B}\n> b](<u\u{0C}>)", "[ref]\n|-\n\t\u{0B}\n[ref]:<v\u{0B}>",
            "\t|||||\n-|-|-|-\n\t\u{0B}\n[f]:<u\u{0B}>", ">|||||\n-|-|-|-\n\t\u{0B}\n[f]:<u\u{0B}>",
            ">ftp://f` [](\u{0C})`", "> www.a`[](<u\u{0C}>)", "x>www.a`[](<u\u{0C}>)",
            "a|b\n-|-\n    c\n[ref]:<v\u{0B}>\n\n[ref]", "www.` `e`\u{672C}[](u \"\"\u{0C})`",
            "||||`\n-|-|-|-\n[](u \"\"\u{0C})`",
            "+ ]````[](\u{0C})\n    ````", "\t`\n[](\u{0C})\u{65EC}`", "`||\n-|-\n[](\u{0C})`",
            "|||&\n-|-|-\r`[](\u{0C})|`",
            "- a `[\n  ```\n  b` c](<u\u{0C}>)", "- a\n\n      `[\n  b` c](<u\u{0C}>)",
            "1. a `[\n   # b` c](<u\u{0C}>)",
            "1. a `[\n    # b` c](<u\u{0C}>)", "2. # `\n[](u \"\"\u{0C})`", "2. `\n2. [](u \"\"\u{0C})`",
            "a `\n2. [](u \"\"\u{0C})`",
            "- a `\n- [](u \"\"\u{0C})`",
            // A `>` takes one column of the tab after it: the line is a paragraph's, no code's.
            ">\t\u{0B}\n[f]:<u\u{0B}>\n\n[f]", ">\tx\n[f]:<u\u{0B}>\n\n[f]", ">\t\tx\n[f]:<u\u{0B}>\n\n[f]",
            // A code span across lines where a block may start on a line between is left to the parse.
            "``[](\u{0C})\n[^1]:``", "`\n`\u{DF}[](\u{0C})`", "`a\n- `[](\u{0C})`", "1. ```\n[](\u{0B})```",
            "`\n<?>\n[](\u{0B})`", ">`[](/ \"\"\u{0C})\n>\n`",
            "- ``\n  <?\n[](\u{0C})``", "2. ````\n[](\u{0C})````",
            // A footnote's label keeps its form feeds and vertical tabs in the ids.
            "[^1\u{0C}]:[^1\u{0C}]", "[^1\u{0C}]: x\n\n[^1\u{0C}] [^1\u{0B}]\n\n[^1\u{0B}]: y",
            "- [^\u{0B}]: x\n\n[^\u{0B}]",
        ])
    func formFeedsMatchCmarkGFM(markdown: String) async throws {
        try await GFMMode.expectEveryModeMatchesCmarkGFM(markdown)
    }

    /// A paragraph of definitions in quotes and list items, with a form feed or vertical tab in a later
    /// line's destination: a line indented four columns past its containers' content (a `>` takes the column
    /// after it, of a tab too; an item's content is after its marker's white space) goes on the paragraph
    /// and `[^e]:` is a label there; less indented, `[^e]:` starts a footnote's definition; a lazy line that
    /// starts with white space ends the definitions; a destination on the next line and a title on the one
    /// after go on the definition.
    static let definitionContainers = [
        (">", ">"), ("", ""), (">  -", ">   "), ("-", "  "), (">", "    "),
    ]
    static let firstDefinitions = [
        " [r]:>", "   [r]:>", "  [r]: /u \"t\"", " [r]:\n{q} <u>\n{q} \"t\"", " [r]: /u\n{q} \"t\"",
    ]
    static let definitionSeparators = ["\t", " ", "     ", "\t "]
    static let laterDefinitions = [
        "[^e]:<v\u{0C}>", "[^e]: <v\u{0B}>", "[^e]:[](\u{0C})", "[x]: <v\u{0C}>", "[^e x]: <v\u{0C}>",
    ]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: firstDefinitions)
    func definitionsInContainersMatchCmarkGFM(first: String) async throws {
        for (start, continuation) in Self.definitionContainers {
            try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
                [start + first.replacingOccurrences(of: "{q}", with: continuation) + "\n" + continuation],
                Self.definitionSeparators, Self.laterDefinitions, ["\n\n[^e] [x]\n"],
            ])
        }
    }

    /// A destination in `<` and `>` cut by a line ending, a carriage return alone included: no destination to
    /// cmark-gfm, so the `<` and what follows are a tag across the lines, whose form feed or vertical tab is
    /// its white space (`[](<a`, a form feed, a carriage return, `    > "")`).
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["", "> ", "- "])
    func pointyDestinationsCutByALineEndingMatchCmarkGFM(start: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [start + "[]("], ["<a", "<a b"], ["\u{0C}", "\u{0B}"], ["\r", "\n", "\r\n"], ["", "    ", "> "],
            ["> \"\")", ">)"],
        ])
    }

    /// A tag cut by a line ending after a form feed or vertical tab, in a quote begun on a line before inside
    /// a list item, whose next line's `>` stands four columns or more from the margin: the item takes some
    /// of them, so the `>` goes on the quote, and where nothing follows it the paragraph, and the tag, end
    /// there (`-`, `  ><x` and a vertical tab, `    >`); where text follows it, the tag goes on after the
    /// marker, and a closing tag then closes only at a `>` of its own (`1.`, `   > </x` and a form feed,
    /// `     > b>` is text).
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["-\n  ", "- a\n  ", "1.\n   ", "-\n  > ", "> -\n>   "])
    func tagsBeforeAQuoteMarkerInAnItemMatchCmarkGFM(start: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [start], ["><x", "> a <x", "><a b=\"c\"", "> </x", "> a </x"], ["\u{0B}", "\u{0C}"],
            ["\n    >", "\n     >", "\n    > b>", "\n  b\n    >", "\n    > # h>", "\n    >\n  > c>"], ["\n", "\nz\n"],
        ])
    }

    /// A fenced code block or a table in a list item or a quote takes no lazy line: a line that leaves their
    /// containers ends them, and the next line's ordered item not at 1 goes on its paragraph, where a tag's
    /// form feed is the tag's; after a fence that closes, a paragraph stands in the fence's containers, and
    /// a link reference definition may start it (its destination's form feed is text).
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["2. ;\n   ~~~", "2. ;\n\t~~~", "- ~~~\n  ~~~", "- |a|\n  |-|", "> ~~~", "~~~\n~~~"])
    func linesAfterFencesAndTablesInContainersMatchCmarkGFM(first: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first], ["\nx", "\n\u{0B}", "\n", "\n  y", "\n    w"],
            ["\n2. [1]:<b\u{0C}>", "\n- [1]:<b\u{0C}>", "\n[1]: <b\u{0B}>", "\n  [1]: <b\u{0C}>"], ["\n", "\n\n[1]\n"],
        ])
    }

    /// A line of an item or a quote indented four columns from the margin but less past the content of the
    /// containers it goes on is no code: a line like a definition after it goes on its paragraph (or its
    /// table's rows), and a tag's form feed there is the tag's; a lazy line leaves the quote open, and a `>`
    /// after it goes on the same paragraph; an ordered item not at 1 after it leaves the item and starts a
    /// list, where a definition's destination keeps its form feed.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["- a\n", "- |a|\n  |-|\n", "- # h\n", "> - a\n", "- a\n  - b\n", "- a\n\n"])
    func linesIndentedInsideTheirContainersBeforeDefinitionsMatchCmarkGFM(first: String) async throws {
        let prefix = first.hasPrefix(">") ? ">   " : "  "
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first], ["    w\n", "      w\n", "\n    w\n", "  x\n", "   \tx\n"],
            [prefix + "[1]: <b\u{0C}>", "2. [1]:<b\u{0C}>", prefix + "x <b\u{0C}>", prefix + "[1]: /u\u{0C}\"t\""],
            ["\n", "\n\n[1]\n"],
        ])
    }

    /// A table in a list item takes no lazy line: the line after its rows (a vertical tab or a form feed
    /// alone, or text) starts a paragraph outside the list, which an ordered item not at 1 goes on, so a tag
    /// indented past that item's marker is the paragraph's, not indented code's, and its form feed is the
    /// tag's white space.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["2) |||x\n   -|-|-\n", "- |a|\n  |-|\n", "> - |a|\n>   |-|\n"])
    func indentedTagsAfterALazyLineThatEndsATableMatchCmarkGFM(first: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first], ["\u{0B}\n", "\u{0C}\n", "x\n", "\n"],
            ["3)     <a\u{0C}>", "-     <a\u{0C}>", "1.     <a\u{0C}>", "3)     [x](<a\u{0C}>)", "    <a\u{0B}>"],
            ["\n", "\ny\n"],
        ])
    }

    /// A line after a paragraph or a definition whose list marker, `>` or table delimiter row stands four
    /// columns or more past the containers' content is the paragraph's text (`a`, then `    - [x]:<u` and a
    /// form feed `>` is no definition; `[y]:^<t` and a form feed `>`, then a tab and `:-`, is one), where a
    /// tag's form feed is the tag's and a destination's is text; a lazy line after a definition that starts
    /// a list item leaves the definition's containers, and a definition may start it.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["a\n", "[a]: /u\n", "\u{0C}\n", "- a\n", "> [a]: /u\n", "[y]:<t\u{0C}>|b\n"])
    func markersIndentedPastTheirContainersMatchCmarkGFM(first: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first], ["", "  ", "    ", "\t", "      ", ">     "],
            ["- [x]:<u\u{0C}>", "> [b]: <v\u{0C}>", ":-", "1. [c]:<u\u{0C}>", "x <b\u{0C}>"],
            ["\n", "\n\n[x] [b] [c]\n"],
        ])
    }

    /// A footnote definition's content is four columns past the content it starts in: a fence or an HTML
    /// block opened in one in a list item or a quote ends at a line indented less, which the item may hold (`2) [^1]:~~~`, then
    /// `    [](` and a vertical tab `)`: the tab is white space in the item's link, and a definition on
    /// such a line keeps its destination's form feed).
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["2) [^1]:", "- [^1]: ", "1. > [^1]:", "2) [^1]: x\n   "])
    func fencesInFootnoteDefinitionsInContainersMatchCmarkGFM(first: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first], ["~~~", "```", "<div>"], ["\n", "\n  ", "\n    ", "\n     ", "\n       "],
            ["[](\u{0B})", "<a\u{0C}>", "[a]: <u\u{0C}>"], ["\n", "\n\n[^1] [a]\n"],
        ])
    }

    /// A `](` whose `[` a link inside its brackets deactivated makes no link: the form feed or vertical tab
    /// after its `(` is text, kept before a line ending as cmark-gfm keeps it. The inner link is a reference
    /// to a defined label (shortcut, collapsed or full) or an inline link; an image's `![` stays active.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["", "> ", "- "])
    func linksInsideBracketsDeactivateThemMatchCmarkGFM(start: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [start], ["[[a]](", "[[a][]](", "[[b](u)](", "![[a]](", "[![a]](", "[[x]](", "[[a][b]](", "[[A]x]("],
            ["\u{0C}\n", "\u{0B}\n", " \u{0C}"], [")", "u \"t\")"], ["\n\n[a]: /u\n", "\n\n[b]: /w\n", "\n"],
        ])
    }

    /// A backtick in an HTML block opens no code span that a later paragraph's backticks close: the link
    /// after them keeps its form feed or vertical tab as white space. A block of the first five kinds whose
    /// end is on its line (`<?>`, `<!-- a -->`), and one that its quote or list item ends at the next line.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["", "> ", "- "])
    func backticksInHTMLBlocksMatchCmarkGFM(start: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [start], ["<?>", "<!-- a -->", "<!A >", "<pre></pre>", "<!--", "<div>", "<?x"], ["`", "``"], ["\n"],
            ["", "> "], ["``[](\u{0B})`", "`[](\u{0C})``"], ["\n"],
        ])
    }
}
