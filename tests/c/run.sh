#!/usr/bin/env bash
# Runs the C, C++ and CMake tests of libkernelc (tests/c) the way CI does:
# through the Rust test capi/tests/c_programs.rs, which installs the
# library with capi/install.sh into a temporary prefix and builds every
# program against it, shared and static. Says first which tools are
# missing and how to get them (with CI=true a missing tool fails the run).
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=0
need() {
    if command -v "$1" >/dev/null 2>&1 || [ -x ".venv/bin/$1" ]; then
        echo "found $1"
    else
        echo "MISSING $1: $2"
        missing=1
    fi
}
need gcc "apt-get install gcc"
need g++ "apt-get install g++"
need pkg-config "apt-get install pkgconf"
need valgrind "apt-get install valgrind (the leak check is skipped without it)"
need cmake "python3 -m venv .venv && .venv/bin/pip install cmake (or apt-get install cmake)"
if [ "$missing" = 1 ]; then
    echo "some tools are missing: their tests are skipped (and fail under CI=true)"
fi

cargo test -p kernelc-capi --test c_programs -- --test-threads=2 "$@"
