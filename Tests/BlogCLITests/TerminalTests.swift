import Foundation
import Testing

/// Colour goes only to a terminal and never with NO_COLOR; util-linux `script` gives the build a terminal.
@Suite struct TerminalTests {
    func runOnTerminal(_ command: String, environment: [String: String]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let site = try makeFixtureSite("basic")
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try "---\ntitle: W\ndate: 2024-01-01\ntag: x\n---\nx\n".write(
            to: site.appending(path: "content/posts/w.md"), atomically: true, encoding: .utf8)
        let command = "'\(blogExecutable.path)' build --site '\(site.path)'"
        guard let coloured = try runOnTerminal(command, environment: [:]) else { return } // no util-linux script here
        #expect(
            coloured.contains("content/posts/w.md:4:1: \u{1B}[1;33mwarning:\u{1B}[0m unknown front matter key 'tag'"))
        let plain = try #require(try runOnTerminal(command, environment: ["NO_COLOR": "1"]))
        #expect(plain.contains("content/posts/w.md:4:1: warning: unknown front matter key 'tag'"))
        #expect(!plain.contains("\u{1B}["))
        let piped = try runBlog(["build", "--site", site.path], environment: ["NO_COLOR": ""])
        #expect(!piped.stderr.contains("\u{1B}[") && piped.stderr.contains("warning: unknown front matter key 'tag'"))
    }
}
