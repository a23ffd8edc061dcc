"""What ``@cuda.jit(cache=True)`` saves: the first call of a kernel in a
new process with no cache, with a cold cache (compiled, then written) and
with a warm one (read back), beside the compile itself.

Two kernels: ``small`` (an element-wise add) and ``math`` (26 ``math.*``
calls on float64, each a library function kernelc compiles into the
module). For each, in fresh processes (``--runs`` of each, medians):

- ``first call, no cache``: ``kernel[1, 64](...)`` the first time, with
  NumPy arrays: reading the source, compiling, loading, launching;
- ``first call, cold cache``: the same with ``cache=True`` and an empty
  cache directory (the compile, the SHA-256 of ``libkernelc`` that the key
  includes, the file written);
- ``first call, warm cache``: ``cache=True``, the file there (the
  library's digest read from its memo file, the entry read and checked,
  the module rebuilt);
- ``library digest, memo`` and ``library file SHA-256``: what the library's
  identity costs once per process with the memo file (a warm process) and
  without (the first process after a rebuild).

And in one process (medians of ``--repeat``): ``compile`` (``kc_compile``
through the binding, after the process's first: the math library's PTX
texts are then kept in the compile context) and ``cache read`` (a hit: the
key, the file read, its checksum, ``kc_module_deserialize`` and the
module's metadata), both without source reading or launch; and
``first compile``, a process's first ``kc_compile`` (median of fresh
processes), and ``first module load``, a process's first load of the
module on the device (on the CPU device: reading its PTX), which the cache
does not save.

    python bench/disk_cache.py [--runs 7] [--repeat 30] [--json out.json]

Uses the ``libkernelc`` the binding finds (``KERNELC_LIBRARY``); build it
in release mode for numbers worth quoting.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

KERNELS = '''
import math
from kernelc import cuda


def small(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


def heavy(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        x = a[i]
        y = b[i]
        out[i] = (math.sin(x) + math.cos(x) + math.exp(x) + math.log(y) + math.tan(x)
                  + math.sinh(x) + math.cosh(x) + math.tanh(x) + math.asin(x / 4) + math.acos(x / 4)
                  + math.atan(x) + math.atan2(x, y) + math.erf(x) + math.erfc(x) + math.lgamma(y)
                  + math.gamma(y) + math.expm1(x) + math.log1p(x) + math.pow(x, 1.5) + math.sqrt(y)
                  + math.log10(y) + math.log2(y) + math.asinh(x) + math.acosh(y) + math.atanh(x / 4)
                  + math.hypot(x, y))
'''

CHILD = '''
import sys, time, json, hashlib
import numpy as np
from kernelc import cuda, _lib
import bench_kernels
from kernelc import _diskcache
name, cache = sys.argv[1], sys.argv[2] == "1"
fn = getattr(bench_kernels, name)
a = np.linspace(0.1, 1.0, 64)
b = a + 2.0
out = np.zeros_like(a)
cuda.get_current_device()  # the device opened before timing
k = cuda.jit(cache=cache)(fn)
t = time.perf_counter()
k[1, 64](a, b, out)
first = time.perf_counter() - t
s = k.stats
# The library's identity again (its digest from the memo file, as a
# warm process finds it), and the SHA-256 of the library file itself.
_diskcache._identity = None
t = time.perf_counter()
_diskcache.library_identity()
memo = time.perf_counter() - t
t = time.perf_counter()
with open(_lib.library_path(), "rb") as f:
    hashlib.sha256(f.read()).digest()
sha = time.perf_counter() - t
print(json.dumps({"first": first, "memo": memo, "sha": sha,
                  "hits": sum(s.cache_hits.values()), "misses": sum(s.cache_misses.values())}))
'''


PHASES = '''
import sys, time, json
import numpy as np
from kernelc import cuda, _runtime
import bench_kernels
from kernelc._compiler import compile_view
from kernelc._types import signature_text, typeof
k = cuda.jit(getattr(bench_kernels, sys.argv[1]))
a = np.linspace(0.1, 1.0, 64)
cuda.get_current_device()
view, opts = k._kernel_view(), k.options()
sig = signature_text(tuple(typeof(x) for x in (a, a, a)))
t = time.perf_counter()
compiled = compile_view(view, sig, opts)
first = time.perf_counter() - t
t = time.perf_counter()
_runtime.current().load(compiled)
load = time.perf_counter() - t
print(json.dumps({"compile": first, "load": load}))
'''


def phases(workdir, name):
    """(first compile, first module load) in a fresh process, seconds."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([workdir, os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, os.path.join(workdir, "phases.py"), name], env=env,
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(r.stderr)
    return json.loads(r.stdout.strip().splitlines()[-1])


def child(workdir, name, cache, cache_dir):
    env = dict(os.environ, KERNELC_CACHE_DIR=cache_dir,
               PYTHONPATH=os.pathsep.join([workdir, os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, os.path.join(workdir, "child.py"), name, "1" if cache else "0"],
                       env=env, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(r.stderr)
    return json.loads(r.stdout.strip().splitlines()[-1])


def in_process(workdir, name, repeat):
    """(compile, cache read) medians in seconds, in this process."""
    sys.path.insert(0, workdir)
    import numpy as np

    import bench_kernels
    from kernelc import cuda
    from kernelc._compiler import compile_view
    from kernelc._diskcache import KernelCache
    from kernelc._types import signature_text, typeof

    fn = getattr(bench_kernels, name)
    k = cuda.jit(fn)
    a = np.linspace(0.1, 1.0, 64)
    view, opts = k._kernel_view(), k.options()
    sig = signature_text(tuple(typeof(x) for x in (a, a, a)))
    compiles = []
    for _ in range(repeat):
        t = time.perf_counter()
        compile_view(view, sig, opts)
        compiles.append(time.perf_counter() - t)
    with tempfile.TemporaryDirectory() as d:
        os.environ["KERNELC_CACHE_DIR"] = d
        KernelCache(name).load_or_compile(view, sig, opts, sig, lambda: compile_view(view, sig, opts))
        reads = []
        for _ in range(repeat):
            cache = KernelCache(name)
            t = time.perf_counter()
            cache.load_or_compile(view, sig, opts, sig, lambda: compile_view(view, sig, opts))
            reads.append(time.perf_counter() - t)
            assert sum(cache.hits.values()) == 1
        size = sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(d) for f in fs)
    return statistics.median(compiles), statistics.median(reads), size


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--json")
    args = ap.parse_args()
    from kernelc import _lib

    results = {"library": _lib.library_path()}
    with tempfile.TemporaryDirectory() as workdir:
        with open(os.path.join(workdir, "bench_kernels.py"), "w") as f:
            f.write(KERNELS)
        with open(os.path.join(workdir, "child.py"), "w") as f:
            f.write(CHILD)
        with open(os.path.join(workdir, "phases.py"), "w") as f:
            f.write(PHASES)
        for name in ("small", "heavy"):
            row = {}
            none = [child(workdir, name, False, os.path.join(workdir, "unused"))["first"]
                    for _ in range(args.runs)]
            cold, warm, memo, sha = [], [], [], []
            for r in range(args.runs):
                d = os.path.join(workdir, f"cache-{name}-{r}")
                c = child(workdir, name, True, d)
                w = child(workdir, name, True, d)
                assert (c["hits"], c["misses"], w["hits"], w["misses"]) == (0, 1, 1, 0), (c, w)
                cold.append(c["first"])
                warm.append(w["first"])
                memo.append(w["memo"])
                sha.append(w["sha"])
            row["first call, no cache"] = statistics.median(none)
            row["first call, cold cache"] = statistics.median(cold)
            row["first call, warm cache"] = statistics.median(warm)
            row["library digest, memo"] = statistics.median(memo)
            row["library file SHA-256"] = statistics.median(sha)
            fresh = [phases(workdir, name) for _ in range(args.runs)]
            row["first compile"] = statistics.median(p["compile"] for p in fresh)
            row["first module load"] = statistics.median(p["load"] for p in fresh)
            compile_s, read_s, size = in_process(workdir, name, args.repeat)
            row["compile"] = compile_s
            row["cache read"] = read_s
            row["file bytes"] = size
            results[name] = row
    print(f"libkernelc: {results['library']}")
    print(f"{'':28}{'small':>12}{'math':>12}")
    for key in ("first call, no cache", "first call, cold cache", "first call, warm cache",
                "library digest, memo", "library file SHA-256", "first compile",
                "first module load", "compile", "cache read"):
        print(f"{key:28}{results['small'][key] * 1e3:>10.2f}ms{results['heavy'][key] * 1e3:>10.2f}ms")
    print(f"{'file bytes':28}{results['small']['file bytes']:>12}{results['heavy']['file bytes']:>12}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
