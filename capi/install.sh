#!/usr/bin/env bash
# Installs libkernelc into PREFIX (no cargo needed; build it first):
#
#   cargo build --release -p kernelc-capi
#   capi/install.sh /usr/local
#
# PREFIX/lib:                 libkernelc.so.X.Y.Z (+ .so.X, .so links), libkernelc.a
# PREFIX/include:             kernelc.h, kernelc.hpp (header-only C++ wrapper)
# PREFIX/lib/pkgconfig:       kernelc.pc
# PREFIX/lib/cmake/kernelc:   kernelcConfig.cmake, kernelcConfigVersion.cmake
#
# Options: --profile release|debug (default release), --target-dir DIR
# (default $CARGO_TARGET_DIR, else ./target of the repository), or
# --lib-dir DIR to take the libraries from DIR itself.
set -euo pipefail

usage() { echo "usage: $0 PREFIX [--profile release|debug] [--target-dir DIR | --lib-dir DIR]" >&2; exit 2; }

repo="$(cd "$(dirname "$0")/.." && pwd)"
prefix=""
profile="release"
target_dir="${CARGO_TARGET_DIR:-$repo/target}"
lib_dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --profile) [ $# -ge 2 ] || usage; profile="$2"; shift 2 ;;
        --target-dir) [ $# -ge 2 ] || usage; target_dir="$2"; shift 2 ;;
        --lib-dir) [ $# -ge 2 ] || usage; lib_dir="$2"; shift 2 ;;
        -h|--help) usage ;;
        -*) echo "$0: unknown option $1" >&2; usage ;;
        *) [ -z "$prefix" ] || usage; prefix="$1"; shift ;;
    esac
done
[ -n "$prefix" ] || usage

libdir="${lib_dir:-$target_dir/$profile}"
for f in libkernelc.so libkernelc.a; do
    if [ ! -f "$libdir/$f" ]; then
        echo "$0: $libdir/$f is missing; build it first: cargo build $( [ "$profile" = release ] && echo --release ) -p kernelc-capi" >&2
        exit 1
    fi
done

header="$repo/include/kernelc.h"
field() { sed -n "s/^#define KC_VERSION_$1 \([0-9]*\)$/\1/p" "$header"; }
major="$(field MAJOR)"; minor="$(field MINOR)"; patch="$(field PATCH)"
version="$major.$minor.$patch"
# The system libraries the static library needs (rustc --print native-static-libs).
static_libs="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"

mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
mkdir -p "$prefix/lib/pkgconfig" "$prefix/lib/cmake/kernelc" "$prefix/include"

install -m 0755 "$libdir/libkernelc.so" "$prefix/lib/libkernelc.so.$version"
ln -sf "libkernelc.so.$version" "$prefix/lib/libkernelc.so.$major"
ln -sf "libkernelc.so.$major" "$prefix/lib/libkernelc.so"
install -m 0644 "$libdir/libkernelc.a" "$prefix/lib/libkernelc.a"
install -m 0644 "$header" "$prefix/include/kernelc.h"
install -m 0644 "$repo/bindings/cpp/kernelc.hpp" "$prefix/include/kernelc.hpp"

subst() {
    sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" -e "s|@MAJOR@|$major|g" \
        -e "s|@MINOR@|$minor|g" -e "s|@STATIC_LIBS@|$static_libs|g" "$1" > "$2"
}
subst "$repo/capi/pkg/kernelc.pc.in" "$prefix/lib/pkgconfig/kernelc.pc"
subst "$repo/capi/pkg/kernelcConfig.cmake.in" "$prefix/lib/cmake/kernelc/kernelcConfig.cmake"
subst "$repo/capi/pkg/kernelcConfigVersion.cmake.in" "$prefix/lib/cmake/kernelc/kernelcConfigVersion.cmake"

echo "installed kernelc $version ($profile) into $prefix"
