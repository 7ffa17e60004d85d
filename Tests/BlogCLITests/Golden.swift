import Foundation
import Testing

/// Compares a whole output tree with `Golden/NAME/`, byte for byte.
///
/// `BLOG_RECORD_GOLDEN=1 swift test` rewrites the golden tree and still fails, so every recording is
/// reviewed in the diff.
func expectGoldenTree(_ actual: URL, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let golden = testTargetRoot.appending(path: "Golden/\(name)")
    let actualFiles = try treeFiles(actual)
    if ProcessInfo.processInfo.environment["BLOG_RECORD_GOLDEN"] != nil {
        try? FileManager.default.removeItem(at: golden)
        for (path, data) in actualFiles {
            let url = golden.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        Issue.record("recorded Golden/\(name); review the diff and run again", sourceLocation: sourceLocation)
        return
    }
    let expectedFiles = try treeFiles(golden)
    #expect(actualFiles.keys.sorted() == expectedFiles.keys.sorted(), sourceLocation: sourceLocation)
    for (path, data) in actualFiles.sorted(by: { $0.key < $1.key }) {
        guard let expected = expectedFiles[path] else { continue }
        if data != expected {
            Issue.record(
                "\(path) differs from Golden/\(name)/\(path):\n\(String(decoding: data, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    }
}

/// Every regular file below `root`, by relative path; the `.blog-output` marker is left out.
func treeFiles(_ root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let base = root.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return files }
    for case let path as String in enumerator where path != ".blog-output" {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
            files[path] = try Data(contentsOf: URL(filePath: base + "/" + path))
        }
    }
    return files
}

/// Copies a fixture site and the repository's default theme into a fresh temporary folder.
func makeFixtureSite(_ name: String) throws -> URL {
    let folder = try makeTemporaryFolder()
    let site = folder.appending(path: name)
    try FileManager.default.copyItem(at: testTargetRoot.appending(path: "Fixtures/sites/\(name)"), to: site)
    try FileManager.default.copyItem(
        at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
    return site
}
