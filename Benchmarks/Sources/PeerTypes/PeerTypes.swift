// The types swift-openapi-generator's build plugin generates from `openapi.json` (written by
// run.sh from `payschema export openapi`): `Components.Schemas.<Module>_<Type>`.
