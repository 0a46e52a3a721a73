#ifndef PAYSCHEMA_CLIBYAML_SHIM_H
#define PAYSCHEMA_CLIBYAML_SHIM_H
// libyaml comes from the system, not from this package. Without it the build stops here, once,
// naming the command that installs it.
#if __has_include(<yaml.h>)
#include <yaml.h>
#else
#error "libyaml is missing: the schema generator (payschema, run by PaySchemaPlugin) reads YAML with the system's libyaml. Install it: apt-get install libyaml-dev (Debian, Ubuntu) or brew install libyaml (macOS), then build again."
#endif
#endif
