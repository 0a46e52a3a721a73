import PaymentServerCore
import Testing

/// `Content-Type` and `Accept` as RFC 9110 reads them (`HTTPMediaType`, which every mock provider's
/// media-type refusals use): the essence without parameters or case, and `Accept` decided by the
/// most specific matching range and its weight.
@Suite("HTTP media types")
struct HTTPMediaTypeTests {
    @Test func theEssenceDropsParametersSpacesAndCase() {
        #expect(HTTPMediaType.essence("Application/JSON; charset=UTF-8") == "application/json")
        #expect(HTTPMediaType.essence("  text/plain ") == "text/plain")
        #expect(HTTPMediaType.essence("application/x-www-form-urlencoded;charset=utf-8") == "application/x-www-form-urlencoded")
        #expect(HTTPMediaType.essence("") == nil)
        #expect(HTTPMediaType.essence(" ; charset=utf-8") == nil)
    }

    /// JSON and the JSON-based types of RFC 6839 (Mollie answers `application/hal+json`): the
    /// answers whose bodies are checked against the declared types.
    @Test func jsonIsTheTypeOrAPlusJSONSuffix() {
        for json in ["application/json", "Application/JSON; charset=utf-8", "application/hal+json", "application/problem+json"] {
            #expect(HTTPMediaType.isJSON(json), "\(json)")
        }
        for other in ["text/html", "application/xml", "text/json+html", "application/jsonp", "", "application/json-seq"] {
            #expect(!HTTPMediaType.isJSON(other), "\(other)")
        }
    }

    @Test(
        arguments: [
            // Absent or empty: anything is acceptable (RFC 9110 12.5.1).
            (nil, true), ("", true), ("  ", true),
            // The most specific matching range decides.
            ("application/json", true), ("APPLICATION/JSON", true), ("application/*", true), ("*/*", true),
            ("text/html", false), ("application/xml, text/*", false), ("text/html, application/json;q=0.1", true),
            ("application/json;q=0, */*", false), ("*/*;q=0", false), ("application/*;q=0, */*", false),
            ("*/*;q=0, application/json", true), ("application/json;q=0, application/*", false),
            // Weights: RFC 9110's qvalue; spaces around `;` and `=` are tolerated; one that is not a
            // qvalue counts as 1.
            ("application/json ; q = 0", false), ("application/json;q=0.000", false), ("application/json;q=0.001", true),
            ("application/json;q=1.000", true), ("application/json;q=1.5", true), ("application/json;q=abc", true),
            ("application/json;q=0.", false), ("application/json;q=0.0001", true), ("application/json;q=-0", true),
            ("application/json;q=.5", true),
            // Empty members and unknown parameters are ignored.
            (",,application/json,", true), ("application/json;level=1", true), ("text/plain;q=1, ,", false),
        ] as [(String?, Bool)])
    func acceptIsJudgedByItsMostSpecificRange(_ header: String?, _ admits: Bool) {
        #expect(HTTPMediaType.accepts(header, "application/json") == admits, "\(header ?? "nil")")
    }

    /// JSON is `application/json` or `application/<name>+json`, by the one rule the schema
    /// language's `responseMediaType` follows too.
    @Test func jsonIsApplicationJSONOrANamedPlusJSON() {
        for (value, json) in [
            ("application/json", true), ("Application/HAL+JSON; charset=utf-8", true), ("application/problem+json", true),
            ("application/+json", false), ("text/json", false), ("application/jsonp", false), ("text/plain", false), ("", false),
        ] {
            #expect(HTTPMediaType.isJSON(value) == json, "\(value)")
        }
    }
}
