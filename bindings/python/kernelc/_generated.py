"""Kernels kernelc writes itself (``cuda.reduce``, ``vectorize``): their
source goes to a file in a private temporary directory and is imported as
a module, so the compiler reads it like any kernel's source file (with
line numbers for its diagnostics). The user's function is then bound in
that module under the name the generated kernel calls it by."""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import tempfile
import threading

__all__ = ["load_module", "load_calling", "def_name", "lock"]

#: Held while a generated module is written and loaded.
lock = threading.Lock()

_dir = None


def _workdir():
    global _dir
    if _dir is None:
        _dir = tempfile.mkdtemp(prefix="kernelc-generated-")
        atexit.register(shutil.rmtree, _dir, True)
    return _dir


def load_module(stem: str, text: str):
    """The module of source `text`, written as ``<stem>.py`` (call with
    :data:`lock` held; `stem` unique per generated kernel)."""
    path = os.path.join(_workdir(), f"{stem}.py")
    with open(path, "w") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location(f"_kernelc_{stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def def_name(func, what: str) -> str:
    """The name a generated kernel calls `func` by: its own, which must be
    a ``def``'s (`what` names the decorator for the error)."""
    name = func.__name__
    if name == "<lambda>" or not name.isidentifier():
        raise TypeError(f"{what} needs a function defined with def")
    return name


def load_calling(stem: str, text: str, func):
    """:func:`load_module`, with `func` bound in the module under its own
    name (the one the generated kernel calls)."""
    module = load_module(stem, text)
    module.__dict__[func.__name__] = func
    return module
