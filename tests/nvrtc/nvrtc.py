"""NVRTC for the tests: the Python binding's own ctypes wrapper
(``kernelc._nvrtc``, which ``link=`` uses for CUDA C), from this checkout.
Importing it loads neither NVRTC nor libkernelc until a function is called."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings", "python"))

from kernelc._nvrtc import *  # noqa: E402,F401,F403
from kernelc._nvrtc import __all__  # noqa: E402,F401
