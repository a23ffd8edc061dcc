"""The on-disk cache of compiled kernels: ``@cuda.jit(cache=True)``.

A kernel compiled with ``cache=True`` is looked up in a cache file before
it is compiled, and written to one after. A file holds one compiled module
(``kc_module_serialize``: its PTX, its parameters, its kept texts and its
constant arrays) for one kernel, argument types and options.

**What a hit must match** (the *key*, a SHA-256 of all of it): the kernel
view the compiler would be given (its text: the kernel's source, the
source of every device function it calls, transitively, and the globals
and closure variables it froze, at their values; its file name, which
the PTX's line information names), the constant arrays
(``cuda.const.array_like``: name, dtype, shape, contents), the signature,
every compile option (:class:`kernelc._compiler.Options`: the target
``sm_XX`` of the current device, GPU or CPU device, the optimisation level,
``fastmath``, ``debug``, ``lineinfo``, ``boundscheck``), and the library:
its version and a SHA-256 of the ``libkernelc`` file itself (so any
rebuild of the compiler misses; the digest is remembered per library file
and ``stat``, see :func:`library_identity`). ``max_registers`` is left
out: it does not change kernelc's output (it is ignored). Unlike Numba, which checks the kernel file's
modification time, kernelc checks content: an edit to host code that
moves no line of the kernel keeps the entry (the view holds the file's
lines at their numbers, blank where host code is); an edit to a device
function in another file misses.

**Where.** ``KERNELC_CACHE_DIR`` if set, else ``NUMBA_CACHE_DIR`` if set
(each a root: files go to ``<root>/<dirname>_<sha1 of the source
directory>``, as Numba names its), else ``__pycache__`` beside the
kernel's source file if it can be written, else the user's cache
directory (``$XDG_CACHE_HOME/kernelc``, by default ``~/.cache/kernelc``)
with the same sub-directory. A file is named after the kernel and a digest
of its signature and options (``<module>.<qualname>-<digest>.kcache``), so
an edited kernel replaces its old entry instead of adding one.

**A file** is a header, then the module's bytes: ``KCCACHE1``, the key (32
bytes), the length of the bytes (8, little-endian) and their SHA-256 (32).
A file whose key differs (an older source) is a miss; one that is short,
whose length or checksum is wrong, or whose bytes the library refuses, is
counted as corrupt (``stats.cache_corrupt``) and is a miss too: the kernel
is compiled again and the file replaced. Nothing read from disk is trusted
without its checksum.

**Writing** goes to a temporary file in the same directory, renamed over
the entry with ``os.replace``: a reader sees the old file or the new one,
never part of one, however many processes compile at once. A directory
that cannot be written, or a write that fails, warns once per directory
(:class:`kernelc.errors.KernelcCacheWarning`) and the kernel is used
uncached.

Without ``cache=True`` nothing here runs and nothing touches the disk.
"""

from __future__ import annotations

import collections
import ctypes
import dataclasses
import hashlib
import os
import secrets
import struct
import tempfile
import threading
import warnings
from ctypes import byref, c_size_t, c_void_p

from . import _lib
from ._lib import KC, check, lib
from .errors import KernelcCacheWarning

__all__ = ["KernelCache", "CacheStats", "cache_root", "library_identity"]

MAGIC = b"KCCACHE1"
_HEADER = struct.Struct("<8s32sQ32s")  # magic, key, payload length, payload SHA-256
SUFFIX = ".kcache"

#: ``dispatcher.stats`` (as Numba's, plus ``cache_corrupt``): the cache
#: directory (None before the first compile, or without ``cache=True``),
#: and hits, misses and corrupt files per tuple of argument types or
#: signature.
CacheStats = collections.namedtuple(
    "CacheStats", ["cache_path", "cache_hits", "cache_misses", "cache_corrupt"])

_identity = None
_identity_lock = threading.Lock()
_warned = set()  # directories a warning was given for


def library_identity() -> bytes:
    """The library's version and the SHA-256 of its file, once per process.

    Hashing the file takes 3 to 5 ms for a release build (3.6 MB), 0.1 s
    for a debug build (70 MB): more than compiling most kernels. So the
    digest is remembered in a small file (:func:`_identity_memo`) named
    after the library's path and ``stat`` (size, modification and change
    times in ns, inode): a library rebuilt, copied or touched has another
    stat and is hashed again. (The change time cannot be set back by
    ``touch`` or ``os.utime``: only a write to the file changes it, to
    now.)"""
    global _identity
    with _identity_lock:
        if _identity is None:
            path = _lib.library_path()
            memo = _identity_memo(path)
            digest = _read_memo(memo) if memo else None
            if digest is None:
                h = hashlib.sha256()
                with open(path, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        h.update(block)
                digest = h.digest()
                if memo:
                    _write_memo(memo, digest)
            _identity = lib.kc_version() + b"\0" + digest
        return _identity


def _identity_memo(path: str):
    """Where the digest of the library at `path`, as it is now, is
    remembered: ``<cache root>/libkernelc-<sha1 of path and stat>.sha256``
    in ``KERNELC_CACHE_DIR``, ``NUMBA_CACHE_DIR`` or the user's cache
    directory; None when none can be written."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    stamp = "\0".join(map(str, (os.path.realpath(path), st.st_size, st.st_mtime_ns,
                                st.st_ctime_ns, st.st_ino, st.st_dev)))
    root = (os.environ.get("KERNELC_CACHE_DIR") or os.environ.get("NUMBA_CACHE_DIR")
            or _user_cache_root())
    if not _writable(root):
        return None
    name = hashlib.sha1(stamp.encode("utf-8", "surrogatepass")).hexdigest()
    return os.path.join(root, f"libkernelc-{name}.sha256")


def _read_memo(memo: str):
    """The digest in `memo` (32 bytes, then their own SHA-256), or None."""
    try:
        with open(memo, "rb") as f:
            data = f.read(65)
    except OSError:
        return None
    if len(data) == 64 and hashlib.sha256(data[:32]).digest() == data[32:]:
        return data[:32]
    return None


def _write_memo(memo: str, digest: bytes):
    _replace(memo, digest + hashlib.sha256(digest).digest())


def _subdir(source_file: str) -> str:
    """``<dirname>_<sha1 of the directory>``, Numba's name for a source
    directory's cache inside a shared root."""
    directory = os.path.dirname(os.path.abspath(source_file))
    digest = hashlib.sha1(directory.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{os.path.basename(directory)}_{digest}"


def _user_cache_root() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "kernelc")


def _writable(directory: str) -> bool:
    """Makes `directory` if needed and checks a file can be made in it."""
    try:
        os.makedirs(directory, exist_ok=True)
        tempfile.TemporaryFile(dir=directory).close()
        return True
    except OSError:
        return False


def cache_root(source_file: str) -> str:
    """The directory cache files of kernels from `source_file` go to (see
    the module's doc); made if needed. Raises ``OSError`` when none can be
    written."""
    for var in ("KERNELC_CACHE_DIR", "NUMBA_CACHE_DIR"):
        root = os.environ.get(var)
        if root:
            directory = os.path.join(root, _subdir(source_file))
            if not _writable(directory):
                raise OSError(f"{var}={root}: cannot write {directory}")
            return directory
    if os.path.isfile(source_file):
        directory = os.path.join(os.path.dirname(os.path.abspath(source_file)), "__pycache__")
        if _writable(directory):
            return directory
    directory = os.path.join(_user_cache_root(), _subdir(source_file))
    if not _writable(directory):
        raise OSError(f"cannot write {directory}")
    return directory


def _file_safe(name: str) -> str:
    """`name` with only letters, digits, ``.``, ``_`` and ``-`` (a notebook
    cell's ``<ipython-input-3>``, a nested function's ``<locals>``)."""
    return "".join(c if c.isalnum() or c in "._-" else "" for c in name)


def _warn_once(directory: str, message: str):
    if directory not in _warned:
        _warned.add(directory)
        warnings.warn(message, KernelcCacheWarning, stacklevel=4)


def _hash_view(h, view):
    """Feeds everything of `view` that reaches the compiler into `h`."""
    for part in (view.file, view.kernel, view.text, repr(sorted(view.remap.items())),
                 str(view.line_shift)):
        data = part.encode("utf-8", "surrogatepass")
        h.update(struct.pack("<Q", len(data)))
        h.update(data)
    for name in sorted(view.const_arrays):
        arr = view.const_arrays[name]
        # `dtype.descr`: a record's fields (its `str` is only `|V<size>`).
        h.update(repr((name, arr.dtype.descr, arr.shape)).encode())
        h.update(arr.tobytes())
    # Captured device arrays reach the compiler as their names and types
    # (never their addresses or contents).
    h.update(repr([(name, t) for name, (_, t) in view.global_arrays.items()]).encode())


class KernelCache:
    """The cache files of one kernel (``Dispatcher._cache``)."""

    def __init__(self, qualname: str):
        self.qualname = _file_safe(qualname)
        self.directory = None  # chosen at the first load
        self.hits = collections.Counter()
        self.misses = collections.Counter()
        self.corrupt = collections.Counter()

    def stats(self) -> CacheStats:
        return CacheStats(self.directory, self.hits, self.misses, self.corrupt)

    # -- naming ------------------------------------------------------------
    def _names(self, view, signature: str, options):
        """(file name, key): the file depends on the kernel, signature
        and options; the key on everything that reaches the output."""
        slot = hashlib.sha256()
        slot.update(repr((view.file, view.kernel, signature, dataclasses.astuple(options))).encode(
            "utf-8", "surrogatepass"))
        module = _file_safe(os.path.splitext(os.path.basename(view.file))[0]) or "kernel"
        name = f"{module}.{self.qualname}-{slot.hexdigest()[:24]}{SUFFIX}"
        key = hashlib.sha256()
        key.update(MAGIC)
        key.update(library_identity())
        key.update(slot.digest())
        _hash_view(key, view)
        return name, key.digest()

    def _dir(self, view):
        if self.directory is None:
            try:
                self.directory = cache_root(view.file)
            except OSError as e:
                _warn_once(view.file, f"kernelc: no writable cache directory for {view.file} ({e}); "
                                      "kernels compile uncached")
                return None
        return self.directory

    # -- loading and saving --------------------------------------------------
    def load_or_compile(self, view, signature: str, options, label, compile_fn):
        """The compiled module for `signature`: read from the cache file
        when its key matches and it reads back whole, else compiled with
        `compile_fn()` and written. `label` keys the statistics."""
        from ._compiler import Compiled

        directory = self._dir(view)
        if directory is None:
            self.misses[label] += 1
            return compile_fn()
        name, key = self._names(view, signature, options)
        path = os.path.join(directory, name)
        handle = self._read(path, key, label)
        if handle is not None:
            self.hits[label] += 1
            return Compiled(handle, view, signature, options)
        self.misses[label] += 1
        compiled = compile_fn()
        self._write(path, key, _serialize(compiled.handle))
        return compiled

    def _read(self, path, key, label):
        """The module handle of the entry at `path` if its key is `key` and
        it is whole, else None (counting a damaged file as corrupt)."""
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:  # none yet (or unreadable): compiled and written
            return None
        if len(data) < _HEADER.size:
            self.corrupt[label] += 1
            return None
        magic, file_key, length, digest = _HEADER.unpack_from(data)
        if magic != MAGIC:
            self.corrupt[label] += 1
            return None
        if file_key != key:
            return None  # another version of the kernel or library: replaced
        payload = data[_HEADER.size:]
        if length != len(payload) or hashlib.sha256(payload).digest() != digest:
            self.corrupt[label] += 1
            return None
        module = c_void_p()
        if lib.kc_module_deserialize(payload, len(payload), byref(module)) != KC.OK:
            # Whole, but refused by this library (written by another build
            # with the same key cannot happen; a bit flip before the
            # checksum was taken can): compiled again.
            self.corrupt[label] += 1
            return None
        return module.value

    def _write(self, path, key, payload: bytes):
        header = _HEADER.pack(MAGIC, key, len(payload), hashlib.sha256(payload).digest())
        directory = os.path.dirname(path)
        try:
            _replace(path, header + payload)
        except OSError as e:
            _warn_once(directory, f"kernelc: cannot write the kernel cache in {directory} ({e}); "
                                  "kernels compile uncached")


def _replace(path: str, data: bytes):
    """Writes `data` to a new file beside `path` and renames it over
    `path`: a reader sees the old file or the new one, never part of one.
    Raises ``OSError`` (leaving no temporary file behind)."""
    # A new name of our own (O_EXCL), with the permissions the umask gives,
    # as any file the user writes.
    tmp = f"{path}.{os.getpid()}.{secrets.token_hex(8)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _serialize(handle) -> bytes:
    """``kc_module_serialize`` of a module handle."""
    needed = c_size_t()
    status = lib.kc_module_serialize(handle, None, 0, byref(needed))
    if status not in (KC.OK, KC.ERROR_BUFFER_TOO_SMALL):
        check(status, "kc_module_serialize")
    buf = ctypes.create_string_buffer(needed.value)
    check(lib.kc_module_serialize(handle, buf, needed.value, byref(needed)), "kc_module_serialize")
    return buf.raw[: needed.value]
