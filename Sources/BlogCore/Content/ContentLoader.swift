import Foundation

/// Finds and reads the posts and pages of a site.
struct ContentLoader {
    let root: URL
    let timeZone: TimeZone

    struct Result: Sendable {
        var posts: [Post] = []
        var pages: [Post] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Reads `content/posts/*.md`, `content/posts/NAME/index.md` and `content/pages/*.md`.
    ///
    /// Files are read in parallel; results come back sorted by path, so diagnostics are in a fixed order.
    func load() async -> Result {
        var jobs: [(file: String, kind: Post.Kind, slug: String, bundle: String?)] = []
        var result = Result()
        for (folder, kind) in [("content/posts", Post.Kind.post), ("content/pages", .page)] {
            for entry in listing(folder) {
                let path = "\(folder)/\(entry)"
                let url = root.appending(path: path)
                if let problem = Self.outsideLinkProblem(url, root: root) {
                    result.diagnostics.append(Diagnostic(.error, file: path, message: problem))
                    continue
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if FileManager.default.fileExists(atPath: url.appending(path: "index.md").path) {
                        jobs.append(("\(path)/index.md", kind, Self.defaultSlug(forName: entry), path))
                    } else {
                        result.diagnostics.append(Diagnostic(.note, file: path, message: "ignored: a folder needs an index.md to be a post"))
                    }
                } else if entry.hasSuffix(".md") {
                    jobs.append((path, kind, Self.defaultSlug(forName: String(entry.dropLast(3))), nil))
                } else {
                    result.diagnostics.append(Diagnostic(.note, file: path, message: "ignored: only .md files and folders with an index.md are content"))
                }
            }
        }
        let root = self.root
        let timeZone = self.timeZone
        let loaded = await withTaskGroup(of: (Int, Post?, [Diagnostic]).self) { group in
            for (index, job) in jobs.enumerated() {
                group.addTask {
                    let url = root.appending(path: job.file)
                    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                    if size > Self.maximumFileSize {
                        return (index, nil, [Diagnostic(.error, file: job.file, message: "the file is \(size / 1_048_576) MiB; content files may be at most \(Self.maximumFileSize / 1_048_576) MiB")])
                    }
                    if let problem = Self.outsideLinkProblem(url, root: root) {
                        return (index, nil, [Diagnostic(.error, file: job.file, message: problem)])
                    }
                    guard let data = try? Data(contentsOf: url) else {
                        return (index, nil, [Diagnostic(.error, file: job.file, message: "cannot read the file; check its permissions")])
                    }
                    guard let text = String(validating: data, as: UTF8.self) else {
                        let offset = Self.firstInvalidUTF8Offset(data)
                        let before = String(decoding: data.prefix(offset), as: UTF8.self)
                        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                        let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last?.unicodeScalars.count ?? 0) + 1
                        return (index, nil, [Diagnostic(.error, file: job.file, line: line, column: column, message: "invalid UTF-8 at byte \(offset); save the file as UTF-8")])
                    }
                    var (post, diagnostics) = FrontMatter.read(text, file: job.file, kind: job.kind, defaultSlug: job.slug, timeZone: timeZone)
                    post?.bundleFolder = job.bundle
                    return (index, post, diagnostics)
                }
            }
            var all: [(Int, Post?, [Diagnostic])] = []
            for await item in group { all.append(item) }
            return all.sorted { $0.0 < $1.0 }
        }
        for (_, post, diagnostics) in loaded {
            result.diagnostics += diagnostics
            guard let post else { continue }
            if post.kind == .post { result.posts.append(post) } else { result.pages.append(post) }
        }
        return result
    }

    /// Larger files are refused instead of being read whole into memory.
    static let maximumFileSize = 64 * 1_048_576

    private func listing(_ folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: folder).path)) ?? []
        return entries.sorted()
    }

    /// The file or folder name without a leading `YYYY-MM-DD-`.
    static func defaultSlug(forName name: String) -> String {
        let characters = Array(name)
        if characters.count > 11, characters[4] == "-", characters[7] == "-", characters[10] == "-",
           characters[0..<4].allSatisfy(\.isASCII), characters[0..<4].allSatisfy(\.isNumber),
           characters[5..<7].allSatisfy(\.isNumber), characters[8..<10].allSatisfy(\.isNumber) {
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
        let resolved = url.resolvingSymlinksInPath().path
        let base = root.resolvingSymlinksInPath().path
        guard resolved != base, !resolved.hasPrefix(base + "/") else { return nil }
        return "a symbolic link to \(Diagnostic.quoted(resolved)), outside the site; copy the file into the site instead"
    }
}
