#!/usr/bin/env bash
# Builds, on a development machine, everything tests/gpu/prove.sh needs on a
# GPU machine without cargo or network, and copies it into one folder:
#
#   bin/kernelc                  the CLI
#   bin/gpu_real                 runtime/tests/gpu_real.rs, built (cargo test --no-run)
#   lib/libkernelc.so            the C ABI library
#   lib/libkernelc_emucuda.so    the emulated CUDA driver (for prove.sh --dry)
#   wheels/kernelc-*.whl         the Python binding (libkernelc bundled)
#   tests/gpu/                   prove.sh, bench.py
#   tests/cpu_device/, compiler/tests/check/accept/, bindings/python/tests/,
#   tests/link/ (the PTX the binding's link= tests link)
#   MANIFEST                     commit, profile, date
#
#   bash tests/gpu/pack.sh [--debug] [--out DIR]
#
# --debug packs the dev profile (what CI has already built) instead of
# release. DIR defaults to ${CARGO_TARGET_DIR:-target}/gpu-pack. PYTHON picks
# the Python whose pip builds the wheel (default: .venv/bin/python, else
# python3).
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CALLER="$PWD"
cd "$REPO"

profile=release
out=""
while [ $# -gt 0 ]; do
    case "$1" in
    --debug) profile=dev ;;
    --release) profile=release ;;
    --out) out="$2"; shift ;;
    --out=*) out="${1#--out=}" ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "pack.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
TARGET="${CARGO_TARGET_DIR:-$REPO/target}"
out="${out:-$TARGET/gpu-pack}"
case "$out" in /*) ;; *) out="$CALLER/$out" ;; esac
if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON="$PWD/.venv/bin/python"; else PYTHON=python3; fi
fi
cargo_profile=()
[ "$profile" = release ] && cargo_profile=(--release)

echo "== pack ($profile) into $out"
t0=$(date +%s)
cargo build --locked "${cargo_profile[@]}" -p kernelc-cli -p kernelc-capi -p kernelc-emucuda \
    --message-format=json-render-diagnostics >"$TARGET/gpu-pack-build.json"
# The test executable's path, from cargo's JSON messages.
cargo test --locked "${cargo_profile[@]}" --no-run -p kernelc-runtime --test gpu_real \
    --message-format=json-render-diagnostics >"$TARGET/gpu-pack-test.json"

# artifact FILE-NAME JSON: the path cargo reported for it.
artifact() {
    "$PYTHON" - "$1" "$2" <<'EOF'
import json, os, sys
name, msgs = sys.argv[1], sys.argv[2]
hit = None
for line in open(msgs):
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") != "compiler-artifact":
        continue
    if name == "gpu_real":
        if m.get("target", {}).get("name") == "gpu_real" and m.get("executable"):
            hit = m["executable"]
        continue
    if name == "kernelc" and m.get("executable") and m.get("target", {}).get("name") == "kernelc":
        hit = m["executable"]
        continue
    for f in m.get("filenames", []):
        if os.path.basename(f) == name:
            hit = f
if hit is None:
    sys.exit(f"pack.sh: cargo reported no {name}")
print(hit)
EOF
}
cli="$(artifact kernelc "$TARGET/gpu-pack-build.json")"
capi="$(artifact libkernelc.so "$TARGET/gpu-pack-build.json")"
emu="$(artifact libkernelc_emucuda.so "$TARGET/gpu-pack-build.json")"
gpu_real="$(artifact gpu_real "$TARGET/gpu-pack-test.json")"

rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/wheels" "$out/tests/gpu" "$out/compiler/tests/check" "$out/bindings/python"
cp "$cli" "$out/bin/kernelc"
cp "$gpu_real" "$out/bin/gpu_real"
cp "$capi" "$emu" "$out/lib/"
# Debug information is most of a debug build's size; prove.sh needs none.
if command -v strip >/dev/null; then
    strip --strip-debug "$out/bin/kernelc" "$out/bin/gpu_real" "$out/lib/"*.so
fi

echo "== wheel (KERNELC_CARGO_PROFILE=$profile)"
KERNELC_CARGO_PROFILE="$profile" "$PYTHON" -m pip wheel --quiet --disable-pip-version-check \
    --no-deps -w "$out/wheels" ./bindings/python
# setup.py tags the wheel py3-none-<platform> (ctypes loads libkernelc, so
# any Python 3 takes it, the GPU machine's too).
ls "$out"/wheels/kernelc-*-py3-none-*.whl >/dev/null 2>&1 ||
    { echo "pack.sh: no kernelc-*-py3-none-*.whl in $out/wheels" >&2; exit 1; }

cp tests/gpu/prove.sh tests/gpu/bench.py "$out/tests/gpu/"
cp -r tests/cpu_device "$out/tests/"
cp -r compiler/tests/check/accept "$out/compiler/tests/check/"
cp -r bindings/python/tests "$out/bindings/python/"
cp -r tests/link "$out/tests/"
find "$out" -name __pycache__ -prune -exec rm -rf {} +
{
    echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
    echo "profile: $profile"
    echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -srm)"
    echo "rustc: $(rustc --version)"
} >"$out/MANIFEST"

size_kib=$(du -sk "$out" | cut -f1)
echo "== pack: $out, $((size_kib / 1024)) MiB ($size_kib KiB), $(($(date +%s) - t0)) s"
if [ "$size_kib" -ge $((64 * 1024)) ]; then
    echo "pack.sh: warning: the pack is over 64 MiB" >&2
fi
echo "copy it to the GPU machine, then: bash <pack>/tests/gpu/prove.sh"
