import Foundation

/// Hugo's rules for a post's URL, so that an imported post keeps it.
enum HugoURLs {
    /// Hugo's `urlize` for paths (`paths.Sanitize`, then lower-cased as `disablePathToLower` leaves it): letters,
    /// digits, marks, `%XX` and `./\\_#+~-@` are kept; a run of white space becomes one `-` (none at the start,
    /// none after a kept `-`); everything else (`&`, quotes, `!`, `?`, `:` …) is dropped.
    static func urlize(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var prependHyphen = false
        var wasHyphen = false
        for (index, scalar) in scalars.enumerated() {
            if isAllowed(scalar, at: index, in: scalars) {
                wasHyphen = scalar == "-"
                if prependHyphen {
                    if !wasHyphen { result.append("-") }
                    prependHyphen = false
                }
                result.append(scalar)
            } else if !result.isEmpty, !wasHyphen, scalar.properties.isWhitespace {
                prependHyphen = true
            }
        }
        return String(result).lowercased()
    }

    private static func isAllowed(_ scalar: Unicode.Scalar, at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        if scalar == " " { return false }
        // Go's unicode.IsLetter, IsDigit and IsMark: the categories L*, Nd and M*.
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            break
        }
        if "./\\_#+~-@".unicodeScalars.contains(scalar) { return true }
        guard scalar == "%", index + 2 < scalars.count else { return false }
        return scalars[index + 1].properties.isASCIIHexDigit && scalars[index + 2].properties.isASCIIHexDigit
    }

    /// A Hugo `permalinks` pattern in blog's placeholders: Hugo's `:title` is the post's title made into a
    /// path, which the importer writes as each post's `slug`; `:slug` is that slug or the same; `:filename`
    /// and `:contentbasename` are the file's name.
    static func translate(_ pattern: String) -> String {
        var result = pattern
        let names = [(":contentbasename", ":filename"), (":sections", ":section"), (":slugorfilename", ":slug")]
        for (hugo, ours) in names {
            result = result.replacingOccurrences(of: hugo, with: ours)
        }
        result = result.replacingOccurrences(of: ":title", with: ":slug")
        if !result.hasPrefix("/") { result = "/" + result }
        return result
    }

    /// The URL Hugo gives a regular page: its `url`, else its section's `permalinks` pattern, else the
    /// folder it sits in below the content folder (`news/2021/`) and its slug or file (or bundle folder)
    /// name, each made a path by ``urlize(_:)``. `uglyURLs` on the section makes `/x/` into `/x.html`, and
    /// `defaultContentLanguageInSubdir` puts the language in front.
    static func url(of entry: SiteImport.Entry, date: SiteImport.ReadDate, settings: SiteImport.Settings) -> String? {
        let root = settings.contentDir + "/"
        guard entry.source.hasPrefix(root) else { return nil }
        let inContent = String(entry.source.dropFirst(root.count))
        let file = entry.bundleSource.map { String($0.dropFirst(min($0.count, root.count))) } ?? inContent
        let folder = (file as NSString).deletingLastPathComponent
        let section = String(folder.split(separator: "/").first ?? "")
        let name = entry.name
        func field(_ key: String) -> String? {
            entry.fields.first { $0.key == key }?.value.string.flatMap { $0.isEmpty ? nil : $0 }
        }
        let slug = field("slug")
        let title = field("title") ?? ""
        let isUgly = settings.hugo.hasUglyURLs(section: section)
        // `:sections` counts the folders that are sections: the first, and each below it with an `_index` file.
        var sections = section
        for part in folder.split(separator: "/").dropFirst() {
            let candidate = sections + "/" + part
            guard settings.hugoSections.contains(candidate) else { break }
            sections = candidate
        }
        var path: String
        if let own = field("url") {
            path = own.hasPrefix("/") ? own : "/" + own
        } else if let pattern = settings.hugo.permalink(section: section) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: date.offset) ?? settings.timeZone
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date.instant)
            let months = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December",
            ]
            let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
            let month = parts.month ?? 1
            let values: [String: String] = [
                "year": String(parts.year ?? 1970), "month": String(format: "%02d", month),
                "day": String(format: "%02d", parts.day ?? 1), "monthname": months[month - 1],
                "weekday": String((parts.weekday ?? 1) - 1), "weekdayname": days[(parts.weekday ?? 1) - 1],
                "yearday": String(calendar.ordinality(of: .day, in: .year, for: date.instant) ?? 1),
                "section": section, "sections": sections, "sectionslug": urlize(section),
                "sectionslugs": urlize(sections),
                "title": urlize(title), "slug": urlize(slug ?? title), "filename": urlize(name),
                "contentbasename": urlize(name),
                "slugorfilename": urlize(slug ?? name), "slugorcontentbasename": urlize(slug ?? name),
            ]
            path = Permalink.substitute(pattern, values)
            if !path.hasPrefix("/") { path = "/" + path }
            // Hugo ends a pretty URL with a slash (`:year/:slug` gives /2021/x/).
            if !path.hasSuffix("/"), !(path.split(separator: "/").last ?? "").contains(".") { path += "/" }
            if isUgly, path.hasSuffix("/"), path.count > 1 { path = String(path.dropLast()) + ".html" }
        } else {
            path = "/" + urlize(folder) + "/" + urlize(slug ?? name) + (isUgly ? ".html" : "/")
        }
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        if settings.hugo.bool("defaultcontentlanguageinsubdir") == true, field("url") == nil {
            path = "/" + settings.hugo.defaultLanguage + path
        }
        return path
    }
}
