"""Programs spread over files: scripts with host code at the top level,
device functions from another module, functions with no source file."""

import os
import subprocess
import sys

import numpy as np
import pytest

import kernelc
from kernelc import cuda
from helper_device_functions import shifted_square

HERE = os.path.dirname(os.path.abspath(__file__))


@cuda.jit
def uses_other_module(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = shifted_square(a[i])


def test_device_function_from_another_module():
    a = np.arange(20, dtype=np.int64)
    out = np.zeros_like(a)
    uses_other_module[1, 32](a, out)
    np.testing.assert_array_equal(out, a * a + 10)


def test_tutorial_script_runs_as_a_program():
    r = subprocess.run(
        [sys.executable, os.path.join(HERE, "scripts", "increment_by_one.py")],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(
            [os.path.dirname(os.path.dirname(kernelc.__file__)), os.environ.get("PYTHONPATH", "")])),
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["sum", "1000", "again", "2000", "[0,", "2,", "4]"]


def test_kernels_built_by_exec():
    # The text given to exec() is kept (an audit hook, kernelc._exec_sources):
    # kernels, and device functions they call, compile from it.
    ns = {"cuda": cuda}
    exec("def made_by_exec(a):\n    a[0] = 1\n", ns)
    k = cuda.jit(ns["made_by_exec"])
    a = np.zeros(2)
    k[1, 1](a)
    np.testing.assert_array_equal(a, [1, 0])
    template = (
        "@cuda.jit(device=True)\n"
        "def step(x):\n"
        "    return x {op} {k}\n"
        "\n"
        "@cuda.jit\n"
        "def apply(a):\n"
        "    i = cuda.grid(1)\n"
        "    if i < a.size:\n"
        "        a[i] = step(a[i])\n"
    )
    kernels = {}
    for op, k in (("+", 3), ("*", 5)):
        # Two texts defining the same names on the same lines, under
        # another pseudo file name: each kernel compiles from its own.
        ns = {"cuda": cuda}
        exec(compile(template.format(op=op, k=k), "<generated>", "exec"), ns)
        kernels[op] = ns["apply"]
    for op, want in (("+", np.arange(4) + 3), ("*", np.arange(4) * 5)):
        a = np.arange(4, dtype=np.int64)
        kernels[op][1, 4](a)
        np.testing.assert_array_equal(a, want)


def test_function_without_source_says_so():
    # Without the audit hook (KERNELC_EXEC_SOURCES=0), a kernel made by
    # exec() has no source, and the error says what to do.
    code = (
        "import numpy as np, kernelc\n"
        "from kernelc import cuda\n"
        "ns = {'cuda': cuda}\n"
        "exec('def made_by_exec(a):\\n    a[0] = 1\\n', ns)\n"
        "try:\n"
        "    cuda.jit(ns['made_by_exec'])[1, 1](np.zeros(1))\n"
        "except kernelc.KernelcError as e:\n"
        "    print(e)\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
        env=dict(os.environ, KERNELC_EXEC_SOURCES="0", PYTHONPATH=os.pathsep.join(
            [os.path.dirname(os.path.dirname(kernelc.__file__)), os.environ.get("PYTHONPATH", "")])),
    )
    assert r.returncode == 0, r.stderr
    assert "source of 'made_by_exec' is not available" in r.stdout, r.stdout
    assert "build it with exec() after importing kernelc" in r.stdout, r.stdout


def test_notebook_cells():
    """Cells as IPython runs them: each cell's text is in linecache under
    its own pseudo file name; names come from earlier cells."""
    import linecache

    cells = [
        "import numpy as np\nfrom kernelc import cuda\nSCALE = 4\n",
        "@cuda.jit(device=True)\ndef twice(x):\n    return 2 * x\n",
        "@cuda.jit\ndef cell_kernel(a):\n    i = cuda.grid(1)\n    if i < a.size:\n"
        "        a[i] = twice(a[i]) * SCALE\n",
    ]
    ns = {"__name__": "__main__"}
    for k, text in enumerate(cells):
        name = f"<ipython-input-{k}-test>"
        linecache.cache[name] = (len(text), None, text.splitlines(True), name)
        exec(compile(text, name, "exec"), ns)
    a = np.arange(5, dtype=np.int64)
    ns["cell_kernel"][1, 8](a)
    np.testing.assert_array_equal(a, np.arange(5) * 8)


def test_diagnostic_in_another_module_names_its_lines():
    # The device function is appended to the kernel's view after the
    # file's last line: the error's header and its snippet's gutter both
    # give the line in helper_device_functions.py.
    import re

    from helper_device_functions import adds_a_string

    @cuda.jit
    def calls_it(a):
        a[0] = adds_a_string(a[0])

    with open(os.path.join(HERE, "helper_device_functions.py")) as f:
        line = next(i for i, text in enumerate(f, 1) if "adds_a_string's bad line" in text)
    with pytest.raises(kernelc.TypingError) as e:
        calls_it[1, 1](np.zeros(1))
    message = str(e.value)
    assert re.search(r"helper_device_functions\.py:%d:\d+" % line, message), message
    gutters = re.findall(r"(?m)^ *(\d+) \u2502", message)
    assert gutters == [str(line)], message
