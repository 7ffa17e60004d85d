import Foundation

/// Where a build's output goes, and the folders beside it that staging uses: the staging folder, the
/// spare tree and the trash folders.
///
/// The output is marked with a `.blog-output` file; a folder holding anything else is never replaced.
/// ``StagedTree`` does the writing.
public struct OutputFolder: Sendable {
    /// The file that marks a folder as made by blog.
    public static let marker = ".blog-output"
    public let folder: URL
    /// How the folder is named in messages.
    public let displayName: String

    /// Names the output folder and how messages name it.
    public init(folder: URL, displayName: String) {
        self.folder = folder
        self.displayName = displayName
    }

    /// Where the next tree is staged before it is swapped in.
    public var staging: URL { sibling("blog-staging") }
    /// The prefix of the folders where replaced trees wait to be deleted off the critical path.
    public var trash: URL { sibling("blog-trash") }
    /// A new trash folder name (the prefix plus a random suffix), so that a partly deleted one is still
    /// recognised by the next build.
    public func freshTrash() -> URL {
        folder.deletingLastPathComponent().appending(path: "\(trash.lastPathComponent)-\(UUID().uuidString.prefix(8))")
    }
    /// The tree the output held before the last swap, kept so that the next build updates it in place.
    public var spare: URL { sibling("blog-spare") }

    private func sibling(_ suffix: String) -> URL {
        folder.deletingLastPathComponent().appending(path: ".\(folder.lastPathComponent).\(suffix)")
    }
}
