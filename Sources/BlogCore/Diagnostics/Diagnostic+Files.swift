import BlogFileSystem

extension Diagnostic {
    /// A name that is not valid UTF-8: the file cannot be named in a page or a message as it is.
    static func invalidName(_ file: String) -> Diagnostic {
        Diagnostic(.error, file: file, message: "the file name is not valid UTF-8; rename the file")
    }

    /// What ``FolderWalk/tree(_:)`` could not read below `folder` (a folder, or a link that leads nowhere
    /// or in a loop) and the names in it that are not UTF-8, each an error naming its path; those under
    /// `skipped` (a subfolder another step reports) are left out.
    static func problems(in tree: FolderWalk.Tree, of folder: String, skipping skipped: String? = nil) -> [Diagnostic] {
        func isSkipped(_ path: String) -> Bool { skipped.map { path.hasPrefix($0 + "/") } ?? false }
        var diagnostics: [Diagnostic] = []
        for (path, error) in tree.unreadable where !isSkipped(path) {
            let message =
                error.isMissing ? "a symbolic link to nothing; fix or remove the link" : "cannot read (\(error.reason))"
            diagnostics.append(Diagnostic(.error, file: "\(folder)/\(path)", message: message))
        }
        for path in tree.invalidNames where !isSkipped(path) { diagnostics.append(invalidName("\(folder)/\(path)")) }
        return diagnostics
    }
}
