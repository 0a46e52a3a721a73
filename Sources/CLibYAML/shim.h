#ifndef PAYSCHEMA_CLIBYAML_SHIM_H
#define PAYSCHEMA_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
