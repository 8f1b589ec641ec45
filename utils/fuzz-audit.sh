#!/usr/bin/env bash
# Builds cacheline-audit's libFuzzer target (tools/cacheline-audit/fuzz) with
# clang-19 -fsanitize=fuzzer,address,undefined, seeds it with small ELF
# files (x86-64 and AArch64 objects and executables) and runs it.
#
#   bash utils/fuzz-audit.sh [RUNS]      # default 1000000 iterations
#
# Exits non-zero if the fuzzer finds a crash, a leak or undefined behaviour;
# the input that shows it is left in build/fuzz-audit/.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${1:-1000000}
OUT=${FUZZ_DIR:-$ROOT/build/fuzz-audit}
LLVM=/usr/lib/llvm-19/bin
SRC=$ROOT/tools/cacheline-audit
mkdir -p "$OUT/corpus" "$OUT/obj"

bash "$ROOT/scripts/install-deps.sh"

CXXFLAGS=(-std=c++17 -O1 -g -fno-rtti -fsanitize=fuzzer-no-link,address,undefined
          -fno-sanitize-recover=undefined
          $("$LLVM/llvm-config" --cppflags) -I"$SRC" -I"$ROOT/include")
objs=()
# The pass's sources the audit uses: its summary schema, solver and rules.
PASS_SOURCES=(Support/LineSize Summary/KnownFunctions Files/Summary
              WholeProgram/Solver Policy/Policy Files/WriteProfile
              Files/JSONFile)
pass_files() { for n in "${PASS_SOURCES[@]}"; do echo "$ROOT/lib/$n.cpp"; done; }
newest_header=$(ls -t "$SRC"/*.h "$ROOT"/include/cacheline/*.h | head -1)
for f in "$SRC"/*.cpp $(pass_files) "$SRC/fuzz/AuditFuzzer.cpp"; do
  [[ $(basename "$f") == cacheline-audit.cpp ]] && continue
  o="$OUT/obj/$(basename "$f" .cpp).o"
  if [[ ! -f $o || $f -nt $o || $newest_header -nt $o ]]; then
    "$LLVM/clang++" "${CXXFLAGS[@]}" -c "$f" -o "$o"
  fi
  objs+=("$o")
done
"$LLVM/clang++" -fsanitize=fuzzer,address,undefined "${objs[@]}" \
  $("$LLVM/llvm-config" --ldflags) -lLLVM-19 -Wl,-rpath,"$("$LLVM/llvm-config" --libdir)" \
  -o "$OUT/audit-fuzzer"

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
ASAN_OPTIONS=detect_leaks=1 ./audit-fuzzer -runs="$RUNS" -max_len=65536 \
  -timeout=10 -print_final_stats=1 corpus 2>&1 | tail -25
