/// Why an image cannot be published: what the build tells the writer, after the post's `path:line` and
/// the image's name.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Equatable {
        /// The bytes are no image format libvips reads.
        case notAnImage(claimed: ImageFormat)
        /// The bytes are an image of another format than the name says.
        case formatMismatch(claimed: ImageFormat, actual: String)
        /// The header claims more pixels than ``ImageSettings/maximumPixels``.
        case tooManyPixels(width: Int, height: Int, limit: Int)
        /// Decoding would take more memory than ``ImageSettings/memoryBudget``.
        case overMemoryBudget(bytes: Int, budget: Int)
        /// libvips could not decode the pixels (a truncated or damaged file).
        case undecodable(String)
        /// libvips could not encode a rendition.
        case unencodable(ImageFormat, String)
        /// libvips did not start.
        case unavailable(String)
    }

    /// What was wrong.
    public var reason: Reason

    /// Makes an error.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// A clause that follows the image's name: `is a PNG image, not the JPEG its name says`.
    public var description: String {
        switch reason {
        case .notAnImage(let claimed):
            "is not a \(claimed.displayName) image, nor any image format the build reads"
        case .formatMismatch(let claimed, let actual):
            "is a\(actual.first.map { "AEIOU".contains($0) } == true ? "n" : "") \(actual) image, not the \(claimed.displayName) its name says"
        case .tooManyPixels(let width, let height, let limit):
            "is \(width) × \(height) pixels, more than the limit of \(limit) (images.max_pixels)"
        case .overMemoryBudget(let bytes, let budget):
            "would take \(bytes / 1_048_576) MiB to decode, more than the budget of \(budget / 1_048_576) MiB (images.memory_budget_mb)"
        case .undecodable(let message):
            "cannot be decoded: \(message)"
        case .unencodable(let format, let message):
            "cannot be encoded as \(format.displayName): \(message)"
        case .unavailable(let message):
            "cannot be processed: libvips did not start (\(message))"
        }
    }
}
