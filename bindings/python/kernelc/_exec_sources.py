"""The source text of code made from strings (``exec(text)``,
``compile(text, "<string>", "exec")``), kept so that kernels built that
way can be compiled: kernelc compiles kernels from source text, and Python
keeps none for such code (its file is ``"<string>"``, which ``linecache``
cannot read), where Numba works from the bytecode.

Python's audit hook (:func:`sys.addaudithook`) sees every ``compile``
event with the source and the file name it is compiled under. This module
installs one when kernelc is imported; it records the text compiled under
a pseudo file name (one in angle brackets, as ``"<string>"``), most recent
first, at most :data:`MAX_SOURCES` texts and :data:`MAX_BYTES` bytes.
:func:`source_of` gives the recorded text that a function's code object
was compiled from: a text matches when compiling it again gives a code
object of the function's name, first line and bytecode, so a function is
never paired with the wrong text. Audit hooks cannot be removed; set
``KERNELC_EXEC_SOURCES=0`` before importing kernelc to go without (kernels
built by ``exec`` then raise ``SourceUnavailable``)."""

from __future__ import annotations

import collections
import os
import sys
import threading
import types

__all__ = ["install", "source_of", "MAX_SOURCES", "MAX_BYTES"]

#: The most texts kept.
MAX_SOURCES = 256
#: The most bytes of text kept (the oldest texts go first).
MAX_BYTES = 16 << 20

# (file name, text) -> the code object compiling it gives (None until a
# lookup needs it); the most recent last.
_sources: "collections.OrderedDict[tuple, types.CodeType | None]" = collections.OrderedDict()
_size = 0
_lock = threading.Lock()
_installed = False


def _record(event, args):
    # An exception in an audit hook would fail the compile: none escapes.
    if event != "compile":
        return
    try:
        source, filename = args[0], args[1]
        if not (isinstance(filename, str) and filename.startswith("<")):
            return
        if isinstance(source, bytes):
            source = source.decode("utf-8")
        if not isinstance(source, str) or "def " not in source:
            return
        _remember(filename, source)
    except Exception:  # noqa: BLE001 - see above
        pass


def _remember(filename: str, text: str) -> None:
    global _size
    key = (filename, text)
    with _lock:
        if key in _sources:
            _sources.move_to_end(key)
            return
        _sources[key] = None
        _size += len(text)
        while _sources and (len(_sources) > MAX_SOURCES or _size > MAX_BYTES):
            (_, old), _ = _sources.popitem(last=False)
            _size -= len(old)


def install() -> None:
    """Installs the audit hook (once), unless ``KERNELC_EXEC_SOURCES=0``."""
    global _installed
    if _installed or os.environ.get("KERNELC_EXEC_SOURCES", "1") == "0":
        return
    sys.addaudithook(_record)
    _installed = True


def _same_function(a: types.CodeType, b: types.CodeType) -> bool:
    return (a.co_name, a.co_firstlineno, a.co_code, a.co_names) == (
        b.co_name, b.co_firstlineno, b.co_code, b.co_names)


def _contains(top: types.CodeType, code: types.CodeType) -> bool:
    stack = [top]
    while stack:
        c = stack.pop()
        if _same_function(c, code):
            return True
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return False


def source_of(code: types.CodeType):
    """The recorded text `code` was compiled from, or None."""
    with _lock:
        candidates = [k for k in reversed(_sources) if k[0] == code.co_filename]
    for key in candidates:
        with _lock:
            top = _sources.get(key)
        if top is None:
            try:
                top = compile(key[1], key[0], "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                continue
            with _lock:
                if key in _sources:
                    _sources[key] = top
        if _contains(top, code):
            return key[1]
    return None
