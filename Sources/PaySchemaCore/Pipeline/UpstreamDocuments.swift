import Foundation
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaUpstream

extension UpstreamDocument {
    /// Reads the document at `url` (the file read is the edge's; parsing is the stage's).
    package init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UpstreamError.unreadable("cannot read '\(url.path)': \((error as NSError).localizedDescription)")
        }
        try self.init(data: data, path: url.path)
    }
}

extension UpstreamComparison {
    /// Every problem of the links of `modules` against the contracts under `contracts`: each
    /// document the links name is read once, then judged by ``checkTargets(_:documents:)``.
    package static func checkTargets(_ modules: [ResolvedModule], contracts: URL) -> [Diagnostic] {
        var documents: [String: Result<UpstreamDocument, UpstreamError>] = [:]
        for document in documentsNamed(by: modules) {
            do {
                documents[document] = .success(try UpstreamDocument(contentsOf: contracts.appending(path: document)))
            } catch {
                documents[document] = .failure(error as? UpstreamError ?? .unreadable(String(describing: error)))
            }
        }
        return checkTargets(modules, documents: documents)
    }
}
