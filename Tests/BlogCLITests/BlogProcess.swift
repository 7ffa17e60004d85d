import Foundation
import Testing

/// The built `blog` executable, beside the test bundle in the build folder.
let blogExecutable = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "blog")
let testTargetRoot = URL(filePath: #filePath).deletingLastPathComponent()
let repositoryRoot = testTargetRoot.deletingLastPathComponent().deletingLastPathComponent()

/// Whether the tests (and so the `blog` built with them) run under AddressSanitizer or ThreadSanitizer.
let isSanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
}

struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `blog` with arguments and optional standard input, without changing the test's directory.
func runBlog(_ arguments: [String], input: String? = nil, in directory: URL? = nil, environment: [String: String] = [:])
    throws -> ProcessResult
{
    try runProgram(blogExecutable, arguments, input: input, in: directory, environment: environment)
}

/// Runs a program as ``runBlog(_:input:in:environment:)`` runs `blog`.
func runProgram(
    _ executable: URL, _ arguments: [String], input: String? = nil, in directory: URL? = nil,
    environment: [String: String] = [:]
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    // An empty value removes the variable, so a test can run without NO_COLOR.
    for (key, value) in environment {
        if value.isEmpty { env.removeValue(forKey: key) } else { env[key] = value }
    }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    // Read both pipes before waiting so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var stdoutData = Data()
    group.enter()
    DispatchQueue.global().async {
        stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
        stderr: String(decoding: stderrData, as: UTF8.self))
}

/// Writes each text at its path below `folder`, making the folders on the way.
func write(_ files: [String: String], in folder: URL) throws {
    for (path, text) in files {
        let url = folder.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

/// A fresh temporary folder, removed by the caller with `defer`.
func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "blog-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
