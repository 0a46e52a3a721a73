import FuzzSupport

// libFuzzer runs `Harnesses.schema` on every input it generates (see Fuzz/run.sh).
Harnesses.fuzz(Harnesses.schema)
