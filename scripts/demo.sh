#!/usr/bin/env bash
# The first thing to run: builds the plugin, builds
# examples/flag_beside_counter.c (MySQL bug 97777 reduced to its cause: a
# thread reads settings that the linker put on the cache line another thread
# keeps writing) with full LTO and lld, once without and once with the
# CachelineLayout pass, prints the pass's classification, which globals
# shared a cache line before and where they are after, then runs both builds
# interleaved and prints how much faster the lookups run with the pass.
#
#   bash scripts/demo.sh                   # ROUNDS=7 CHUNKS=200
#   bash scripts/demo.sh PROGRAM.c [ARGS]  # your own program: build it both
#                                          # ways, classification and lines
#   LLVM_VERSION=22 bash scripts/demo.sh   # with LLVM 22 (build-llvm22/)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LLVM_VERSION=${LLVM_VERSION:-19}
if [[ $LLVM_VERSION == 19 ]]; then
  BUILD_DIR=${BUILD_DIR:-$ROOT/build}
else
  BUILD_DIR=${BUILD_DIR:-$ROOT/build-llvm$LLVM_VERSION}
fi
LLVM=/usr/lib/llvm-$LLVM_VERSION/bin
ROUNDS=${ROUNDS:-7}
CHUNKS=${CHUNKS:-200}
SOURCE=${1:-$ROOT/examples/flag_beside_counter.c}
[ $# -gt 0 ] && shift
NAME=$(basename "${SOURCE%.*}")

bash "$ROOT/scripts/install-deps.sh" "$LLVM_VERSION"
cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
  -DLLVM_DIR="/usr/lib/llvm-$LLVM_VERSION/lib/cmake/llvm" \
  -DCMAKE_C_COMPILER="$LLVM/clang" -DCMAKE_CXX_COMPILER="$LLVM/clang++" >/dev/null
cmake --build "$BUILD_DIR" >/dev/null
PLUGIN=$BUILD_DIR/lib/CachelineLayout.so
OUT=$BUILD_DIR/demo
mkdir -p "$OUT"

case $SOURCE in
  *.cc|*.cpp|*.cxx) CC_DEMO=$LLVM/clang++ ;;
  *) CC_DEMO=$LLVM/clang ;;
esac
echo "== building $SOURCE: $(basename "$CC_DEMO") -O2 -flto -fuse-ld=lld, without and with the pass"
"$CC_DEMO" -O2 -flto -fuse-ld=lld "$SOURCE" -o "$OUT/$NAME.plain" -lpthread
# The compile summarizes the source (-fpass-plugin), the link solves it.
CACHELINE_LAYOUT_REPORT=$OUT/report.json "$CC_DEMO" -O2 -flto -fuse-ld=lld \
  -fpass-plugin="$PLUGIN" -Wl,--load-pass-plugin="$PLUGIN" "$SOURCE" \
  -o "$OUT/$NAME.pass" -lpthread

echo
echo "== classification ($OUT/report.json)"
python3 - "$OUT/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("target %s, line size %d" % (r["target"], r["line_size"]))
for g in r["globals"]:
    if g["class"] == "skipped" and g["reason"] in ("constant",) or \
       g["reason"].startswith("declaration"):
        continue
    print("  %-22s %-11s %s" % (g["name"], g["class"], g["reason"]))
print("padding added: %d bytes" % r["summary"]["padding_bytes"])
PY

CHECK="python3 $ROOT/tools/cacheline-check-layout --report $OUT/report.json --line-size 64 -v"
echo
echo "== before: 64-byte lines of the plain build"
$CHECK "$OUT/$NAME.plain" || true
echo
echo "== after: the same lines with the pass"
$CHECK "$OUT/$NAME.pass"

if [ "$SOURCE" != "$ROOT/examples/flag_beside_counter.c" ]; then
  echo
  echo "== running both once: $*"
  "$OUT/$NAME.plain" "$@" > "$OUT/plain.out"
  "$OUT/$NAME.pass" "$@" > "$OUT/pass.out"
  cmp -s "$OUT/plain.out" "$OUT/pass.out" && echo "  same output" ||
    { echo "  outputs differ: $OUT/plain.out $OUT/pass.out"; exit 1; }
  exit 0
fi

echo
echo "== lookups while the spinner runs: $ROUNDS rounds, builds interleaved, $CHUNKS chunks of 10^6 lookups each"
python3 - "$OUT/$NAME.plain" "$OUT/$NAME.pass" "$ROUNDS" "$CHUNKS" <<'PY'
import re, statistics, subprocess, sys
plain, passed, rounds, chunks = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

def run(exe):
    p = subprocess.run([exe, chunks], check=True, capture_output=True, text=True)
    return p.stdout, float(re.search(r"ns_per_lookup=([0-9.]+)", p.stderr).group(1))

ns = {plain: [], passed: []}
outputs = set()
for r in range(rounds):
    # Alternate which build goes first: drift in the machine's load hits both.
    for exe in ((plain, passed) if r % 2 == 0 else (passed, plain)):
        out, t = run(exe)
        ns[exe].append(t)
        outputs.add(out)
ratios = sorted(a / b for a, b in zip(ns[plain], ns[passed]))
print("  without the pass: median %.3f ns per lookup (%.3f..%.3f)" %
      (statistics.median(ns[plain]), min(ns[plain]), max(ns[plain])))
print("  with the pass:    median %.3f ns per lookup (%.3f..%.3f)" %
      (statistics.median(ns[passed]), min(ns[passed]), max(ns[passed])))
print("  speedup with the pass: %.2fx (median of %d rounds; per round %.2fx..%.2fx)" %
      (statistics.median(ratios), rounds, ratios[0], ratios[-1]))
if len(outputs) != 1:
    sys.exit("outputs differ: " + " / ".join(sorted(outputs)))
print("  both print: " + outputs.pop().strip())
PY
