import BlogFileSystem
import Foundation

extension OutputFolder {
    /// Refuses folders a build must never replace.
    func check(siteRoot: URL) throws(DiagnosticError) {
        let output = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let root = siteRoot.standardizedFileURL.resolvingSymlinksInPath().path
        let home = FileSystem.homeFolder
        let protected = [root, root + "/content", root + "/site-template", home, "/"]
        if protected.contains(where: { $0 == output || $0.hasPrefix(output.hasSuffix("/") ? output : output + "/") }) {
            throw DiagnosticError(
                file: displayName,
                message:
                    "refusing to write the site into \(displayName): it is the site, its content or theme, a folder above them, the home folder or /; choose an output folder such as public/"
            )
        }
        // Inside an input, the output would be read back as content or theme files by the next build.
        for input in [SiteLayout.content, SiteLayout.theme] where output.hasPrefix(root + "/" + input + "/") {
            throw DiagnosticError(
                file: displayName,
                message:
                    "refusing to write the site into \(displayName): it is inside \(input)/, which the build reads; choose an output folder such as public/"
            )
        }
        if FileSystem.kind(of: folder.path) == .symbolicLink {
            throw DiagnosticError(
                file: displayName,
                message: "the output folder is a symbolic link; pass the folder it points to as --output")
        }
        guard let kind = FileSystem.resolvedKind(of: folder.path) else { return }
        guard kind == .folder else {
            throw DiagnosticError(
                file: displayName,
                message: "the output path is a file, not a folder; remove it or choose another --output")
        }
        let entries = FileSystem.names(in: folder.path) ?? []
        if !entries.isEmpty && !entries.contains(Self.marker) {
            throw DiagnosticError(
                file: displayName,
                message:
                    "the output folder holds files that blog did not make; empty it or choose another --output (blog only replaces folders marked with \(Self.marker))"
            )
        }
    }
}
