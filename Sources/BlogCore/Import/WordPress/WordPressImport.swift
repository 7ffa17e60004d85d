import BlogFileSystem
import Foundation

/// `blog import wordpress EXPORT.xml DEST [--uploads FOLDER]`: a new site in DEST from a WordPress export
/// (WXR, Tools › Export): published and scheduled posts and pages, drafts as drafts, each at the path of its
/// old `<link>`, old slugs as redirects, categories and tags as tags, and the media files the posts link to
/// copied from FOLDER. The export is read twice as a stream (see ``WXRReader``): once to check it and learn what items
/// refer to, once to write; nothing is written when the first reading finds an error. EXPORT is only read.
public struct WordPressImport {
    let export: URL
    /// The export's path as the user gave it, for diagnostics.
    let exportName: String
    let destination: URL
    let uploads: URL?

    /// - Parameters:
    ///   - export: The WXR file.
    ///   - destination: The new site's folder; it must not exist or be empty.
    ///   - uploads: A copy of the old site's `wp-content/uploads` folder, or nil to keep links to the old site.
    ///   - exportName: How diagnostics name the export (the path as typed); its path by default.
    public init(export: URL, destination: URL, uploads: URL? = nil, exportName: String? = nil) {
        self.export = export.standardizedFileURL
        self.exportName = exportName ?? export.path
        self.destination = destination.standardizedFileURL
        self.uploads = uploads?.standardizedFileURL
    }

    /// What the first reading learns: the channel, the attachments, the site's offset from UTC, and the
    /// published paths, so that the second reading can write each item alone.
    struct Survey {
        var channel = WXRChannel()
        var shortcodes = WordPressShortcodes()
        /// Seconds east of UTC of `post_date` against `post_date_gmt`, by how many items show it.
        var offsets: [Int: Int] = [:]
        var items = 0
        /// What the first reading found that does not stop the import.
        var warnings: [Diagnostic] = []
        var siteOffset: Int { offsets.max { ($0.value, -abs($0.key)) < ($1.value, -abs($1.key)) }?.key ?? 0 }
    }

    /// Imports the export.
    ///
    /// - Returns: The counts, and a warning for every item left out and everything left as written.
    /// - Throws: ``DiagnosticError``: the export unreadable or not a WordPress export, with the line; DEST not
    ///   empty; a file that cannot be written.
    public func run() throws(DiagnosticError) -> SiteImport.Report {
        guard FileSystem.resolvedKind(of: export.path) == .file else {
            throw DiagnosticError(file: exportName, message: "no such file; expected a WordPress export (WXR)")
        }
        if let uploads, FileSystem.resolvedKind(of: uploads.path) != .folder {
            throw DiagnosticError(
                file: uploads.path, message: "no such folder; expected a copy of the old site's wp-content/uploads")
        }
        try SiteImport.checkDestination(destination, source: export)
        let survey = try makeSurvey()
        var writer = WordPressWriter(import: self, survey: survey)
        _ = try WXRReader.read(export, file: exportName) { item in
            do throws(DiagnosticError) {
                try writer.write(item)
                return nil
            } catch {
                return error.diagnostics.first
            }
        }
        return try writer.finish()
    }

    /// The first reading: errors that stop the import (with their lines), and what items refer to.
    private func makeSurvey() throws(DiagnosticError) -> Survey {
        var survey = Survey()
        var slugs: [String: (line: Int, link: String)] = [:]
        var errors: [Diagnostic] = []
        let channel = try WXRReader.read(export, file: exportName) { item in
            survey.items += 1
            if item.postType == "attachment", !item.attachmentURL.isEmpty {
                survey.shortcodes.attachmentURLs[item.postID] = item.attachmentURL
                survey.shortcodes.attachmentsOfPost[item.parent, default: []].append(item.postID)
            }
            if let gmt = WordPressDate.parse(item.postDateGMT), let local = WordPressDate.parse(item.postDate) {
                let offset = Int((local.timeIntervalSince(gmt) / 60).rounded()) * 60
                if abs(offset) <= 18 * 3600 { survey.offsets[offset, default: 0] += 1 }
            }
            // WordPress keeps a published slug unique among its type (and, for pages, its parent's children).
            guard ["post", "page"].contains(item.postType), ["publish", "future"].contains(item.status),
                item.password.isEmpty, !item.name.isEmpty
            else { return nil }
            let key = "\(item.postType ?? "")/\(item.postType == "page" ? item.parent : "")/\(item.name)"
            guard let first = slugs[key] else {
                slugs[key] = (item.line, item.link)
                return nil
            }
            // Each post keeps its own `<link>`: a shared slug only matters when the paths are one.
            let type = item.postType ?? "post"
            let isSamePath = first.link == item.link || first.link.contains("?") || item.link.contains("?")
            let message =
                "duplicate slug \(Diagnostic.quoted(item.name)): the \(type) at line \(first.line) has it too, "
                + (isSamePath
                    ? "and both would be at one path; WordPress gives each published \(type) its own"
                    : "which WordPress does not allow; each keeps the path of its own <link>")
            if isSamePath {
                errors.append(Diagnostic(.error, file: exportName, line: item.line, message: message))
            } else {
                survey.warnings.append(Diagnostic(.warning, file: exportName, line: item.line, message: message))
            }
            return nil
        }
        guard errors.isEmpty else { throw DiagnosticError(errors) }
        survey.channel = channel
        return survey
    }
}

/// WordPress's `Y-m-d H:i:s` dates, which the export writes without a zone.
enum WordPressDate {
    /// The instant of `text` read as UTC; nil for an empty or zero date (`0000-00-00 00:00:00`, a draft's).
    static func parse(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { " -:T".contains($0) }).compactMap { Int($0) }
        guard parts.count >= 3, parts[0] > 0, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let time = parts.count >= 6 ? Array(parts[3..<6]) : [0, 0, 0]
        return calendar.date(
            from: DateComponents(
                year: parts[0], month: parts[1], day: parts[2], hour: time[0], minute: time[1], second: time[2]))
    }

    /// blog.yaml's `timezone` for a fixed offset: `UTC`, or `Etc/GMT-2` for +02:00 (POSIX's sign); nil for
    /// an offset that is no whole number of hours, which no IANA zone of that kind names.
    static func zoneName(offset: Int) -> String? {
        if offset == 0 { return "UTC" }
        guard offset % 3600 == 0, (-12...14).contains(offset / 3600) else { return nil }
        return "Etc/GMT\(offset > 0 ? "-" : "+")\(abs(offset) / 3600)"
    }
}
