import Foundation
import Testing

@testable import BlogFileSystem

/// The staged tree writes only inside its staging folder, whatever path it is given, and what it finds
/// beside the output is blog's or the user's.
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

    /// A reused spare tree with symbolic links where the build puts a folder or a file (someone else made
    /// them) is not written through: the links are replaced, and what they lead to stays as it was.
    @Test func linksInAReusedSpareAreReplacedNotFollowed() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "staged-\(UUID().uuidString)")
        let outside = root.appending(path: "outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("keep".utf8).write(to: outside.appending(path: "file.html"))
        let target = OutputFolder(folder: root.appending(path: "public"), displayName: "public")
        try FileManager.default.createDirectory(at: target.spare, withIntermediateDirectories: true)
        try Data().write(to: target.spare.appending(path: OutputFolder.marker))
        try FileManager.default.createSymbolicLink(
            at: target.spare.appending(path: "posts"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: target.spare.appending(path: "page.html"), withDestinationURL: outside.appending(path: "file.html"))
        let tree = try StagedTree(target: target, previous: [:], spare: [:])
        try tree.put("posts/file.html", text: "new")
        try tree.put("page.html", text: "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["file.html"])
        #expect(try Data(contentsOf: outside.appending(path: "file.html")) == Data("keep".utf8))
        #expect(try Data(contentsOf: target.staging.appending(path: "posts/file.html")) == Data("new".utf8))
    }

    private func makeOutput() throws -> (folder: URL, output: OutputFolder) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "public"), withIntermediateDirectories: true)
        try Data("marker\n".utf8).write(to: folder.appending(path: "public/\(OutputFolder.marker)"))
        try Data("old\n".utf8).write(to: folder.appending(path: "public/index.html"))
        return (folder, OutputFolder(folder: folder.appending(path: "public"), displayName: "public"))
    }

    /// Someone's `rm -rf` overlapping a swap can leave the spare or the staging folder emptied, marker and
    /// all: with no file in it there is nothing to lose, and the next build goes on.
    @Test(arguments: ["spare", "staging"])
    func anEmptiedTreeBesideTheOutputIsRemovedAndTheBuildGoesOn(which: String) throws {
        let (folder, output) = try makeOutput()
        defer { try? FileManager.default.removeItem(at: folder) }
        let emptied = which == "spare" ? output.spare : output.staging
        try FileManager.default.createDirectory(
            at: emptied.appending(path: "posts/hello"), withIntermediateDirectories: true)
        let tree = try StagedTree(target: output, previous: [:], spare: nil)
        try tree.put("index.html", Data("new\n".utf8))
        #expect(FileManager.default.fileExists(atPath: output.staging.appending(path: "index.html").path))
        #expect(which == "staging" || !FileManager.default.fileExists(atPath: output.spare.path))
    }

    /// A folder at one of blog's names that holds a file but no marker is the user's: the build stops.
    @Test(arguments: ["spare", "staging"])
    func aFolderOfTheUsersBesideTheOutputStopsTheBuild(which: String) throws {
        let (folder, output) = try makeOutput()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = which == "spare" ? output.spare : output.staging
        try FileManager.default.createDirectory(at: theirs.appending(path: "notes"), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: theirs.appending(path: "notes/todo.txt"))
        #expect(throws: UnmarkedFolder.self) { try StagedTree(target: output, previous: [:], spare: nil) }
        #expect(FileManager.default.fileExists(atPath: theirs.appending(path: "notes/todo.txt").path))
    }
}
