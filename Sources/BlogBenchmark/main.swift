// The benchmark: speed is measured here, never in a timed test. Run it in release:
//   swift run -c release blog-benchmark dates|feed          the JSON Feed code
//   swift run -c release blog-benchmark site --posts 10000 [--hugo] [--json FILE] [--keep]   --keep: leave the sites
//     with --hugo, also the lean pairing of ../shared/bench (BLOG_BENCH); BLOG_HUGO names the Hugo binary to use;
//     --hugo-posts 10000 runs Hugo at those sizes only
//   swift run -c release blog-benchmark serve --posts 10000 [--edits 10] [--json FILE]   save to reload
//   swift run -c release blog-benchmark check --posts 10000   what build --check adds to a clean build, alone
//   swift run -c release blog-benchmark search --posts 10000   what the search index adds to a clean build, alone
//   swift run -c release blog-benchmark markdown [--json FILE]   a 1 MB GFM document against cmark-gfm
//   swift run -c release blog-benchmark markdown --pathological   input classes at two sizes: linear or not
//   swift run -c release blog-benchmark images FILE... [--efforts 0,2,4]   encode time per image (libvips)
//   swift run -c release blog-benchmark photos [--photos 1000] [--hugo]   a site of phone photos: clean, unchanged
//     and one-photo builds, beside Hugo's (BLOG_HUGO names the Hugo binary, else hugo on PATH)
//   swift run -c release blog-benchmark generate --posts 10000 --to FOLDER [--hugo] [--default-theme]   a site to profile by hand
import Foundation
import Images

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
    var benchmark = SiteBenchmark(withHugo: arguments.contains("--hugo"), keepingSites: arguments.contains("--keep"))
    benchmark.hugoSizes = option("--hugo-posts").map { Set($0.split(separator: ",").compactMap { Int($0) }) }
    let report = await benchmark.run(postCounts: counts)
    if let jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(report).write(to: URL(filePath: jsonPath))
    }
case "check", "search":
    let count = Int(option("--posts") ?? "10000") ?? 10000
    let base = FileManager.default.temporaryDirectory.appending(path: "blog-benchmark-\(which)-\(UUID().uuidString)")
    let generator = SiteGenerator(count: count)
    let site = base.appending(path: "blog")
    let blog = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "blog").path
    let posts = generator.posts()
    do {
        try generator.writeBlogSite(at: site, posts: posts, blogExecutable: blog, theme: .lean)
    } catch {
        print("error: cannot write the site: \(error)")
        exit(1)
    }
    // A first clean build is not measured (see SiteBenchmark): it waits for the disk as no later one does.
    _ = await CleanBuild.run(blog, site: site, aside: base.appending(path: "first"))
    print("\(count) posts")
    if which == "check" {
        // A failed measure leaves its sites and the outputs moved aside (gigabytes at 10,000 posts).
        guard let figures = await CheckCost.measure(site: site, blog: blog, base: base) else {
            DeletionRecord.delete([base])
            exit(1)
        }
        print(CheckCost.line(figures))
        print(CheckCost.verdict(figures))
    } else {
        guard
            let figures = await SearchCost.measure(
                site: site, posts: posts, generator: generator, blog: blog, base: base)
        else {
            DeletionRecord.delete([base])
            exit(1)
        }
        SearchCost.lines(figures).forEach { print($0) }
        print(
            String(
                format:
                    "  %@  what the search index adds to a clean build's user time: %.3f x (at most 0.10; processor %+.3f x, wall time %+.3f x)   (%@, load average %@)",
                figures.addedUser <= 0.10 ? "met    " : "NOT MET", figures.addedUser, figures.addedProcessor,
                figures.added,
                SiteBenchmark.machineDescription(), CheckCost.loadAverage()))
    }
    DeletionRecord.delete([base])
case "serve":
    let benchmark = ServeBenchmark(
        count: Int(option("--posts") ?? "10000") ?? 10000, edits: max(1, Int(option("--edits") ?? "10") ?? 10))
    do {
        let figures = try await benchmark.run()
        print(benchmark.table(figures))
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(figures).write(to: URL(filePath: jsonPath))
        }
    } catch {
        print("error: \(error)")
        exit(1)
    }
case "markdown":
    let blog = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "blog").path
    if arguments.contains("--pathological") {
        guard let cmarkGFM = ChildProcess.find("cmark-gfm") else {
            print("markdown: cmark-gfm is not installed (apt install cmark-gfm); nothing measured")
            exit(1)
        }
        let slow = MarkdownPathology.run(blog: blog, cmarkGFM: cmarkGFM)
        print(slow.isEmpty ? "  every class linear" : "  slower than linear: " + slow.joined(separator: ", "))
        exit(slow.isEmpty ? 0 : 1)
    }
    guard let figures = MarkdownBenchmark.run(blog: blog) else { exit(1) }
    if let jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try? encoder.encode(figures).write(to: URL(filePath: jsonPath))
    }
case "images":
    let files = arguments.dropFirst().filter { !$0.hasPrefix("-") && $0 != option("--efforts") }
    let efforts = (option("--efforts") ?? "\(ImageSettings().avifEffort)").split(separator: ",").compactMap { Int($0) }
    guard ImageBenchmark.run(files: files, efforts: efforts) else { exit(1) }
case "photos":
    let hugo =
        arguments.contains("--hugo")
        ? ProcessInfo.processInfo.environment["BLOG_HUGO"] ?? ChildProcess.find("hugo") : nil
    if arguments.contains("--hugo") && hugo == nil {
        print("error: --hugo needs hugo on PATH or BLOG_HUGO naming it")
        exit(1)
    }
    guard PhotoBenchmark(count: Int(option("--photos") ?? "1000") ?? 1000, hugo: hugo).run() else { exit(1) }
case "generate":
    guard let folder = option("--to") else {
        print("usage: blog-benchmark generate --posts N --to FOLDER [--hugo] [--default-theme]")
        exit(64)
    }
    let generator = SiteGenerator(count: Int(option("--posts") ?? "1000") ?? 1000)
    let posts = generator.posts()
    let root = URL(filePath: folder)
    let blog = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "blog").path
    do {
        try generator.writeBlogSite(
            at: root.appending(path: "blog"), posts: posts, blogExecutable: blog,
            theme: arguments.contains("--default-theme") ? .standard : .lean)
        if arguments.contains("--hugo") { try generator.writeHugoSite(at: root.appending(path: "hugo"), posts: posts) }
        print("wrote \(posts.count) posts to \(root.appending(path: "blog").path)")
    } catch {
        print("error: cannot write the site: \(error)")
        exit(1)
    }
default:
    var results: [Measurement] = []
    if which == "dates" || which == "all" { results += dateBenchmarks() }
    if which == "feed" || which == "all" { results += feedBenchmarks() }
    print("")
    print(
        "benchmark".padding(toLength: 40, withPad: " ", startingAt: 0) + "ns/op".leftPadded(12) + "ops/s".leftPadded(14)
    )
    for result in results {
        let perSecond = Double(result.operations) / result.seconds
        print(
            result.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                + String(format: "%.1f", result.nanosecondsPerOperation).leftPadded(12)
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
