import FuzzSupport

// libFuzzer runs `Harnesses.diff` on every input it generates (see Fuzz/run.sh).
Harnesses.fuzz(Harnesses.diff)
