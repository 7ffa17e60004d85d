import BlogFileSystem
import Foundation

/// The second reading of an export: each item written as it is read, then blog.yaml, the theme and the
/// media library.
struct WordPressWriter {
    let site: WordPressImport
    let survey: WordPressImport.Survey
    var report = SiteImport.Report()
    var content: WordPressContent
    /// The new site's base path (`/` or `/blog/`) and the old one's, which links start with.
    let basePath: String
    /// Output files taken, by the item that took them (or "" for the build's own).
    var usedOutputs: [String: String] = [:]
    var usedFiles: Set<String> = []
    /// The copy of the media library that `--uploads` names, and the files of it copied so far.
    let uploadsFolder: WordPressUploadsFolder?
    var copiedUploads: Set<String> = []
    /// Items of other types, by type: only posts and pages are imported.
    var otherTypes: [String: Int] = [:]

    init(import site: WordPressImport, survey: WordPressImport.Survey) {
        self.site = site
        self.survey = survey
        let path = URL(string: survey.channel.link)?.path ?? ""
        basePath = path.hasSuffix("/") ? path : path + "/"
        content = WordPressContent(shortcodes: survey.shortcodes)
        content.uploads.hosts = WordPressUploads.hosts(
            of: [survey.channel.link, survey.channel.baseBlogURL, survey.channel.baseSiteURL])
        content.uploads.basePath = basePath
        uploadsFolder = site.uploads.map(WordPressUploadsFolder.init)
        for output in Routes.defaultRootFiles { usedOutputs[output] = "" }
        report.warnings = survey.warnings
    }

    func warn(_ item: WXRItem, line: Int? = nil, _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: site.exportName, line: line ?? item.line, message: message)
    }

    /// How an item is named in the report: its title and WordPress ID.
    func name(_ item: WXRItem) -> String {
        let title = HTMLEntities.decode(item.title).trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(Diagnostic.quoted(title)) (\(item.postType ?? "item") \(item.postID))"
    }

    mutating func write(_ item: WXRItem) throws(DiagnosticError) {
        guard let type = item.postType, type == "post" || type == "page" else {
            if item.postType != "attachment" { otherTypes[item.postType ?? "", default: 0] += 1 }
            return
        }
        let isDraft: Bool
        switch item.status {
        case "publish", "future": isDraft = false
        case "draft", "pending", "private": isDraft = true
        case "trash":
            return report.warnings.append(warn(item, "\(name(item)) is in the trash; left out"))
        default:
            let status = Diagnostic.quoted(item.status)
            return report.warnings.append(warn(item, "\(name(item)) has the status \(status); left out"))
        }
        guard item.password.isEmpty else {
            return report.warnings.append(
                warn(item, "\(name(item)) is password-protected, which a static site cannot do; left out"))
        }
        let post = try makePost(item, isDraft: isDraft)
        try create(post.file, Data(post.text.utf8))
        switch (type, isDraft) {
        case ("page", _): report.pages += 1
        case (_, true): report.drafts += 1
        default: report.posts += 1
        }
    }

    func create(_ path: String, _ data: Data) throws(DiagnosticError) {
        do {
            try ExclusiveFile.create(at: site.destination.appending(path: path), contents: data)
        } catch {
            throw DiagnosticError(file: path, message: "cannot create the file: \(error)")
        }
    }
}
