"""Compile every spec's kernel with NVRTC and write ``<id>.ptx`` into a folder,
plus ``OPCODES.txt`` (opcode census over the distinct PTX files).

    python tests/nvrtc/dump_ptx.py OUT_DIR [--arch compute_80]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ptx_census  # noqa: E402
from specs import SPECS  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--arch", default=None, help="override every spec's arch (default: each spec's, compute_80)")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    seen = {}
    written = []
    for spec in SPECS:
        ptx = spec.compile(args.arch)
        path = os.path.join(args.out, f"{spec.id}.ptx")
        with open(path, "w") as f:
            f.write(ptx)
        h = hashlib.sha256(ptx.encode()).hexdigest()
        if h not in seen:  # several kernels of one .cu share a PTX module: count it once
            seen[h] = path
        written.append(path)
        print(f"{path}  ({spec.cu}::{spec.kernel} {spec.arch if not args.arch else args.arch} {' '.join(spec.options)})")
    counts, where = ptx_census.census(sorted(seen.values()))
    with open(os.path.join(args.out, "OPCODES.txt"), "w") as f:
        f.write(ptx_census.format_census(counts, where))
    print(f"{len(written)} PTX files ({len(seen)} distinct modules), census in {os.path.join(args.out, 'OPCODES.txt')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
