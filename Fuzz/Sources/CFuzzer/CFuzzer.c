// The declaration is all this target provides; libFuzzer itself comes from -sanitize=fuzzer.
