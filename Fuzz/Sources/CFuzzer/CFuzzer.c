// libFuzzer itself comes from -sanitize=fuzzer; the harnesses call its driver
// (LLVMFuzzerRunDriver) from their own `main`.
#include <stdio.h>
#include <stdlib.h>
#include "CFuzzer.h"

// A debug build links each executable's `main` as an alias (`--defsym main=<name>_main`), so the
// linker also takes libFuzzer's own `main`, which needs this callback. The alias wins and this is
// never called; if it ever were, libFuzzer's `main` ran instead of the harness's, which would fuzz
// nothing, so it stops the run.
__attribute__((weak)) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  (void)data;
  (void)size;
  fputs("CFuzzer: libFuzzer's main ran instead of the harness's; nothing would be fuzzed\n", stderr);
  abort();
}
