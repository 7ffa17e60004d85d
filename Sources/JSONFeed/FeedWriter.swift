/// Maps the model onto JSON values in JSON Feed 1.1's key order, so that output bytes are fixed.
struct FeedWriter {
    /// Also write 1.0's `author` (the first of `authors`) for readers that predate 1.1.
    var writesLegacyAuthor: Bool

    func value(of feed: Feed) throws(FeedEncodingError) -> JSONValue {
        var object = JSONObject()
        object.members.reserveCapacity(16)
        object["version"] = .string(feed.version)
        object["title"] = .string(feed.title)
        put(feed.homePageURL, "home_page_url", in: &object)
        put(feed.feedURL, "feed_url", in: &object)
        put(feed.description, "description", in: &object)
        put(feed.userComment, "user_comment", in: &object)
        put(feed.nextURL, "next_url", in: &object)
        put(feed.icon, "icon", in: &object)
        put(feed.favicon, "favicon", in: &object)
        put(feed.authors, in: &object)
        put(feed.language, "language", in: &object)
        if let expired = feed.expired { object["expired"] = .bool(expired) }
        if let hubs = feed.hubs { object["hubs"] = .array(hubs.map(value(of:))) }
        var items: [JSONValue] = []
        items.reserveCapacity(feed.items.count)
        for (index, item) in feed.items.enumerated() {
            items.append(try value(of: item, at: "items[\(index)]"))
        }
        object["items"] = .array(items)
        object.members.append(contentsOf: feed.extensions.members)
        return .object(object)
    }

    func value(of item: Item, at path: String = "$") throws(FeedEncodingError) -> JSONValue {
        var object = JSONObject()
        object.members.reserveCapacity(16)
        object["id"] = .string(item.id)
        put(item.url, "url", in: &object)
        put(item.externalURL, "external_url", in: &object)
        put(item.title, "title", in: &object)
        put(item.contentHTML, "content_html", in: &object)
        put(item.contentText, "content_text", in: &object)
        put(item.summary, "summary", in: &object)
        put(item.image, "image", in: &object)
        put(item.bannerImage, "banner_image", in: &object)
        for (key, milliseconds) in [
            ("date_published", item.publishedMilliseconds), ("date_modified", item.modifiedMilliseconds),
        ] {
            guard let milliseconds else { continue }
            guard RFC3339.representable.contains(milliseconds) else {
                throw FeedEncodingError(
                    path: path == "$" ? key : "\(path).\(key)",
                    message: "the date is outside the years 0000 to 9999, which RFC 3339 cannot write")
            }
            object[key] = .string(RFC3339.string(fromMilliseconds: milliseconds))
        }
        put(item.authors, in: &object)
        if let tags = item.tags { object["tags"] = .array(tags.map(JSONValue.string)) }
        put(item.language, "language", in: &object)
        if let attachments = item.attachments {
            var values: [JSONValue] = []
            for (index, attachment) in attachments.enumerated() {
                values.append(try value(of: attachment, at: "\(path).attachments[\(index)]"))
            }
            object["attachments"] = .array(values)
        }
        object.members.append(contentsOf: item.extensions.members)
        return .object(object)
    }

    func value(of author: Author) -> JSONValue {
        var object = JSONObject()
        put(author.name, "name", in: &object)
        put(author.url, "url", in: &object)
        put(author.avatar, "avatar", in: &object)
        object.members.append(contentsOf: author.extensions.members)
        return .object(object)
    }

    func value(of attachment: Attachment, at path: String = "$") throws(FeedEncodingError) -> JSONValue {
        var object = JSONObject()
        object["url"] = .string(attachment.url)
        put(attachment.mimeType, "mime_type", in: &object)
        put(attachment.title, "title", in: &object)
        for (key, number) in [
            ("size_in_bytes", attachment.sizeInBytes), ("duration_in_seconds", attachment.durationInSeconds),
        ] {
            guard let number else { continue }
            guard let value = JSONValue.double(number) else {
                throw FeedEncodingError(
                    path: path == "$" ? key : "\(path).\(key)", message: "\(number) is not a finite number")
            }
            object[key] = value
        }
        object.members.append(contentsOf: attachment.extensions.members)
        return .object(object)
    }

    func value(of hub: Hub) -> JSONValue {
        var object = JSONObject()
        object["type"] = .string(hub.type)
        object["url"] = .string(hub.url)
        object.members.append(contentsOf: hub.extensions.members)
        return .object(object)
    }

    private func put(_ text: String?, _ key: String, in object: inout JSONObject) {
        if let text { object.members.append(.init(key: key, value: .string(text))) }
    }

    private func put(_ authors: [Author]?, in object: inout JSONObject) {
        guard let authors else { return }
        if writesLegacyAuthor, let first = authors.first {
            object.members.append(.init(key: "author", value: value(of: first)))
        }
        object.members.append(.init(key: "authors", value: .array(authors.map(value(of:)))))
    }
}
