import Foundation
import Testing

@testable import BlogFileSystem

@Suite struct DetachedProcessTests {
    #if os(Linux)
        /// A finished child is reaped while we run on (as `blog serve` does): its `/proc` entry goes away
        /// instead of staying as a zombie (state `Z`).
        @Test func aFinishedChildIsReaped() async throws {
            let pid = try #require(DetachedProcess.spawn("/bin/sh", ["/bin/sh", "-c", "exit 3"]))
            let entry = "/proc/\(pid)/stat"
            for _ in 0..<100 where FileManager.default.fileExists(atPath: entry) {
                try await Task.sleep(for: .milliseconds(50))
            }
            let state = try? String(contentsOfFile: entry, encoding: .utf8)
            #expect(state == nil, "the child is still there: \(state ?? "")")
        }
    #endif

    @Test func aMissingProgramIsReported() {
        #expect(DetachedProcess.spawn("/nonexistent/program", ["program"]) == nil)
        #expect(!DetachedProcess.start("/nonexistent/program", ["program"]))
    }
}
