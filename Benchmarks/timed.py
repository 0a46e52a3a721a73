#!/usr/bin/env python3
"""Times a command over repeated runs: wall time from a monotonic nanosecond clock, CPU time
(user + system, the command and all its children) and peak resident memory from wait4's rusage.

    timed.py RUNS OUTDIR -- COMMAND...

Before each run OUTDIR is emptied (the command writes there). Prints one line:
    wall_median wall_min wall_max cpu_median cpu_min cpu_max peak_kib
(seconds to the microsecond). A failing run fails the whole measurement with its output.
"""
import os
import shutil
import subprocess
import sys
import time


def run_once(command, log):
    start = time.perf_counter_ns()
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    _, status, usage = os.wait4(process.pid, 0)
    wall = (time.perf_counter_ns() - start) / 1e9
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main():
    runs, outdir = int(sys.argv[1]), sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    walls, cpus, peak = [], [], 0
    for _ in range(runs):
        if outdir != "-":
            shutil.rmtree(outdir, ignore_errors=True)
            os.makedirs(outdir)
        with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), f"timed-{os.getpid()}.log"), "w+") as log:
            code, wall, cpu, rss = run_once(command, log)
            if code != 0:
                log.seek(0)
                sys.stderr.write(f"failed ({code}): {' '.join(command)}\n{log.read()[-2000:]}\n")
                sys.exit(1)
        walls.append(wall); cpus.append(cpu); peak = max(peak, rss)
    walls.sort(); cpus.sort()
    mid = len(walls) // 2
    print(f"{walls[mid]:.6f} {walls[0]:.6f} {walls[-1]:.6f} {cpus[mid]:.6f} {cpus[0]:.6f} {cpus[-1]:.6f} {peak}")


if __name__ == "__main__":
    main()
