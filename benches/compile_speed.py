#!/usr/bin/env python3
"""Source -> PTX compile time: kernelc vs Numba (cuda.compile_ptx) vs NVRTC.

For every kernel of _common.KERNELS, in one run:

* kernelc, in-process: `cargo bench -p kernelc-compiler --bench pipeline`
  compiles the file through `driver::compile` at -O2 (at least --kernelc-iters
  times after 5 warm-up compilations) and reports the median wall time of the
  whole call, plus the median of lowering + the -O2 pass pipeline;
* kernelc, as a process: the median wall time of `kernelc compile FILE -O2`
  (fork + exec + read + compile + write; informational);
* Numba: `cuda.compile_ptx(pyfunc, sig, cc=(8, 0))`, warm: one untimed call
  first (imports, NVVM loaded, typing tables built), then --numba-iters timed
  calls, each on *fresh* function objects (the corpus file is re-imported
  before each call, outside the timed region), so that no dispatcher or
  device-function overload compiled by an earlier call is reused;
* NVRTC: nvrtcCreateProgram + nvrtcCompileProgram(--gpu-architecture=compute_80)
  + nvrtcGetPTX + nvrtcDestroyProgram on benches/cuda/<kernel>.cu through
  ctypes, one untimed call then --nvrtc-iters timed calls.

A kernel that fails in any tool is left out of the comparison and listed.

Usage:  python benches/compile_speed.py [--numba-iters N] [--nvrtc-iters N]
            [--kernelc-iters N] [--cli-iters N] [--json OUT.json] [KERNEL...]
Run it with the venv that has tests/numba/requirements.txt installed; cargo
must be on PATH (CARGO_TARGET_DIR is honoured).
"""

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _common as C  # noqa: E402


def kernelc_inprocess(stems, iters):
    files = [C.py_path(s) for s in stems]
    cmd = [
        "cargo", "bench", "-q", "-p", "kernelc-compiler", "--bench", "pipeline", "--",
        "--iters", str(iters), "--min-ms", "300",
    ] + files
    r = subprocess.run(cmd, cwd=C.ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"kernelc pipeline bench failed:\n{r.stderr}")
    start = r.stdout.index("{")
    return json.loads(r.stdout[start:])


def kernelc_process(binary, stem, iters):
    times = []
    cmd = [binary, "compile", C.py_path(stem), "-O2"]
    subprocess.run(cmd, capture_output=True, check=True)  # warm the page cache
    for _ in range(iters):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def numba_times(corpus, stem, iters):
    f, sig, opts = C.numba_load(corpus, stem)
    C.numba_compile(f, sig, opts)  # warm-up
    times = []
    for _ in range(iters):
        f, sig, opts = C.numba_load(corpus, stem)  # fresh function objects
        t = time.perf_counter()
        C.numba_compile(f, sig, opts)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def nvrtc_times(nv, stem, iters):
    src, name, opts = C.nvrtc_inputs(stem)
    nv.compile(src, name, opts)  # warm-up
    times = []
    for _ in range(iters):
        t = time.perf_counter()
        nv.compile(src, name, opts)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def geomean(xs):
    xs = list(xs)
    p = 1.0
    for x in xs:
        p *= x
    return p ** (1.0 / len(xs)) if xs else float("nan")


def fmt_us(us):
    if us >= 10000:
        return f"{us / 1000:.1f} ms"
    if us >= 1000:
        return f"{us / 1000:.2f} ms"
    return f"{us:.0f} µs"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--numba-iters", type=int, default=15)
    ap.add_argument("--nvrtc-iters", type=int, default=30)
    ap.add_argument("--kernelc-iters", type=int, default=300)
    ap.add_argument("--cli-iters", type=int, default=30)
    ap.add_argument("--json", help="write the raw figures here")
    ap.add_argument("kernels", nargs="*", help="subset of the kernel set")
    args = ap.parse_args()
    stems = args.kernels or C.KERNELS

    excluded = {}
    print(f"# compile_speed: {len(stems)} kernels, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}")
    print("kernelc (in-process pipeline bench) ...", file=sys.stderr)
    kc = kernelc_inprocess(stems, args.kernelc_iters)
    binary = C.kernelc_cli()
    results = {}
    for s in stems:
        e = kc.get(s, {"error": "missing from bench output"})
        if "error" in e:
            excluded[s] = f"kernelc: {e['error']}"
            continue
        results[s] = {
            "kernelc_us": e["total_us"],
            "kernelc_lower_opt_us": e["lower_opt_us"],
            "kernelc_phases_us": e["phases_us"],
            "kernelc_iters": e["iters"],
        }
    print("kernelc (process) ...", file=sys.stderr)
    for s in list(results):
        results[s]["kernelc_process_us"] = kernelc_process(binary, s, args.cli_iters)

    print("NVRTC ...", file=sys.stderr)
    nv = C.Nvrtc()
    for s in stems:
        if s in excluded:
            continue
        try:
            results[s]["nvrtc_us"] = nvrtc_times(nv, s, args.nvrtc_iters)
        except Exception as exc:  # noqa: BLE001
            excluded[s] = f"NVRTC: {str(exc).splitlines()[0]}"
            results.pop(s, None)

    print("Numba ...", file=sys.stderr)
    corpus = C.numba_setup()
    for s in stems:
        if s in excluded:
            continue
        try:
            results[s]["numba_us"] = numba_times(corpus, s, args.numba_iters)
        except Exception as exc:  # noqa: BLE001
            excluded[s] = f"Numba: {str(exc).splitlines()[0]}"
            results.pop(s, None)

    print()
    print(
        "| kernel | kernelc | (lower+O2) | kernelc process | Numba compile_ptx | NVRTC | Numba/kernelc | NVRTC/kernelc |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for s, r in results.items():
        r["numba_ratio"] = r["numba_us"] / r["kernelc_us"]
        r["nvrtc_ratio"] = r["nvrtc_us"] / r["kernelc_us"]
        print(
            f"| {s} | {fmt_us(r['kernelc_us'])} | {fmt_us(r['kernelc_lower_opt_us'])} "
            f"| {fmt_us(r['kernelc_process_us'])} | {fmt_us(r['numba_us'])} | {fmt_us(r['nvrtc_us'])} "
            f"| {r['numba_ratio']:.0f}× | {r['nvrtc_ratio']:.0f}× |"
        )
    rs = list(results.values())
    summary = {
        "kernels": len(rs),
        "median_kernelc_us": statistics.median(r["kernelc_us"] for r in rs),
        "median_kernelc_lower_opt_us": statistics.median(r["kernelc_lower_opt_us"] for r in rs),
        "max_kernelc_lower_opt_us": max(r["kernelc_lower_opt_us"] for r in rs),
        "median_kernelc_process_us": statistics.median(r["kernelc_process_us"] for r in rs),
        "median_numba_us": statistics.median(r["numba_us"] for r in rs),
        "median_nvrtc_us": statistics.median(r["nvrtc_us"] for r in rs),
        "geomean_numba_ratio": geomean(r["numba_ratio"] for r in rs),
        "geomean_nvrtc_ratio": geomean(r["nvrtc_ratio"] for r in rs),
        "min_numba_ratio": min(r["numba_ratio"] for r in rs),
        "min_nvrtc_ratio": min(r["nvrtc_ratio"] for r in rs),
    }
    print()
    print(f"kernels compared: {summary['kernels']}")
    print(
        f"median per kernel: kernelc {fmt_us(summary['median_kernelc_us'])} "
        f"(lowering + -O2 passes {fmt_us(summary['median_kernelc_lower_opt_us'])}, "
        f"max {fmt_us(summary['max_kernelc_lower_opt_us'])}; "
        f"as a process {fmt_us(summary['median_kernelc_process_us'])}), "
        f"Numba {fmt_us(summary['median_numba_us'])}, NVRTC {fmt_us(summary['median_nvrtc_us'])}"
    )
    print(
        f"kernelc is faster than Numba by {summary['geomean_numba_ratio']:.0f}× (geomean; min {summary['min_numba_ratio']:.0f}×) "
        f"and than NVRTC by {summary['geomean_nvrtc_ratio']:.0f}× (geomean; min {summary['min_nvrtc_ratio']:.0f}×)"
    )
    C.finish(results, summary, excluded, args.json)


if __name__ == "__main__":
    main()
