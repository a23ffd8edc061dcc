"""``@cuda.jit(cache=True)``: compiled kernels kept in files (see
kernelc/_diskcache.py). A second kernel object (or process) for the same
source, types and options reads the file instead of compiling; anything
that changes the compiled output misses; damaged files are found and
replaced; many processes at once never read a torn file; without
``cache=True`` nothing is written. Every result is checked against NumPy.

Every test writes under its own ``tmp_path`` (``KERNELC_CACHE_DIR``), never
into the repository."""

import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import kernelc
from kernelc import cuda
from kernelc._diskcache import MAGIC, _HEADER, cache_root

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("KERNELC_CACHE_DIR", str(d))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    return d


def entries(root):
    return sorted(p for p in root.rglob("*.kcache")) if root.exists() else []


def counts(k):
    s = k.stats
    return sum(s.cache_hits.values()), sum(s.cache_misses.values()), sum(s.cache_corrupt.values())


def add_one(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + 1


def run_add_one(kernel, dtype=np.float64):
    a = np.arange(20, dtype=dtype)
    out = np.zeros_like(a)
    kernel[1, 32](a, out)
    np.testing.assert_array_equal(out, a + 1)


def test_a_second_kernel_object_reads_the_file_instead_of_compiling(cache_dir):
    first = cuda.jit(cache=True)(add_one)
    run_add_one(first)
    assert counts(first) == (0, 1, 0)
    [entry] = entries(cache_dir)
    assert entry.name.startswith("test_diskcache.add_one-")
    assert first.stats.cache_path == str(entry.parent)
    assert entry.read_bytes().startswith(MAGIC)

    second = cuda.jit(cache=True)(add_one)
    run_add_one(second)
    assert counts(second) == (1, 0, 0)
    # The module read back is the one compiled: same PTX, same texts.
    sig = next(iter(first.overloads))
    assert second.inspect_asm(sig) == first.inspect_asm(sig)
    assert second.inspect_ir(sig) == first.inspect_ir(sig)
    # Another argument type is another entry.
    run_add_one(second, np.float32)
    assert counts(second) == (1, 1, 0)
    assert len(entries(cache_dir)) == 2


def test_explicit_signatures_are_cached_when_decorated(cache_dir):
    first = cuda.jit("void(int32[::1], int32[::1])", cache=True)(add_one)
    assert counts(first) == (0, 1, 0)
    second = cuda.jit("void(int32[::1], int32[::1])", cache=True)(add_one)
    assert counts(second) == (1, 0, 0)
    run_add_one(second, np.int32)


def test_options_and_target_are_part_of_the_key(cache_dir):
    run_add_one(cuda.jit(cache=True)(add_one))
    fast = cuda.jit(cache=True, fastmath=True)(add_one)
    run_add_one(fast)
    debug = cuda.jit(cache=True, debug=True, opt=False)(add_one)
    run_add_one(debug)
    assert counts(fast) == (0, 1, 0) and counts(debug) == (0, 1, 0)
    assert len(entries(cache_dir)) == 3
    # The target is in the key: the same kernel for another sm_XX misses.
    from kernelc._compiler import Options
    other = cuda.jit(cache=True)(add_one)
    opts = other.options()
    other._options = Options(arch="sm_52" if opts.arch != "sm_52" else "sm_86", opt=opts.opt)
    run_add_one(other)
    assert counts(other) == (0, 1, 0)
    assert ".target " + other._options.arch in next(iter(other.inspect_asm().values()))
    assert len(entries(cache_dir)) == 4


def make_scaled(scale):
    def scaled(a, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a[i] * scale

    return scaled


def test_a_changed_closure_value_misses_and_replaces_the_entry(cache_dir):
    a = np.arange(10.0)
    for scale, expected in ((2.0, (0, 1, 0)), (2.0, (1, 0, 0)), (3.0, (0, 1, 0)), (3.0, (1, 0, 0))):
        k = cuda.jit(cache=True)(make_scaled(scale))
        out = np.zeros_like(a)
        k[1, 16](a, out)
        np.testing.assert_array_equal(out, a * scale)
        assert counts(k) == expected, scale
        # One file per kernel, types and options: the new value replaced it.
        assert len(entries(cache_dir)) == 1


def write_module(path, offset):
    """A module with a device function in another file than its kernel."""
    path.with_name(path.stem + "_dev.py").write_text(
        "from kernelc import cuda\n\n"
        "@cuda.jit(device=True)\n"
        f"def shift(x):\n    return x + {offset}\n"
    )
    path.write_text(
        "from kernelc import cuda\n"
        f"from {path.stem}_dev import shift\n"
        "HOST_ONLY = [1, 2, 3]\n"
        "@cuda.jit(cache=True)\n"
        "def kernel(a, out):\n"
        "    i = cuda.grid(1)\n"
        "    if i < out.size:\n"
        "        out[i] = shift(a[i])\n"
    )


def load(path):
    """Imports `path` afresh (and the modules beside it)."""
    sys.path.insert(0, str(path.parent))
    try:
        for name in (path.stem, path.stem + "_dev"):
            sys.modules.pop(name, None)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(path.parent))


def test_an_edited_device_function_in_another_file_misses(tmp_path, cache_dir):
    src = tmp_path / "src"
    src.mkdir()
    path = src / "kc_cache_mod.py"
    a = np.arange(8.0)
    for offset, expected in ((1.0, (0, 1, 0)), (1.0, (1, 0, 0)), (250.0, (0, 1, 0)), (250.0, (1, 0, 0))):
        write_module(path, offset)
        k = load(path).kernel
        out = np.zeros_like(a)
        k[1, 8](a, out)
        np.testing.assert_array_equal(out, a + offset)
        assert counts(k) == expected, offset
    # An edit to host code that moves no line of the kernel leaves the
    # entry valid: kernelc keys on what the compiler reads, not on the
    # file's time stamp.
    path.write_text(path.read_text().replace("[1, 2, 3]", "[1, 2, 3, 4, 5, 6]"))
    k = load(path).kernel
    k[1, 8](a, np.zeros_like(a))
    assert counts(k) == (1, 0, 0)


def damage(entry, how):
    data = entry.read_bytes()
    if how == "empty":
        data = b""
    elif how == "short header":
        data = data[:10]
    elif how == "truncated":
        data = data[: len(data) - 7]
    elif how == "flipped payload byte":
        i = _HEADER.size + (len(data) - _HEADER.size) // 2
        data = data[:i] + bytes([data[i] ^ 0x40]) + data[i + 1:]
    elif how == "bad magic":
        data = b"X" + data[1:]
    elif how == "trailing bytes":
        data = data + b"\0\0\0"
    elif how == "valid checksum, not a module":
        import hashlib
        magic, key, _, _ = _HEADER.unpack_from(data)
        junk = b"KCMODULE" + os.urandom(64)
        data = _HEADER.pack(magic, key, len(junk), hashlib.sha256(junk).digest()) + junk
    entry.write_bytes(data)


@pytest.mark.parametrize("how", ["empty", "short header", "truncated", "flipped payload byte",
                                 "bad magic", "trailing bytes", "valid checksum, not a module"])
def test_a_damaged_file_is_found_recompiled_and_replaced(cache_dir, how):
    run_add_one(cuda.jit(cache=True)(add_one))
    [entry] = entries(cache_dir)
    good = entry.read_bytes()
    damage(entry, how)
    k = cuda.jit(cache=True)(add_one)
    run_add_one(k)
    assert counts(k) == (0, 1, 1)
    # Replaced by a whole entry, which the next kernel object reads.
    assert entry.read_bytes() == good
    again = cuda.jit(cache=True)(add_one)
    run_add_one(again)
    assert counts(again) == (1, 0, 0)


def test_without_cache_nothing_touches_the_disk(cache_dir):
    k = cuda.jit(add_one)
    run_add_one(k)
    assert not cache_dir.exists()
    assert k.stats.cache_path is None and not k.stats.cache_misses


def test_an_unwritable_cache_directory_warns_and_the_kernel_runs(tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("KERNELC_CACHE_DIR", str(blocker / "cache"))
    k = cuda.jit(cache=True)(add_one)
    with pytest.warns(kernelc.KernelcCacheWarning, match="KERNELC_CACHE_DIR"):
        run_add_one(k)
    assert counts(k) == (0, 1, 0)


def test_where_files_go_without_kernelc_cache_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("KERNELC_CACHE_DIR")
    # The library digest's memo goes to the user's cache directory: here.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    src = tmp_path / "pkg"
    src.mkdir()
    path = src / "kc_where_mod.py"
    write_module(path, 5.0)
    # Beside the source, in __pycache__, as Numba's.
    k = load(path).kernel
    k[1, 4](np.zeros(4), np.zeros(4))
    assert k.stats.cache_path == str(src / "__pycache__")
    assert len(entries(src / "__pycache__")) == 1
    # NUMBA_CACHE_DIR is honoured, with Numba's sub-directory naming.
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    assert cache_root(str(path)).startswith(str(tmp_path / "numba" / "pkg_"))
    # A source that is no file (a notebook cell): the user's cache dir.
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    assert cache_root("<ipython-input-3>").startswith(str(tmp_path / "xdg" / "kernelc"))


def test_vectorize_and_guvectorize_refuse_cache_as_numba_cuda_does():
    with pytest.raises(TypeError, match="caching is not supported"):
        kernelc.vectorize(["float64(float64)"], target="cuda", cache=True)
    with pytest.raises(TypeError, match="caching is not supported"):
        kernelc.guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target="cuda", cache=True)


def worker(cache_dir, *args):
    env = dict(os.environ, KERNELC_CACHE_DIR=str(cache_dir), PYTHONPATH=os.pathsep.join(
        [os.path.dirname(os.path.dirname(kernelc.__file__)), os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen([sys.executable, os.path.join(HERE, "scripts", "cache_worker.py"),
                             *map(str, args)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def result(proc):
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def test_a_later_process_reads_what_an_earlier_one_wrote(cache_dir):
    # A device function, an explicit signature and constant arrays.
    assert result(worker(cache_dir, "kernels")) == {"hits": 0, "misses": 3, "corrupt": 0}
    assert result(worker(cache_dir, "kernels")) == {"hits": 3, "misses": 0, "corrupt": 0}
    assert len(entries(cache_dir)) == 3
    # Damaged in between: the next process says so and writes it again.
    for entry in entries(cache_dir):
        damage(entry, "truncated")
    assert result(worker(cache_dir, "kernels")) == {"hits": 0, "misses": 3, "corrupt": 3}
    assert result(worker(cache_dir, "kernels")) == {"hits": 3, "misses": 0, "corrupt": 0}


def test_many_processes_on_one_entry_never_read_a_torn_file(cache_dir):
    procs = [worker(cache_dir, "hammer", 40) for _ in range(4)]
    totals = [result(p) for p in procs]
    # Every result was right (checked in each process), no file was ever
    # seen damaged, and every round either read the file or compiled.
    assert all(t["corrupt"] == 0 for t in totals), totals
    assert sum(t["hits"] + t["misses"] for t in totals) == 4 * 40
    assert sum(t["hits"] for t in totals) > 0, totals
    scaled = [p for p in entries(cache_dir) if ".make_scaled.locals.scaled-" in p.name]
    assert len(scaled) == 1, entries(cache_dir)
    assert not [p for p in cache_dir.rglob("*") if p.name.endswith(".tmp")]


def test_the_library_digest_is_remembered_and_a_damaged_memo_is_not_trusted(cache_dir, monkeypatch):
    import hashlib

    from kernelc import _diskcache, _lib

    with open(_lib.library_path(), "rb") as f:
        true = hashlib.sha256(f.read()).digest()
    monkeypatch.setattr(_diskcache, "_identity", None)
    assert _diskcache.library_identity().endswith(true)
    [memo] = cache_dir.glob("libkernelc-*.sha256")
    assert memo.read_bytes()[:32] == true
    # Read back by the next process (here: with the per-process value reset).
    monkeypatch.setattr(_diskcache, "_identity", None)
    assert _diskcache.library_identity().endswith(true)
    # A damaged memo is hashed over and rewritten, never believed.
    memo.write_bytes(b"\1" * 32 + memo.read_bytes()[32:])
    monkeypatch.setattr(_diskcache, "_identity", None)
    assert _diskcache.library_identity().endswith(true)
    assert memo.read_bytes()[:32] == true
