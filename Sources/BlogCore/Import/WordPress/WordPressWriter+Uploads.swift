import Foundation

extension WordPressWriter {
    /// The URL of the post's featured image: the attachment its `_thumbnail_id` names.
    mutating func featuredImage(of item: WXRItem) -> String? {
        guard let id = item.metaValues("_thumbnail_id").last?.trimmingCharacters(in: .whitespaces), !id.isEmpty,
            id != "0"
        else { return nil }
        guard let url = survey.shortcodes.attachmentURLs[id] else {
            report.warnings.append(
                warn(
                    item,
                    "\(name(item))'s featured image, attachment \(id), is not in the export; no image: was written"))
            return nil
        }
        return url
    }

    /// The post's links to the media library: each file `--uploads` has is copied once and its links point at
    /// the copy; the others stay at the old site and are reported (without `--uploads`, once for the post).
    ///
    /// - Returns: For each path (as written) that was copied, the path links now take below `wp-content/uploads/`.
    mutating func linkUploads(_ paths: [String], of item: WXRItem) throws(DiagnosticError) -> [String: String] {
        guard let first = paths.first else { return [:] }
        guard let folder = uploadsFolder else {
            let count = paths.count
            report.warnings.append(
                warn(
                    item, line: item.contentLine,
                    "\(name(item)) links to \(count) file\(count == 1 ? "" : "s") of the old media library "
                        + "(\(WordPressUploads.folder)\(first)\(count > 1 ? " …" : "")), which stay at the old site; "
                        + "give --uploads FOLDER to copy them"))
            return [:]
        }
        var targets: [String: String] = [:]
        for path in paths {
            let shown = "\(name(item)) links to \(WordPressUploads.folder)\(path)"
            let problem: String?
            switch folder.locate(path) {
            case .file(let file):
                problem = try copyUpload(file, from: folder) ? nil : "which cannot be read"
                if problem == nil { targets[path] = path }
            case .original(let original, let file):
                problem =
                    try copyUpload(file, from: folder)
                    ? nil : "which is not in \(folder.url.path), and its original cannot be read"
                if problem == nil {
                    targets[path] = original
                    report.warnings.append(
                        warn(
                            item, line: line(of: path, in: item),
                            "\(shown), a size WordPress made that is not in \(folder.url.path); "
                                + "the original \(WordPressUploads.folder)\(original) is shown instead"))
                }
            case .missing: problem = "which is not in \(folder.url.path)"
            case .outside: problem = "which is outside \(folder.url.path) (or a hidden file there) and is not copied"
            }
            if let problem {
                report.warnings.append(
                    warn(item, line: line(of: path, in: item), "\(shown), \(problem); the link stays at the old site"))
            }
        }
        return targets
    }

    /// Copies a file of `--uploads` into the theme's `static/wp-content/uploads/`, which the build serves at
    /// `/wp-content/uploads/`; a file already copied for another post is not copied again.
    ///
    /// - Returns: Whether the file is there (false when it cannot be read).
    private mutating func copyUpload(_ file: String, from folder: WordPressUploadsFolder) throws(DiagnosticError)
        -> Bool
    {
        if copiedUploads.contains(file) { return true }
        guard let data = folder.contents(of: file) else { return false }
        try create("site-template/static/" + WordPressUploads.folder + file, data)
        copiedUploads.insert(file)
        report.assets += 1
        return true
    }

    /// The line of the export where `text` first occurs in the item's content; the item's line when it does not.
    func line(of text: String, in item: WXRItem) -> Int {
        guard !text.isEmpty, let found = item.content.range(of: text) else { return item.line }
        return item.contentLine + item.content[..<found.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
