#!/usr/bin/env python3
"""Times commands over repeated runs: wall time from a monotonic nanosecond clock, CPU time
(user + system, the command and all its children) and peak resident memory from wait4's rusage.

    timed.py [--no-warmup] RUNS OUTDIR -- COMMAND...
    timed.py [--no-warmup] RUNS OUTDIR_A -- COMMAND_A... --vs OUTDIR_B -- COMMAND_B...

Before each run OUTDIR is emptied (the command writes there; `-` for none). Every command first
runs once unmeasured (a warm-up: caches, page cache, the dynamic loader), unless `--no-warmup`
says the first run is the one to measure (a clean build: a warm-up would build everything and
leave the measured run nothing to do). With several commands
(`--vs`), the runs alternate, A B, then B A, and so on, so that neither side always runs first
and a change in the machine's load falls on both (hyperfine's practice). Prints one line per
command, in the order given:
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
    return os.waitstatus_to_exitcode(status), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def measure(outdir, command):
    if outdir != "-":
        shutil.rmtree(outdir, ignore_errors=True)
        os.makedirs(outdir)
    with open(os.path.join(os.environ.get("TMPDIR", "/tmp"), f"timed-{os.getpid()}.log"), "w+") as log:
        code, wall, cpu, rss = run_once(command, log)
        if code != 0:
            log.seek(0)
            sys.stderr.write(f"failed ({code}): {' '.join(command)}\n{log.read()[-2000:]}\n")
            sys.exit(1)
    return wall, cpu, rss


def parse(arguments):
    """[(outdir, command)] from `OUTDIR -- COMMAND... [--vs OUTDIR -- COMMAND...]`."""
    groups, current = [], []
    for argument in arguments:
        if argument == "--vs":
            groups.append(current)
            current = []
        else:
            current.append(argument)
    groups.append(current)
    out = []
    for group in groups:
        if len(group) < 3 or group[1] != "--":
            sys.stderr.write("usage: timed.py RUNS OUTDIR -- COMMAND... [--vs OUTDIR -- COMMAND...]\n")
            sys.exit(2)
        out.append((group[0], group[2:]))
    return out


def main():
    arguments = sys.argv[1:]
    warmup = arguments[0] != "--no-warmup"
    if not warmup:
        arguments = arguments[1:]
    runs = int(arguments[0])
    commands = parse(arguments[1:])
    for outdir, command in commands if warmup else []:
        measure(outdir, command)  # warm-up
    samples = [([], [], 0) for _ in commands]
    for index in range(runs):
        order = list(range(len(commands)))
        if index % 2:
            order.reverse()
        for which in order:
            wall, cpu, rss = measure(*commands[which])
            walls, cpus, peak = samples[which]
            walls.append(wall)
            cpus.append(cpu)
            samples[which] = (walls, cpus, max(peak, rss))
    for walls, cpus, peak in samples:
        walls.sort()
        cpus.sort()
        mid = len(walls) // 2
        print(f"{walls[mid]:.6f} {walls[0]:.6f} {walls[-1]:.6f} {cpus[mid]:.6f} {cpus[0]:.6f} {cpus[-1]:.6f} {peak}")


if __name__ == "__main__":
    main()
