// The benchmark: speed is measured here, never in a timed test. Run it in release:
//   swift run -c release blog-benchmark dates|feed          the JSON Feed code
//   swift run -c release blog-benchmark site --posts 10000 [--hugo] [--json FILE]
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let which = arguments.first { !$0.hasPrefix("-") } ?? "all"
let jsonPath = option("--json")

switch which {
case "site":
    let counts = (option("--posts") ?? "1000").split(separator: ",").compactMap { Int($0) }
    let report = await SiteBenchmark(withHugo: arguments.contains("--hugo")).run(postCounts: counts)
    if let jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(report).write(to: URL(filePath: jsonPath))
    }
default:
    var results: [Measurement] = []
    if which == "dates" || which == "all" { results += dateBenchmarks() }
    if which == "feed" || which == "all" { results += feedBenchmarks() }
    print("")
    print("benchmark".padding(toLength: 40, withPad: " ", startingAt: 0) + "ns/op".leftPadded(12) + "ops/s".leftPadded(14))
    for result in results {
        let perSecond = Double(result.operations) / result.seconds
        print(result.name.padding(toLength: 40, withPad: " ", startingAt: 0) + String(format: "%.1f", result.nanosecondsPerOperation).leftPadded(12)
              + String(format: "%.0f", perSecond).leftPadded(14))
    }
    if let jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(results).write(to: URL(filePath: jsonPath))
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
