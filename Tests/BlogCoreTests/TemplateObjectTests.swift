import Mustache
import Testing

@testable import BlogCore

@Suite struct TemplateObjectTests {
    /// Templates written against dictionaries and strings, which pages were made of before.
    static let templates = [
        "{{title}}|{{{title}}}|{{post.title}}|{{missing}}|{{post.missing}}",
        "{{#title}}[{{.}}]{{/title}}{{^title}}none{{/title}}|{{#empty}}[{{.}}]{{/empty}}{{^empty}}none{{/empty}}",
        "{{#post}}{{title}} by {{#authors}}{{^first()}}, {{/first()}}{{name}}{{#last()}}.{{/last()}}{{/authors}}{{/post}}",
        "{{#post.tags}}<a href=\"{{url}}\">{{name}}</a>{{/post.tags}}{{^post.tags}}untagged{{/post.tags}}{{^nothing}}no list{{/nothing}}",
        "{{uppercased(title)}} {{lowercased(post.title)}} {{capitalized(empty)}} {{#empty(empty)}}empty{{/empty(empty)}} {{reversed(title)}}",
        "{{count(post.tags)}} {{#first(post.tags)}}{{name}}{{/first(post.tags)}} {{#reversed(post.tags)}}{{name}}{{/reversed(post.tags)}}",
        "{{count(post)}} {{#sorted(tag)}}{{key}}={{value}};{{/sorted(tag)}} {{#empty(tag)}}e{{/empty(tag)}}",
        "{{post.minutes}} {{plusone(post.minutes)}} {{#even(post.minutes)}}even{{/even(post.minutes)}} {{#post.draft}}draft{{/post.draft}}{{^post.draft}}final{{/post.draft}}",
        "{{#post.tags}}{{title}}:{{name}} {{/post.tags}}",
    ]

    static func dictionaries() -> [String: Any] {
        let tags: [[String: Any]] = [["name": "<Swift>", "url": "/tags/swift/"], ["name": "Ünï", "url": "/tags/un/"]]
        return [
            "title": "Tom & Jerry's <b>",
            "empty": "",
            "tag": ["name": "Swift", "url": "/tags/swift/", "count": 2] as [String: Any],
            "post": [
                "title": "A \"Post\"", "tags": tags, "authors": [["name": "Ann"], ["name": "Bo"]], "minutes": 4,
                "draft": false,
            ] as [String: Any],
        ]
    }

    static func objects() -> TemplateObject {
        let tags = [
            TemplateObject(["name": "<Swift>", "url": "/tags/swift/"]),
            TemplateObject(["name": "Ünï", "url": "/tags/un/"]),
        ]
        return TemplateObject([
            "title": "Tom & Jerry's <b>",
            "empty": "",
            "tag": TemplateObject(["name": "Swift", "url": "/tags/swift/", "count": 2]),
            "post": TemplateObject([
                "title": "A \"Post\"", "tags": tags,
                "authors": [TemplateObject(["name": "Ann"]), TemplateObject(["name": "Bo"])],
                "minutes": 4, "draft": false,
            ]),
        ])
    }

    /// Every template renders the same from template objects as from the dictionaries and strings they
    /// replaced: variables, escaping, sections, inverted sections, the stack, and every transform.
    @Test(arguments: templates) func rendersAsDictionariesDid(_ text: String) throws {
        _ = HTMLEscaping.registration
        let template = try MustacheTemplate(string: HTMLEscaping.pragma + text)
        let expected = template.render(Self.dictionaries())
        #expect(template.render(Self.objects()) == expected)
        #expect(!expected.isEmpty)
    }

    /// A value that is not there, such as an author's missing URL, is false in a section and prints
    /// nothing; an optional in a dictionary printed "nil" and opened the section.
    @Test func aNilValueIsLeftOut() throws {
        let template = try MustacheTemplate(
            string: "{{#authors}}{{#url}}<a href=\"{{url}}\">{{name}}</a>{{/url}}{{^url}}{{name}}{{/url}};{{/authors}}")
        let url: String? = nil
        let authors = [TemplateObject(["name": "Ann", "url": url]), TemplateObject(["name": "Bo", "url": "/bo/"])]
        #expect(template.render(TemplateObject(["authors": authors])) == "Ann;<a href=\"/bo/\">Bo</a>;")
        #expect(template.render(["authors": [["name": "Ann", "url": url as Any]]]) == "<a href=\"nil\">Ann</a>;")
    }

    @Test func setsReplacesAndRemovesNames() {
        var object = TemplateObject(["a": "1", "b": 2])
        object["a"] = "one"
        object["c"] = true
        object["b"] = nil
        #expect(object.pairs.map(\.name) == ["a", "c"])
        #expect((object["a"] as? TemplateText)?.text == "one")
        #expect(object["c"] as? Bool == true)
        #expect(object["b"] == nil)
    }
}
