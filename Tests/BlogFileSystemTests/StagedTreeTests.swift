import Foundation
import Testing

@testable import BlogFileSystem

/// The staged tree writes only inside its staging folder, whatever path it is given.
@Suite struct StagedTreeTests {
    @Test(arguments: [
        ("index.html", true), ("posts/a/index.html", true), (".net/x", true), ("a/.../b", true), ("..a/b", true),
        ("../x", false), ("a/../../x", false), ("a/./b", false), ("./a", false), ("a/..", false), ("/etc/x", false),
        ("a//b", false), ("a/", false), ("", false), ("a\u{0}b", false),
    ])
    func onlyPathsInsideTheFolderAreStaged(_ path: String, _ inside: Bool) {
        #expect(StagedTree.staysInside(path) == inside)
    }

    @Test func aPathOutOfTheFolderIsRefusedAndNothingIsWritten() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let tree = try StagedTree(
            target: OutputFolder(folder: root.appending(path: "public"), displayName: "public"), previous: [:],
            spare: nil)
        #expect(throws: StagingFailure.self) { try tree.put("../escaped.html", text: "x") }
        #expect(throws: StagingFailure.self) { try tree.put("a/../../escaped.html", text: "x") }
        try tree.put("inside.html", text: "x")
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "escaped.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).allSatisfy { $0.hasPrefix(".public") })
    }
}
