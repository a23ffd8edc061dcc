"""The kernelc package: pure Python over ``libkernelc`` (kernelc's C ABI, a
Rust ``cdylib`` that ``kernelc/_lib.py`` loads with ctypes). setuptools-rust
builds the library with cargo and puts it in the package, so
``pip install ./bindings/python`` and ``python -m build bindings/python``
need cargo; the wheel they make needs none.

- The Rust workspace is the repository two levels above this file, or, in
  an sdist, the copy of it under ``rust/`` that ``sdist`` below puts there.
  cargo's own ``CARGO_TARGET_DIR`` (and ``CARGO_BUILD_JOBS``) are honoured.
- ``KERNELC_CARGO_PROFILE`` (``release`` by default; CI uses ``dev`` to
  reuse its debug build) picks cargo's profile.
- ``KERNELC_SKIP_CARGO=1`` builds nothing and packages a library already
  placed at ``kernelc/libkernelc.so``.
- The wheel is tagged ``py3-none-<platform>``: the library is tied to the
  platform, not to a Python version or ABI (no extension module).
"""

import os
import re
import shutil
import sys

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
VENDORED = os.path.join(HERE, "rust")
# The workspace members libkernelc is built from (kernelc-capi and its path
# dependencies), copied into an sdist.
CRATES = ("abi", "compiler", "runtime", "capi")

if sys.platform == "darwin":
    LIB = "libkernelc.dylib"
elif sys.platform == "win32":
    LIB = "kernelc.dll"
else:
    LIB = "libkernelc.so"


def workspace():
    """The Rust workspace to build libkernelc from, or None."""
    for root in (VENDORED, CHECKOUT):
        if os.path.exists(os.path.join(root, "capi", "Cargo.toml")):
            return root
    return None


class bdist_wheel_py3(bdist_wheel):
    """py3-none-<platform>: ctypes loads the library, so any Python 3 can."""

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


class sdist_with_workspace(sdist):
    """Adds the Rust sources libkernelc is built from under ``rust/`` (a
    workspace of just those crates), so that a wheel builds from the sdist
    alone, as ``python -m build`` does it."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        root = workspace()
        if root is None:
            raise SystemExit("kernelc: no Rust workspace to put in the sdist")
        dest = os.path.join(base_dir, "rust")
        if root == VENDORED:
            shutil.copytree(root, dest, ignore=shutil.ignore_patterns("target"))
            return
        os.makedirs(dest)
        with open(os.path.join(root, "Cargo.toml")) as f:
            manifest = f.read()
        members = "members = [" + ", ".join(f'"{c}"' for c in CRATES) + "]"
        manifest, n = re.subn(r"(?m)^members\s*=\s*\[[^\]]*\]", members, manifest)
        if n != 1:
            raise SystemExit("kernelc: no `members = [...]` line in the workspace's Cargo.toml")
        with open(os.path.join(dest, "Cargo.toml"), "w") as f:
            f.write(manifest)
        for name in ("Cargo.lock", "LICENSE-MIT", "LICENSE-APACHE"):
            if os.path.exists(os.path.join(root, name)):
                shutil.copy2(os.path.join(root, name), dest)
        for crate in CRATES:
            src = os.path.join(root, crate)

            def skip(path, names, src=src):
                # The crates' own test suites and build outputs are not needed.
                top = {"tests", "target"} if os.path.abspath(path) == src else {"target"}
                return [n for n in names if n in top or n == "__pycache__"]

            shutil.copytree(src, os.path.join(dest, crate), ignore=skip)


class BinaryDistribution(Distribution):
    """The wheel holds a native library: tag it for this platform (with a
    Rust extension setuptools-rust says so itself)."""

    def has_ext_modules(self):
        return True


cmdclass = {"bdist_wheel": bdist_wheel_py3, "sdist": sdist_with_workspace}
options = {}
root = workspace()
if os.environ.get("KERNELC_SKIP_CARGO") or root is None:
    if not os.path.exists(os.path.join(HERE, "kernelc", LIB)):
        raise SystemExit(f"kernelc: no kernelc/{LIB} to package and no Rust workspace to build it from")
    options["distclass"] = BinaryDistribution
else:
    from setuptools_rust import Binding, RustExtension, build_rust

    class build_rust_library(build_rust):
        """setuptools-rust names a library as a Python extension module
        (``libkernelc.cpython-311-x86_64-linux-gnu.so``); this one is a plain
        shared library, which ``kernelc/_lib.py`` loads by its own name."""

        def get_dylib_ext_path(self, ext, target_fname):
            path = super().get_dylib_ext_path(ext, target_fname)
            return os.path.join(os.path.dirname(path), LIB)

        def run(self):
            print(f"kernelc: building {LIB} with cargo ({profile} profile, workspace {root})",
                  file=sys.stderr, flush=True)
            super().run()

    profile = os.environ.get("KERNELC_CARGO_PROFILE", "release")
    cmdclass["build_rust"] = build_rust_library
    options["rust_extensions"] = [
        RustExtension(
            "kernelc.libkernelc",
            path=os.path.join(root, "capi", "Cargo.toml"),
            binding=Binding.NoBinding,
            args=["--profile", profile],
            py_limited_api=False,
        )
    ]
    options["zip_safe"] = False

setup(cmdclass=cmdclass, **options)
