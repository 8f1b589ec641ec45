#!/usr/bin/env bash
# Builds cacheline-audit's libFuzzer target (tools/cacheline-audit/fuzz)
# from the stage libraries, in a build directory configured with
# -DCACHELINE_FUZZ=ON (clang-19, ASan + UBSan + the fuzzer's coverage),
# seeds it with small ELF files (x86-64 and AArch64 objects and
# executables) and runs it.
#
#   bash utils/fuzz-audit.sh [RUNS]      # default 1000000 iterations
#
# FUZZ_DIR (default build/fuzz-audit) holds the build and the corpus.
# Exits non-zero if the fuzzer finds a crash, a leak or undefined behaviour;
# the input that shows it is left in FUZZ_DIR.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${1:-1000000}
OUT=${FUZZ_DIR:-$ROOT/build/fuzz-audit}
mkdir -p "$OUT/corpus"
OUT=$(cd "$OUT" && pwd) # the fuzzer runs in it
LLVM=/usr/lib/llvm-19/bin

bash "$ROOT/scripts/install-deps.sh"

cmake -G Ninja -S "$ROOT" -B "$OUT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
  -DCMAKE_C_COMPILER="$LLVM/clang" -DCMAKE_CXX_COMPILER="$LLVM/clang++" \
  -DCACHELINE_FUZZ=ON >"$OUT/configure.log" ||
  { cat "$OUT/configure.log"; exit 1; }
cmake --build "$OUT/build" --target cacheline-audit-fuzzer

# Seeds: small, varied ELF files.
seed() { "$@" 2>/dev/null || true; }
EX=$ROOT/examples/rnd_flag.c
seed "$LLVM/clang" -O2 -c "$EX" -o "$OUT/corpus/x86-64.o"
seed "$LLVM/clang" -O2 -fPIC -c "$EX" -o "$OUT/corpus/x86-64-pic.o"
seed "$LLVM/clang" --target=aarch64-linux-gnu -O2 -c "$EX" -o "$OUT/corpus/aarch64.o"
seed "$LLVM/clang" --target=aarch64-linux-gnu -march=armv8.1-a -O2 -c "$EX" -o "$OUT/corpus/aarch64-lse.o"
seed "$LLVM/clang" -O1 -fuse-ld=lld "$EX" -o "$OUT/corpus/x86-64-exe" -lpthread
seed "$LLVM/clang" --target=aarch64-linux-gnu -O2 -nostdlib -fuse-ld=lld \
  -Wl,-e,main -Wl,--unresolved-symbols=ignore-all "$EX" -o "$OUT/corpus/aarch64-exe"

cd "$OUT"
ASAN_OPTIONS=detect_leaks=1 "$OUT/build/bin/cacheline-audit-fuzzer" -runs="$RUNS" -max_len=65536 \
  -timeout=10 -print_final_stats=1 corpus 2>&1 | tail -25
