"""Builds libkernelc with cargo while the package is built, and puts it in
the package, so ``pip install ./bindings/python`` needs only cargo (and
pip's setuptools + wheel).

- The repository root is found two levels above this file; cargo's own
  ``CARGO_TARGET_DIR`` is honoured, and the built files are located from
  cargo's JSON messages, wherever the target directory is.
- ``KERNELC_CARGO_PROFILE`` (``release`` by default) picks the profile;
  ``KERNELC_SKIP_CARGO=1`` builds nothing and packages a library already
  placed at ``kernelc/libkernelc.so``.
"""

import json
import os
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

if sys.platform == "darwin":
    LIB = "libkernelc.dylib"
elif sys.platform == "win32":
    LIB = "kernelc.dll"
else:
    LIB = "libkernelc.so"


def cargo_build():
    """Runs cargo; returns {name: path} of the library. (The binding needs
    no `kernelc` command: the C API gives the typed program and the IR.)"""
    cargo = os.environ.get("CARGO", shutil.which("cargo"))
    if cargo is None:
        raise SystemExit(
            "kernelc: building libkernelc needs cargo (https://rustup.rs) on PATH, "
            "or set KERNELC_SKIP_CARGO=1 with kernelc/" + LIB + " already in place"
        )
    profile = os.environ.get("KERNELC_CARGO_PROFILE", "release")
    cmd = [cargo, "build", "--message-format=json-render-diagnostics",
           "-p", "kernelc-capi"]
    if profile == "release":
        cmd.append("--release")
    elif profile != "dev":
        cmd += ["--profile", profile]
    if os.environ.get("KERNELC_CARGO_JOBS"):
        cmd += ["-j", os.environ["KERNELC_CARGO_JOBS"]]
    print("kernelc: " + " ".join(cmd), file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, cwd=REPO, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit("kernelc: cargo build failed (see above)")
    found = {}
    for line in proc.stdout.splitlines():
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("reason") != "compiler-artifact":
            continue
        for f in msg.get("filenames", []):
            if os.path.basename(f) == LIB:
                found[LIB] = f
    if LIB not in found:
        raise SystemExit(f"kernelc: cargo built no {LIB}")
    return found


class build_py_with_cargo(build_py):
    def run(self):
        super().run()
        pkg_out = os.path.join(self.build_lib, "kernelc")
        os.makedirs(pkg_out, exist_ok=True)
        in_tree = os.path.join(HERE, "kernelc", LIB)
        if os.environ.get("KERNELC_SKIP_CARGO") or not os.path.exists(os.path.join(REPO, "Cargo.toml")):
            if not os.path.exists(in_tree):
                raise SystemExit(f"kernelc: no kernelc/{LIB} to package and no repository to build it from")
            shutil.copy2(in_tree, os.path.join(pkg_out, LIB))
            return
        built = cargo_build()
        shutil.copy2(built[LIB], os.path.join(pkg_out, LIB))


class BinaryDistribution(Distribution):
    """The wheel holds a native library: tag it for this platform."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": build_py_with_cargo}, distclass=BinaryDistribution)
