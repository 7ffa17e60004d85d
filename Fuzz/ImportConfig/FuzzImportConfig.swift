import Foundation
import FuzzDriver

@testable import BlogCore

/// libFuzzer entry: the import's readers of Jekyll's `_config.yml` and Hugo's configuration (TOML, YAML, JSON;
/// the first byte picks the format) must return a tree or a diagnostic, never crash or hang, and Hugo's
/// settings must be read from any tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0,
        let text = String(validating: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    else { return 0 }
    let name = ["hugo.toml", "hugo.yaml", "hugo.json", "_config.yml"][Int(data[0]) % 4]
    guard let tree = try? HugoConfig.configurationTree(text, name: name) else { return 0 }
    let config = HugoConfig(root: HugoConfig.lowerCased(tree) as? [String: Any] ?? [:])
    _ = (config.contentDir, config.staticMounts, config.languages, config.defaultLanguage)
    _ = (config.hasUglyURLs(section: "posts"), config.permalink(section: "posts"), config.string("baseurl"))
    return 0
}

@_cdecl("fuzz_import_config_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzImportConfig)
}
