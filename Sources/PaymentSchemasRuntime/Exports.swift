// The shared vocabulary (wire formats, HTTP methods, named formats, constraint rules, decimal and
// date text) is part of the runtime's API: an app or generated module that imports the runtime
// sees it without a second import, and `@_spi(Generated)` imports see its generated-code helpers.
@_spi(Generated) @_exported import PaymentSchemasVocabulary
