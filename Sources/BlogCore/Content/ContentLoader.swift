import BlogFileSystem
import Foundation

/// A content file as the scan found it, before it is read.
struct ContentFile: Sendable {
    /// Relative to the site root.
    var path: String
    var kind: Post.Kind
    /// The post folder, for a post that is a folder's `index.md`.
    var bundle: String?

    /// The file or folder name the default slug comes from (without `.md`): the last name of the post
    /// folder, or of the path less its `.md`. Made from the path when the file is read, not by the scan,
    /// which would make a `String` of it for every post to read one.
    var name: String {
        let utf8 = (bundle ?? path).utf8
        let start = utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
        let end = bundle == nil && utf8.count >= 3 ? utf8.index(utf8.endIndex, offsetBy: -3) : utf8.endIndex
        return String(Substring(utf8[start..<max(start, end)]))
    }

    /// The slug of a post whose front matter gives none; made only when the file is read.
    var slug: String { ContentLoader.defaultSlug(forName: name) }
}

/// A content file after the build looked at it: read now, or taken from the last build's record.
struct LoadedFile: Sendable {
    var file: ContentFile
    /// Nil when the file has errors.
    var post: Post?
    var diagnostics: [Diagnostic]
    /// The ``Digest`` of the file's bytes; 0 when it could not be read.
    var hash: UInt64
    /// The stamp made before it was read; nil when it could not be stamped.
    var stamp: FileStamp?
    /// The recorded summary and word count of a reused, rendered post.
    var rendered: RenderedPost?
    /// The post came from the record, which keeps no body: rendering it means reading the file again.
    var isFromRecord = false
    /// The recorded ``SitePages/listEntryHash(_:)`` of the post; 0 when not known.
    var recordedEntryHash: UInt64 = 0
}

/// Finds and reads the posts and pages of a site.
struct ContentLoader {
    let root: URL
    let timeZone: TimeZone

    /// Lists `content/posts/*.md`, `content/posts/NAME/index.md` and `content/pages/*.md`, in path order.
    /// A folder that cannot be read, a name that is not UTF-8 and a link that leads nowhere are errors: a
    /// post is never left out silently.
    func scan() -> (files: [ContentFile], diagnostics: [Diagnostic]) {
        var files: [ContentFile] = []
        var diagnostics: [Diagnostic] = []
        for (folder, kind) in [(SiteLayout.posts, Post.Kind.post), (SiteLayout.pages, .page)] {
            if let problem = Self.resolvedOutsideProblem(root.appending(path: folder), root: root) {
                diagnostics.append(Diagnostic(.error, file: folder, message: problem))
                continue
            }
            let folderPath = root.appending(path: folder).path
            var entries: [FolderWalk.Entry]
            do {
                entries = try FolderWalk.entries(of: folderPath)
                NameOrder.sort(&entries)
            } catch {
                // No folder is no content of that kind; anything else is a folder that cannot be read.
                if !error.isMissing {
                    diagnostics.append(Diagnostic(.error, file: folder, message: "cannot read (\(error.reason))"))
                }
                continue
            }
            for entry in entries {
                let path = String.path(folder, entry.name)
                if let problem = Self.entryProblem(entry, path: path, folderPath: folderPath, root: root) {
                    diagnostics.append(problem)
                    continue
                }
                // The entry type comes with the listing, so a plain file or folder needs no stat; only a
                // symbolic link (checked to stay inside the site, then followed) or an untyped entry does.
                let isFolder =
                    entry.kind == .folder
                    || (entry.kind == .other && FileSystem.resolvedKind(of: folderPath + "/" + entry.name) == .folder)
                if isFolder {
                    if FileSystem.exists(folderPath + "/" + entry.name + "/" + SiteLayout.bundleIndex) {
                        files.append(
                            ContentFile(
                                path: path + "/" + SiteLayout.bundleIndex, kind: kind, bundle: path))
                    } else {
                        diagnostics.append(
                            Diagnostic(.note, file: path, message: "ignored: a folder needs an index.md to be a post"))
                    }
                } else if entry.name.utf8.count >= 3, entry.name.utf8.suffix(3).elementsEqual(".md".utf8) {
                    files.append(ContentFile(path: path, kind: kind, bundle: nil))
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .note, file: path,
                            message: "ignored: only .md files and folders with an index.md are content"))
                }
            }
        }
        return (files, diagnostics)
    }

    /// Why an entry of a content folder cannot be a post: its name is not UTF-8, or it is a link that leads
    /// out of the site, nowhere, or in a loop. Nil for a file or folder that can be read.
    private static func entryProblem(_ entry: FolderWalk.Entry, path: String, folderPath: String, root: URL)
        -> Diagnostic?
    {
        guard entry.hasValidName else {
            return Diagnostic.invalidName(path)
        }
        guard entry.kind == .other else { return nil }
        let fullPath = folderPath + "/" + entry.name
        if let problem = outsideLinkProblem(path: fullPath, root: root) {
            return Diagnostic(.error, file: path, message: problem)
        }
        do {
            _ = try FileSystem.resolve(fullPath)
            return nil
        } catch {
            let what =
                error.isMissing
                ? "a symbolic link to nothing" : "a symbolic link that cannot be followed (\(error.reason))"
            return Diagnostic(.error, file: path, message: "\(what); fix or remove the link")
        }
    }

    /// Reads and checks one file: size limit, symbolic links, UTF-8, front matter.
    ///
    /// - Parameters:
    ///   - rootPath: `root.path`, made once for all files (a URL per file was 1% of a clean build).
    ///   - size: The file's size when the caller has just stamped it; nil to look.
    private static func read(
        _ file: ContentFile, stamp: FileStamp?, root: URL, rootPath: String, timeZone: TimeZone
    ) -> LoadedFile {
        let path = rootPath + "/" + file.path
        let size = stamp?.size ?? FileStamp(path)?.size ?? 0
        func loaded(_ post: Post?, _ diagnostics: [Diagnostic], hash: UInt64) -> LoadedFile {
            LoadedFile(file: file, post: post, diagnostics: diagnostics, hash: hash, stamp: stamp)
        }
        if size > maximumFileSize {
            return loaded(
                nil,
                [
                    Diagnostic(
                        .error, file: file.path,
                        message: tooLargeMessage(size: size))
                ], hash: 0)
        }
        func unreadable(_ error: FileSystemError) -> LoadedFile {
            loaded(
                nil, [Diagnostic(.error, file: file.path, message: "cannot read (\(error.reason))")],
                hash: 0)
        }
        let data: Data
        switch FileContents.readUnlessLink(path: path) {
        case .data(let read):
            data = read
        case .link:
            // Only a link can lead out of the site; it is followed once checked.
            if let problem = outsideLinkProblem(path: path, root: root) {
                return loaded(nil, [Diagnostic(.error, file: file.path, message: problem)], hash: 0)
            }
            do {
                data = try FileContents.contents(atPath: path)
            } catch {
                return unreadable(error)
            }
        case .unreadable(let error):
            return unreadable(error)
        }
        let hash = Digest.of(data)
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(data)
            let before = String(decoding: data.prefix(offset), as: UTF8.self)
            let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let column =
                (before.split(separator: "\n", omittingEmptySubsequences: false).last?.unicodeScalars.count ?? 0) + 1
            return loaded(
                nil,
                [
                    Diagnostic(
                        .error, file: file.path, line: line, column: column,
                        message: "invalid UTF-8 at byte \(offset); save the file as UTF-8")
                ], hash: hash)
        }
        var (post, diagnostics) = FrontMatter.read(
            text, file: file.path, kind: file.kind, defaultSlug: file.slug, timeZone: timeZone, fileName: file.name)
        post?.bundleFolder = file.bundle
        return loaded(post, diagnostics, hash: hash)
    }

    /// Reads files in parallel; results come back in the order of `files`.
    ///
    /// - Parameter stamps: Each file's stamp, made just before (nil to look at its size), in the order of
    ///   `files`: a file is recorded with the stamp made before it was read, so that one saved again
    ///   meanwhile is read again by the next build.
    static func read(_ files: [ContentFile], stamps: [FileStamp?], root: URL, timeZone: TimeZone) async -> [LoadedFile]
    {
        let rootPath = root.path
        return await Array(zip(files, stamps)).parallelMap { file, stamp in
            read(file, stamp: stamp, root: root, rootPath: rootPath, timeZone: timeZone)
        }
    }

    /// Larger files are refused instead of being read whole into memory.
    static let maximumFileSize = 64 * 1_048_576

    /// What is said of a file over ``maximumFileSize`` bytes, by the build and the import alike.
    static func tooLargeMessage(size: Int) -> String {
        "the file is \(size / 1_048_576) MiB; content files may be at most \(maximumFileSize / 1_048_576) MiB"
    }

    /// The file or folder name without a leading `YYYY-MM-DD-`.
    static func defaultSlug(forName name: String) -> String {
        // ASCII names, nearly all of them, are checked by byte; others by Character, since a digit of
        // another script counts too.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(name.utf8)
            func digits(_ range: Range<Int>) -> Bool {
                bytes[range].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            }
            if bytes.count > 11, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "-"),
                digits(0..<4), digits(5..<7), digits(8..<10)
            {
                return Slug.make(from: String(decoding: bytes[11...], as: UTF8.self))
            }
            return Slug.make(from: name)
        }
        let characters = Array(name)
        if characters.count > 11, characters[4] == "-", characters[7] == "-", characters[10] == "-",
            characters[0..<4].allSatisfy(\.isASCII), characters[0..<4].allSatisfy(\.isNumber),
            characters[5..<7].allSatisfy(\.isNumber), characters[8..<10].allSatisfy(\.isNumber)
        {
            return Slug.make(from: String(characters[11...]))
        }
        return Slug.make(from: name)
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence.
    static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        let bytes = [UInt8](data)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count,
                length == 1 || String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            else { return index }
            index += length
        }
        return index
    }
}

extension ContentLoader {
    /// Why a path may not be followed: through a symbolic link it leads out of the site. Nil inside the site.
    static func outsideLinkProblem(_ url: URL, root: URL) -> String? {
        outsideLinkProblem(path: url.path, root: root)
    }

    static func outsideLinkProblem(path: String, root: URL) -> String? {
        // Only a symbolic link can lead out of a folder already inside the site (scan checks the content
        // folders themselves), and most entries are none: lstat answers without resolving the path.
        if let kind = FileSystem.kind(of: path), kind != .symbolicLink {
            return nil
        }
        return resolvedOutsideProblem(URL(filePath: path), root: root)
    }

    /// The full check: resolves every link in the path.
    static func resolvedOutsideProblem(_ url: URL, root: URL) -> String? {
        let resolved = url.resolvingSymlinksInPath().path
        let base = root.resolvingSymlinksInPath().path
        guard resolved != base, !resolved.hasPrefix(base + "/") else { return nil }
        return
            "a symbolic link to \(Diagnostic.quoted(resolved)), outside the site; copy the file into the site instead"
    }
}
