"""Measurements for tests/gpu/prove.sh, on one GPU: kernelc (its Python
binding, on its GPU path) against Numba CUDA, CuPy's RawKernel and a raw
``cuLaunchKernel`` through cuda-bindings.

- vector add (float32, 2^26 elements): kernel time by device events, the
  median over 10 batches (after 3 warm-up launches) of 10 back-to-back
  launches between two events, divided by 10. Before each batch a "gate"
  kernel (one thread, a few milliseconds of dependent arithmetic) is
  queued, so that the batch's launches are all queued while the GPU is
  still busy: the events then time the kernels alone, not the host's cost
  of issuing them (Numba's is several times CuPy's);
- bandwidth: the vector add's bytes per second (3 x 4 bytes an element) as
  a fraction of a device-to-device copy's (2 x 4 bytes an element), both
  timed the same way;
- host cost per launch of kernels with 0, 3 and 8 arguments (3 device
  arrays, then 5 scalars; one block of 32 threads): the median over 5
  batches of the time to issue 2,000 launches, divided by 2,000 (the
  synchronisation after a batch is not counted); CuPy's and the raw
  launches pass the same arguments as C types (raw: empty kernel bodies);
- source to first launch: in a fresh process, from before the import of the
  package to the end of the first launch of a vector add (jit from source,
  compile, load, copies, launch, synchronize), and the import alone;
- the compiler corpus: every kernel of the CPU-device run cases
  (tests/cpu_device/cases), compiled by kernelc and by Numba from the same
  file (for kernelc only its `numba` imports changed to `kernelc`, as a
  user would), launched on the case's inputs and timed as the vector add
  is; a table of the two times and their ratio. The corpus's inputs are
  small, so most of these kernels run for a few microseconds, where the
  launch latency, not the code, decides.

Each framework runs in its own process (``--part NAME``). A framework that
is not installed, or finds no GPU, is reported as "skipped: why". ``--dry``
(prove.sh --dry: the emulated driver) measures kernelc only, with small
sizes, and skips the others: it checks the script, not the GPU.

    python tests/gpu/bench.py [--dry] [--json OUT.json]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

PARTS = ("kernelc", "numba", "cupy", "raw", "corpus-kernelc", "corpus-numba")
NAMES = {"kernelc": "kernelc", "numba": "Numba CUDA", "cupy": "CuPy RawKernel", "raw": "cuLaunchKernel (cuda-bindings)"}
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
# Launches per timed batch, and the gate kernel's loop trips (a few ms).
PER_BATCH = 10


class Skip(Exception):
    pass


def sizes(dry):
    if dry:
        return {"n": 1 << 12, "warm": 1, "reps": 2, "launches": 20, "batches": 3, "gate": 1000,
                "corpus_reps": 1, "corpus_cases": 6}
    return {"n": 1 << 26, "warm": 3, "reps": 10, "launches": 2000, "batches": 5, "gate": 4_000_000,
            "corpus_reps": 5, "corpus_cases": None}


def batch_ms(record, elapsed_ms, sync_end, gate, fn, warm, reps):
    """Median device time of one fn() in ms: `reps` batches of PER_BATCH
    launches between two events, each batch queued behind the gate kernel.
    Also returns the largest host time to queue a batch, in ms (to compare
    with the gate's own duration)."""
    for _ in range(warm):
        fn()
    times, host = [], 0.0
    for _ in range(reps):
        gate()
        record(0)
        t0 = time.perf_counter()
        for _ in range(PER_BATCH):
            fn()
        host = max(host, (time.perf_counter() - t0) * 1e3)
        record(1)
        sync_end()
        times.append(elapsed_ms() / PER_BATCH)
    return statistics.median(times), host


def timed_ms(cuda, gate, fn, warm, reps):
    """batch_ms with Numba's event API (kernelc's is the same)."""
    ev = (cuda.event(), cuda.event())
    return batch_ms(lambda i: ev[i].record(), lambda: ev[0].elapsed_time(ev[1]), ev[1].synchronize,
                    gate, fn, warm, reps)


def gate_kernel(cuda, n):
    """The gate: one thread, n dependent multiply-adds (a few ms for 4e6),
    and how long it ran (ms)."""
    import numpy as np

    @cuda.jit
    def spin(x, trips):
        acc = x[0]
        for _ in range(trips):
            acc = acc * np.float32(0.999999) + np.float32(1e-6)
        x[0] = acc

    g = cuda.to_device(np.ones(1, np.float32))
    spin[1, 1](g, n)
    cuda.synchronize()
    e0, e1 = cuda.event(), cuda.event()
    e0.record()
    spin[1, 1](g, n)
    e1.record()
    e1.synchronize()
    return (lambda: spin[1, 1](g, n)), e0.elapsed_time(e1)


def host_us(launch, sync, launches, batches):
    """Median host time to issue one launch, in microseconds."""
    launch()
    sync()
    per = []
    for _ in range(batches):
        t0 = time.perf_counter()
        for _ in range(launches):
            launch()
        per.append((time.perf_counter() - t0) / launches * 1e6)
        sync()
    return statistics.median(per)


def part_cuda(module, dry):
    """kernelc or Numba: the same code, Numba's API. (`cuda` is a global:
    the kernels find it as they would in a module.)"""
    global cuda
    import numpy as np

    t0 = time.perf_counter()
    if module == "numba":
        try:
            from numba import cuda
        except ImportError as e:
            raise Skip(f"Numba CUDA not installed ({e})")
        if os.environ.get("NUMBA_ENABLE_CUDASIM") != "1" and not cuda.is_available():
            raise Skip("numba.cuda.is_available() is False (no GPU or no usable driver)")
    else:
        from kernelc import cuda
    t_import = time.perf_counter() - t0

    @cuda.jit
    def vadd(a, b, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a[i] + b[i]

    small = np.arange(1024, dtype=np.float32)
    d_a, d_b = cuda.to_device(small), cuda.to_device(small)
    d_o = cuda.device_array_like(small)
    vadd[4, 256](d_a, d_b, d_o)
    cuda.synchronize()
    t_first = time.perf_counter() - t0
    assert np.array_equal(d_o.copy_to_host(), 2 * small), "vector add: wrong result"

    res = {"import_s": t_import, "first_launch_s": t_first}
    dev = cuda.get_current_device()
    name = getattr(dev, "name", dev)
    res["device"] = name.decode(errors="replace") if isinstance(name, bytes) else str(name)

    sz = sizes(dry)
    n = sz["n"]
    gate, res["gate_ms"] = gate_kernel(cuda, sz["gate"])
    a = np.random.default_rng(1).random(n, dtype=np.float32)
    d_a, d_b, d_o = cuda.to_device(a), cuda.to_device(a), cuda.device_array_like(a)
    grid = (n + 255) // 256
    vadd_ms, host1 = timed_ms(cuda, gate, lambda: vadd[grid, 256](d_a, d_b, d_o), sz["warm"], sz["reps"])
    assert np.array_equal(d_o.copy_to_host(), a + a), "vector add: wrong result"
    copy_ms, host2 = timed_ms(cuda, gate, lambda: d_o.copy_to_device(d_a), sz["warm"], sz["reps"])
    res.update(n=n, vadd_ms=vadd_ms, copy_ms=copy_ms, batch_host_ms=max(host1, host2),
               vadd_gbs=3 * 4 * n / vadd_ms / 1e6, copy_gbs=2 * 4 * n / copy_ms / 1e6)

    @cuda.jit
    def k0():
        pass

    @cuda.jit
    def k3(a, b, c):
        i = cuda.grid(1)
        if i < c.size:
            c[i] = a[i] + b[i]

    @cuda.jit
    def k8(a, b, c, x, y, z, w, v):
        i = cuda.grid(1)
        if i < c.size:
            c[i] = a[i] * x + b[i] * y + z + w + v

    t = cuda.to_device(np.ones(32, np.float32))
    u, o = cuda.to_device(np.ones(32, np.float32)), cuda.device_array(32, np.float32)
    L, B = sz["launches"], sz["batches"]
    res["launch0_us"] = host_us(lambda: k0[1, 32](), cuda.synchronize, L, B)
    res["launch3_us"] = host_us(lambda: k3[1, 32](t, u, o), cuda.synchronize, L, B)
    res["launch8_us"] = host_us(lambda: k8[1, 32](t, u, o, 1.5, 2.0, 3, 4.0, 5.0), cuda.synchronize, L, B)
    return res


CUDA_C = r"""
extern "C" __global__ void vadd(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
extern "C" __global__ void spin(float* x, long long trips) {
    float acc = x[0];
    for (long long i = 0; i < trips; i++) acc = acc * 0.999999f + 1e-6f;
    x[0] = acc;
}
extern "C" __global__ void k0() {}
extern "C" __global__ void k3(const float* a, const float* b, float* c) {
    int i = threadIdx.x;
    if (i < 32) c[i] = a[i] + b[i];
}
extern "C" __global__ void k8(const float* a, const float* b, float* c, float x, float y, int z, float w, float v) {
    int i = threadIdx.x;
    if (i < 32) c[i] = a[i] * x + b[i] * y + z + w + v;
}
"""


def part_cupy(dry):
    import numpy as np

    t0 = time.perf_counter()
    try:
        import cupy as cp
    except ImportError as e:
        raise Skip(f"CuPy not installed ({e})")
    try:
        if cp.cuda.runtime.getDeviceCount() < 1:
            raise Skip("CuPy sees no GPU")
    except cp.cuda.runtime.CUDARuntimeError as e:
        raise Skip(f"CuPy sees no GPU ({e})")
    t_import = time.perf_counter() - t0
    mod = cp.RawModule(code=CUDA_C)
    vadd, spin, k0, k3, k8 = (mod.get_function(k) for k in ("vadd", "spin", "k0", "k3", "k8"))
    small = cp.arange(1024, dtype=cp.float32)
    o = cp.empty_like(small)
    vadd((4,), (256,), (small, small, o, np.int32(1024)))
    cp.cuda.Device().synchronize()
    t_first = time.perf_counter() - t0
    res = {"import_s": t_import, "first_launch_s": t_first,
           "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode()}

    sz = sizes(dry)
    n = sz["n"]
    a = cp.random.random(n, dtype=cp.float32)
    o = cp.empty_like(a)
    grid = ((n + 255) // 256,)
    sync = cp.cuda.Device().synchronize

    g = cp.ones(1, cp.float32)

    def gate():
        spin((1,), (1,), (g, np.int64(sz["gate"])))

    def timed(fn):
        ev = (cp.cuda.Event(), cp.cuda.Event())
        return batch_ms(lambda i: ev[i].record(), lambda: cp.cuda.get_elapsed_time(ev[0], ev[1]),
                        ev[1].synchronize, gate, fn, sz["warm"], sz["reps"])

    vadd_ms, host1 = timed(lambda: vadd(grid, (256,), (a, a, o, np.int32(n))))
    assert bool(cp.all(o == a + a)), "vector add: wrong result"
    copy_ms, host2 = timed(lambda: o.data.copy_from_device(a.data, a.nbytes))
    res.update(n=n, vadd_ms=vadd_ms, copy_ms=copy_ms, batch_host_ms=max(host1, host2),
               vadd_gbs=3 * 4 * n / vadd_ms / 1e6, copy_gbs=2 * 4 * n / copy_ms / 1e6)
    t, u, c = cp.ones(32, cp.float32), cp.ones(32, cp.float32), cp.empty(32, cp.float32)
    f32, i32 = np.float32, np.int32
    L, B = sz["launches"], sz["batches"]
    res["launch0_us"] = host_us(lambda: k0((1,), (32,), ()), sync, L, B)
    res["launch3_us"] = host_us(lambda: k3((1,), (32,), (t, u, c)), sync, L, B)
    res["launch8_us"] = host_us(
        lambda: k8((1,), (32,), (t, u, c, f32(1.5), f32(2.0), i32(3), f32(4.0), f32(5.0))), sync, L, B)
    return res


PTX = """
.version 7.0
.target sm_52
.address_size 64
.visible .entry k0() { ret; }
.visible .entry k3(.param .u64 a, .param .u64 b, .param .u64 c) { ret; }
.visible .entry k8(.param .u64 a, .param .u64 b, .param .u64 c, .param .f32 x, .param .f32 y,
                   .param .u32 z, .param .f32 w, .param .f32 v) { ret; }
"""


def part_raw(dry):
    """cuLaunchKernel through cuda-bindings, arguments packed once (the
    least a Python host can do per launch); empty kernels."""
    import numpy as np

    try:
        from cuda.bindings import driver as drv
    except ImportError:
        try:
            from cuda import cuda as drv
        except ImportError as e:
            raise Skip(f"cuda-bindings not installed ({e})")

    def ok(r):
        err = r[0] if isinstance(r, tuple) else r
        if int(err) != 0:
            raise RuntimeError(f"CUDA driver error {err}")
        return r[1] if isinstance(r, tuple) and len(r) == 2 else r

    try:
        ok(drv.cuInit(0))
    except RuntimeError as e:
        raise Skip(f"cuInit failed ({e})")
    dev = ok(drv.cuDeviceGet(0))
    ctx = ok(drv.cuDevicePrimaryCtxRetain(dev))
    ok(drv.cuCtxSetCurrent(ctx))
    name = ok(drv.cuDeviceGetName(256, dev))
    image = np.frombuffer(PTX.encode() + b"\0", dtype=np.uint8)
    mod = ok(drv.cuModuleLoadData(image.ctypes.data))
    k0, k3, k8 = (ok(drv.cuModuleGetFunction(mod, k.encode())) for k in ("k0", "k3", "k8"))
    bufs = [ok(drv.cuMemAlloc(32 * 4)) for _ in range(3)]
    vals3 = [np.array([int(b)], dtype=np.uint64) for b in bufs]
    vals8 = vals3 + [np.array([1.5], np.float32), np.array([2.0], np.float32), np.array([3], np.int32),
                     np.array([4.0], np.float32), np.array([5.0], np.float32)]
    p3 = np.array([v.ctypes.data for v in vals3], dtype=np.uint64)
    p8 = np.array([v.ctypes.data for v in vals8], dtype=np.uint64)
    a3, a8 = p3.ctypes.data, p8.ctypes.data
    launch = drv.cuLaunchKernel

    def sync():
        ok(drv.cuCtxSynchronize())

    sz = sizes(dry)
    L, B = sz["launches"], sz["batches"]
    res = {"device": bytes(name).split(b"\0")[0].decode(errors="replace")}
    res["launch0_us"] = host_us(lambda: launch(k0, 1, 1, 1, 32, 1, 1, 0, 0, 0, 0), sync, L, B)
    res["launch3_us"] = host_us(lambda: launch(k3, 1, 1, 1, 32, 1, 1, 0, 0, a3, 0), sync, L, B)
    res["launch8_us"] = host_us(lambda: launch(k8, 1, 1, 1, 32, 1, 1, 0, 0, a8, 0), sync, L, B)
    ok(launch(k8, 1, 1, 1, 32, 1, 1, 0, 0, a8, 0))
    sync()
    return res


def corpus_module(cuda_module, source, tmp):
    """The corpus file `source` imported as its own module: as it is for
    Numba; for kernelc with its `numba` imports changed to `kernelc` (the
    one change a user makes), from a copy in `tmp`."""
    import importlib.util
    import re

    path = os.path.join(ROOT, "compiler", "tests", "check", "accept", source)
    if cuda_module == "kernelc":
        text = open(path).read()
        text = re.sub(r"^from numba import", "from kernelc import", text, flags=re.M)
        text = re.sub(r"^import numba$", "import kernelc as numba", text, flags=re.M)
        path = os.path.join(tmp, source)
        with open(path, "w") as f:
            f.write(text)
    spec = importlib.util.spec_from_file_location(f"bench_corpus_{source[:-3]}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def part_corpus(module, dry):
    """Device time of each corpus kernel on its run case's inputs, compiled
    by `module` (kernelc or numba): {case id: microseconds or "error: ..."}."""
    global cuda
    import tempfile

    import numpy as np

    if module == "numba":
        try:
            from numba import cuda
        except ImportError as e:
            raise Skip(f"Numba CUDA not installed ({e})")
        if not cuda.is_available():
            raise Skip("numba.cuda.is_available() is False (no GPU or no usable driver)")
    else:
        from kernelc import cuda
    sys.path.insert(0, os.path.join(ROOT, "tests", "cpu_device"))
    import harness

    sz = sizes(dry)
    gate, gate_ms = gate_kernel(cuda, sz["gate"])
    # One case per kernel: the first of its run cases that prints nothing
    # and is expected to succeed.
    seen, cases = set(), []
    for c in harness.load_cases():
        key = (c.source, c.kernel)
        if c.expect_error is None and c.stdout is None and key not in seen:
            seen.add(key)
            cases.append(c)
    cases = cases[: sz["corpus_cases"]]
    out, mods, host, errors = {}, {}, 0.0, {}
    with tempfile.TemporaryDirectory() as tmp:
        for c in cases:
            try:
                if c.source not in mods:
                    mods[c.source] = corpus_module(module, c.source, tmp)
                mod = mods[c.source]
                for name, arr in c.consts.items():
                    setattr(mod, name, arr)
                kern = getattr(mod, c.kernel)
                args = [cuda.to_device(a) if isinstance(a, np.ndarray) else a for a in c.make_inputs()]
                launch = kern[tuple(c.grid), tuple(c.block), 0, c.shared]
                ms, h = timed_ms(cuda, gate, lambda: launch(*args), 1, sz["corpus_reps"])
                host = max(host, h)
                out[c.id] = ms * 1e3
            except Exception as e:  # a kernel one framework rejects, or a failed launch
                import traceback

                msg = str(e).strip().splitlines()
                out[c.id] = f"error: {type(e).__name__}: {msg[0][:160] if msg else ''}"
                errors[c.id] = traceback.format_exc().splitlines()[-12:]
    return {"kernels": out, "gate_ms": gate_ms, "batch_host_ms": host, "errors": errors}


def run_part(name, dry):
    try:
        if name.startswith("corpus-"):
            res = part_corpus(name[len("corpus-"):], dry)
        elif name in ("kernelc", "numba"):
            res = part_cuda(name, dry)
        elif name == "cupy":
            res = part_cupy(dry)
        else:
            res = part_raw(dry)
        print(json.dumps({"ok": res}))
    except Skip as e:
        print(json.dumps({"skipped": str(e)}))


def corpus_table(results):
    """The corpus kernels' device times side by side: rows of case id,
    kernelc us, Numba us, kernelc / Numba; and the geometric means of the
    ratio over every kernel both ran and over those Numba's code runs for
    at least 20 us (where the code, not the launch latency, decides)."""
    kc = (results.get("corpus-kernelc") or {}).get("kernels", {})
    nb = (results.get("corpus-numba") or {}).get("kernels", {})
    rows = []
    for cid in sorted(set(kc) | set(nb)):
        k, n = kc.get(cid, "not run"), nb.get(cid, "not run")
        ratio = k / n if isinstance(k, float) and isinstance(n, float) and n > 0 else None
        rows.append({"case": cid, "kernelc_us": k, "numba_us": n, "ratio": ratio})

    def geomean(xs):
        import math
        return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None

    both = [r for r in rows if r["ratio"] is not None]
    long = [r for r in both if r["numba_us"] >= 20.0]
    return {"rows": rows, "kernels": len(rows), "both_ran": len(both),
            "geomean_ratio": geomean([r["ratio"] for r in both]),
            "long_kernels": len(long), "geomean_ratio_long": geomean([r["ratio"] for r in long])}


def fmt(v, unit, digits=1):
    return "" if v is None else f"{v:.{digits}f} {unit}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dry", action="store_true", help="the emulated driver: kernelc only, small sizes")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--part", choices=PARTS, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.part:
        run_part(args.part, args.dry)
        return

    results, skipped = {}, {}
    for part in PARTS:
        if args.dry and part not in ("kernelc", "corpus-kernelc"):
            skipped[part] = "dry run (emulated driver): Numba CUDA, CuPy and cuda-bindings need NVIDIA's driver"
            continue
        env = dict(os.environ)
        # Numba (and kernelc, as Numba) warns of low occupancy on every
        # small launch, and of every host array's copies.
        env.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")
        env.setdefault("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", "0")
        if part in ("kernelc", "corpus-kernelc"):
            env["KERNELC_DEVICE"] = "gpu"  # never the CPU device
        cmd = [sys.executable, os.path.abspath(__file__), "--part", part] + (["--dry"] if args.dry else [])
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
        except subprocess.TimeoutExpired:
            skipped[part] = "failed: timed out"
            continue
        sys.stderr.write(p.stderr)
        last = p.stdout.strip().splitlines()[-1:] if p.stdout.strip() else []
        try:
            msg = json.loads(last[0]) if last else {}
        except ValueError:
            msg = {}
        if "ok" in msg:
            results[part] = msg["ok"]
        elif "skipped" in msg:
            skipped[part] = msg["skipped"]
        else:
            err = (p.stderr.strip().splitlines() or ["no output"])[-1]
            skipped[part] = f"failed (exit {p.returncode}): {err}"
        shown = results.get(part) or skipped.get(part)
        if isinstance(shown, dict) and "kernels" in shown:
            shown = {**shown, "kernels": f"{len(shown['kernels'])} kernels"}
        print(f"{part}: {json.dumps(shown)}", flush=True)

    def cell(part, key, unit, digits=1, scale=1.0):
        r = results.get(part)
        if r is None:
            return "skipped" if part in skipped else ""
        v = r.get(key)
        return "n/a" if v is None else fmt(v * scale, unit, digits)

    n = results.get("kernelc", {}).get("n") or sizes(args.dry)["n"]
    rows = [
        {"what": f"vector add f32 n={n}, kernel (events, median)", "key": ("vadd_ms", "ms", 3, 1.0)},
        {"what": "vector add bandwidth", "key": ("vadd_gbs", "GB/s", 1, 1.0)},
        {"what": "device-to-device copy bandwidth", "key": ("copy_gbs", "GB/s", 1, 1.0)},
        {"what": "host cost per launch, 0 args", "key": ("launch0_us", "us", 1, 1.0)},
        {"what": "host cost per launch, 3 args", "key": ("launch3_us", "us", 1, 1.0)},
        {"what": "host cost per launch, 8 args", "key": ("launch8_us", "us", 1, 1.0)},
        {"what": "timing gate kernel (must exceed the next row)", "key": ("gate_ms", "ms", 2, 1.0)},
        {"what": "longest host time to queue a timed batch", "key": ("batch_host_ms", "ms", 2, 1.0)},
        {"what": "source to first launch (import, jit, launch)", "key": ("first_launch_s", "ms", 0, 1e3)},
        {"what": "of which import", "key": ("import_s", "ms", 0, 1e3)},
    ]
    for row in rows:
        key, unit, digits, scale = row.pop("key")
        for part in PARTS:
            row[part] = cell(part, key, unit, digits, scale)
        row["note"] = ""
    frac = {p: r["vadd_gbs"] / r["copy_gbs"] for p, r in results.items() if r.get("copy_gbs")}
    for row in rows:
        for part in ("corpus-kernelc", "corpus-numba"):
            row.pop(part, None)
    rows.insert(3, {"what": "vector add bandwidth / copy bandwidth",
                    **{p: (f"{frac[p]:.2f}" if p in frac else ("skipped" if p in skipped else "n/a")) for p in PARTS},
                    "note": ""})
    rows[4]["note"] = "raw: empty kernels, arguments packed once"
    if args.dry or "emulated" in str(results.get("kernelc", {}).get("device", "")):
        for r in rows:
            r["note"] = "emulated driver: not a GPU figure"
    doc = {"dry": args.dry, "results": results, "skipped": skipped, "rows": rows,
           "corpus": corpus_table(results),
           "devices": {p: r.get("device") for p, r in results.items()}}
    text = json.dumps(doc, indent=2)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    else:
        print(text)
    print("bench: measured " + (", ".join(results) or "nothing")
          + ("; skipped " + ", ".join(skipped) if skipped else ""))
    if "kernelc" not in results:
        sys.exit(1)


if __name__ == "__main__":
    main()
