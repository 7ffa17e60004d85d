import Foundation
import Testing

@testable import BlogCore

@Suite struct ConfigurationTests {
    @Test func defaultsForEverythingButTitleAndBaseURL() throws {
        let (config, warnings) = try SiteConfiguration.load(from: "title: T\nbase_url: https://example.com/blog\n")
        #expect(warnings.isEmpty)
        #expect(config.baseURL == "https://example.com/blog/")
        #expect(config.basePath == "/blog/")
        #expect(Routes(configuration: config).absolute("/blog/posts/a/") == "https://example.com/blog/posts/a/")
        #expect(config.language == "en")
        #expect(config.timeZone.secondsFromGMT(for: fixedNow) == 0)
        #expect(config.postsPerPage == 10)
        #expect(config.feedItemLimit == 20)
        #expect(config.allowsRawHTML)
        #expect(config.usesSmartPunctuation)
    }

    /// The language goes into `<html lang>`, JSON Feed and Atom's `xml:lang`, which take BCP 47 tags only.
    @Test func theLanguageIsATag() throws {
        for tag in ["en", "en-GB", "zh-Hant-TW", "de-CH-1996", "x-klingon"] {
            let (config, warnings) = try SiteConfiguration.load(
                from: "title: T\nbase_url: https://e.org/\nlanguage: \(tag)\n")
            #expect(config.language == tag && warnings.isEmpty, "\(tag)")
        }
        let (config, warnings) = try SiteConfiguration.load(
            from: "title: T\nbase_url: https://e.org/\nlanguage: en_US\n")
        #expect(config.language == "en-US")
        #expect(
            warnings.map(\.description) == [
                #"blog.yaml:3:11: warning: 'language' "en_US" is read as "en-US": language tags separate their parts with '-'"#
            ])
        for bad in ["\"english (UK)\"", "en-", "e1", "toolonglanguage", "\"en GB\""] {
            #expect {
                _ = try SiteConfiguration.load(from: "title: T\nbase_url: https://e.org/\nlanguage: \(bad)\n")
            } throws: { error in
                "\(error)".hasPrefix(
                    "blog.yaml:3:11: error: 'language' must be a language tag such as en or en-GB, got ")
            }
        }
    }

    @Test func rootBaseURLHasRootPath() throws {
        #expect(try configuration("title: T\nbase_url: https://example.com\n").basePath == "/")
    }

    @Test func unknownKeysAreWarningsWithSuggestions() throws {
        let (_, warnings) = try SiteConfiguration.load(
            from: "title: T\nbase_url: https://e.org/\ntimezon: UTC\nfeed:\n  item_limt: 3\n")
        #expect(
            warnings.map(\.description) == [
                "blog.yaml:3:1: warning: unknown key 'timezon'; did you mean 'timezone'?",
                "blog.yaml:5:3: warning: unknown feed key 'item_limt'; did you mean 'item_limit'?",
            ])
    }

    @Test(arguments: [
        ("base_url: https://e.org/\n", "blog.yaml:1:1: error: missing required key 'title' such as 'title: My Blog'"),
        (
            "title: T\nbase_url: example.com\n",
            #"blog.yaml:2:11: error: 'base_url' must be an absolute http or https URL such as https://example.com/blog/, got "example.com""#
        ),
        (
            "title: T\nbase_url: https://e.org/\nposts_per_page: 0\n",
            #"blog.yaml:3:17: error: 'posts_per_page' must be a whole number from 1 to 10000, got "0""#
        ),
        (
            "title: T\nbase_url: https://e.org/\nposts_per_page: 9223372036854775807\n",
            #"blog.yaml:3:17: error: 'posts_per_page' must be a whole number from 1 to 10000, got "9223372036854775807""#
        ),
        (
            "title: T\nbase_url: https://e.org/\nposts_per_page: 99999999999999999999999\n",
            #"blog.yaml:3:17: error: 'posts_per_page' must be a whole number from 1 to 10000, got "99999999999999999999999""#
        ),
        (
            "title: T\nbase_url: https://e.org/\nfeed:\n  item_limit: -5\n",
            #"blog.yaml:4:15: error: 'item_limit' must be a whole number from 1 to 10000, got "-5""#
        ),
        (
            "title: T\nbase_url: https://e.org/\ntimezone: Mars/Olympus\n",
            #"blog.yaml:3:11: error: 'timezone' must be an IANA time zone such as Europe/Berlin or UTC, got "Mars/Olympus""#
        ),
        (
            "title: [\n",
            "blog.yaml:2:1: error: invalid YAML: while parsing a flow node did not find expected node content"
        ),
        ("- a\n", "blog.yaml:1:1: error: blog.yaml must be a mapping of keys to values such as 'title: My Blog'"),
    ])
    func mistakesAreErrors(_ yaml: String, _ message: String) {
        do {
            _ = try SiteConfiguration.load(from: yaml)
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.map(\.description).contains(message), "\(error.diagnostics)")
        }
    }
}
