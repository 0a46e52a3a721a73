// The generator's stages, one module each; `PaySchemaCore` runs them (`GeneratorPipeline`) and
// offers them to the CLIs as one import.
@_exported import PaySchemaChecker
@_exported import PaySchemaDiff
@_exported import PaySchemaExport
@_exported import PaySchemaImport
@_exported import PaySchemaLanguage
@_exported import PaySchemaModel
@_exported import PaySchemaSwift
@_exported import PaySchemaSyntax
@_exported import PaySchemaUpstream
@_exported import PaySchemaYAML
