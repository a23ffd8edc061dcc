"""Per-launch host overhead of the kernelc binding against Numba's.

Launches tiny kernels (one block of one thread) many times and reports the
median time per launch, for these argument mixes:

- ``none``: no arguments;
- ``dev3``: three device arrays (no transfers);
- ``args8``: three device arrays and five scalars (Python floats and ints);
- ``device``: a device array and a scalar;
- ``scalars``: a device array and four scalars of four types (int, float,
  ``np.float32``, bool);
- ``host``: a NumPy array (copied in, and back because the kernel writes
  it) and a scalar;
- ``host3``: three NumPy arrays, two read (copied in) and one written
  (copied in and back).

The launches are of one block, so Numba's low-occupancy warning (a grid of
fewer than 128 blocks warns ``NumbaPerformanceWarning``, on by default in
numba-cuda and kernelc alike) is switched off in both
(``NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS=0``): its cost is measured on its own
(``none`` with the warning on, filtered as a user would filter it), and
printed on the last line.

For kernelc each mix is also launched by calling ``kc_launch_packed``
directly, through the same ctypes call, with the ``kc_launch_request`` and
``kc_arg`` array the binding's launch plan filled for those arguments: the
C API's own cost (``C API`` below, including ctypes' call). Batches of the two take turns, and the binding's
share is the median of the per-turn differences, so that a change in the
machine's load hits both. ``spread`` is the smallest and largest of those
differences over the batches.

kernelc runs in this process on its current device (the GPU when there is
one, else the CPU device). Numba runs in a subprocess: on a machine without
a GPU with its CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``), with a GPU on the
GPU. Numba is taken from this Python or from ``KERNELC_NUMBA_PYTHON``;
``--no-numba`` leaves it out.

``--clock thread`` times with the main thread's CPU time
(``time.thread_time``) in place of the wall clock: on a machine busy with
other work the binding's share (which is all work of the launching
thread) then stays put, while the totals leave out the time the launching
thread waits (for the CPU device's workers, among others).

    python bench/launch_overhead.py [--launches 2000] [--no-numba] [--clock thread] [--json out.json]
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
def k0():
    pass


@cuda.jit
def tiny(a, v):
    if cuda.grid(1) == 0:
        a[0] += v


@cuda.jit
def k3(a, b, c):
    if cuda.grid(1) == 0:
        c[0] = a[0] + b[0]


@cuda.jit
def k8(a, b, c, x, y, z, w, v):
    if cuda.grid(1) == 0:
        c[0] = a[0] * x + b[0] * y + z + w + v


@cuda.jit
def tiny_scalars(a, x, y, z, w):
    if cuda.grid(1) == 0:
        a[0] = x + y + z + w


clock = time.{clock}


def timed(launch, n):
    t0 = clock()
    for _ in range(n):
        launch()
    cuda.synchronize()
    return (clock() - t0) / n * 1e6


def measure(launch, n, raw=None, raw_ctrl_c=None, repeats=7):
    # Batches of the binding's launches and of the same kc_launch_packed called
    # directly (bare, and inside the binding's Ctrl-C handling) take
    # turns, so that a change in the machine's load hits all of them: the
    # binding's share is the median of the per-turn differences.
    launch()  # compile and warm up
    cuda.synchronize()
    ours, direct, direct_c = [], [], []
    for _ in range(repeats):
        ours.append(timed(launch, n))
        if raw is not None:
            direct.append(timed(raw, n))
            direct_c.append(timed(raw_ctrl_c, n))
    out = {{"us": statistics.median(ours), "spread": [min(ours), max(ours)]}}
    if raw is not None:
        diffs = [a - b for a, b in zip(ours, direct)]
        out["raw_us"] = statistics.median(direct)
        out["binding_us"] = statistics.median(diffs)
        out["binding_spread"] = [min(diffs), max(diffs)]
        out["ctrl_c_us"] = statistics.median([c - b for c, b in zip(direct_c, direct)])
    return out


def raw(kernel, args, ctrl_c):
    # kc_launch_packed alone, with the request and kc_arg array the
    # binding filled for these arguments (the binding's launch plan, see
    # kernelc._launch); with ctrl_c, inside the plan's Ctrl-C handling.
    from kernelc import _launch
    kernel[1, 1](*args)
    kernel[1, 1](*args)
    return _launch.direct_call(kernel, args, (1, 1, 1), (1, 1, 1), interruptible=ctrl_c)


def run(n):
    d = cuda.to_device(np.zeros(1, np.float64))
    t, u, o = (cuda.to_device(np.ones(1, np.float64)) for _ in range(3))
    h = np.zeros(1, np.float64)
    ht, hu, ho = (np.ones(1, np.float64) for _ in range(3))
    mixes = {{
        "none": (k0, ()),
        "dev3": (k3, (t, u, o)),
        "args8": (k8, (t, u, o, 1.5, 2.0, 3, 4.0, 5.0)),
        "device": (tiny, (d, 1.0)),
        "scalars": (tiny_scalars, (d, 1, 2.0, np.float32(3), True)),
        "host": (tiny, (h, 1.0)),
        "host3": (k3, (ht, hu, ho)),
    }}
    out = {{}}
    for key, (kernel, args) in mixes.items():
        launch = lambda kernel=kernel, args=args: kernel[1, 1](*args)
        if "{module}" == "kernelc":
            out[key] = measure(launch, n, raw(kernel, args, False), raw(kernel, args, True))
        else:
            out[key] = measure(launch, n)
    if "{module}" == "kernelc":
        # What the low-occupancy warning costs each `kernel[1, 1]`, given
        # and filtered out (as a user silences it).
        import warnings
        cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out["none_warned"] = measure(lambda: k0[1, 1](), n)
        cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 0
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


def run_impl(module, n, python, env=None, clock="perf_counter"):
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"bench_{module}.py")
        with open(path, "w") as f:
            f.write(BODY.format(module=module, clock=clock))
        # Both warn of low occupancy and of host arrays' copies on small
        # launches (numba-cuda's defaults, kernelc's too): off for both.
        env = dict(os.environ, NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS="0",
                   NUMBA_CUDA_WARN_ON_IMPLICIT_COPY="0", **(env or {}))
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
    ap.add_argument("--no-numba", action="store_true", help="measure kernelc only")
    ap.add_argument("--clock", choices=["wall", "thread"], default="wall",
                    help="time with the wall clock (default) or the launching thread's CPU time")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()

    kernelc_path()
    import kernelc.cuda as kcuda

    on_gpu = kcuda.is_gpu_available()
    clock = "thread_time" if args.clock == "thread" else "perf_counter"
    ours = run_impl("kernelc", args.launches, sys.executable, clock=clock)
    py = None if args.no_numba else numba_python()
    theirs, numba_mode = None, None
    if py:
        numba_mode = "GPU" if on_gpu else "simulator (NUMBA_ENABLE_CUDASIM=1)"
        env = {} if on_gpu else {"NUMBA_ENABLE_CUDASIM": "1"}
        theirs = run_impl("numba", args.launches if on_gpu else args.numba_launches, py, env,
                          clock=clock)

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"kernelc device: {ours['device_name']}; clock: "
          + ("the launching thread's CPU time" if args.clock == "thread" else "wall"))
    if theirs:
        print(f"Numba: {numba_mode}, device {theirs['device_name']}")
    else:
        print("Numba: not measured" + ("" if args.no_numba else " (not installed; set KERNELC_NUMBA_PYTHON to compare)"))
    print()
    print(f"{'arguments':<10} {'kernelc µs/launch':>18} {'C API':>7} {'binding':>8} "
          f"{'(spread)':>11} {'of it Ctrl-C':>13} {'Numba µs/launch':>16} {'Numba/kernelc':>14}")
    for key in ("none", "dev3", "args8", "device", "scalars", "host", "host3"):
        o = ours[key]
        t = theirs[key]["us"] if theirs else float("nan")
        lo, hi = o["binding_spread"]
        print(f"{key:<10} {o['us']:>18.1f} {o['raw_us']:>7.1f} {o['binding_us']:>8.1f} "
              f"{f'{lo:.1f}..{hi:.1f}':>11} {o['ctrl_c_us']:>13.1f} {t:>16.1f} {t / o['us']:>13.1f}x")
    print("\n'C API': the same kc_launch_packed called directly from Python (ctypes) with the "
          "binding's request and kc_arg array; 'binding': the rest (argument checks and "
          "marshalling, plan lookup, Ctrl-C handling), the median of per-batch differences "
          "(spread: their smallest and largest); 'of it Ctrl-C': what the Ctrl-C handling around "
          "kc_launch_packed adds (CPU device).")
    warned = ours["none_warned"]["us"] - ours["none"]["us"]
    print(f"The low-occupancy warning (on by default, off above) adds {warned:.1f} µs to each "
          "launch of fewer than 128 blocks, given and filtered out.")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"kernelc": ours, "numba": theirs, "numba_mode": numba_mode}, f, indent=2)


if __name__ == "__main__":
    main()
