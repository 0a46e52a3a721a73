import Foundation
import PaymentSchemasRuntime

/// The `apple-app-site-association` file the links host serves at
/// `/.well-known/apple-app-site-association`: which app a universal link on that host opens, and
/// for which paths. The guide's "configuration file … placed in a location on the Web that can be
/// properly accessed using https", on a domain other than the shop's.
///
/// iOS fetches it (through Apple's CDN) when the app is installed, over HTTPS, as
/// `application/json` and never through a redirect. Each entry is written twice: `appIDs` and
/// `components` as iOS 13 and later read them, `appID` and `paths` as iOS 12 and earlier do (the
/// guide supports iOS 11.2 and later).
public struct AppleAppSiteAssociation: Codable, Sendable, Hashable {
    /// The `applinks` section.
    public struct AppLinks: Codable, Sendable, Hashable {
        /// Always empty: the key the earliest readers require.
        public var apps: [String]
        /// One entry per app.
        public var details: [Detail]

        /// Creates the section.
        public init(apps: [String] = [], details: [Detail]) {
            self.apps = apps
            self.details = details
        }
    }

    /// The links of one app.
    public struct Detail: Codable, Sendable, Hashable {
        /// The apps, as `<team id>.<bundle id>` (iOS 13 and later).
        public var appIDs: [String]
        /// The URL paths that open the app, first match deciding (iOS 13 and later).
        public var components: [Component]
        /// The app (iOS 12 and earlier).
        public var appID: String
        /// The paths that open the app, `NOT ` before a path excluding it (iOS 12 and earlier).
        public var paths: [String]

        /// Creates the entry of `appID` for `paths` (patterns with `*` and `?`), in both readings.
        public init(appID: String, paths: [String]) {
            self.appIDs = [appID]
            self.components = paths.map { Component(path: $0) }
            self.appID = appID
            self.paths = paths
        }
    }

    /// One URL pattern of `components`.
    public struct Component: Codable, Sendable, Hashable {
        /// The path pattern (`*` any run of characters, `?` any one character).
        public var path: String
        /// Whether a match keeps the URL out of the app.
        public var exclude: Bool?

        /// Creates a pattern.
        public init(path: String, exclude: Bool? = nil) {
            self.path = path
            self.exclude = exclude
        }

        enum CodingKeys: String, CodingKey {
            case path = "/"
            case exclude
        }
    }

    /// The `applinks` section.
    public var applinks: AppLinks

    /// The file for one app and its paths.
    public init(appID: String, paths: [String]) {
        self.applinks = AppLinks(details: [Detail(appID: appID, paths: paths)])
    }

    /// The file's bytes: JSON with sorted keys, the same members `Codable` reads and writes
    /// (written through `PayJSON`, so that building it cannot fail).
    public var json: Data {
        let details = applinks.details.map { detail -> PayJSON in
            let components = detail.components.map { component -> PayJSON in
                var members: [String: PayJSON] = ["/": .string(component.path)]
                if let exclude = component.exclude { members["exclude"] = .bool(exclude) }
                return .object(members)
            }
            return .object([
                "appIDs": .array(detail.appIDs.map(PayJSON.string)), "components": .array(components),
                "appID": .string(detail.appID), "paths": .array(detail.paths.map(PayJSON.string)),
            ])
        }
        let file = PayJSON.object(["applinks": .object(["apps": .array(applinks.apps.map(PayJSON.string)), "details": .array(details)])])
        return Data(file.jsonText.utf8)
    }

    /// The app a link to `url` opens as iOS 13 and later decide it (the first component whose
    /// path matches decides; an excluding one keeps the link in the browser), `nil` when none does.
    public func app(opening url: URL) -> String? {
        let path = url.path.isEmpty ? "/" : url.path
        for detail in applinks.details {
            guard let component = detail.components.first(where: { Self.matches($0.path, path) }) else { continue }
            if component.exclude == true { return nil }
            return detail.appIDs.first
        }
        return nil
    }

    /// The app a link to `url` opens as iOS 12 and earlier decide it from `paths`.
    public func legacyApp(opening url: URL) -> String? {
        let path = url.path.isEmpty ? "/" : url.path
        for detail in applinks.details {
            for pattern in detail.paths {
                if pattern.hasPrefix("NOT ") {
                    if Self.matches(String(pattern.dropFirst(4)), path) { return nil }
                } else if Self.matches(pattern, path) {
                    return detail.appID
                }
            }
        }
        return nil
    }

    /// Whether `path` matches `pattern`, where `*` stands for any run of characters (none
    /// included) and `?` for any one character; everything else matches itself, case included.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(path.unicodeScalars)
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let lastStar = star {
                p = lastStar + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
