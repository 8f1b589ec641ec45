#!/usr/bin/env bash
# The main job on the bundled example: builds the plugin, builds
# examples/rnd_flag.c (the shape of MySQL bug 97777) with full LTO and lld,
# once without and once with the CachelineLayout pass, prints the pass's
# classification, which globals shared a cache line before and where they
# are after, and runs both builds side by side.
#
#   bash scripts/demo.sh                  # ITERATIONS=20000000 RUNS=5
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
LLVM=/usr/lib/llvm-19/bin
ITERATIONS=${ITERATIONS:-20000000}
RUNS=${RUNS:-5}
THREADS=${THREADS:-$(nproc)}

bash "$ROOT/scripts/install-deps.sh"
cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
  -DLLVM_DIR=/usr/lib/llvm-19/lib/cmake/llvm \
  -DCMAKE_C_COMPILER="$LLVM/clang" -DCMAKE_CXX_COMPILER="$LLVM/clang++" >/dev/null
cmake --build "$BUILD_DIR" >/dev/null
PLUGIN=$BUILD_DIR/lib/CachelineLayout.so
OUT=$BUILD_DIR/demo
mkdir -p "$OUT"

echo "== building examples/rnd_flag.c: clang-19 -O2 -flto -fuse-ld=lld, without and with the pass"
"$LLVM/clang" -O2 -flto -fuse-ld=lld "$ROOT/examples/rnd_flag.c" -o "$OUT/rnd_flag.plain" -lpthread
CACHELINE_LAYOUT_REPORT=$OUT/report.json "$LLVM/clang" -O2 -flto -fuse-ld=lld \
  -fpass-plugin="$PLUGIN" -Wl,--load-pass-plugin="$PLUGIN" \
  "$ROOT/examples/rnd_flag.c" -o "$OUT/rnd_flag.pass" -lpthread

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
$CHECK "$OUT/rnd_flag.plain" || true
echo
echo "== after: the same lines with the pass"
$CHECK "$OUT/rnd_flag.pass"

echo
echo "== running both, interleaved: $RUNS runs each, $THREADS threads, $ITERATIONS iterations"
python3 - "$OUT/rnd_flag.plain" "$OUT/rnd_flag.pass" "$RUNS" "$THREADS" "$ITERATIONS" <<'PY'
import statistics, subprocess, sys, time
plain, passed, runs, threads, iters = sys.argv[1:6]
times = {plain: [], passed: []}
outputs = {}
for _ in range(int(runs)):
    for exe in (plain, passed):
        t0 = time.perf_counter()
        out = subprocess.run([exe, iters, threads], check=True,
                             stdout=subprocess.PIPE, text=True).stdout
        times[exe].append(time.perf_counter() - t0)
        outputs[exe] = out
base = statistics.median(times[plain])
with_pass = statistics.median(times[passed])
print("  without the pass: median %.3f s  %s" % (base, outputs[plain].strip()))
print("  with the pass:    median %.3f s  %s" % (with_pass, outputs[passed].strip()))
print("  pass/plain time ratio: %.3f" % (with_pass / base))
if outputs[plain] != outputs[passed]:
    sys.exit("outputs differ")
PY
