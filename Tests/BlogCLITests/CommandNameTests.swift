import Foundation
import Testing

/// Every command's configuration names the command (see `Blog`): a missing name costs every run of the
/// program a look-up through all protocol conformances, and nothing else would notice it.
@Suite struct CommandNameTests {
    @Test func everyCommandConfigurationNamesItsCommand() throws {
        let sources = repositoryRoot.appending(path: "Sources/BlogCLI")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var configurations = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let parts = text.components(separatedBy: "CommandConfiguration(").dropFirst()
            for part in parts {
                configurations += 1
                let first = part.drop(while: \.isWhitespace)
                #expect(
                    first.hasPrefix("commandName:"),
                    "\(file.lastPathComponent): a CommandConfiguration without commandName")
            }
        }
        #expect(configurations >= 12)
    }
}
