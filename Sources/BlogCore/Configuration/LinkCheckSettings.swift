/// How `blog check --external` treats links to other sites (`check:` in blog.yaml).
public struct LinkCheckSettings: Sendable, Equatable {
    /// Hosts never asked (`check.skip_hosts`): their links are neither fetched nor reported.
    public var skippedHosts: Set<String> = []
    /// Hosts whose links count as valid without asking (`check.valid_hosts`), such as sites that refuse robots.
    public var validHosts: Set<String> = []
    /// After how many days a cached answer is asked again (`check.recheck_days`, 7 by default).
    public var recheckDays = 7
    /// Requests in flight at once, in all (`check.concurrency`, 8 by default).
    public var concurrency = 8
    /// Requests in flight at once to one host (`check.per_host`, 2 by default).
    public var perHost = 2
    /// Seconds one request may take, redirects and retries aside (`check.timeout`, 10 by default).
    public var timeout: Double = 10

    static let keys = ["skip_hosts", "valid_hosts", "recheck_days", "concurrency", "per_host", "timeout"]

    /// Whether `host` is `example.com` or below it (`www.example.com`) for a listed `example.com`.
    static func matches(_ host: String, _ listed: Set<String>) -> Bool {
        var name = Substring(host)
        while true {
            if listed.contains(String(name)) { return true }
            guard let dot = name.firstIndex(of: ".") else { return false }
            name = name[name.index(after: dot)...]
        }
    }
}

extension SiteConfiguration {
    /// `check:`: the settings of the external link check.
    static func readCheck(_ fields: inout YAMLFields) -> LinkCheckSettings {
        var settings = LinkCheckSettings()
        guard var check = fields.mapping("check") else { return settings }
        check.warnUnknownKeys(known: LinkCheckSettings.keys, context: "check ")
        settings.skippedHosts = Set((check.stringList("skip_hosts") ?? []).map { $0.lowercased() })
        settings.validHosts = Set((check.stringList("valid_hosts") ?? []).map { $0.lowercased() })
        settings.recheckDays = check.integer("recheck_days", minimum: 0, maximum: 3650) ?? settings.recheckDays
        settings.concurrency = check.integer("concurrency", minimum: 1, maximum: 64) ?? settings.concurrency
        settings.perHost = check.integer("per_host", minimum: 1, maximum: 16) ?? settings.perHost
        if let timeout = check.number("timeout"), timeout > 0 { settings.timeout = min(timeout, 120) }
        fields.absorb(check)
        return settings
    }
}
