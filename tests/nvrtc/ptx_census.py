"""Opcode census of PTX files: counts each opcode with its full suffix chain
(``ld.global.nc.v4.f32``, ``setp.lt.s32``...).

    python ptx_census.py DIR_OR_FILES... [> OPCODES.txt]
"""

from __future__ import annotations

import collections
import glob
import os
import re
import sys
from typing import Counter, Dict, Iterable, Set

_OPCODE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")


def opcodes(ptx: str) -> Iterable[str]:
    """Yield the opcode (with suffixes) of every instruction in ``ptx``."""
    in_call = False
    for raw in ptx.splitlines():
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if in_call:
            if line.endswith(";"):
                in_call = False
            continue
        if line.startswith((".", "{", "}", "(", ")")) or line.endswith(":"):
            continue
        if line.startswith("@"):
            parts = line.split(None, 1)
            if len(parts) < 2:
                continue
            line = parts[1]
        tok = line.split(None, 1)[0].rstrip(";")
        if not _OPCODE.match(tok):
            continue
        if tok.startswith("call") and not line.endswith(";"):
            in_call = True
        yield tok


def census(paths: Iterable[str]):
    counts: Counter[str] = collections.Counter()
    where: Dict[str, Set[str]] = collections.defaultdict(set)
    for p in paths:
        with open(p) as f:
            for op in opcodes(f.read()):
                counts[op] += 1
                where[op].add(os.path.basename(p)[:-4])
    return counts, where


def format_census(counts, where) -> str:
    lines = [f"# PTX opcode census: {sum(counts.values())} instructions, {len(counts)} distinct opcodes",
             "# count  opcode  files (up to 4)"]
    for op, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        files = sorted(where[op])
        more = f" +{len(files) - 4}" if len(files) > 4 else ""
        lines.append(f"{n:6d}  {op:28s} {','.join(files[:4])}{more}")
    base = collections.Counter()
    for op, n in counts.items():
        base[op.split(".", 1)[0]] += n
    lines.append("")
    lines.append("# by base opcode")
    for op, n in sorted(base.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"{n:6d}  {op}")
    return "\n".join(lines) + "\n"


def main(argv) -> int:
    paths = []
    for a in argv:
        paths += sorted(glob.glob(os.path.join(a, "*.ptx"))) if os.path.isdir(a) else [a]
    sys.stdout.write(format_census(*census(paths)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
