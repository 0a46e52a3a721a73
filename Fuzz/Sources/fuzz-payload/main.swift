import FuzzSupport

// libFuzzer runs `Harnesses.payload` on every input it generates (see Fuzz/run.sh).
Harnesses.fuzz(Harnesses.payload)
