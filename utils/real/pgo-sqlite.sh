#!/usr/bin/env bash
# The pass with a profile: SQLite's configuration.
#
# Without a profile, sqlite3Config (the library's configuration, written by
# sqlite3_config and read on every allocation and mutex call) is write-hot:
# sqlite3_config may be called at any time as far as the analysis can see.
# With a profile (rule 3) its few run-time writes are rare.
#
# speedtest1 (SQLite's own benchmark, the amalgamation that the plain
# build of utils/validate-real made) is
# 1. built with -fprofile-instr-generate (full LTO, no pass);
# 2. trained: speedtest1 --size 10 --threads 2 --memdb;
# 3. rebuilt with -fprofile-instr-use and the pass;
# 4. the classes of both reports compared (results.py pgo-compare).
#
#   utils/real/pgo-sqlite.sh SRC BUILD WORK PLUGIN
#     SRC: the sqlite3 source tree (WORK/src/sqlite3-3.40.1), BUILD: a
#          configured and built tree holding sqlite3.c (WORK/sqlite/plain)
#     NOPGO_REPORT (environment): the report of a build without a profile
#          (default WORK/sqlite/pass/speedtest1.report.json)
set -euo pipefail
SRC=$1 BUILD=$2 WORK=$3 PLUGIN=$4
LLVM=/usr/lib/llvm-19/bin
D=$WORK/pgo-sqlite
NOPGO_REPORT=${NOPGO_REPORT:-$WORK/sqlite/pass/speedtest1.report.json}
log() { echo "[pgo-sqlite] $*"; }
# The flags of SQLite's Makefile for speedtest1.
CFLAGS=(-O2 -flto -DSQLITE_OS_UNIX=1 -I"$BUILD" -I"$SRC/src" -D_HAVE_SQLITE_CONFIG_H
        -DBUILD_sqlite -DNDEBUG -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_MATH_FUNCTIONS
        -DSQLITE_HAVE_ZLIB=1 -DSQLITE_OS_KV_OPTIONAL)
SOURCES=("$SRC/test/speedtest1.c" "$BUILD/sqlite3.c")

rm -rf "$D"; mkdir -p "$D"
log "building speedtest1 with -fprofile-instr-generate"
$LLVM/clang "${CFLAGS[@]}" -fprofile-instr-generate -fuse-ld=lld \
  "${SOURCES[@]}" -o "$D/speedtest1-gen" -lm -lz

log "training: speedtest1 --size 10 --threads 2 --memdb"
LLVM_PROFILE_FILE=$D/speedtest1.profraw "$D/speedtest1-gen" --size 10 \
  --threads 2 --memdb > "$D/train.log" 2>&1
$LLVM/llvm-profdata merge -o "$D/speedtest1.profdata" "$D/speedtest1.profraw"

log "rebuilding with -fprofile-instr-use and the pass"
CACHELINE_LAYOUT_REPORT=$D/speedtest1.report.json $LLVM/clang "${CFLAGS[@]}" \
  -fprofile-instr-use="$D/speedtest1.profdata" -fuse-ld=lld \
  -Wl,--load-pass-plugin="$PLUGIN" "${SOURCES[@]}" -o "$D/speedtest1" -lm -lz

python3 "$(dirname "$0")/results.py" pgo-compare "$NOPGO_REPORT" "$D/speedtest1.report.json"
