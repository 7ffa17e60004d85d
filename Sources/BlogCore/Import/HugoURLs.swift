import Foundation

/// Hugo's rules for a post's URL, so that an imported post keeps it.
enum HugoURLs {
    /// Hugo's `urlize` (through `MakePath`): letters, digits, marks and `._~#+-/` are kept, spaces become
    /// `-`, everything else goes, and the result is lower-cased.
    static func urlize(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || properties.generalCategory == .nonspacingMark
                || properties.generalCategory == .spacingMark || "._~#+-/".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else if scalar == " " || scalar == "\t" {
                result += "-"
            }
        }
        return result.lowercased()
    }

    /// A Hugo `permalinks` pattern in blog's placeholders: Hugo's `:title` is the post's title made into a
    /// path, which the importer writes as each post's `slug`; `:slug` is that slug or the same; `:filename`
    /// and `:contentbasename` are the file's name.
    static func translate(_ pattern: String) -> String {
        var result = pattern
        for (hugo, ours) in [
            (":contentbasename", ":filename"), (":sections", ":section"), (":slugorfilename", ":slug"),
        ] {
            result = result.replacingOccurrences(of: hugo, with: ours)
        }
        result = result.replacingOccurrences(of: ":title", with: ":slug")
        if !result.hasPrefix("/") { result = "/" + result }
        return result
    }

    /// The URL Hugo gives a post: its section's `permalinks` pattern, else `/SECTION/NAME/` where NAME is
    /// the slug or the file (or bundle folder) name; lower-cased as Hugo does by default.
    static func url(of entry: SiteImport.Entry, settings: SiteImport.Settings) -> String? {
        let parts = entry.source.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[0] == "content" else { return nil }
        let section = parts[1]
        let slug = entry.fields.first { $0.key == "slug" }?.value.string
        let title = entry.fields.first { $0.key == "title" }?.value.string ?? entry.name
        let fileName = entry.name
        let permalink = settings.hugoPermalinks[section]
        guard let pattern = permalink else {
            return "/" + urlize(section) + "/" + urlize(slug ?? fileName) + "/"
        }
        guard let dateText = entry.fields.first(where: { $0.key == "date" })?.value.string,
            let stamp = FrontMatterDate.Timestamp(dateText.trimmingCharacters(in: .whitespaces)),
            let date = stamp.date(in: settings.timeZone)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = stamp.offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? settings.timeZone
        let parts2 = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let values: [String: String] = [
            "year": String(parts2.year ?? 1970), "month": String(format: "%02d", parts2.month ?? 1),
            "day": String(format: "%02d", parts2.day ?? 1),
            "monthname": months[(parts2.month ?? 1) - 1].lowercased(), "section": urlize(section),
            "sections": urlize(section),
            "title": urlize(title), "slug": urlize(slug ?? title), "filename": urlize(fileName),
            "contentbasename": urlize(fileName),
            "slugorfilename": urlize(slug ?? fileName),
        ]
        var result = Permalink.substitute(pattern, values)
        if !result.hasPrefix("/") { result = "/" + result }
        if !result.hasSuffix("/") && !result.hasSuffix(".html") { result += "/" }
        return result
    }
}
