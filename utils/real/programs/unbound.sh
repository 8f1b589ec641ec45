# shellcheck shell=bash
# unbound (Debian 12 source package unbound, 1.17.1): a multi-threaded DNS
# resolver (num-threads worker threads, each with its own event loop and
# request mesh; shared slab-hashed caches). Sourced by utils/validate-real,
# with its helpers (fetch, built, mark_built, ldflags_of, link_env,
# variants, profile_*, behaviour, free_port, wait_port, stop_pid, ...).
ALL_PROGRAMS="$ALL_PROGRAMS unbound"

# ------------------------------------------------------------------ build
# ./configure in a copy of the source tree with the common flags and
# --with-pthreads (the default, named), --disable-shared: the shared
# libunbound's link goes through libtool, which drops -fuse-ld=lld from a
# shared library's link (as for SQLite's), and GNU ld then refuses
# --load-pass-plugin; `make unbound` depends on libunbound.la although the
# daemon does not link it. No libevent (unbound's own mini_event, compiled
# with the program), no python, dnstap, DoH, dnscrypt or systemd (Debian's
# build has them; the tests of those features skip themselves and are not
# in the subset below). llvm-ar: the static libunbound.a, which
# unbound-host and unbound-anchor link, holds bitcode.
# The daemon `unbound` is the binary with a report, linked by its own make;
# then `make tests` (all programs and the test tools: unittest, testbound,
# unbound-control, unbound-checkconf, streamtcp, petal, ...) with the same
# link flags and no report. The instrumented build has the daemon only (the
# profile stage drives it with the pass build's unbound-control).
unbound_build() {
  local v=$1 src=$2 d=$WORK/unbound/$1
  built "$d" "$v" && return 0
  log "unbound: building $v in $d ($([ "$v" = inst ] && echo unbound || echo unbound, make tests))"
  rm -rf "$d"; mkdir -p "$WORK/unbound"; cp -a "$src" "$d"
  (cd "$d" && CC=$CC_ABS CFLAGS="$(cflags_of "$v")" LDFLAGS="$(configure_ldflags_of "$v")" \
      AR="$LLVM/llvm-ar" RANLIB="$LLVM/llvm-ranlib" \
      ./configure --with-pthreads --disable-shared > configure.log 2>&1)
  local ld; ld=$(ldflags_of "$v")
  # shellcheck disable=SC2046
  env $(link_env "$v" "$d/unbound.report.json") make -C "$d" -j"$JOBS" LDFLAGS="$ld" unbound > "$d/make.log" 2>&1
  partial_build "$v" || make -C "$d" -j"$JOBS" LDFLAGS="$ld" tests >> "$d/make.log" 2>&1
  mark_built "$d" "$v"
}

# ------------------------------------------------------------------ tests
# Two suites, run in the build tree:
#  make_test: what `make test` runs (and debian/rules with it): ./unittest,
#    ./testbound -s, then ./testbound -p FILE -o -vvvvv for each of the 384
#    testdata/*.rpl replay files (the daemon's worker, mesh, iterator and
#    validator code against scripted upstream answers, in one process). One
#    TARGET line each: make test itself stops at the first failure.
#  tdir: the .tdir tests of `make longtest` (testcode/do-tests.sh: each
#    starts the real ./unbound, and ldns-testns as a local upstream, and
#    queries it with dig, streamtcp, unbound-control, ... on loopback), run
#    one by one with testcode/mini_tdir.sh. Needs dig (bind9-dnsutils) and
#    ldns-testns (ldnsutils), installed here. Left out:
#      00-lint, 01-doc, clang-analysis: splint, doxygen, clang's analyzer on
#        the sources (no test of the binaries);
#      02-unittest, 03-testbound: unittest and the .rpl files, suite
#        make_test above (they also run `make` for them themselves);
#      06-ianaports, root_anchor, root_hints: need the network (IANA's
#        site, the root servers);
#      acl_interface, proxy_protocol: create dummy network devices (ip link
#        add), which this container cannot;
#      fwd_compress_c00c: needs nc with -q (Debian's netcat-openbsd differs;
#        "bad size" without the pass too);
#      fwd_udptmout: its upstream answers after unbound's discard-timeout on
#        purpose; on two loaded cores the replies that should arrive in time
#        are dropped too (failed without the pass);
#      dnscrypt_*, dnstap*, doh_*, dynlibmod, ipset, nss_compile, padding,
#        pylib, pymod*: features not configured (they skip themselves).
#    That leaves 64 tests, about 9 minutes per build (most of it sleeps).
#    Tests run `make TOOL` for the tools they use; `make tests` built them
#    all, so nothing is relinked (checked: the stage fails when a binary of
#    the build tree changed).
UB_TDIRS="04-checkconf 05-asynclook 07-confroot 08-host-lib 09-unbound-control
10-unbound-anchor auth_axfr auth_https blanks_cached_zone blanks_https ctrl_itr
ctrl_pipe ede edns_cache fwd_ancil fwd_bogus fwd_capsid fwd_capsid_fallback
fwd_capsid_strip fwd_capsid_white fwd_edns_bksec fwd_edns_probe fwd_malformed
fwd_no_edns fwd_oneport fwd_tcp fwd_tcp_tc fwd_tcp_tc6 fwd_three
fwd_three_service fwd_ttlexpire fwd_udp fwd_udp_with_tcp_upstream fwd_waitudp
fwd_zero hostsfileosx http_user_agent local_nodefault local_norec
local_nosnoop ratelimit remote-threaded speed_cache speed_local ssl_req_order
ssl_req_timeout stat_timer stat_values stream_ssl stream_tcp stub_auth_tc
stub_udp stub_udp6 stub_udp_with_tcp_upstream svcb tcp_conn_limit
tcp_idle_timeout tcp_req_order tcp_req_size tcp_req_timeout tcp_reuse
tcp_sigpipe tls_reuse zonemd_reload"

unbound_tools() {
  local need=() p
  for p in bind9-dnsutils ldnsutils; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
  [ ${#need[@]} = 0 ] && return 0
  log "unbound: installing ${need[*]} (dig, ldns-testns: the .tdir tests)"
  apt-get install -y -q "${need[@]}" >/dev/null
}

# unbound_tdir [tdir/]NAME, in BUILD/testdata: one .tdir test; status 0
# when it passed (mini_tdir.sh leaves .done-NAME), 1 otherwise (.skip-NAME
# when it skipped itself: counted as a failure, the subset skips nothing).
unbound_tdir() {
  local n=${1#tdir/}
  rm -f ".done-$n" ".skip-$n" "result.$n"
  timeout -k 10 300 sh ../testcode/mini_tdir.sh -a ../.. exe "$n.tdir" > /dev/null 2>&1 || true
  [ -f ".done-$n" ]
}

# the build tree's executables and their checksums
unbound_sums() { (cd "$1" && find . -maxdepth 1 -type f -perm -u+x -newer configure.log -print0 | sort -z | xargs -0 sha1sum); }

unbound_test() {
  local v=$1 d=$WORK/unbound/$1 rc t x n
  local out=$RES/unbound/tests-make_test-$v.json out2=$RES/unbound/tests-tdir-$v.json
  local sums; sums=$(unbound_sums "$d")
  if [ ! -f "$out" ]; then
    log "unbound: make test's unittest, testbound -s and the $(ls "$d"/testdata/*.rpl | wc -l) .rpl replays on the $v build"
    t=$(date +%s)
    : > "$d/test.log"
    rc=0; (cd "$d" && ./unittest) >> "$d/test.log" 2>&1 || rc=$?
    echo "TARGET unittest rc=$rc" >> "$d/test.log"
    rc=0; (cd "$d" && ./testbound -s) >> "$d/test.log" 2>&1 || rc=$?
    echo "TARGET testbound-selftest rc=$rc" >> "$d/test.log"
    for x in "$d"/testdata/*.rpl; do
      n=${x##*/}
      rc=0; (cd "$d" && ./testbound -p "testdata/$n" -o -vvvvv) > "$d/rpl.out" 2>&1 || rc=$?
      # as make test: the output of a failed replay only
      [ $rc = 0 ] || tail -50 "$d/rpl.out" >> "$d/test.log"
      echo "TARGET rpl/$n rc=$rc" >> "$d/test.log"
    done
    rm -f "$d/rpl.out"
    echo $(( $(date +%s) - t )) > "$RES/unbound/test-seconds-make_test-$v"
    python3 "$RESULTS" tests targets "$d/test.log" "$out"
  fi
  if [ ! -f "$out2" ]; then
    unbound_tools
    log "unbound: $(echo $UB_TDIRS | wc -w) .tdir tests (the daemon on loopback) on the $v build"
    t=$(date +%s)
    : > "$d/tdir.log"
    (cd "$d/testdata" && sh ../testcode/mini_tdir.sh clean > /dev/null)
    for n in $UB_TDIRS; do
      rc=0; (cd "$d/testdata" && unbound_tdir "$n") || rc=1
      echo "TARGET tdir/$n rc=$rc" >> "$d/tdir.log"
      [ $rc = 0 ] || [ ! -f "$d/testdata/result.$n" ] || grep -v '^\[' "$d/testdata/result.$n" | tail -30 >> "$d/tdir.log"
    done
    echo $(( $(date +%s) - t )) > "$RES/unbound/test-seconds-tdir-$v"
    python3 "$RESULTS" tests targets "$d/tdir.log" "$out2"
    # Some depend on timing (timeouts, rate limits, idle connections).
    retry_failed unbound "$v" "$out2" tdir/ "$d/testdata" "$d/tdir-retry.log" unbound_tdir
  fi
  if [ "$sums" != "$(unbound_sums "$d")" ]; then
    log "unbound: the test suite relinked a binary of the $v build:"
    diff <(echo "$sums") <(unbound_sums "$d") | sed 's/^/  /' || true
    FAILED=1
  fi
}

unbound_layout() { layout_check unbound unbound; }
unbound_code() { code_check unbound unbound "$@"; }

# ---------------------------------------------------------- write profile
# The workload's client: CLIENTS processes, each with 4 UDP sockets (unbound
# binds one socket per thread with SO_REUSEPORT and the kernel spreads by
# source port: with one socket per client both could land on one thread)
# and 8 queries in flight, for SECS seconds; then 50 queries over one TCP
# connection each. Names: 40% hN.local.example (local-data, answered by the
# worker before the mesh), 50% wN.zone.example (an auth-zone for-upstream:
# the iterator resolves them from the zone, then the message and rrset
# caches answer), 10% nxK.zone.example (NXDOMAIN, K < 1000: cached
# negatives). Every answer is checked (rcode, the A record's address).
# Exit 1 when an answer is wrong or more than 1% of the queries got none.
unbound_client_py() {
  cat <<'EOF'
import json, random, select, socket, struct, sys, time
from multiprocessing import Process, Queue

def wire(name):
    return b"".join(bytes([len(l)]) + l.encode() for l in name.rstrip(".").split(".")) + b"\0"

def query(qid, name):
    return struct.pack(">HHHHHH", qid, 0x0100, 1, 0, 0, 0) + wire(name) + struct.pack(">HH", 1, 1)

def skip_name(m, i):
    while m[i]:
        if m[i] & 0xc0 == 0xc0:
            return i + 2
        i += m[i] + 1
    return i + 1

def right(m, want):
    flags, qd, an = struct.unpack(">HHH", m[2:8])
    if want == "nx":
        return flags & 0xf == 3 and an == 0
    if flags & 0xf or an < 1:
        return False
    i = skip_name(m, 12) + 4
    for _ in range(an):
        i = skip_name(m, i)
        t, c, ttl, rdl = struct.unpack(">HHIH", m[i:i + 10])
        i += 10
        if t == 1 and rdl == 4 and socket.inet_ntoa(m[i:i + 4]) == want:
            return True
        i += rdl
    return False

def pick(rng, nlocal, nzone):
    r = rng.random()
    if r < 0.4:
        k = rng.randrange(nlocal)
        return "h%d.local.example." % k, "10.0.%d.%d" % (k // 250, k % 250)
    if r < 0.9:
        k = rng.randrange(nzone)
        return "w%d.zone.example." % k, "192.0.2.%d" % (k % 250)
    return "nx%d.zone.example." % rng.randrange(1000), "nx"

def client(cid, port, secs, nlocal, nzone, q):
    rng = random.Random(cid)
    st = {"sent": 0, "answered": 0, "wrong": 0, "lost": 0, "tcp": 0, "tcp_wrong": 0, "wrong_names": []}
    socks = []
    for _ in range(4):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.connect(("127.0.0.1", port))
        socks.append(s)
    pending, nextid, k = {}, 1, 0
    end = time.time() + secs
    while time.time() < end or pending:
        while time.time() < end and len(pending) < 8:
            name, want = pick(rng, nlocal, nzone)
            socks[k % 4].send(query(nextid, name))
            pending[nextid] = (name, want, time.time())
            st["sent"] += 1
            nextid, k = nextid % 65535 + 1, k + 1
        for s in select.select(socks, [], [], 0.2)[0]:
            m = s.recv(4096)
            qid = struct.unpack(">H", m[:2])[0]
            if qid in pending:
                name, want, _ = pending.pop(qid)
                st["answered"] += 1
                if not right(m, want):
                    st["wrong"] += 1
                    st["wrong_names"] = (st["wrong_names"] + [name])[:5]
        now = time.time()
        for qid in [i for i, p in pending.items() if now - p[2] > 2.0]:
            del pending[qid]
            st["lost"] += 1
    t = socket.create_connection(("127.0.0.1", port), timeout=5)
    f = t.makefile("rb")
    for i in range(50):
        name, want = pick(rng, nlocal, nzone)
        p = query(i + 1, name)
        t.sendall(struct.pack(">H", len(p)) + p)
        m = f.read(struct.unpack(">H", f.read(2))[0])
        st["tcp"] += 1
        if not right(m, want):
            st["tcp_wrong"] += 1
    t.close()
    q.put(st)

port, secs, clients, nlocal, nzone, out = sys.argv[1:7]
port, secs, clients, nlocal, nzone = int(port), float(secs), int(clients), int(nlocal), int(nzone)
q = Queue()
ps = [Process(target=client, args=(c, port, secs, nlocal, nzone, q)) for c in range(clients)]
for p in ps:
    p.start()
res = [q.get() for _ in ps]
for p in ps:
    p.join()
tot = {k: sum(r[k] for r in res) for k in ("sent", "answered", "wrong", "lost", "tcp", "tcp_wrong")}
tot.update(clients=clients, seconds=secs, qps=round(tot["answered"] / secs),
           wrong_names=sum((r["wrong_names"] for r in res), []))
with open(out, "w") as f:
    json.dump(tot, f, indent=1)
print(json.dumps(tot))
sys.exit(0 if tot["answered"] and not tot["wrong"] and not tot["tcp_wrong"]
         and tot["lost"] * 100 <= tot["sent"] else 1)
EOF
}

UB_NLOCAL=50 UB_NZONE=200
# unbound_conf DIR PORT CONTROL-PORT: the configuration (and the zone file)
unbound_conf() {
  local d=$1 port=$2 cport=$3 k
  {
    printf '$ORIGIN zone.example.\n$TTL 3600\n'
    printf '@ IN SOA ns.zone.example. admin.zone.example. 1 3600 600 86400 300\n'
    printf '@ IN NS ns.zone.example.\nns IN A 127.0.0.1\n'
    for k in $(seq 0 $(( UB_NZONE - 1 ))); do echo "w$k IN A 192.0.2.$(( k % 250 ))"; done
  } > "$d/zone.example.zone"
  {
    printf 'server:\n'
    printf '\t%s\n' "num-threads: 2" "interface: 127.0.0.1" "port: $port" "do-ip6: no" \
      "do-daemonize: no" 'username: ""' 'chroot: ""' "directory: \"$d\"" \
      "pidfile: \"$d/unbound.pid\"" 'logfile: ""' "use-syslog: no" "verbosity: 1" \
      "outgoing-range: 256" "msg-cache-size: 4m" "msg-cache-slabs: 2" \
      "rrset-cache-size: 8m" "rrset-cache-slabs: 2" "infra-cache-slabs: 2" \
      "key-cache-slabs: 2" "access-control: 127.0.0.0/8 allow" \
      "extended-statistics: yes" 'local-zone: "local.example." static'
    for k in $(seq 0 $(( UB_NLOCAL - 1 ))); do
      printf '\tlocal-data: "h%d.local.example. 3600 IN A 10.0.%d.%d"\n' "$k" $(( k / 250 )) $(( k % 250 ))
    done
    printf 'auth-zone:\n'
    printf '\t%s\n' 'name: "zone.example."' "zonefile: \"$d/zone.example.zone\"" \
      "for-upstream: yes" "for-downstream: no" "fallback-enabled: no"
    printf 'remote-control:\n'
    printf '\t%s\n' "control-enable: yes" "control-interface: 127.0.0.1" \
      "control-port: $cport" "control-use-cert: no"
  } > "$d/unbound.conf"
}

# unbound-control commands sent once after the load (no reload: it stops
# and restarts the worker threads, a second start-up)
UB_CONTROL=(
  "status" "stats_noreset" "stats" "lookup w1.zone.example" "flush w1.zone.example"
  "flush_type w2.zone.example A" "flush_zone zone.example" "flush_negative" "flush_bogus"
  "flush_infra all" "flush_requestlist" "dump_requestlist" "dump_infra"
  "local_data extra.local.example. 3600 IN A 10.9.9.9" "local_data_remove extra.local.example."
  "local_zone other.example. static" "local_zone_remove other.example."
  "list_local_zones" "list_local_data" "list_auth_zones" "list_forwards" "list_stubs"
  "auth_zone_reload zone.example" "get_option num-threads" "set_option val-log-level: 1"
  "verbosity 1" "ratelimit_list" "ip_ratelimit_list" "dump_cache"
)

# The instrumented unbound (num-threads: 2, the configuration above) under
# the client for UB_PROFILE_SECS (default 5) seconds from 2 processes, then
# each unbound-control command once (the pass build's unbound-control), a
# second second of load (the answers after the flushes, resolved again),
# then SIGTERM: unbound's handler stops the workers and main returns, which
# writes the profile.
unbound_profile() {
  local src=$1 b=unbound
  unbound_build pass "$src"
  unbound_build inst "$src"
  if profile_current unbound $b; then profile_print unbound $b; return 0; fi
  local d; d=$(profile_start unbound $b 1)
  local secs=${UB_PROFILE_SECS:-5} port cport pid c rc bad=() ctl=$WORK/unbound/pass/unbound-control
  log "unbound: write profile: ${secs}s of queries from 2 clients, each unbound-control command once, SIGTERM (instrumented unbound, num-threads 2)"
  port=$(free_port); cport=$(free_port)
  while [ "$cport" = "$port" ]; do cport=$(free_port); done
  unbound_conf "$d" "$port" "$cport"
  unbound_client_py > "$d/dns-load.py"
  CACHELINE_LAYOUT_PROFILE_OUT=$d/prof.%p.json "$WORK/unbound/inst/unbound" -c "$d/unbound.conf" \
    > "$d/unbound.log" 2>&1 &
  pid=$!
  if ! wait_port "$port"; then
    behaviour "$d" FAILED "unbound did not listen on port $port (see $d/unbound.log)"
  else
    if python3 "$d/dns-load.py" "$port" "$secs" 2 $UB_NLOCAL $UB_NZONE "$d/load.json" > "$d/load.log" 2>&1; then
      behaviour "$d" ok "queries answered correctly: $(cat "$d/load.log")"
    else
      behaviour "$d" FAILED "queries: wrong or missing answers: $(tail -3 "$d/load.log")"
    fi
    : > "$d/control.log"
    for c in "${UB_CONTROL[@]}"; do
      echo "== unbound-control $c" >> "$d/control.log"
      rc=0
      # shellcheck disable=SC2086
      timeout 30 "$ctl" -c "$d/unbound.conf" $c >> "$d/control.log" 2>&1 || rc=$?
      [ $rc = 0 ] || bad+=("$c (exit $rc)")
    done
    if [ ${#bad[@]} = 0 ]; then
      behaviour "$d" ok "${#UB_CONTROL[@]} unbound-control commands answered"
    else
      behaviour "$d" FAILED "unbound-control commands failed: ${bad[*]} (see $d/control.log)"
    fi
    # both worker threads served queries (stats_noreset, the first stats)
    local q0 q1
    q0=$(awk -F= '/^thread0.num.queries=/ { print $2; exit }' "$d/control.log")
    q1=$(awk -F= '/^thread1.num.queries=/ { print $2; exit }' "$d/control.log")
    if [ "${q0:-0}" -gt 0 ] && [ "${q1:-0}" -gt 0 ]; then
      behaviour "$d" ok "queries per thread: $q0 and $q1"
    else
      behaviour "$d" FAILED "a worker thread served no query (thread0 ${q0:-?}, thread1 ${q1:-?})"
    fi
    if python3 "$d/dns-load.py" "$port" 1 2 $UB_NLOCAL $UB_NZONE "$d/load2.json" > "$d/load2.log" 2>&1; then
      behaviour "$d" ok "queries after the flushes answered correctly: $(cat "$d/load2.log")"
    else
      behaviour "$d" FAILED "queries after the flushes: wrong or missing answers: $(tail -3 "$d/load2.log")"
    fi
  fi
  stop_pid "$pid"
  if [ "$STOP_STATUS" = 0 ]; then
    behaviour "$d" ok "unbound exited with status 0 after SIGTERM"
  else
    behaviour "$d" FAILED "unbound exited with status $STOP_STATUS after SIGTERM (see $d/unbound.log)"
  fi
  [ -f "$d/prof.$pid.json" ] || behaviour "$d" FAILED "no profile prof.$pid.json written on SIGTERM"
  profile_finish unbound $b "$WORK/unbound/pass/$b.report.json" "$WORK/unbound/inst/$b.report.json"
}

unbound_compare() {
  # A quick run builds no plain variant.
  if [ "$QUICK" != 1 ]; then compare_tests unbound make_test tdir; fi
}

run_unbound() { run_stages unbound unbound; }
