import BlogFileSystem
import Foundation

extension WordPressWriter {
    /// After the items: blog.yaml from the channel, the theme, and the report's last lines.
    mutating func finish() throws(DiagnosticError) -> SiteImport.Report {
        for (type, count) in otherTypes.sorted(by: { $0.key < $1.key }) {
            report.warnings.append(
                Diagnostic(
                    .warning, file: site.exportName,
                    message:
                        "\(count) item\(count == 1 ? "" : "s") of the type \(Diagnostic.quoted(type)) left out: "
                        + "only posts and pages are imported"))
        }
        var written = [("blog.yaml", blogYAML()), (".gitignore", SiteImport.gitignore)]
        written += DefaultTheme.files.map { ("site-template/\($0.path)", $0.contents) }
        for (path, text) in written { try create(path, Data(text.utf8)) }
        return report
    }

    /// The channel's title, description, URL and language; the zone of the dates' offsets.
    mutating func blogYAML() -> String {
        let channel = survey.channel
        var title = HTMLEntities.decode(channel.title).trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { title = "My Blog" }
        var base = channel.link.isEmpty ? channel.baseBlogURL : channel.link
        let parsed = URL(string: base)
        if !["http", "https"].contains(parsed?.scheme?.lowercased() ?? "") || parsed?.host == nil {
            report.warnings.append(
                Diagnostic(
                    .warning, file: "blog.yaml",
                    message:
                        "the channel's <link> \(JSONText.quoted(base)) is no absolute http or https URL; "
                        + "https://example.com was written, to be replaced by the site's own"))
            base = "https://example.com"
        }
        if !base.hasSuffix("/") { base += "/" }
        let zone = WordPressDate.zoneName(offset: survey.siteOffset)
        if zone == nil {
            let offset = SiteImport.ReadDate(instant: Date(timeIntervalSince1970: 0), offset: survey.siteOffset).text
            report.warnings.append(
                Diagnostic(
                    .warning, file: "blog.yaml",
                    message:
                        "the posts' offset \(offset.suffix(6)) is no whole hour, which no fixed IANA zone names; "
                        + "timezone: UTC was written (each imported date keeps its own offset)"))
        }
        var yaml = """
            # Imported from WordPress by blog import; see the manual for every key.
            title: \(JSONText.quoted(title))
            base_url: \(JSONText.quoted(base))
            description: \(JSONText.quoted(HTMLEntities.decode(channel.description)))
            timezone: \(zone ?? "UTC")

            """
        if !channel.language.isEmpty { yaml += "language: \(JSONText.quoted(channel.language))\n" }
        // WordPress's feed is at /feed/, which subscribers keep.
        yaml += "feed:\n  rss_path: feed/index.xml\n"
        return SiteImport.checkedConfiguration(yaml, report: &report)
    }
}
