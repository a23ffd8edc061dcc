"""Per-launch host overhead of the kernelc binding against Numba's.

Launches a tiny kernel (one block of one thread) many times and reports the
median time per launch, for three argument mixes:

- ``device``: a device array and a scalar (no transfers);
- ``host``: a NumPy array (copied in, and back because the kernel writes it);
- ``scalars``: four scalars and a device array.

kernelc runs in this process on its current device (the GPU when there is
one, else the CPU device). Numba runs in a subprocess: on a machine without
a GPU with its CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``), with a GPU on the
GPU. Numba is taken from this Python or from ``KERNELC_NUMBA_PYTHON``.

    python bench/launch_overhead.py [--launches 2000] [--json out.json]
"""

import argparse
import importlib.util
import json
import os
import platform
import subprocess
import sys

BODY = '''
import time, statistics, json, sys
import numpy as np
from {module} import cuda


@cuda.jit
def tiny(a, v):
    if cuda.grid(1) == 0:
        a[0] += v


@cuda.jit
def tiny_scalars(a, x, y, z, w):
    if cuda.grid(1) == 0:
        a[0] = x + y + z + w


def measure(launch, n, repeats=5):
    launch()  # compile and warm up
    cuda.synchronize()
    per = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(n):
            launch()
        cuda.synchronize()
        per.append((time.perf_counter() - t0) / n * 1e6)
    return statistics.median(per)


def raw(kernel, args):
    from kernelc import _lib, _runtime
    kernel[1, 1](*args)
    types = tuple(map(__import__("kernelc").typeof, args))
    ov = kernel.overloads[types]
    m = ov._marshal
    loaded = ov._loaded[_runtime.current().key]
    one = _runtime.dim3((1, 1, 1))
    launch = _lib.lib.kc_launch
    return lambda: launch(loaded.handle, m.name, one, one, 0, None, m.argv, len(args))


def run(n):
    d = cuda.to_device(np.zeros(1, np.float64))
    h = np.zeros(1, np.float64)
    out = {{}}
    out["device"] = measure(lambda: tiny[1, 1](d, 1.0), n)
    out["host"] = measure(lambda: tiny[1, 1](h, 1.0), n)
    out["scalars"] = measure(lambda: tiny_scalars[1, 1](d, 1, 2.0, np.float32(3), True), n)
    if "{module}" == "kernelc":
        # The same launches through libkernelc alone (kc_launch with the
        # argument array the binding filled): the device's share.
        out["raw_device"] = measure(raw(tiny, (d, 1.0)), n)
        out["raw_host"] = measure(raw(tiny, (h, 1.0)), n)
        out["raw_scalars"] = measure(raw(tiny_scalars, (d, 1, 2.0, np.float32(3), True)), n)
    dev = cuda.get_current_device()
    name = getattr(dev, "name", "Numba's CUDA simulator")
    name = name.decode() if isinstance(name, bytes) else str(name)
    out["device_name"] = name
    return out


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]))))
'''


def kernelc_path():
    """Where `import kernelc` finds the package (installed, or this source
    tree when it is not installed)."""
    try:
        import kernelc
    except ImportError:
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        import kernelc
    return os.path.dirname(os.path.dirname(os.path.abspath(kernelc.__file__)))


def numba_python():
    env = os.environ.get("KERNELC_NUMBA_PYTHON")
    if env:
        return env
    if importlib.util.find_spec("numba") is not None:
        return sys.executable
    return None


def run_impl(module, n, python, env=None):
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"bench_{module}.py")
        with open(path, "w") as f:
            f.write(BODY.format(module=module))
        env = dict(os.environ, **(env or {}))
        if module == "kernelc":
            env["PYTHONPATH"] = os.pathsep.join([kernelc_path(), env.get("PYTHONPATH", "")])
        r = subprocess.run([python, path, str(n)], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise SystemExit(f"{module} benchmark failed:\n{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--launches", type=int, default=2000, help="launches per timing (default 2000)")
    ap.add_argument("--numba-launches", type=int, default=200,
                    help="launches per timing for Numba's simulator (default 200)")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()

    kernelc_path()
    import kernelc.cuda as kcuda

    on_gpu = kcuda.is_gpu_available()
    ours = run_impl("kernelc", args.launches, sys.executable)
    py = numba_python()
    theirs, numba_mode = None, None
    if py:
        numba_mode = "GPU" if on_gpu else "simulator (NUMBA_ENABLE_CUDASIM=1)"
        env = {} if on_gpu else {"NUMBA_ENABLE_CUDASIM": "1"}
        theirs = run_impl("numba", args.launches if on_gpu else args.numba_launches, py, env)

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"kernelc device: {ours['device_name']}")
    if theirs:
        print(f"Numba: {numba_mode}, device {theirs['device_name']}")
    else:
        print("Numba: not installed (set KERNELC_NUMBA_PYTHON to compare)")
    print()
    print(f"{'arguments':<10} {'kernelc µs/launch':>18} {'of which binding':>17} "
          f"{'Numba µs/launch':>16} {'Numba/kernelc':>14}")
    for key in ("device", "host", "scalars"):
        t = theirs[key] if theirs else float("nan")
        binding = ours[key] - ours["raw_" + key]
        print(f"{key:<10} {ours[key]:>18.1f} {binding:>17.1f} {t:>16.1f} {t / ours[key]:>13.1f}x")
    print("\n'of which binding': kernelc's time minus the same kc_launch called directly "
          "(argument marshalling, type lookup, ctypes).")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"kernelc": ours, "numba": theirs, "numba_mode": numba_mode}, f, indent=2)


if __name__ == "__main__":
    main()
