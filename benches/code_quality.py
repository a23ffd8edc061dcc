#!/usr/bin/env python3
"""Generated-code quality: kernelc's PTX vs Numba's, after ptxas, for sm_80.

For every kernel of _common.KERNELS:

* kernelc PTX: `kernelc compile FILE.py -O2` (the release CLI);
* Numba PTX: `cuda.compile_ptx(pyfunc, sig, cc=(8, 0))` (fastmath as the
  decorator says);
* each PTX file is assembled by `ptxas -arch=sm_80 -v` (registers per
  function, spill stores/loads in bytes, from its -v output) and the cubin
  is disassembled by `cuobjdump -sass`.

SASS counting rule: every instruction line (`/*addr*/ OPCODE ... ;`) of every
function in the cubin counts, except `NOP`s (alignment padding) and the
`BRA` whose target is its own address (the self-loop ptxas puts after the
last EXIT). Registers are the largest "Used N registers" of the functions in
the cubin (the kernel's, unless a non-inlined callee uses more); spills are
summed over the functions.

A kernel that fails in either tool (or in ptxas) is left out and listed.

Usage:  python benches/code_quality.py [--keep DIR] [--json OUT.json] [KERNEL...]
(--keep DIR leaves each kernel's .ptx, .cubin and .sass files there.)
"""

import argparse
import datetime
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _common as C  # noqa: E402

INSN_RE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")


def ptxas(ptx_path, cubin_path):
    r = subprocess.run(
        [C.ptxas_path(), "-arch=sm_80", "-v", ptx_path, "-o", cubin_path],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise RuntimeError("ptxas: " + (r.stderr.strip().splitlines() or ["failed"])[0])
    text = r.stdout + r.stderr
    regs = [int(m) for m in re.findall(r"Used (\d+) registers", text)]
    stores = sum(int(m) for m in re.findall(r"(\d+) bytes spill stores", text))
    loads = sum(int(m) for m in re.findall(r"(\d+) bytes spill loads", text))
    stack = max([int(m) for m in re.findall(r"(\d+) bytes stack frame", text)] or [0])
    return {
        "registers": max(regs) if regs else 0,
        "spill_stores": stores,
        "spill_loads": loads,
        "stack": stack,
        "ptxas_log": text,
    }


def sass(cubin_path, sass_path):
    r = subprocess.run(
        [C.cuobjdump_path(), "-sass", cubin_path], capture_output=True, text=True
    )
    if r.returncode != 0:
        raise RuntimeError("cuobjdump: " + r.stderr.strip())
    with open(sass_path, "w") as fh:
        fh.write(r.stdout)
    count = 0
    for m in INSN_RE.finditer(r.stdout):
        addr, insn = int(m.group(1), 16), m.group(2)
        # drop a predicate guard for the opcode test
        op = insn.split()[1] if insn.startswith("@") else insn.split()[0]
        if op == "NOP":
            continue
        if op == "BRA":
            t = re.search(r"0x([0-9a-f]+)", insn)
            if t and int(t.group(1), 16) == addr:
                continue
        count += 1
    return count


def ptx_insns(ptx):
    """PTX instruction statements (lines ending in ';' that are not
    directives or declarations) — an informational figure."""
    n = 0
    for line in ptx.splitlines():
        s = line.strip()
        if not s.endswith(";") or s.startswith((".", "//")):
            continue
        n += 1
    return n


def measure(ptx, base):
    with open(base + ".ptx", "w") as fh:
        fh.write(ptx)
    info = ptxas(base + ".ptx", base + ".cubin")
    info["sass"] = sass(base + ".cubin", base + ".sass")
    info["ptx_insns"] = ptx_insns(ptx)
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keep", help="directory for the .ptx/.cubin/.sass files")
    ap.add_argument("--json", help="write the raw figures here")
    ap.add_argument("kernels", nargs="*")
    args = ap.parse_args()
    stems = args.kernels or C.KERNELS
    work = args.keep or tempfile.mkdtemp(prefix="kernelc-codeq-")
    os.makedirs(work, exist_ok=True)

    binary = C.kernelc_cli()
    corpus = C.numba_setup()
    results, excluded = {}, {}
    for s in stems:
        r = subprocess.run(
            [binary, "compile", C.py_path(s), "-O2"], capture_output=True, text=True
        )
        if r.returncode != 0:
            excluded[s] = (r.stderr.strip().splitlines() or ["kernelc: failed"])[0]
            continue
        try:
            kc = measure(r.stdout, os.path.join(work, s + ".kernelc"))
        except Exception as exc:  # noqa: BLE001
            excluded[s] = f"kernelc PTX: {exc}"
            continue
        try:
            f, sig, opts = C.numba_load(corpus, s)
            nb = measure(C.numba_compile(f, sig, opts), os.path.join(work, s + ".numba"))
        except Exception as exc:  # noqa: BLE001
            excluded[s] = f"Numba: {str(exc).splitlines()[0]}"
            continue
        for d in (kc, nb):
            d.pop("ptxas_log")
        results[s] = {"kernelc": kc, "numba": nb, "sass_ratio": kc["sass"] / nb["sass"]}

    print(f"# code_quality: {len(stems)} kernels, sm_80, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}")
    print()
    print("| kernel | regs kernelc | regs Numba | spill st/ld kernelc | spill st/ld Numba | SASS kernelc | SASS Numba | SASS kernelc/Numba |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for s, r in results.items():
        k, n = r["kernelc"], r["numba"]
        print(
            f"| {s} | {k['registers']} | {n['registers']} "
            f"| {k['spill_stores']}/{k['spill_loads']} | {n['spill_stores']}/{n['spill_loads']} "
            f"| {k['sass']} | {n['sass']} | {r['sass_ratio']:.2f} |"
        )
    rs = results
    le = sum(1 for r in rs.values() if r["kernelc"]["sass"] <= r["numba"]["sass"])
    worst = max(rs, key=lambda s: rs[s]["sass_ratio"])
    best = min(rs, key=lambda s: rs[s]["sass_ratio"])
    prod = 1.0
    for r in rs.values():
        prod *= r["sass_ratio"]
    geo = prod ** (1 / len(rs))
    regs_le = sum(1 for r in rs.values() if r["kernelc"]["registers"] <= r["numba"]["registers"])
    spills = [s for s, r in rs.items() if r["kernelc"]["spill_stores"] or r["kernelc"]["spill_loads"]]
    summary = {
        "kernels": len(rs),
        "sass_le_numba": le,
        "max_ratio": rs[worst]["sass_ratio"],
        "max_ratio_kernel": worst,
        "min_ratio": rs[best]["sass_ratio"],
        "min_ratio_kernel": best,
        "geomean_ratio": geo,
        "registers_le_numba": regs_le,
        "kernelc_spilling": spills,
        "total_sass_kernelc": sum(r["kernelc"]["sass"] for r in rs.values()),
        "total_sass_numba": sum(r["numba"]["sass"] for r in rs.values()),
    }
    print()
    print(
        f"kernelc's SASS count is <= Numba's on {le} of {len(rs)} kernels; "
        f"ratio kernelc/Numba: geomean {geo:.2f}, max {summary['max_ratio']:.2f} ({worst}), "
        f"min {summary['min_ratio']:.2f} ({best}); total {summary['total_sass_kernelc']} vs {summary['total_sass_numba']} instructions"
    )
    print(f"registers <= Numba's on {regs_le} of {len(rs)}; kernelc spills on: {', '.join(spills) or 'none'}")
    C.finish(results, summary, excluded, args.json)
    print(f"\nfiles in {work}")


if __name__ == "__main__":
    main()
