import Foundation

extension WordPressWriter {
    /// One post or page: its file in DEST and the text to write, every key in the form the build reads.
    mutating func makePost(_ item: WXRItem, isDraft: Bool) throws(DiagnosticError) -> (file: String, text: String) {
        var keys: [String] = []
        var title = HTMLEntities.decode(item.title).trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty {
            title = "Untitled"
            report.warnings.append(
                warn(
                    item,
                    "\(name(item)) has no title (empty, or only white space once its entities are decoded); titled \"Untitled\""
                ))
        }
        keys.append("title: \(JSONText.quoted(title))")
        let date = date(of: item)
        keys.append("date: \(date.text)")
        if let modified = WordPressDate.parse(item.modifiedGMT), modified > date.instant {
            keys.append("updated: \(SiteImport.ReadDate(instant: modified, offset: date.offset).text)")
        }
        let tags = tags(of: item)
        if !tags.isEmpty { keys.append("tags: \(SiteImport.list(tags))") }
        if !item.creator.isEmpty {
            let author = survey.channel.authors[item.creator] ?? item.creator
            keys.append("authors: \(SiteImport.list([author]))")
        }
        let converted = content.convert(item.content, postID: item.postID)
        reportLeftovers(converted, of: item)
        let featured = featuredImage(of: item)
        var uploads = converted.uploads
        if let path = featured.flatMap({ content.uploads.paths(in: $0).first }), !uploads.contains(path) {
            uploads.append(path)
        }
        let targets = try linkUploads(uploads, of: item)
        if let featured { keys.append("image: \(JSONText.quoted(content.uploads.rewrite(featured, to: targets)))") }
        let excerpt = HTMLEntities.plainText(item.excerpt)
        if let summary = excerpt.isEmpty ? converted.summary : excerpt {
            keys.append("summary: \(JSONText.quoted(summary))")
        }
        let path = isDraft && item.link.contains("?") ? nil : oldPath(of: item)
        if let path { keys.append("permalink: \(JSONText.quoted(path))") }
        let aliases = oldPaths(of: item, at: path)
        if !aliases.isEmpty { keys.append("aliases: \(SiteImport.list(aliases))") }
        report.redirects += aliases.count
        if isDraft { keys.append("draft: true") }
        keys.append("# Imported from WordPress: \(item.postType ?? "post") \(item.postID), \(item.status)")
        let file = fileName(item, date: date)
        let body = content.uploads.rewrite(converted.body, to: targets)
        return (file, "---\n" + keys.joined(separator: "\n") + "\n---\n" + body + "\n")
    }

    /// `post_date_gmt` with the offset `post_date` shows; a draft's zero GMT date is `post_date` in the
    /// site's offset; with neither, the export's own date, reported.
    mutating func date(of item: WXRItem) -> SiteImport.ReadDate {
        let siteOffset = survey.siteOffset
        let local = WordPressDate.parse(item.postDate)
        if let gmt = WordPressDate.parse(item.postDateGMT) {
            var offset = local.map { Int(($0.timeIntervalSince(gmt) / 60).rounded()) * 60 } ?? siteOffset
            if abs(offset) > 18 * 3600 { offset = siteOffset }
            return SiteImport.ReadDate(instant: gmt, offset: offset)
        }
        if let local {
            return SiteImport.ReadDate(instant: local.addingTimeInterval(Double(-siteOffset)), offset: siteOffset)
        }
        let fallback = WordPressDate.parse(item.modifiedGMT) ?? Date(timeIntervalSince1970: 0)
        let read = SiteImport.ReadDate(instant: fallback, offset: siteOffset)
        report.warnings.append(warn(item, "\(name(item)) has no date; \(read.text) was written"))
        return read
    }

    /// Categories by their full name (`Parent/Child`) and tags, each once, in the export's order.
    func tags(of item: WXRItem) -> [String] {
        var tags: [String] = []
        for term in item.terms where term.domain == "category" || term.domain == "post_tag" {
            let name = HTMLEntities.decode(term.name).trimmingCharacters(in: .whitespacesAndNewlines)
            let full = term.domain == "category" ? survey.channel.fullCategoryName(term.nicename, fallback: name) : name
            let decoded = HTMLEntities.decode(full)
            if !decoded.isEmpty, !tags.contains(decoded) { tags.append(decoded) }
        }
        return tags
    }

    /// Leftovers and galleries that lack images, each with the line of the export it is on.
    mutating func reportLeftovers(_ converted: WordPressContent.Result, of item: WXRItem) {
        for leftover in converted.leftovers {
            report.warnings.append(
                warn(
                    item, line: line(of: leftover, in: item),
                    "\(Diagnostic.quoted(leftover)) in \(name(item)) was left as written: it has no equivalent here"))
        }
        for gallery in converted.galleries {
            let missing = gallery.missing.joined(separator: ", ")
            let count = gallery.missing.count
            let attachments = "attachment\(count == 1 ? "" : "s") \(missing) \(count == 1 ? "is" : "are")"
            report.warnings.append(
                warn(
                    item, line: line(of: gallery.shortcode, in: item),
                    "\(Diagnostic.quoted(gallery.shortcode)) in \(name(item)): \(attachments) not in the export; "
                        + (gallery.shown == 0
                            ? "it was left as written"
                            : "it shows the other \(gallery.shown) image\(gallery.shown == 1 ? "" : "s")")))
        }
    }

    /// The path of the item's `<link>` below the site's, percent-decoded, when the build can write it there.
    mutating func oldPath(of item: WXRItem) -> String? {
        guard let url = URL(string: item.link), !item.link.isEmpty else { return nil }
        if url.query != nil {
            report.warnings.append(
                warn(
                    item,
                    "\(name(item)) was at \(item.link); a static host serves paths, never queries such as ?p=, "
                        + "so it gets the new site's own path and the old address needs a redirect on the server"))
            return nil
        }
        var path = url.path.removingPercentEncoding ?? url.path
        // WordPress reads `//` in a link as `/`; the static host will not, and the build refuses it.
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        if basePath != "/", path.hasPrefix(basePath) { path = "/" + path.dropFirst(basePath.count) }
        if url.absoluteString.hasSuffix("/"), !path.hasSuffix("/") { path += "/" }
        if path.isEmpty { path = "/" }
        let output = Routes.outputPath(ofPermalink: path)
        let problem =
            Permalink.pathProblem(path)
            ?? usedOutputs[output].map { $0.isEmpty ? "is one of the new site's own pages" : "is also \($0)'s" }
            ?? (SiteImport.isBuildOutput(output) ? "is one of the new site's own pages" : nil)
        if let problem {
            report.warnings.append(
                warn(item, "\(name(item)): its old path \(Diagnostic.quoted(path)) \(problem); it gets a new one"))
            return nil
        }
        usedOutputs[output] = name(item)
        return path
    }

    /// Older paths the export shows: `_wp_old_slug` in place of the slug, `_wp_old_date` in place of the date.
    func oldPaths(of item: WXRItem, at path: String?) -> [String] {
        guard let path else { return [] }
        var paths: [String] = []
        // The slug is the link's last segment (`/2010/09/10/SLUG/`); an old slug takes its place.
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let last = segments.lastIndex(where: { !$0.isEmpty }), last > 0 {
            for old in item.metaValues("_wp_old_slug") where !old.isEmpty && old != item.name {
                segments[last] = old.removingPercentEncoding ?? old
                paths.append(segments.joined(separator: "/"))
            }
        }
        for old in item.metaValues("_wp_old_date") {
            let parts = old.split(separator: "-")
            guard parts.count == 3, let date = WordPressDate.parse(item.postDate) else { continue }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            let now = calendar.dateComponents([.year, .month, .day], from: date)
            let current = String(format: "/%04d/%02d/%02d/", now.year ?? 0, now.month ?? 0, now.day ?? 0)
            let previous = "/\(parts[0])/\(parts[1])/\(parts[2])/"
            if path.contains(current), current != previous {
                paths.append(path.replacingOccurrences(of: current, with: previous))
            }
        }
        var seen: Set<String> = [path]
        return paths.filter { Permalink.pathProblem($0) == nil && seen.insert($0).inserted }
    }

    /// `content/posts/DATE-SLUG.md` or `content/pages/PATH.md`, free in DEST.
    mutating func fileName(_ item: WXRItem, date: SiteImport.ReadDate) -> String {
        var slug = Slug.make(from: item.name.removingPercentEncoding ?? item.name, fallback: "")
        if slug.isEmpty { slug = Slug.make(from: HTMLEntities.decode(item.title), fallback: "") }
        if slug.isEmpty { slug = "item-\(Slug.make(from: item.postID, fallback: "0"))" }
        let base: String
        if item.postType == "page" {
            let path = (URL(string: item.link)?.path ?? "").split(separator: "/").map { Slug.make(from: String($0)) }
            base = "content/pages/" + (path.isEmpty || item.link.contains("?") ? slug : path.joined(separator: "-"))
        } else {
            base = "content/posts/" + String(date.text.prefix(10)) + "-" + slug
        }
        var file = base + ".md"
        var number = 2
        while usedFiles.contains(file) {
            file = "\(base)-\(number).md"
            number += 1
        }
        usedFiles.insert(file)
        return file
    }
}
