/// Makes the URLs in a post's raw HTML absolute for its feed content, as Markdown links and images are:
/// feed readers show items away from the site, where `<img src="cat.png">` finds nothing. The attributes
/// that name a resource (`href`, `src`, `srcset`, `poster`) are rewritten; everything else is left as
/// it is, byte for byte.
enum RawHTMLLinks {
    static let attributes: Set<String> = ["href", "src", "srcset", "poster"]

    /// `html` with every relative URL in those attributes resolved against `base`.
    static func absolutized(_ html: String, against base: String) -> String {
        let scalars = Array(html.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        // In a tag from `<` to `>`; attribute names are looked for only there.
        var inTag = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" { inTag = true } else if scalar == ">" { inTag = false }
            guard inTag, scalar == " " || scalar == "\t" || scalar == "\n",
                let (name, valueStart, valueEnd, quote) = attribute(in: scalars, after: index),
                attributes.contains(name.lowercased())
            else {
                result.append(scalar)
                index += 1
                continue
            }
            let value = String(String.UnicodeScalarView(scalars[valueStart..<valueEnd]))
            let rewritten =
                name.lowercased() == "srcset"
                ? absoluteSrcset(value, against: base) : (PostRenderer.absolute(value, against: base) ?? value)
            result.append(contentsOf: scalars[index..<valueStart])
            result.append(contentsOf: rewritten.unicodeScalars)
            index = valueEnd
            if let quote { result.append(quote); index += 1 }
        }
        return String(result)
    }

    /// The attribute starting after the whitespace at `index`: its name and where its value is (without
    /// quotes), and the quote that closes it; nil when no `name=value` is there.
    private static func attribute(in scalars: [Unicode.Scalar], after index: Int) -> (
        String, Int, Int, Unicode.Scalar?
    )? {
        var position = index
        while position < scalars.count,
            scalars[position] == " " || scalars[position] == "\t" || scalars[position] == "\n"
        { position += 1 }
        let nameStart = position
        while position < scalars.count, scalars[position].properties.isAlphabetic || scalars[position] == "-" {
            position += 1
        }
        guard position > nameStart, position - nameStart <= 16 else { return nil }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
        while position < scalars.count, scalars[position] == " " { position += 1 }
        guard position < scalars.count, scalars[position] == "=" else { return nil }
        position += 1
        while position < scalars.count, scalars[position] == " " { position += 1 }
        guard position < scalars.count else { return nil }
        if scalars[position] == "\"" || scalars[position] == "'" {
            let quote = scalars[position]
            let start = position + 1
            guard let end = scalars[start...].firstIndex(of: quote) else { return nil }
            return (name, start, end, quote)
        }
        let start = position
        while position < scalars.count, !" \t\n>".unicodeScalars.contains(scalars[position]) { position += 1 }
        return (name, start, position, nil)
    }

    /// Each candidate of a `srcset` (`a.png 1x, b.png 2x`) with its URL resolved.
    private static func absoluteSrcset(_ value: String, against base: String) -> String {
        value.split(separator: ",", omittingEmptySubsequences: false).map { candidate in
            let trimmed = candidate.drop { $0 == " " }
            let url = trimmed.prefix { $0 != " " }
            let rest = trimmed.dropFirst(url.count)
            let leading = candidate.prefix { $0 == " " }
            return String(leading) + (PostRenderer.absolute(String(url), against: base) ?? String(url)) + rest
        }.joined(separator: ",")
    }
}
