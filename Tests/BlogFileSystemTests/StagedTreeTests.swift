import Foundation
import Testing

@testable import BlogFileSystem

@Suite struct StagedTreeTests {
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
