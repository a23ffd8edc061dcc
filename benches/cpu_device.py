"""CPU device throughput: kernelc's SIMT simulator vs Numba's simulator.

Runs the same corpus kernels, on the same kinds of inputs, through

* kernelc: `kernelc run --device cpu --timings` (release build), reading the
  in-process `kernel:` time (the launch itself, without compilation or
  `.npy` I/O), with 1 worker and with every core, checking off (the
  default user setting is on: measured too);
* Numba: `NUMBA_ENABLE_CUDASIM=1`, `kernel[grid, block](*args)` timed
  around the call (its simulator runs Python per thread, so it gets fewer
  threads: the figure compared is seconds per thread).

    /tmp/bench-venv/bin/python benches/cpu_device.py [--json out.json] [--quick]

Prints a Markdown table: threads, seconds per thread for each, and the
ratio Numba / kernelc (how many times faster kernelc is).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _common  # noqa: E402

ACCEPT = _common.ACCEPT_DIR


def vector_add(n):
    rng = np.random.default_rng(1)
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    return dict(file="01_vector_add.py", kernel="vector_add", grid=((n + 255) // 256,), block=(256,),
                args=[a, b, np.zeros(n, np.float32)])


def block_sum(n):
    x = np.random.default_rng(2).standard_normal(n).astype(np.float32)
    return dict(file="10_block_reduce_sum.py", kernel="block_sum", grid=((n + 255) // 256,), block=(256,),
                args=[x, np.zeros(1, np.float32)])


def tiled_matmul(n):
    side = int(round(n ** 0.5))
    side -= side % 16
    rng = np.random.default_rng(3)
    a = rng.standard_normal((side, side)).astype(np.float32)
    b = rng.standard_normal((side, side)).astype(np.float32)
    return dict(file="08_tiled_matmul.py", kernel="fast_matmul", grid=(side // 16, side // 16), block=(16, 16),
                args=[a, b, np.zeros((side, side), np.float32)])


def mandelbrot(n):
    side = int(round(n ** 0.5))
    side -= side % 16
    return dict(file="21_mandelbrot.py", kernel="mandel_kernel", grid=(side // 16, side // 16), block=(16, 16),
                args=[np.float64(-2.0), np.float64(1.0), np.float64(-1.0), np.float64(1.0),
                      np.zeros((side, side), np.uint8), np.int32(50)])


# name, builder, kernelc threads, Numba threads. The work per thread does
# not depend on the size for vector add, block reduce and mandelbrot (the
# same image area at another resolution), so seconds per thread compare
# across sizes; a tiled matmul's work per thread grows with the matrix, so
# both run the same 64x64 product.
BENCHES = [
    ("vector add", vector_add, 1 << 20, 1 << 14),
    ("block reduce (shared, syncthreads, atomics)", block_sum, 1 << 20, 1 << 12),
    ("tiled matmul 64x64 (shared, syncthreads)", tiled_matmul, 1 << 12, 1 << 12),
    ("mandelbrot (f64, device function, 50 iters)", mandelbrot, 1 << 18, 1 << 12),
]


def scalar_arg(v):
    code = {np.dtype(np.float64): "f64", np.dtype(np.float32): "f32", np.dtype(np.int32): "i32",
            np.dtype(np.int64): "i64"}[np.asarray(v).dtype]
    return f"{code}:{float(v)!r}" if code.startswith("f") else f"{code}:{int(v)}"


def run_kernelc(exe, spec, workers, check, reps):
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [exe, "run", os.path.join(ACCEPT, spec["file"]), "--kernel", spec["kernel"], "--device", "cpu",
               "--grid", ",".join(map(str, spec["grid"])), "--block", ",".join(map(str, spec["block"])),
               "--workers", str(workers), "--timings", "--check" if check else "--no-check"]
        for i, a in enumerate(spec["args"]):
            if isinstance(a, np.ndarray):
                p = os.path.join(tmp, f"{i}.npy")
                np.save(p, a)
                cmd.append(p)
            else:
                cmd.append(scalar_arg(a))
        times = []
        for _ in range(reps):
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                raise RuntimeError(f"kernelc run failed: {r.stderr}")
            m = re.search(r"^kernel: ([\d.]+) (ns|us|ms|s)$", r.stderr, re.M)
            scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[m.group(2)]
            times.append(float(m.group(1)) * scale)
        return statistics.median(times)


NUMBA_RUNNER = r"""
import importlib.util, os, sys, time, pickle
os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
import numpy as np
spec = pickle.load(open(sys.argv[1], "rb"))
m = importlib.util.spec_from_file_location("bench_kernel", spec["path"])
mod = importlib.util.module_from_spec(m); m.loader.exec_module(mod)
k = getattr(mod, spec["kernel"])
args = [a.copy() if isinstance(a, np.ndarray) else a for a in spec["args"]]
t = time.perf_counter()
k[tuple(spec["grid"]), tuple(spec["block"])](*args)
print(time.perf_counter() - t)
"""


def run_numba(spec):
    import pickle

    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "spec.pkl")
        with open(p, "wb") as fh:
            pickle.dump(dict(spec, path=os.path.join(ACCEPT, spec["file"])), fh)
        r = subprocess.run([sys.executable, "-c", NUMBA_RUNNER, p], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"Numba simulator failed: {r.stderr[-2000:]}")
        return float(r.stdout.strip().splitlines()[-1])


def threads_of(spec):
    return int(np.prod(spec["grid"]) * np.prod(spec["block"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true", help="fewer threads for Numba, one repetition")
    opts = ap.parse_args()
    exe = _common.kernelc_cli()
    cores = os.cpu_count()
    reps = 1 if opts.quick else 5
    rows = []
    print(f"| kernel | kernelc threads | kernelc 1 worker (ns/thread) | kernelc {cores} workers (ns/thread) "
          f"| with checking (ns/thread) | Numba threads | Numba sim (us/thread) | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, build, n_kc, n_nb in BENCHES:
        spec = build(n_kc)
        t1 = run_kernelc(exe, spec, 1, False, reps) / threads_of(spec)
        tn = run_kernelc(exe, spec, 0, False, reps) / threads_of(spec)
        tc = run_kernelc(exe, spec, 0, True, reps) / threads_of(spec)
        nspec = build(n_nb if n_nb == n_kc else n_nb // (4 if opts.quick else 1))
        tnb = run_numba(nspec) / threads_of(nspec)
        ratio = tnb / tn
        rows.append(dict(kernel=name, kernelc_threads=threads_of(spec), kernelc_1worker_s_per_thread=t1,
                         kernelc_all_s_per_thread=tn, kernelc_checked_s_per_thread=tc,
                         numba_threads=threads_of(nspec), numba_s_per_thread=tnb, ratio=ratio))
        print(f"| {name} | {threads_of(spec)} | {t1 * 1e9:.1f} | {tn * 1e9:.1f} | {tc * 1e9:.1f} "
              f"| {threads_of(nspec)} | {tnb * 1e6:.1f} | {ratio:,.0f}x |", flush=True)
    if opts.json:
        _common.dump_json(dict(results=rows, machine=_common.machine_info(), tools=_common.tool_versions()),
                          opts.json)


if __name__ == "__main__":
    main()
