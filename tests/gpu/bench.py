"""Measurements for tests/gpu/prove.sh, on one GPU: kernelc (its Python
binding, on its GPU path) against Numba CUDA, CuPy's RawKernel and a raw
``cuLaunchKernel`` through cuda-bindings.

- vector add (float32, 2^24 elements): kernel time by device events, the
  median of 20 launches after 3 warm-up ones;
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
  compile, load, copies, launch, synchronize), and the import alone.

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

PARTS = ("kernelc", "numba", "cupy", "raw")
NAMES = {"kernelc": "kernelc", "numba": "Numba CUDA", "cupy": "CuPy RawKernel", "raw": "cuLaunchKernel (cuda-bindings)"}


class Skip(Exception):
    pass


def sizes(dry):
    if dry:
        return {"n": 1 << 12, "warm": 1, "reps": 3, "launches": 20, "batches": 3}
    return {"n": 1 << 24, "warm": 3, "reps": 20, "launches": 2000, "batches": 5}


def timed_ms(cuda, fn, warm, reps):
    """Median device time of fn() in ms, by events."""
    for _ in range(warm):
        fn()
    cuda.synchronize()
    e0, e1 = cuda.event(), cuda.event()
    times = []
    for _ in range(reps):
        e0.record()
        fn()
        e1.record()
        e1.synchronize()
        times.append(e0.elapsed_time(e1))
    return statistics.median(times)


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
    a = np.random.default_rng(1).random(n, dtype=np.float32)
    d_a, d_b, d_o = cuda.to_device(a), cuda.to_device(a), cuda.device_array_like(a)
    grid = (n + 255) // 256
    vadd_ms = timed_ms(cuda, lambda: vadd[grid, 256](d_a, d_b, d_o), sz["warm"], sz["reps"])
    assert np.array_equal(d_o.copy_to_host(), a + a), "vector add: wrong result"
    copy_ms = timed_ms(cuda, lambda: d_o.copy_to_device(d_a), sz["warm"], sz["reps"])
    res.update(n=n, vadd_ms=vadd_ms, copy_ms=copy_ms,
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
    vadd, k0, k3, k8 = (mod.get_function(k) for k in ("vadd", "k0", "k3", "k8"))
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

    def timed(fn):
        for _ in range(sz["warm"]):
            fn()
        sync()
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        ts = []
        for _ in range(sz["reps"]):
            e0.record()
            fn()
            e1.record()
            e1.synchronize()
            ts.append(cp.cuda.get_elapsed_time(e0, e1))
        return statistics.median(ts)

    vadd_ms = timed(lambda: vadd(grid, (256,), (a, a, o, np.int32(n))))
    assert bool(cp.all(o == a + a)), "vector add: wrong result"
    copy_ms = timed(lambda: o.data.copy_from_device(a.data, a.nbytes))
    res.update(n=n, vadd_ms=vadd_ms, copy_ms=copy_ms,
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


def run_part(name, dry):
    try:
        if name in ("kernelc", "numba"):
            res = part_cuda(name, dry)
        elif name == "cupy":
            res = part_cupy(dry)
        else:
            res = part_raw(dry)
        print(json.dumps({"ok": res}))
    except Skip as e:
        print(json.dumps({"skipped": str(e)}))


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
        if args.dry and part != "kernelc":
            skipped[part] = "dry run (emulated driver): Numba CUDA, CuPy and cuda-bindings need NVIDIA's driver"
            continue
        env = dict(os.environ)
        if part == "kernelc":
            env["KERNELC_DEVICE"] = "gpu"  # never the CPU device
        cmd = [sys.executable, os.path.abspath(__file__), "--part", part] + (["--dry"] if args.dry else [])
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
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
        print(f"{part}: {json.dumps(results.get(part) or skipped.get(part))}", flush=True)

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
        {"what": "source to first launch (import, jit, launch)", "key": ("first_launch_s", "ms", 0, 1e3)},
        {"what": "of which import", "key": ("import_s", "ms", 0, 1e3)},
    ]
    for row in rows:
        key, unit, digits, scale = row.pop("key")
        for part in PARTS:
            row[part] = cell(part, key, unit, digits, scale)
        row["note"] = ""
    frac = {p: r["vadd_gbs"] / r["copy_gbs"] for p, r in results.items() if r.get("copy_gbs")}
    rows.insert(3, {"what": "vector add bandwidth / copy bandwidth",
                    **{p: (f"{frac[p]:.2f}" if p in frac else ("skipped" if p in skipped else "n/a")) for p in PARTS},
                    "note": ""})
    rows[4]["note"] = "raw: empty kernels, arguments packed once"
    if args.dry or "emulated" in str(results.get("kernelc", {}).get("device", "")):
        for r in rows:
            r["note"] = "emulated driver: not a GPU figure"
    doc = {"dry": args.dry, "results": results, "skipped": skipped, "rows": rows,
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
