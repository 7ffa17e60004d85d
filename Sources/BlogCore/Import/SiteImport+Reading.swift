import BlogFileSystem
import Foundation

extension SiteImport {
    /// Why a file of the source was not read.
    enum ReadProblem: Error {
        /// Larger than the build's limit for content files: a diagnostic with the build's message.
        case tooLarge(size: Int)
        case unreadable(String)
        case notUTF8
    }

    /// A file of the source as text, refused past the build's 64 MiB limit for content files
    /// (``ContentLoader/maximumFileSize``) before it is read whole.
    func text(of relative: String) throws(ReadProblem) -> String {
        let path = source.appending(path: relative).path
        let data: Data
        do {
            data = try FileContents.contents(atPath: path, limit: ContentLoader.maximumFileSize)
        } catch  where error.isTooLarge {
            throw .tooLarge(size: FileStamp(path)?.size ?? ContentLoader.maximumFileSize + 1)
        } catch {
            throw .unreadable(error.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
        return text
    }

    /// A configuration file of the source as text, or nil when there is none; an error naming the file when
    /// it cannot be read, is too large or is not UTF-8.
    func configurationText(_ relative: String) throws(DiagnosticError) -> String? {
        guard FileSystem.exists(source.appending(path: relative).path) else { return nil }
        do {
            return try text(of: relative)
        } catch {
            throw DiagnosticError([Self.diagnostic(for: error, file: relative, severity: .error)])
        }
    }

    /// The diagnostic for a file not read: an error for one too large, which the build refuses too.
    static func diagnostic(for problem: ReadProblem, file: String, severity: Diagnostic.Severity) -> Diagnostic {
        switch problem {
        case .tooLarge(let size):
            Diagnostic(.error, file: file, message: ContentLoader.tooLargeMessage(size: size))
        case .unreadable(let reason):
            Diagnostic(severity, file: file, message: "cannot read the file (\(reason)); it was not imported")
        case .notUTF8:
            Diagnostic(severity, file: file, message: "not UTF-8 text; it was not imported")
        }
    }
}
