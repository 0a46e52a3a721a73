#ifndef CFUZZER_H
#define CFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt's FuzzerInterface.h): runs the fuzzing loop with `callback` as
/// the target, parsing libFuzzer's flags from `argc`/`argv`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
