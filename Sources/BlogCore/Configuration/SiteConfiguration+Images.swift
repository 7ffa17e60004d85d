import Images

extension SiteConfiguration {
    static let imageKeys = [
        "widths", "webp_quality", "avif_quality", "avif_effort", "jpeg_quality", "max_pixels", "memory_budget_mb",
        "strip_metadata",
    ]

    /// `images:`: the widths, qualities and limits of the images in post folders.
    static func readImages(_ fields: inout YAMLFields) -> ImageSettings {
        var settings = ImageSettings()
        guard var images = fields.mapping("images") else { return settings }
        images.warnUnknownKeys(known: imageKeys, context: "images ")
        if let widths = readWidths(&images) { settings.widths = widths }
        settings.webpQuality = images.integer("webp_quality", minimum: 1, maximum: 100) ?? settings.webpQuality
        settings.avifQuality = images.integer("avif_quality", minimum: 1, maximum: 100) ?? settings.avifQuality
        settings.avifEffort = images.integer("avif_effort", minimum: 0, maximum: 9) ?? settings.avifEffort
        settings.jpegQuality = images.integer("jpeg_quality", minimum: 1, maximum: 100) ?? settings.jpegQuality
        settings.maximumPixels =
            images.integer("max_pixels", minimum: 1, maximum: 1_000_000_000) ?? settings.maximumPixels
        if let megabytes = images.integer("memory_budget_mb", minimum: 16, maximum: 65_536) {
            settings.memoryBudget = megabytes << 20
        }
        settings.stripsMetadata = images.bool("strip_metadata") ?? settings.stripsMetadata
        fields.absorb(images)
        return settings
    }

    /// `images.widths`: a list of whole numbers of pixels.
    private static func readWidths(_ images: inout YAMLFields) -> [Int]? {
        guard let node = images.node("widths"), !YAMLFields.isNull(node) else { return nil }
        guard case .sequence(let sequence) = node, !sequence.isEmpty else {
            images.error(
                at: node,
                "'widths' must be a list of whole numbers such as [480, 960, 1600], got \(YAMLFields.shown(node))")
            return nil
        }
        var widths: [Int] = []
        for element in sequence {
            guard case .scalar = element, let value = element.int, (16...10_000).contains(value) else {
                images.error(
                    at: element,
                    "each of 'widths' must be a whole number from 16 to 10000, got \(YAMLFields.shown(element))")
                continue
            }
            widths.append(value)
        }
        return widths.count == sequence.count ? widths : nil
    }
}
