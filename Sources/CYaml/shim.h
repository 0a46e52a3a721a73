#ifndef PAYSCHEMA_CYAML_SHIM_H
#define PAYSCHEMA_CYAML_SHIM_H
#include <yaml.h>
#endif
