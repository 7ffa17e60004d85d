import Foundation
import JSONFeed
import Testing

/// Typed extensions and hubs: registered keys and hub types decode to Swift values with the key path of
/// any error, unknown ones stay raw JSON, and a feed read and written again is the same bytes either way.
@Suite struct ExtensionRegistryTests {
    /// The extension of the JSON Feed spec's own example.
    struct BlueShed: Codable, Sendable, Equatable {
        var about: String
        var explicit: Bool
        var copyright: String?
        var owner: String?
        var subtitle: String?
    }

    struct Podcast: Codable, Sendable, Equatable {
        struct Episode: Codable, Sendable, Equatable {
            var number: Int
            var guests: [String]
        }
        var episode: Episode
    }

    struct WebSubHub: Codable, Sendable, Equatable {
        var type: String
        var url: String
    }

    static let document = """
        {
          "version": "https://jsonfeed.org/version/1.1",
          "title": "Shed",
          "hubs": [
            {
              "type": "WebSub",
              "url": "https://hub.example/"
            },
            {
              "type": "rssCloud",
              "url": "https://cloud.example/",
              "_port": 80
            }
          ],
          "items": [
            {
              "id": "1",
              "content_text": "One",
              "_podcast": {
                "episode": {
                  "number": 12,
                  "guests": [
                    "Ada"
                  ]
                }
              },
              "_unknown": [
                1.50,
                {
                  "z": null,
                  "a": "kept in order"
                }
              ]
            }
          ],
          "_blue_shed": {
            "about": "https://blueshed-podcasts.com/json-feed-extension-docs",
            "explicit": false,
            "copyright": "1948 by George Orwell"
          }
        }

        """

    var registry: ExtensionRegistry {
        var registry = ExtensionRegistry()
        registry.register(BlueShed.self, forKey: "_blue_shed")
        registry.register(Podcast.self, forKey: "_podcast")
        registry.register(WebSubHub.self, forHubType: "websub")
        return registry
    }

    @Test func registeredExtensionsAndHubsDecodeAndTheRestStaysRaw() throws {
        let feed = try FeedDecoder().decode(from: Data(Self.document.utf8))
        let found = try registry.decode(feed)
        #expect(found.map(\.path) == ["_blue_shed", "hubs[0]", "items[0]._podcast"])
        #expect(
            found[0].value as? BlueShed
                == BlueShed(
                    about: "https://blueshed-podcasts.com/json-feed-extension-docs", explicit: false,
                    copyright: "1948 by George Orwell"))
        #expect(found[1].value as? WebSubHub == WebSubHub(type: "WebSub", url: "https://hub.example/"))
        #expect(found[2].value as? Podcast == Podcast(episode: .init(number: 12, guests: ["Ada"])))
        #expect(
            try feed.items[0].extensions.decode(Podcast.self, forKey: "_podcast", at: "items[0]")?.episode.number == 12)
        #expect(try feed.items[0].extensions.decode(Podcast.self, forKey: "_absent") == nil)
        // Unknown extensions and hub types are raw JSON, number literals and member order included.
        #expect(feed.items[0].extensions["_unknown"]?.serialized() == #"[1.50,{"z":null,"a":"kept in order"}]"#)
        #expect(feed.hubs?[1].extensions["_port"] == .number("80"))
        // One call reads the document and its registered extensions.
        let (read, extensions) = try registry.decode(from: Data(Self.document.utf8))
        #expect(read == feed && extensions.map(\.key) == ["_blue_shed", "WebSub", "_podcast"])
        // A round trip is exact.
        #expect(String(decoding: try FeedEncoder(prettyPrinted: true).encode(feed), as: UTF8.self) == Self.document)
    }

    @Test func aValueThatDoesNotFitItsTypeIsAnErrorAtItsKeyPath() throws {
        let wrong = Self.document.replacingOccurrences(of: "\"number\": 12", with: "\"number\": \"twelve\"")
        let feed = try FeedDecoder().decode(from: Data(wrong.utf8))
        #expect(throws: FeedDecodingError.self) { try registry.decode(feed) }
        do {
            _ = try registry.decode(feed)
        } catch {
            #expect(error.problems.map(\.path) == ["items[0]._podcast.episode.number"])
            #expect(error.problems.first?.message == "expected a number, found \"twelve\"")
        }
        let missing = Self.document.replacingOccurrences(of: "\"explicit\": false,", with: "")
        do {
            _ = try registry.decode(try FeedDecoder().decode(from: Data(missing.utf8)))
            Issue.record("a missing key decoded")
        } catch {
            #expect(error.description == "_blue_shed: missing required key \"explicit\"")
        }
    }

    @Test func aTypedValueIsWrittenBackInPlace() throws {
        var feed = try FeedDecoder().decode(from: Data(Self.document.utf8))
        try feed.extensions.set(BlueShed(about: "https://e.org/", explicit: true), forKey: "_blue_shed")
        try feed.extensions.set(["hello"], forKey: "_new")
        #expect(feed.extensions.keys == ["_blue_shed", "_new"])
        let again = try FeedDecoder().decode(from: FeedEncoder().encode(feed))
        #expect(
            try again.extensions.decode(BlueShed.self, forKey: "_blue_shed")
                == BlueShed(about: "https://e.org/", explicit: true))
        #expect(again == feed)
    }
}
