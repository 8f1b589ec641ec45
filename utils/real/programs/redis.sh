# shellcheck shell=bash
# Redis (Debian 12 source package redis, 7.0.15): sourced by
# utils/validate-real, with its helpers (fetch, built, mark_built,
# ldflags_of, link_env, variants, profile_*, behaviour, stop_pid, ...).
# Stages: fetch, build (plain, pass, inst in WORK/redis/VARIANT), test
# (./runtest, a subset: below), layout (redis-server, redis-cli,
# redis-benchmark), profile (the instrumented redis-server with io-threads
# 2 under redis-benchmark). No benchmark stage: on two shared vCPUs
# redis-benchmark and the server's I/O threads compete for the same cores.
ALL_PROGRAMS="$ALL_PROGRAMS redis"

# Binaries with a report (one make per binary, so that each link writes its
# own); the instrumented build has the server only.
RD_BINS="redis-server redis-cli redis-benchmark"

# make in src/ with the variant's flags. As debian/rules builds it
# (USE_SYSTEM_JEMALLOC=yes USE_JEMALLOC=yes): Debian's libjemalloc (5.3),
# not the bundled deps/jemalloc; the bundled Lua, hiredis, linenoise and
# hdr_histogram, compiled with the same flags (bitcode in their archives,
# so llvm-ar). Without TLS and systemd (debian/rules has both; the test
# subset below runs without --tls).
# Not exported: src/Makefile links with -rdynamic on Linux, only so that
# the crash report's backtrace (backtrace_symbols_fd) names functions
# (modules reach the server through RedisModule_GetApi's table, not by
# symbol). With it every global is in the dynamic symbol table and the pass
# skips them as "exported: another module or library could write it" (727
# in redis-server, among them server, shared, io_threads_pending: a first
# build had 80 write-hot, 8 read-mostly, 41 neutral, 7019 skipped).
# -Wl,--no-export-dynamic comes after clang's -export-dynamic on the link
# line and wins; the crash report then shows addresses, not function names,
# in both builds (integration/logging expects names: not in the subset).
# SOURCE_DATE_EPOCH (dpkg-buildpackage sets it): src/mkreleasehdr.sh otherwise
# writes the host name and the build's time into REDIS_BUILD_ID, and two
# builds of one variant differ in redisBuildId (the code stage compares
# two builds function by function).
RD_MAKE_FLAGS="USE_JEMALLOC=yes USE_SYSTEM_JEMALLOC=yes BUILD_TLS=no USE_SYSTEMD=no REDIS_LDFLAGS=-Wl,--no-export-dynamic SOURCE_DATE_EPOCH=946684800"
redis_make() {  # VARIANT DIR LINK-ENV make-args... (LINK-ENV: link_env's output or "")
  local v=$1 d=$2 e=$3; shift 3
  # shellcheck disable=SC2086
  env $e make -C "$d/src" V=1 CC="$CC_ABS" CFLAGS="$(cflags_of "$v")" LDFLAGS="$(ldflags_of "$v")" \
    AR="$LLVM/llvm-ar" RANLIB="$LLVM/llvm-ranlib" \
    $RD_MAKE_FLAGS "$@"
}

redis_build() {
  local v=$1 src=$2 d=$WORK/redis/$1 b bins=$RD_BINS
  # built: the plugin and the common flags; .redis-flags: these make flags
  built "$d" "$v" && [ "$(cat "$d/.redis-flags" 2>/dev/null)" = "$RD_MAKE_FLAGS" ] && return 0
  [ "$v" = inst ] && bins=redis-server
  log "redis: building $v in $d ($bins)"
  rm -rf "$d"; mkdir -p "$WORK/redis"; cp -a "$src" "$d"
  # The bundled libraries first (their make also links lua and luac): no
  # report in the environment of those links.
  redis_make "$v" "$d" "" -j"$JOBS" .make-prerequisites > "$d/make.log" 2>&1
  for b in $bins; do
    redis_make "$v" "$d" "$(link_env "$v" "$d/$b.report.json")" -j"$JOBS" "$b" >> "$d/make.log" 2>&1
  done
  # redis-sentinel, redis-check-rdb, redis-check-aof: copies of
  # redis-server (nothing is linked again)
  partial_build "$v" || redis_make "$v" "$d" "" -j"$JOBS" all >> "$d/make.log" 2>&1
  echo "$RD_MAKE_FLAGS" > "$d/.redis-flags"
  mark_built "$d" "$v"
}

# ------------------------------------------------------------------- tests
# Redis's own suite (./runtest, Tcl): one run of every unit of
# tests/test_helper.tcl except those below, --clients 2, as uid 65534
# (debian/rules runs it as a build user too; as root integration/rdb
# leaves out its test of an unreadable RDB file). The
# whole suite takes 12.4 min per build on two shared cores (84 units; 1183
# unit-seconds), 9 of them master/replica units account for 561 s, mostly
# sleeping while replicas sync: left out to stay near 5 min per build:
#   integration/replication (236 s), replication-psync (163), psync2 (42),
#   replication-4 (32), block-repl (27), psync2-reg (23), psync2-pingoff
#   (16), replication-buffer (14), psync2-master-restart (8)
# (replication-2, replication-3 and failover, 25 s, stay in). Also left out:
# unit/memefficiency (its solo "defrag" block runs 146 s on its own) and
# integration/logging (it expects function names in the crash report's
# backtrace: the binaries are linked without -rdynamic, above).
RD_SKIP_UNITS="integration/replication integration/replication-psync integration/psync2 integration/replication-4 integration/block-repl integration/psync2-reg integration/psync2-pingoff integration/replication-buffer integration/psync2-master-restart unit/memefficiency integration/logging"
RD_RUNTEST="./runtest --clients 2 --timeout 600"

# runtest's log as 'TARGET unit rc=N' lines (results.py tests targets), per
# unit: 1 when an [err] line names its file (a failed test, the summary
# repeats it), else 0 when the unit reported done, else 2 (an exception or
# a timeout stopped the run before it finished).
redis_units_of_log() {  # LOG UNIT... (stdout: the TARGET lines)
  local log=$1 u rc clean; shift
  clean=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  for u in "$@"; do
    if grep -F '[err]: ' <<< "$clean" | grep -qF " in tests/$u.tcl"; then rc=1
    elif grep -qF "done]: $u (" <<< "$clean"; then rc=0
    else rc=2; fi
    echo "TARGET $u rc=$rc"
  done
}

redis_test() {
  local v=$1 d=$WORK/redis/$1 out=$RES/redis/tests-runtest-$1.json u skip=() units=()
  [ -f "$out" ] && return 0
  for u in $RD_SKIP_UNITS; do skip+=(--skipunit "$u"); done
  for u in $(cd "$d" && ./runtest --list-tests); do
    case " $RD_SKIP_UNITS " in *" $u "*) ;; *) units+=("$u") ;; esac
  done
  log "redis: $RD_RUNTEST on the $v build, ${#units[@]} units (as uid $TEST_UID)"
  chown -R $TEST_UID:$TEST_GID "$d"
  local t=$(date +%s)
  # shellcheck disable=SC2086
  (cd "$d" && as_user $RD_RUNTEST "${skip[@]}" > "$d/test.log" 2>&1) || true
  echo $(( $(date +%s) - t )) > "$RES/redis/test-seconds-$v"
  log "redis: $v build: $(sed 's/\x1b\[[0-9;]*m//g' "$d/test.log" | grep -c '^\[ok\]: ') tests ok, $(sed 's/\x1b\[[0-9;]*m//g' "$d/test.log" | grep -c '^\[err\]: ') [err], in $(cat "$RES/redis/test-seconds-$v") s"
  redis_units_of_log "$d/test.log" "${units[@]}" > "$d/test-units.log"
  python3 "$RESULTS" tests targets "$d/test-units.log" "$out"
  # Some tests depend on timing (latency, expiry, client timeouts): a unit
  # that failed runs once more on its own.
  # shellcheck disable=SC2086
  retry_failed redis "$v" "$out" "" "$d" "$d/retry.log" as_user $RD_RUNTEST --single
}

redis_code() { local b; for b in $RD_BINS; do code_check redis "src/$b" "$@"; done; }

redis_layout() {
  local b
  for b in $RD_BINS; do layout_check redis "src/$b"; done
}

# ----------------------------------------------------------------- profile
# The instrumented redis-server with io-threads 2 (reads too): a
# redis-benchmark run (the pass build's, --threads 2, -c 32), then each
# command of RD_ADMIN once on a connection of its own (the pass build's
# redis-cli), then SIGTERM (Redis's handler shuts down from serverCron and
# returns through exit(0), which writes the profile). No RDB snapshots
# (save ""): a forked child leaves with _exit and writes no profile; SAVE
# below saves in the server process.
RD_BENCH_TESTS=set,get,incr,lpush,rpop,sadd,hset,zadd,mset
RD_BENCH_N=${RD_BENCH_N:-20000}
RD_ADMIN=(
  "PING" "INFO everything" "CONFIG GET *" "CONFIG SET maxmemory 256mb"
  "CONFIG SET maxmemory-policy allkeys-lru" "CONFIG SET hz 20"
  "CONFIG SET slowlog-log-slower-than 500" "CONFIG SET loglevel verbose"
  "CONFIG SET latency-monitor-threshold 5" "CONFIG SET lazyfree-lazy-user-del yes"
  "CONFIG SET activerehashing no" "SLOWLOG GET 5" "SLOWLOG RESET" "LATENCY LATEST"
  "CLIENT LIST" "CLIENT SETNAME admin" "CLIENT NO-EVICT on" "DBSIZE" "MEMORY STATS"
  "MEMORY DOCTOR" "MEMORY USAGE key:__rand_int__" "COMMAND COUNT" "COMMAND INFO get"
  "ACL SETUSER profiler on >pw ~* +@read" "ACL LIST" "ACL DELUSER profiler"
  "OBJECT ENCODING mylist" "SCAN 0 COUNT 100" "RANDOMKEY" "TIME" "LASTSAVE"
  "CONFIG RESETSTAT" "SAVE" "FLUSHALL ASYNC" "INFO stats"
)

redis_profile() {
  local src=$1 b=redis-server
  redis_build pass "$src"
  redis_build inst "$src"
  if profile_current redis $b; then profile_print redis $b; return 0; fi
  local d; d=$(profile_start redis $b 1)
  local cli=$WORK/redis/pass/src/redis-cli bench=$WORK/redis/pass/src/redis-benchmark
  local port pid ok=0 bad=() c out rps args
  port=$(free_port)
  log "redis: write profile: redis-benchmark -c 32 --threads 2 -n $RD_BENCH_N -t $RD_BENCH_TESTS, ${#RD_ADMIN[@]} admin commands once, SIGTERM (instrumented redis-server, io-threads 2)"
  CACHELINE_LAYOUT_PROFILE_OUT=$d/prof.%p.json "$WORK/redis/inst/src/redis-server" \
    --port "$port" --bind 127.0.0.1 --io-threads 2 --io-threads-do-reads yes \
    --save '' --appendonly no --dir "$d" --dbfilename dump.rdb --daemonize no \
    --logfile "$d/redis-server.log" > "$d/redis-server.out" 2>&1 &
  pid=$!
  if ! wait_port "$port" || [ "$("$cli" -p "$port" PING 2>&1)" != PONG ]; then
    behaviour "$d" FAILED "redis-server did not answer PING on port $port (see $d/redis-server.log)"
  else
    behaviour "$d" ok "redis-server answered PING"
    "$bench" -p "$port" -c 32 --threads 2 -n "$RD_BENCH_N" -r 100000 -t "$RD_BENCH_TESTS" --csv \
      > "$d/redis-benchmark.csv" 2> "$d/redis-benchmark.err" || true
    # --csv: a header, then "TEST","rps",latencies... per test
    rps=$(awk -F'"' 'NR > 1 && $4 + 0 > 0 { n++; printf "%s%s %d", (n > 1 ? ", " : ""), $2, $4 } END { if (!n) exit 1 }' \
          "$d/redis-benchmark.csv") || rps=""
    if [ -n "$rps" ] && [ "$(awk -F'"' 'NR > 1 && $4 + 0 > 0' "$d/redis-benchmark.csv" | wc -l)" = "$(echo "$RD_BENCH_TESTS" | tr ',' '\n' | wc -l)" ]; then
      behaviour "$d" ok "redis-benchmark requests/s: $rps"
    else
      behaviour "$d" FAILED "redis-benchmark: results missing (see $d/redis-benchmark.csv, .err)"
    fi
    # The I/O threads did work (io-threads starts them only when enough
    # clients have pending output).
    out=$("$cli" -p "$port" INFO stats 2>&1 | tr -d '\r' | grep '^io_threaded_' | tr '\n' ' ')
    if echo "$out" | grep -q 'io_threaded_writes_processed:[1-9]'; then
      behaviour "$d" ok "I/O threads used: $out"
    else
      behaviour "$d" FAILED "the I/O threads processed nothing: $out"
    fi
    : > "$d/admin.log"
    for c in "${RD_ADMIN[@]}"; do
      read -ra args <<< "$c"   # words, no glob expansion ("CONFIG GET *")
      out=$("$cli" -p "$port" "${args[@]}" 2>&1) || true
      printf '> %s\n%s\n' "$c" "$out" >> "$d/admin.log"
      case $out in
        ERR*|"Could not connect"*|"Error:"*|"(error)"*|WRONGTYPE*|NOPERM*) bad+=("$c") ;;
        *) ok=$(( ok + 1 )) ;;
      esac
    done
    if [ ${#bad[@]} = 0 ]; then
      behaviour "$d" ok "admin commands answered: $ok of ${#RD_ADMIN[@]}"
    else
      behaviour "$d" FAILED "admin commands: $ok answered, errors for: ${bad[*]} (see $d/admin.log)"
    fi
  fi
  stop_pid "$pid"
  if [ "$STOP_STATUS" = killed ]; then
    behaviour "$d" FAILED "redis-server did not stop within 30 s of SIGTERM (killed)"
  elif [ "$STOP_STATUS" = 0 ]; then
    behaviour "$d" ok "redis-server exited with status 0 after SIGTERM"
  else
    behaviour "$d" FAILED "redis-server exited with status $STOP_STATUS after SIGTERM (see $d/redis-server.log)"
  fi
  [ -f "$d/prof.$pid.json" ] || behaviour "$d" FAILED "no profile prof.$pid.json written on SIGTERM"
  rm -f "$d/dump.rdb"
  profile_finish redis $b "$WORK/redis/pass/$b.report.json" "$WORK/redis/inst/$b.report.json"
}

redis_compare() { compare_tests redis runtest; }

run_redis() { run_stages redis redis; }
