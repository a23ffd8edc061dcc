"""``fma(a, b, c)``, ``a * b + c`` rounded once, for the references of
kernels whose multiply-adds Numba's compiler fuses (and kernelc, at -O2):
the one implementation, ``tests/cpu_device/fma_reference.py``, loaded by
path."""

import importlib.util
import os

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "tests",
                     "cpu_device", "fma_reference.py")
_spec = importlib.util.spec_from_file_location("kernelc_tests_fma_reference", _PATH)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
fma = _module.fma
