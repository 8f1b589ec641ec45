#!/usr/bin/env bash
# The pass with a profile: memcached's rarely written configuration.
#
# Without a profile the pass cannot tell an admin command (`verbosity`,
# `cache_memlimit`, `lru tune`) from `get`/`set`: all are dispatched from the
# same per-request code, so what they write is write-hot. With a profile
# (rule 3: estimated writes >= -cacheline-hot-write-count, 1000) it can.
#
# 1. memcached built with -fprofile-instr-generate (full LTO, no pass);
# 2. trained: memcaslap against `memcached -t 2` for a few seconds, and each
#    admin command once;
# 3. rebuilt with -fprofile-instr-use and the pass;
# 4. the classes of both reports printed side by side.
#
#   utils/real/pgo-memcached.sh SRC WORK PLUGIN
#     SRC: the memcached source tree (utils/validate-real fetches it to
#          WORK/src/memcached-1.6.18), PLUGIN: CachelineLayout.so
#     NOPGO_REPORT (environment): the report of a build without a profile
#          (default WORK/memcached/pass/memcached.report.json)
set -euo pipefail
SRC=$1 WORK=$2 PLUGIN=$3
LLVM=/usr/lib/llvm-19/bin
D=$WORK/pgo-memcached
NOPGO_REPORT=${NOPGO_REPORT:-$WORK/memcached/pass/memcached.report.json}
log() { echo "[pgo-memcached] $*"; }

rm -rf "$D"; mkdir -p "$D"; cp -a "$SRC" "$D/src"
cd "$D/src"
CC=$LLVM/clang CFLAGS="-O2 -flto" LDFLAGS="-flto -fuse-ld=lld" \
  ./configure --disable-coverage > "$D/configure.log" 2>&1

log "building memcached with -fprofile-instr-generate"
make -j2 CFLAGS="-O2 -flto -fprofile-instr-generate" \
  LDFLAGS="-flto -fuse-ld=lld -fprofile-instr-generate" memcached > "$D/make-gen.log" 2>&1

log "training: memcaslap 5 s, then each admin command once"
port=22311
user=(); [ "$(id -u)" = 0 ] && user=(-u root)
LLVM_PROFILE_FILE=$D/memcached-%p.profraw ./memcached "${user[@]}" -t 2 \
  -l 127.0.0.1 -p $port -U 0 -m 512 &
pid=$!
for _ in $(seq 50); do
  (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1
done
memcaslap -s 127.0.0.1:$port -T 2 -c 32 -t 5s > "$D/memcaslap.log" 2>&1
{
  exec 3<>/dev/tcp/127.0.0.1/$port
  printf 'verbosity 1\r\ncache_memlimit 600\r\nlru tune 10 25 0.1 2.0\r\nslabs automove 1\r\nstats\r\nquit\r\n' >&3
  cat <&3 > "$D/admin.log" || true
}
kill -TERM "$pid"; wait "$pid" || true
$LLVM/llvm-profdata merge -o "$D/memcached.profdata" "$D"/memcached-*.profraw

log "rebuilding with -fprofile-instr-use and the pass"
make clean > /dev/null
CACHELINE_LAYOUT_REPORT=$D/memcached.report.json make -j2 \
  CFLAGS="-O2 -flto -fprofile-instr-use=$D/memcached.profdata -Wno-profile-instr-unprofiled -Wno-profile-instr-out-of-date" \
  LDFLAGS="-flto -fuse-ld=lld -Wl,--load-pass-plugin=$PLUGIN" memcached > "$D/make-use.log" 2>&1

python3 "$(dirname "$0")/results.py" pgo-compare "$NOPGO_REPORT" "$D/memcached.report.json"
