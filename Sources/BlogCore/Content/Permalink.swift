import BlogFileSystem
import Foundation

/// Post URLs from a pattern, with the placeholders Jekyll and Hugo use, so that a blog that moves here
/// keeps every URL: `permalink:` in blog.yaml (a pattern or one of Jekyll's style names) for every post,
/// or `permalink:` / `url:` in a post's front matter for that post.
///
/// A path ending in `/` is written as `index.html` in that folder; one ending in a file name with an
/// extension (`.html`) as that file; one with neither, as Jekyll does, as the path plus `.html`, served
/// by static hosts at the path itself.
enum Permalink {
    /// Jekyll's built-in styles.
    static let styles: [String: String] = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// The placeholders a pattern may use.
    static let placeholders: Set<String> = [
        "year", "month", "day", "hour", "minute", "second", "i_day", "i_month", "short_month", "long_month",
        "monthname",
        "short_year", "y_day", "yearday", "w_year", "week", "w_day", "short_day", "long_day", "weekday", "weekdayname",
        "title", "slug", "name", "filename", "categories", "slugified_categories", "output_ext", "section",
        "collection",
    ]

    /// The pattern for a `permalink:` setting: a style name, or the pattern itself.
    static func pattern(for setting: String) -> String { styles[setting] ?? setting }

    /// Why `pattern` cannot be used, or nil: it must start with `/` and name only known placeholders.
    static func patternProblem(_ pattern: String) -> String? {
        guard pattern.hasPrefix("/") else {
            return "must be a style (date, pretty, ordinal, weekdate, none) or a pattern starting with '/'"
        }
        for name in placeholderNames(in: pattern) where !placeholders.contains(name) {
            return
                "names an unknown placeholder ':\(name)' (known: \(placeholders.sorted().map { ":" + $0 }.joined(separator: ", ")))"
        }
        // Empty placeholders leave `//`, which expanding collapses; what the pattern itself spells must
        // stay inside the output folder whatever fills it.
        var literal = String(pattern.dropFirst())
        while literal.contains("//") { literal = literal.replacingOccurrences(of: "//", with: "/") }
        return Routes.outputPathProblem(literal.hasPrefix("/") ? String(literal.dropFirst()) : literal)
    }

    /// Why a post's own path cannot be used, or nil.
    static func pathProblem(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return "must be a path from the site's root such as /2015/12/03/title.html" }
        // By byte, as the file system reads the path (``StringProtocol/pathSegments``).
        let segments = path.pathSegments.dropFirst()
        if segments.contains(where: \.isDotSegment) { return "must not contain '.' or '..' segments" }
        if segments.dropLast().contains(where: \.isEmpty) { return "must not contain '//'" }
        if path.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\") })
        {
            return "must not contain '?', '#' or '\\'"
        }
        if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must not contain control characters"
        }
        if segments.contains(where: \.isHiddenName) { return "must not have a segment starting with '.'" }
        // The rules of every output path (encoded dots, names too long for a file system), checked early
        // so that the error points at the key.
        return Routes.outputPathProblem(Routes.outputPath(ofPermalink: path))
    }

    private static func placeholderNames(in pattern: String) -> [String] {
        var names: [String] = []
        var rest = pattern[...]
        while let colon = rest.firstIndex(of: ":") {
            let name = rest[rest.index(after: colon)...].prefix { $0.isLetter || $0 == "_" }
            if !name.isEmpty { names.append(longestPlaceholder(in: String(name))) }
            rest = rest[rest.index(after: colon)...].dropFirst(max(name.count, 0))
        }
        return names
    }

    /// `:titleabc` is not a placeholder but `:title` followed by `abc`? Jekyll matches the longest known name
    /// at the colon; an unknown name is reported whole.
    private static func longestPlaceholder(in name: String) -> String {
        for length in stride(from: name.count, through: 1, by: -1) {
            let candidate = String(name.prefix(length))
            if placeholders.contains(candidate) { return candidate }
        }
        return name
    }

    /// The values of a post's placeholders.
    struct Values {
        var date: Date
        /// The zone the post's date was written in (its own offset), for the date parts.
        var zone: TimeZone
        /// The post's name: `slug:` from front matter, else the file name without its date and `.md`.
        var name: String
        var fileName: String
        var categories: [String]
    }

    /// Expands `pattern` into a path from the site's root.
    static func expand(_ pattern: String, _ values: Values) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = values.zone
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .weekday, .yearForWeekOfYear, .weekOfYear], from: values.date
        )
        var isoCalendar = Calendar(identifier: .iso8601)
        isoCalendar.timeZone = values.zone
        let iso = isoCalendar.dateComponents([.yearForWeekOfYear, .weekOfYear, .weekday], from: values.date)
        let yearDay = calendar.ordinality(of: .day, in: .year, for: values.date) ?? 1
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        let weekday = parts.weekday ?? 1
        var categorySet: [String] = []
        for category in values.categories.map({ $0.lowercased() }) where !categorySet.contains(category) {
            categorySet.append(category)
        }
        var slugified: [String] = []
        for category in values.categories.map({ jekyllSlug($0) }) where !slugified.contains(category) {
            slugified.append(category)
        }
        let value: [String: String] = [
            "year": String(year), "month": two(month), "day": two(parts.day), "hour": two(parts.hour),
            "minute": two(parts.minute),
            "second": two(parts.second), "i_day": String(parts.day ?? 1), "i_month": String(month),
            "short_month": String(months[month - 1].prefix(3)), "long_month": months[month - 1],
            "monthname": months[month - 1],
            "short_year": two(year % 100), "y_day": String(format: "%03d", yearDay), "yearday": String(yearDay),
            "w_year": String(iso.yearForWeekOfYear ?? year), "week": two(iso.weekOfYear),
            "w_day": String(weekday == 1 ? 7 : weekday - 1),
            "short_day": String(days[weekday - 1].prefix(3)), "long_day": days[weekday - 1],
            "weekday": String(weekday - 1),
            "weekdayname": days[weekday - 1],
            "title": jekyllSlug(values.name, pretty: true, cased: true), "slug": jekyllSlug(values.name),
            "name": jekyllSlug(values.fileName),
            "filename": values.fileName, "categories": categorySet.joined(separator: "/"),
            "slugified_categories": slugified.joined(separator: "/"), "output_ext": ".html", "section": "posts",
            "collection": "posts",
        ]
        var result = substitute(pattern, value)
        // Empty placeholders (no categories) leave `//`, which Jekyll collapses.
        while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
        return result.hasPrefix("/") ? result : "/" + result
    }

    /// `pattern` with each `:name` whose value is given replaced by it: the longest name given at each
    /// colon, as Jekyll matches them; other colons stay.
    static func substitute(_ pattern: String, _ value: [String: String]) -> String {
        var result = ""
        var rest = pattern[...]
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let candidate = rest[rest.index(after: colon)...].prefix { $0.isLetter || $0 == "_" }
            let name = (0...candidate.count).reversed().lazy.map { String(candidate.prefix($0)) }.first {
                !$0.isEmpty && value[$0] != nil
            }
            if let name, let replacement = value[name] {
                result += replacement
                rest = rest[rest.index(after: colon)...].dropFirst(name.count)
            } else {
                result += ":"
                rest = rest[rest.index(after: colon)...]
            }
        }
        return result + rest
    }

    /// Jekyll's `Utils.slugify`: runs of characters other than letters, marks and digits (and, in the
    /// pretty mode, `._~!$&'()+,;=@`) become one `-`, which is trimmed from the ends; lower-cased unless cased.
    static func jekyllSlug(_ text: String, pretty: Bool = false, cased: Bool = false) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            let kept =
                properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || properties.generalCategory == .nonspacingMark
                || properties.generalCategory == .spacingMark || properties.generalCategory == .enclosingMark
                || pretty && "._~!$&'()+,;=@".unicodeScalars.contains(scalar)
            if kept {
                if pendingDash && !result.isEmpty { result += "-" }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return cased ? result : result.lowercased()
    }

}
