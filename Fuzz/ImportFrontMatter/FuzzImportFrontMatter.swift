import Foundation
import FuzzDriver

@testable import BlogCore

/// libFuzzer entry: the import's front matter readers (Jekyll's YAML; Hugo's YAML, TOML and JSON; the first
/// byte picks the engine) and the front matter written from what they read must return an entry or a
/// report, never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0,
        let text = String(validating: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    else { return 0 }
    let engine: SiteImport.Engine = data[0] & 1 == 0 ? .jekyll : .hugo
    let importer = SiteImport(
        engine: engine, source: URL(filePath: "/nonexistent/old"), destination: URL(filePath: "/nonexistent/new"),
        now: Date(timeIntervalSince1970: 1_700_000_000))
    var report = SiteImport.Report()
    let source = engine == .jekyll ? "_posts/2020-01-02-fuzz.md" : "content/posts/fuzz.md"
    guard
        let entry = importer.parse(
            text, source: source, destination: "content/posts/fuzz.md", kind: .post, draft: false,
            name: engine == .jekyll ? "2020-01-02-fuzz" : "fuzz", report: &report)
    else { return 0 }
    var used = SiteImport.UsedURLs()
    _ = importer.frontMatterText(entry, settings: SiteImport.Settings(), usedURLs: &used, report: &report)
    return 0
}

@_cdecl("fuzz_import_front_matter_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzImportFrontMatter)
}
