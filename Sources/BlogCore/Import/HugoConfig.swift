import BlogFileSystem
import Foundation
import TOMLKit
import Yams

/// A Hugo site's configuration as Hugo 0.111–0.168 assembles it: the root file (`hugo.toml|yaml|yml|json`, else
/// `config.…`) and the files of `config/_default/`, where `hugo.toml` or `config.toml` holds root keys,
/// `params.toml` the `params` table, and `languages.en.toml` the table of one language. Keys are
/// case-insensitive in Hugo, so every key is kept lower-cased.
struct HugoConfig {
    /// The merged tree, keys lower-cased.
    var root: [String: Any] = [:]

    static let extensions = ["toml", "yaml", "yml", "json"]

    /// Reads and merges every configuration file of the site at `source`.
    ///
    /// - Parameter text: A file of the site as text, nil when it does not exist (the import's bounded reading).
    /// - Throws: ``DiagnosticError`` naming the file and position of a syntax error.
    static func read(
        _ source: URL, text: (String) throws(DiagnosticError) -> String?
    ) throws(DiagnosticError) -> HugoConfig {
        var config = HugoConfig()
        rootFiles: for base in ["hugo", "config"] {
            for ext in extensions {
                guard let tree = try table("\(base).\(ext)", text) else { continue }
                config.merge(tree, at: [])
                break rootFiles
            }
        }
        // The config directory's files fill in what the root file leaves out, table by table.
        let folder = "config/_default"
        for name in (FileSystem.names(in: source.appending(path: folder).path) ?? []).sorted() {
            let parts = name.split(separator: ".").map { String($0).lowercased() }
            guard parts.count >= 2, let ext = parts.last, extensions.contains(ext),
                let tree = try table("\(folder)/\(name)", text)
            else { continue }
            switch parts.count {
            case 2 where parts[0] == "hugo" || parts[0] == "config":
                config.merge(tree, at: [])
            case 2:
                config.merge(tree, at: [parts[0]])
            case 3 where parts[0] == "languages":
                config.merge(tree, at: ["languages", parts[1]])
            default:
                // `menus.en.toml` and its kind: menus, which mean nothing to the import.
                continue
            }
        }
        return config
    }

    /// One file as a tree with lower-cased keys, nil when there is no such file.
    private static func table(
        _ name: String, _ text: (String) throws(DiagnosticError) -> String?
    ) throws(DiagnosticError) -> [String: Any]? {
        guard let contents = try text(name) else { return nil }
        let tree = try configurationTree(contents, name: name)
        return lowerCased(tree) as? [String: Any] ?? [:]
    }

    /// A configuration file's text as a tree, read by its name's extension: TOML, JSON, else YAML (Jekyll's
    /// `_config.yml` and Hugo's files alike).
    static func configurationTree(_ text: String, name: String) throws(DiagnosticError) -> Any? {
        let tree: Any?
        if name.hasSuffix(".toml") {
            do {
                let table = try TOMLFrontMatter.table(from: text)
                tree = try? JSONSerialization.jsonObject(with: Data(table.convert(to: .json).utf8))
            } catch {
                throw DiagnosticError(
                    file: name, line: error.line, column: error.column, message: "not valid TOML: \(error.message)")
            }
        } else if name.hasSuffix(".json") {
            do {
                tree = try JSONSerialization.jsonObject(with: Data(text.utf8))
            } catch {
                throw DiagnosticError(file: name, message: "not valid JSON")
            }
        } else {
            do {
                tree = try YAMLFields.boundedCompose(text, resolver: .default, constructor: .default).map(value(of:))
            } catch {
                throw DiagnosticError([YAMLFields.diagnostic(for: error, file: name, lineOffset: 0)])
            }
        }
        if let tree, YAMLFields.isTooLarge(tree) {
            throw DiagnosticError(file: name, line: 1, column: 1, message: YAMLFields.tooManyValuesMessage)
        }
        return tree
    }

    /// A composed YAML node as values: mappings as `[String: Any]` (keys that are no scalar left out), lists
    /// as `[Any]`, scalars by the type Yams' default resolver gives them. Yams' own `Node.any` traps on a key
    /// that is no scalar (`? - a`), which fuzz-import-config found in a `_config.yml`.
    static func value(of node: Node) -> Any {
        switch node {
        case .scalar: return Constructor.default.any(from: node)
        case .sequence(let sequence): return sequence.map(value(of:))
        case .mapping(let mapping):
            var table: [String: Any] = [:]
            for (key, element) in mapping {
                guard case .scalar(let scalar) = key else { continue }
                table[scalar.string] = value(of: element)
            }
            return table
        case .alias: return NSNull()
        }
    }

    static func lowerCased(_ value: Any?) -> Any? {
        if let table = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, element) in table { result[key.lowercased()] = lowerCased(element) }
            return result
        }
        if let list = value as? [Any] { return list.map { lowerCased($0) ?? NSNull() } }
        return value
    }

    /// Puts `tree` at `path`, keeping values already set (the root file wins over the config folder).
    private mutating func merge(_ tree: [String: Any], at path: [String]) {
        func merged(_ old: [String: Any], _ new: [String: Any]) -> [String: Any] {
            var result = old
            for (key, value) in new {
                if let oldTable = result[key] as? [String: Any], let newTable = value as? [String: Any] {
                    result[key] = merged(oldTable, newTable)
                } else if result[key] == nil {
                    result[key] = value
                }
            }
            return result
        }
        func place(_ table: [String: Any], _ path: ArraySlice<String>) -> [String: Any] {
            guard let first = path.first else { return merged(table, tree) }
            var result = table
            result[first] = place(table[first] as? [String: Any] ?? [:], path.dropFirst())
            return result
        }
        root = place(root, path[...])
    }

    /// The value at a dotted path of lower-cased keys (`"pagination.pagersize"`).
    func value(_ path: String) -> Any? {
        var current: Any? = root
        for key in path.split(separator: ".") { current = (current as? [String: Any])?[String(key)] }
        return current
    }

    func string(_ path: String) -> String? { value(path) as? String }

    func bool(_ path: String) -> Bool? {
        if let value = value(path) as? Bool { return value }
        if let text = value(path) as? String { return ["true": true, "false": false][text.lowercased()] }
        return nil
    }

    /// `defaultContentLanguage`, `en` when unset, as Hugo has it.
    var defaultLanguage: String { string("defaultcontentlanguage")?.lowercased() ?? "en" }

    /// The site's language codes: the keys of `languages` and the default language.
    var languages: Set<String> {
        Set((value("languages") as? [String: Any] ?? [:]).keys).union([defaultLanguage])
    }

    /// The folder of the default language's content: its `contentDir`, else the site's, else the source of a
    /// `module.mounts` entry whose target is `content` (for every language or the default one), else `content`.
    var contentDir: String {
        let mounted =
            (value("module.mounts") as? [[String: Any]] ?? []).first { mount in
                (mount["target"] as? String)?.trimmingCharacters(in: CharacterSet(charactersIn: "/")) == "content"
                    && ((mount["lang"] as? String)?.lowercased() ?? defaultLanguage) == defaultLanguage
                    && mount["sites"] == nil
            }?["source"] as? String
        let folder = string("languages.\(defaultLanguage).contentdir") ?? string("contentdir") ?? mounted ?? "content"
        return folder.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    /// Where the site's static files come from, and where they go below the output's root: the `module.mounts`
    /// whose target is `static` or below it, else the `static` folder (`staticDir`).
    var staticMounts: [(source: String, target: String)] {
        let mounts = (value("module.mounts") as? [[String: Any]] ?? []).compactMap { mount -> (String, String)? in
            guard let source = mount["source"] as? String, let target = mount["target"] as? String,
                mount["sites"] == nil,
                target == "static" || target.hasPrefix("static/")
            else { return nil }
            let below = String(target.dropFirst("static".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            return (source, below)
        }
        return mounts.isEmpty ? [(string("staticdir") ?? "static", "")] : mounts
    }

    /// `uglyURLs` for a section: a boolean for every section, or a table by section.
    func hasUglyURLs(section: String) -> Bool {
        if let all = bool("uglyurls") { return all }
        return (value("uglyurls") as? [String: Any]).flatMap { table in
            (table[section.lowercased()] as? Bool) ?? (table[section.lowercased()] as? String).map { $0 == "true" }
        } ?? false
    }

    /// The `permalinks` pattern of regular pages in a section, in either form Hugo reads: `posts = "…"`
    /// or `[permalinks.page] posts = "…"` (0.120 and later).
    func permalink(section: String) -> String? {
        let table = value("permalinks") as? [String: Any] ?? [:]
        let key = section.lowercased()
        return ((table["page"] as? [String: Any])?[key] as? String) ?? table[key] as? String
    }
}
