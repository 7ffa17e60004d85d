import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Reads blog.yaml and the theme, checks the output folder and fingerprints everything the build's
    /// record depends on. Theme errors are kept in the plan (content is still checked); blog.yaml errors
    /// and an output folder that must not be replaced stop the build here.
    func makePlan(_ options: BuildOptions) throws(DiagnosticError) -> BuildPlan {
        let started = ContinuousClock.now
        let lastScan = options.memory?.takeScan()
        var (configuration, diagnostics) = try site.loadConfiguration()
        if let override = options.baseURL {
            guard let normalized = SiteConfiguration.normalizedBaseURL(override) else {
                throw DiagnosticError(
                    file: "--base-url",
                    message:
                        "expected an absolute http or https URL such as https://example.com/blog/, got \(Diagnostic.quoted(override))"
                )
            }
            configuration.baseURL = normalized
        }
        let outputName = options.output ?? "public"
        let outputURL = (outputName.hasPrefix("/") ? URL(filePath: outputName) : site.root.appending(path: outputName))
            .standardizedFileURL
        let output = OutputFolder(folder: outputURL, displayName: outputName)
        try output.check(siteRoot: site.root)
        var templates: TemplateSet?
        do {
            let (loaded, warnings) = try TemplateSet.load(
                from: site.root.appending(path: SiteLayout.theme), displayFolder: SiteLayout.theme,
                strict: options.isStrict)
            templates = loaded
            diagnostics += warnings
        } catch {
            diagnostics += error.diagnostics
        }
        let incremental = IncrementalBuild(
            site: site, folder: options.cacheFolder, memory: options.memory,
            fingerprint: fingerprint(options: options, outputURL: outputURL))
        return BuildPlan(
            site: site, options: options, configuration: configuration, templates: templates,
            routes: Routes(configuration: configuration),
            output: output, incremental: incremental, diagnostics: diagnostics, started: started, lastScan: lastScan)
    }

    /// What a build's record must match to be reused: the engine, blog.yaml, every theme file and the options.
    private func fingerprint(options: BuildOptions, outputURL: URL) -> UInt64 {
        var parts = [
            Self.engineVersion, "drafts=\(options.includesDrafts)", "future=\(options.includesFuture)",
            "base=\(options.baseURL ?? "")", "strict=\(options.isStrict)", "output=\(outputURL.path)",
        ]
        parts.append(
            String(Digest.of(FileContents.read(site.root.appending(path: SiteLayout.configuration)) ?? Data())))
        let theme = site.root.appending(path: SiteLayout.theme)
        for path in FileSystem.subpaths(of: theme.path) {
            let url = theme.appending(path: path)
            if let stamp = FileStamp(url.path) { parts.append("\(path):\(stamp.size):\(stamp.modified)") }
        }
        return Digest.of(parts.joined(separator: "\n"))
    }
}
