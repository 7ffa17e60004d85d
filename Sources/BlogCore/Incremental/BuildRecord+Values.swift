import BlogFileSystem
import Foundation
import JSONFeed

// How each value of the record is written and read back, field by field in the same order.
extension RecordWriter {
    mutating func output(_ output: OutputFile) {
        integer(output.size)
        time(output.modified)
        fixed(output.hash)
    }

    mutating func source(_ source: BuildRecord.Source) {
        // In the order of the memberwise initialiser, which ``RecordReader/source()`` reads them with.
        integer(source.size)
        time(source.modified)
        time(source.changed)
        fixed(source.hash)
        optional(source.post) { $0.post($1) }
        string(source.summary)
        integer(source.wordCount)
        fixed(source.entryHash)
        array(source.frontMatterDiagnostics) { $0.diagnostic($1) }
        array(source.renderDiagnostics) { $0.diagnostic($1) }
        bool(source.isRendered)
        string(source.searchText)
    }

    mutating func diagnostic(_ diagnostic: BuildRecord.RecordedDiagnostic) {
        string(diagnostic.severity)
        string(diagnostic.file)
        optional(diagnostic.line) { $0.integer($1) }
        optional(diagnostic.column) { $0.integer($1) }
        string(diagnostic.message)
    }

    /// The post without its body. Dates are kept as the bits of their `Double`, so they come back exact.
    mutating func post(_ post: Post) {
        string(post.kind.rawValue)
        string(post.source)
        optionalString(post.bundleFolder)
        string(post.slug)
        string(post.title)
        optional(post.date) { $0.fixed($1.timeIntervalSinceReferenceDate.bitPattern) }
        optional(post.updated) { $0.fixed($1.timeIntervalSinceReferenceDate.bitPattern) }
        optionalString(post.summary)
        array(post.tags) { $0.string($1) }
        optionalString(post.image)
        optionalString(post.bannerImage)
        optionalString(post.externalURL)
        optionalString(post.language)
        optional(post.authors) { writer, authors in
            writer.array(authors) { writer, author in
                writer.string(author.name)
                writer.optionalString(author.url)
                writer.optionalString(author.avatar)
            }
        }
        bool(post.isDraft)
        integer(post.bodyFirstLine)
        object(post.extensions)
        array(post.attachments) { $0.attachment($1) }
        array(post.categories) { $0.string($1) }
        optionalString(post.permalink)
        array(post.aliases) { $0.string($1) }
        optional(post.dateOffset) { $0.integer($1 + 86_400) }
        optionalString(post.customSlug)
    }
}

extension RecordReader {
    mutating func output() throws(Failure) -> OutputFile {
        OutputFile(size: try int(), modified: try time(), hash: try fixed())
    }

    mutating func source() throws(Failure) -> BuildRecord.Source {
        BuildRecord.Source(
            size: try int(), modified: try time(), changed: try time(), hash: try fixed(),
            post: try optional { reader throws(Failure) in try reader.post() },
            summary: try string(), wordCount: try int(), entryHash: try fixed(),
            frontMatterDiagnostics: try array { reader throws(Failure) in try reader.diagnostic() },
            renderDiagnostics: try array { reader throws(Failure) in try reader.diagnostic() },
            isRendered: try bool(), searchText: try string()
        )
    }

    mutating func diagnostic() throws(Failure) -> BuildRecord.RecordedDiagnostic {
        BuildRecord.RecordedDiagnostic(
            severity: try string(), file: try string(),
            line: try optional { reader throws(Failure) in try reader.int() },
            column: try optional { reader throws(Failure) in try reader.int() },
            message: try string()
        )
    }

    mutating func post() throws(Failure) -> Post {
        guard let kind = Post.Kind(rawValue: try string()) else { throw Failure() }
        let source = try string()
        let bundleFolder = try optionalString()
        let slug = try string()
        let title = try string()
        let date = try optional { reader throws(Failure) in
            Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.fixed()))
        }
        let updated = try optional { reader throws(Failure) in
            Date(timeIntervalSinceReferenceDate: Double(bitPattern: try reader.fixed()))
        }
        let summary = try optionalString()
        let tags = try array { reader throws(Failure) in try reader.string() }
        let image = try optionalString()
        let bannerImage = try optionalString()
        let externalURL = try optionalString()
        let language = try optionalString()
        let authors = try optional { reader throws(Failure) in
            try reader.array { reader throws(Failure) in
                SiteConfiguration.Author(
                    name: try reader.string(), url: try reader.optionalString(), avatar: try reader.optionalString())
            }
        }
        let isDraft = try bool()
        let bodyFirstLine = try int()
        let extensions = try object(depth: 0)
        let attachments = try array { reader throws(Failure) in try reader.attachment() }
        let categories = try array { reader throws(Failure) in try reader.string() }
        let permalink = try optionalString()
        let aliases = try array { reader throws(Failure) in try reader.string() }
        let dateOffset = try optional { reader throws(Failure) in try reader.int() - 86_400 }
        let customSlug = try optionalString()
        return Post(
            kind: kind, source: source, bundleFolder: bundleFolder, slug: slug, title: title, date: date,
            updated: updated,
            summary: summary, tags: tags, image: image, bannerImage: bannerImage, externalURL: externalURL,
            language: language,
            authors: authors, isDraft: isDraft, attachments: attachments, extensions: extensions, body: "",
            bodyFirstLine: bodyFirstLine,
            categories: categories, permalink: permalink, aliases: aliases, dateOffset: dateOffset,
            customSlug: customSlug
        )
    }
}

// Extensions and attachments in the same binary form as everything else: a kind byte, then the value.
extension RecordWriter {
    /// Deeper values are cut off (written as null): front matter is not that deep, and reading stops there too.
    static let maximumDepth = 64

    mutating func value(_ value: JSONValue, depth: Int) {
        guard depth < Self.maximumDepth else { return byte(0) }
        switch value {
        case .null: byte(0)
        case .bool(let flag): byte(flag ? 2 : 1)
        case .number(let literal):
            byte(3)
            string(literal)
        case .string(let text):
            byte(4)
            string(text)
        case .array(let elements):
            byte(5)
            array(elements) { $0.value($1, depth: depth + 1) }
        case .object(let object):
            byte(6)
            self.object(object, depth: depth + 1)
        }
    }

    mutating func object(_ object: JSONObject, depth: Int = 0) {
        array(object.members) { writer, member in
            writer.string(member.key)
            writer.value(member.value, depth: depth)
        }
    }

    mutating func attachment(_ attachment: Attachment) {
        string(attachment.url)
        optionalString(attachment.mimeType)
        optionalString(attachment.title)
        optional(attachment.sizeInBytes) { $0.fixed($1.bitPattern) }
        optional(attachment.durationInSeconds) { $0.fixed($1.bitPattern) }
        object(attachment.extensions)
    }
}

extension RecordReader {
    mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < RecordWriter.maximumDepth else { throw Failure() }
        switch try byte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .number(try string())
        case 4: return .string(try string())
        case 5: return .array(try array { reader throws(Failure) in try reader.value(depth: depth + 1) })
        case 6: return .object(try object(depth: depth + 1))
        default: throw Failure()
        }
    }

    mutating func object(depth: Int) throws(Failure) -> JSONObject {
        JSONObject(
            try array { reader throws(Failure) in
                JSONObject.Member(key: try reader.string(), value: try reader.value(depth: depth))
            })
    }

    mutating func attachment() throws(Failure) -> Attachment {
        Attachment(
            url: try string(), mimeType: try optionalString(), title: try optionalString(),
            sizeInBytes: try optional { reader throws(Failure) in Double(bitPattern: try reader.fixed()) },
            durationInSeconds: try optional { reader throws(Failure) in Double(bitPattern: try reader.fixed()) },
            extensions: try object(depth: 0))
    }
}
