# LevelDB 1.23 (Debian 12 source package leveldb): a multi-threaded C++
# key-value store library (a background compaction thread; db_bench's
# --threads=N client threads), sourced by utils/validate-real.
#
# CMake, out of tree, static library (so that the library's code is inside
# each executable's LTO link), its unit tests on Debian's googletest,
# gmock and libbenchmark (Debian's patch 0120-external_testing links the
# system's instead of the missing third_party submodules). Configured
# with the plain flags; then configured once more (the check results are
# cached, no check runs again) with the variant's link flags and a linker
# launcher (CMAKE_C/CXX_LINKER_LAUNCHER, WORK/leveldb/VARIANT/link-launcher)
# that gives each link of an executable NAME the environment of
# link_env VARIANT WORK/leveldb/VARIANT/NAME.report.json: every executable
# (db_bench, leveldbutil, each test) writes its own report.
#
#   test:    each of the CMake tests (ctest -N: 30 programs, 29 of them
#            gtest binaries) run on its own with TEST_TMPDIR in the build
#            tree; one 'TARGET BINARY:Suite.Case rc=N' line per gtest case
#            (results.py tests targets); a failed case is run once more
#   layout:  db_bench and db_test
#   profile: the instrumented db_bench --threads=2 (LV_PROFILE_ARGS)
ALL_PROGRAMS="$ALL_PROGRAMS leveldb"

LV_LAYOUT_BINS="db_bench db_test"
LV_PROFILE_BENCHMARKS="fillseq,fillrandom,overwrite,readrandom,readseq,readreverse,readwhilewriting,seekrandom,readhot,deleterandom,compact,readrandom,fill100K,crc32c,snappycomp,snappyuncomp,stats"
LV_PROFILE_ARGS="--threads=2 --num=${LV_PROFILE_NUM:-50000} --benchmarks=$LV_PROFILE_BENCHMARKS"

leveldb_build() {
  local v=$1 src=$2 d=$WORK/leveldb/$1
  built "$d" "$v" && return 0
  log "leveldb: building $v in $d ($([ "$v" = inst ] && echo db_bench || echo the library, db_bench, leveldbutil, the tests))"
  rm -rf "$d"; mkdir -p "$d"
  # The launcher: the link command line is its arguments; the executable
  # is the argument after -o.
  {
    echo '#!/bin/sh'
    echo 'out=; prev=; for a in "$@"; do [ "$prev" = -o ] && out=$a; prev=$a; done'
    echo 'name=$(basename "$out")'
    if [ "$v" = plain ]; then
      echo 'exec "$@"'
    else
      echo "exec env $(link_env "$v" "$d/@NAME@.report.json" | sed 's/@NAME@/$name/g') \"\$@\""
    fi
  } > "$d/link-launcher"
  chmod +x "$d/link-launcher"
  local common=(-G Ninja -S "$src" -B "$d/build" -DCMAKE_BUILD_TYPE=
                -DCMAKE_C_COMPILER="$CC_ABS" -DCMAKE_CXX_COMPILER="$LLVM/clang++"
                -DCMAKE_AR="$LLVM/llvm-ar" -DCMAKE_RANLIB="$LLVM/llvm-ranlib"
                -DCMAKE_C_FLAGS="$(cflags_of "$v")" -DCMAKE_CXX_FLAGS="$(cflags_of "$v")"
                -DBUILD_SHARED_LIBS=OFF -DLEVELDB_BUILD_TESTS=ON -DLEVELDB_BUILD_BENCHMARKS=ON
                -DLEVELDB_INSTALL=OFF)
  # The configure checks link with the plain flags (they would run the
  # pass otherwise); the second call only changes the build's link flags.
  cmake "${common[@]}" -DCMAKE_EXE_LINKER_FLAGS="$(configure_ldflags_of "$v")" > "$d/configure.log" 2>&1
  cmake "${common[@]}" -DCMAKE_EXE_LINKER_FLAGS="$(ldflags_of "$v")" \
        -DCMAKE_C_LINKER_LAUNCHER="$d/link-launcher" -DCMAKE_CXX_LINKER_LAUNCHER="$d/link-launcher" \
        >> "$d/configure.log" 2>&1
  # The instrumented build: db_bench only (the profile stage's).
  local targets=()
  [ "$v" = inst ] && targets=(db_bench)
  partial_build "$v" && [ "$v" != inst ] && targets=($LV_LAYOUT_BINS)
  ninja -C "$d/build" -j"$JOBS" "${targets[@]}" > "$d/build.log" 2>&1
  mark_built "$d" "$v"
}

# One unit per gtest case ("BINARY:Suite.Case", from gtest's "[       OK ]"
# and "[  FAILED  ] ... (N ms)" lines); a binary that prints no case
# (c_test: plain C) is one unit "BINARY"; a gtest binary that exits non-zero
# with no failed case (a crash, the timeout) adds a unit "BINARY:exit".
leveldb_test_units() {  # BINARY RC LOG: the TARGET lines
  local b=$1 rc=$2 log=$3
  local units
  units=$(sed -n -e "s/^\[       OK \] \([^ ]*\) (.*/TARGET $b:\1 rc=0/p" \
                 -e "s/^\[  FAILED  \] \([^ ]*\) (.*/TARGET $b:\1 rc=1/p" "$log")
  if [ -z "$units" ]; then
    echo "TARGET $b rc=$rc"
  else
    echo "$units"
    if [ "$rc" != 0 ] && ! echo "$units" | grep -q 'rc=1$'; then echo "TARGET $b:exit rc=$rc"; fi
  fi
}

leveldb_test() {
  local v=$1 d=$WORK/leveldb/$1 out=$RES/leveldb/tests-ctest-$1.json
  [ -f "$out" ] && return 0
  local names t rc t0
  names=$(cd "$d/build" && ctest -N | sed -n 's/^ *Test *#[0-9]*: *//p')
  log "leveldb: the $(echo $names | wc -w) test programs of ctest -N, one run each, on the $v build"
  rm -rf "$d/testtmp" "$d/testlogs"; mkdir -p "$d/testtmp" "$d/testlogs"
  : > "$d/test.log"
  t0=$(date +%s)
  for t in $names; do
    rc=0
    (cd "$d/build" && TEST_TMPDIR=$d/testtmp timeout 1200 "./$t" > "$d/testlogs/$t.log" 2>&1) || rc=$?
    cat "$d/testlogs/$t.log" >> "$d/test.log"
    echo "TEST PROGRAM $t rc=$rc" >> "$d/test.log"
    leveldb_test_units "$t" "$rc" "$d/testlogs/$t.log" >> "$d/test.log"
  done
  echo $(( $(date +%s) - t0 )) > "$RES/leveldb/test-seconds-$v"
  python3 "$RESULTS" tests targets "$d/test.log" "$out"
  # Some cases depend on the timing of the background compaction
  # (DBTest.HiddenValuesAreRemoved, google/leveldb#188): a failed case
  # runs once more on its own (--gtest_filter), a failed program again.
  retry_failed leveldb "$v" "$out" "" "$d/build" "$d/retry.log" \
    env TEST_TMPDIR="$d/testtmp" timeout 1200 bash -c \
    'b=${0%%:*} c=${0#*:}; if [ "$b" = "$0" ] || [ "$c" = exit ]; then exec "./$b"; else exec "./$b" --gtest_filter="$c"; fi'
}

leveldb_code() { local b; for b in $LV_LAYOUT_BINS; do code_check leveldb "build/$b" "$@"; done; }

leveldb_layout() {
  local b
  for b in $LV_LAYOUT_BINS; do layout_check leveldb "build/$b"; done
}

# The instrumented db_bench, two client threads (three in
# readwhilewriting) beside leveldb's compaction thread, on a database in
# the profile directory: one process, one profile.
leveldb_profile() {
  local src=$1 b=db_bench d rc bm missing=""
  leveldb_build pass "$src"
  leveldb_build inst "$src"
  if profile_current leveldb $b; then profile_print leveldb $b; return 0; fi
  d=$(profile_start leveldb $b 1)
  log "leveldb: write profile: db_bench $LV_PROFILE_ARGS (instrumented)"
  rc=0
  (cd "$d" && CACHELINE_LAYOUT_PROFILE_OUT="$d/prof.%p.json" "$WORK/leveldb/inst/build/db_bench" \
     $LV_PROFILE_ARGS --db="$d/db" > "$d/db_bench.log" 2>&1) || rc=$?
  if [ $rc = 0 ]; then behaviour "$d" ok "db_bench exited 0"
  else behaviour "$d" FAILED "db_bench exited $rc (see $d/db_bench.log)"; fi
  # Each benchmark prints "NAME : X micros/op;" after its progress lines
  # ("... finished N ops" and a carriage return).
  tr '\r' '\n' < "$d/db_bench.log" > "$d/db_bench.lines"
  for bm in $(echo "$LV_PROFILE_BENCHMARKS" | tr , ' '); do
    case $bm in stats) continue ;; esac
    grep -q "^$bm *: *[0-9.]* micros/op;" "$d/db_bench.lines" || missing="$missing $bm"
  done
  if [ -z "$missing" ]; then
    behaviour "$d" ok "every benchmark reported its micros/op ($(grep -c 'micros/op;' "$d/db_bench.lines") lines)"
  else
    behaviour "$d" FAILED "no micros/op line for:$missing (see $d/db_bench.log)"
  fi
  if grep -q 'Compactions' "$d/db_bench.lines"; then
    behaviour "$d" ok "stats printed the compaction table"
  else
    behaviour "$d" FAILED "stats printed no compaction table (see $d/db_bench.log)"
  fi
  ls "$d"/prof.*.json >/dev/null 2>&1 || behaviour "$d" FAILED "db_bench wrote no profile"
  rm -rf "$d/db"
  profile_finish leveldb $b "$WORK/leveldb/pass/$b.report.json" "$WORK/leveldb/inst/$b.report.json"
}

leveldb_compare() { compare_tests leveldb ctest; }

run_leveldb() { run_stages leveldb leveldb; }
