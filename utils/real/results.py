#!/usr/bin/env python3
"""Helpers of utils/validate-real: parse test logs, compare runs, audit
and check binaries, run and summarise the benchmarks.

  results.py tests KIND LOG OUT.json       KIND: memcached, sqlite, threadtest3, zstd
  results.py compare PLAIN.json PASS.json  exit 1 when a test passing in PLAIN fails in PASS
  results.py failing OUT.json PREFIX       the failed tests whose names start with PREFIX
  results.py mark OUT.json TEST STATUS     set one test's status (after a rerun)
  results.py pgo-compare NOPGO.json PGO.json  classes that a profile changes
  results.py layout PROG NAME PLAIN PASS REPORT OUTDIR AUDIT CHECK
  results.py summary WORKDIR [--markdown]
  results.py profile PROG BIN FACTS PASS-REPORT INST-REPORT PROFDIR OUTDIR
      merge the write profiles PROFDIR/prof.*.json (cacheline-facts
      profile-merge), compare them with the pass build's report
      (profile-compare, text and --json), check the instrumented build's
      report has the same classes; OUTDIR/BIN.profile-summary.json; exit 1
      when a profile is missing or unreadable or the workload misbehaved
  results.py profile-print SUMMARY.json

Only the standard library: the script runs on a fresh Debian 12.
"""
import glob
import json
import os
import re
import statistics
import subprocess
import sys


def save(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def load(path, default=None):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return default


# --------------------------------------------------------------- test logs

def parse_memcached(text, srcdir):
    """make test: ./testapp (TAP) then prove t/*.t. Unit: a testapp case
    or a t/*.t file."""
    res = {}
    for m in re.finditer(r"^(not ok|ok) (\d+) - (.*)$", text, re.M):
        # prove's own TAP lines are not printed without -v, so these are
        # testapp's.
        res["testapp:" + m.group(3).strip()] = \
            "pass" if m.group(1) == "ok" else "fail"
    universe = sorted(os.path.relpath(p, srcdir)
                      for p in glob.glob(os.path.join(srcdir, "t", "*.t")))
    status = {}
    for m in re.finditer(r"^(t/[\w.\-]+\.t) \.+ ?(.*)$", text, re.M):
        rest = m.group(2)
        if rest.startswith("ok"):
            status[m.group(1)] = "pass"
        elif rest.startswith("skipped"):
            status[m.group(1)] = "skip"
        else:
            status.setdefault(m.group(1), "fail")
    summary = text.split("Test Summary Report", 1)
    if len(summary) == 2:
        for m in re.finditer(r"^(t/[\w.\-]+\.t) \(", summary[1], re.M):
            status[m.group(1)] = "fail"
    for t in universe:
        res[t] = status.get(t, "not run")
    return res


def parse_sqlite(text):
    """testrunner.tcl: its database testrunner.db has a row per job; the
    driver dumps 'JOB|STATE' lines into the log after the run."""
    res = {}
    for m in re.finditer(r"^JOB (\S.*?)\|(\w+)$", text, re.M):
        state = m.group(2)
        res[m.group(1)] = {"done": "pass", "failed": "fail",
                           "omit": "skip"}.get(state, state)
    return res


def parse_threadtest3(text):
    """threadtest3: '<name>  <n>ms' on success; 'Error ...', 'FAILED' or a
    missing line otherwise. The driver runs it once per test name and
    prints 'TEST name rc=N' after each."""
    res = {}
    for m in re.finditer(r"^TEST (\S+) rc=(\d+)$", text, re.M):
        res[m.group(1)] = "pass" if m.group(2) == "0" else "fail"
    return res


def parse_zstd(text):
    """make -C tests TARGET, one run per target; the driver prints
    'TARGET name rc=N' after each."""
    res = {}
    for m in re.finditer(r"^TARGET (\S+) rc=(\d+)$", text, re.M):
        res[m.group(1)] = "pass" if m.group(2) == "0" else "fail"
    return res


def failed_tests(results, prefix=""):
    return sorted(t for t, s in results.items()
                  if s == "fail" and t.startswith(prefix))


def cmd_tests(kind, log, out, srcdir="."):
    with open(log, errors="replace") as f:
        text = f.read()
    res = {"memcached": lambda t: parse_memcached(t, srcdir),
           "sqlite": parse_sqlite, "threadtest3": parse_threadtest3,
           "zstd": parse_zstd, "targets": parse_zstd}[kind](text)
    save(out, res)
    n = {s: sum(1 for v in res.values() if v == s)
         for s in sorted(set(res.values()))}
    print("  %s: %d tests: %s" % (os.path.basename(out), len(res),
                                   ", ".join("%d %s" % (v, k)
                                             for k, v in n.items())))


def cmd_compare(plain, passed):
    a, b = load(plain, {}), load(passed, {})
    regress = sorted(t for t, s in a.items()
                     if s == "pass" and b.get(t) != "pass")
    fixed = sorted(t for t, s in b.items()
                   if s == "pass" and a.get(t) != "pass")
    for t in regress:
        print("  REGRESSION: %s: %s without the pass, %s with it"
              % (t, a[t], b.get(t, "missing")))
    for t in fixed:
        print("  note: %s passes only with the pass (%s without)"
              % (t, a.get(t, "missing")))
    return 1 if regress else 0


# ----------------------------------------------------- audit, layout check

def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def check_layout(check, report, binary):
    rc, out, err = run([check, "--report", report, binary])
    if rc not in (0, 1):
        raise SystemExit("cacheline-check-layout failed on %s: %s"
                         % (binary, err.strip()))
    hot = [l for l in out.splitlines()
           if l.startswith("violation: line") and ": write-hot " in l]
    rm = [l for l in out.splitlines()
          if l.startswith("violation: line") and ": read-mostly " in l]
    # A global the link's optimizer removed is a note, not a violation.
    missing = [l for l in out.splitlines() if l.startswith("violation: ")
               and "is not in the binary" in l]
    return {"write_hot_lines": len(hot), "read_mostly_lines": len(rm),
            "missing": len(missing), "violations": hot + rm + missing}


def audit(tool, binary, out):
    rc, _, err = run([tool, "--json=" + out, "--jobs=2", binary])
    if rc != 0:
        raise SystemExit("cacheline-audit failed on %s: %s"
                         % (binary, err.strip()))
    return load(out)


COMPARE_CLASSES = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                               os.pardir, "cacheline-compare-classes")


def compare_classes(a, b):
    """cacheline-compare-classes A B: {"compared", "differences": [lines]}."""
    rc, out, err = run([sys.executable, COMPARE_CLASSES, a, b])
    m = re.search(r"^(\d+) globals compared", out, re.M)
    if rc not in (0, 1) or not m:
        raise SystemExit("cacheline-compare-classes failed on %s and %s: %s"
                         % (a, b, err.strip()))
    return {"compared": int(m.group(1)),
            "differences": [l[len("difference: "):] for l in out.splitlines()
                            if l.startswith("difference: ")]}


def cmd_layout(prog, name, plain, passed, report, outdir, audit_tool, check):
    rep = load(report)
    # A struct split by field class is its groups' globals in the binary.
    cls = {p["name"]: dict(p, reason=g["reason"]) for g in rep["globals"]
           for p in g.get("parts", [g])}
    res = {"program": prog, "binary": name, "report_summary": rep["summary"],
           "line_size": rep["line_size"], "threads": rep.get("threads")}
    res["check_plain"] = check_layout(check, report, plain)
    res["check_pass"] = check_layout(check, report, passed)
    a_plain = audit(audit_tool, plain, os.path.join(outdir, name + "-plain.audit.json"))
    a_pass = audit(audit_tool, passed, os.path.join(outdir, name + "-pass.audit.json"))
    res["audit_plain"] = a_plain["summary"]
    res["audit_pass"] = a_pass["summary"]

    def pass_hot_lines(a):
        # audit hazard lines that hold a global the pass calls write-hot
        n = 0
        for h in a["hazards"]:
            names = h.get("write_hot", []) + h.get("others", [])
            if any(cls.get(x, {}).get("class") == "write-hot" for x in names):
                n += 1
        return n
    res["audit_plain_pass_hot_lines"] = pass_hot_lines(a_plain)
    res["audit_pass_pass_hot_lines"] = pass_hot_lines(a_pass)
    # write-hot for the audit, not for the pass: why?
    diff = []
    for s in a_pass["symbols"]:
        if s["class"] != "write-hot":
            continue
        g = cls.get(s["name"])
        pc = g["class"] if g else "not in the report"
        if pc == "write-hot":
            continue
        diff.append({"name": s["name"], "audit_reason": s.get("reason", ""),
                     "pass_class": pc,
                     "pass_reason": g["reason"] if g else ""})
    res["audit_hot_not_pass_hot"] = diff
    # the audit's classes against the pass's, on the binary the report
    # describes (utils/cacheline-compare-classes; docs/real-programs.md)
    res["audit_vs_pass"] = compare_classes(
        report, os.path.join(outdir, name + "-pass.audit.json"))
    # remaining audit hazards on the pass build, in short
    res["audit_pass_hazards"] = [
        {"address": h["address"], "write_hot": h.get("write_hot", []),
         "others": h.get("others", [])[:6]} for h in a_pass["hazards"]]
    save(os.path.join(outdir, name + ".layout.json"), res)
    print_layout(res)
    return 1 if layout_failures(res) else 0


def layout_failures(r):
    """What makes the build with the pass fail its layout check: a
    write-hot global sharing a line, a read-mostly line holding written
    data, or globals of the report missing from the binary (then the
    binary is not the one the report describes and the check proves
    nothing)."""
    c = r["check_pass"]
    out = []
    if c["write_hot_lines"]:
        out.append("lines mixing a write-hot global with other data: %d"
                   % c["write_hot_lines"])
    if c["read_mostly_lines"]:
        out.append("read-mostly lines holding other data: %d"
                   % c["read_mostly_lines"])
    if c["missing"]:
        out.append("globals of the report missing from the binary: %d"
                   % c["missing"])
    return out


def print_layout(r):
    s = r["report_summary"]
    print("  %s: pass report: %d read-mostly, %d write-hot, %d neutral, "
          "%d skipped; %d bytes of padding"
          % (r["binary"], s["read-mostly"], s["write-hot"], s["neutral"],
             s["skipped"], s["padding_bytes"]))
    print("  %s: lines mixing a write-hot global with other data "
          "(cacheline-check-layout, the pass's classes): %d without the "
          "pass, %d with it"
          % (r["binary"], r["check_plain"]["write_hot_lines"],
             r["check_pass"]["write_hot_lines"]))
    print("  %s: cacheline-audit hazard lines (the audit's classes): %d "
          "without the pass, %d with it; of those holding a global the pass "
          "calls write-hot: %d, %d"
          % (r["binary"], r["audit_plain"]["hazards"],
             r["audit_pass"]["hazards"], r["audit_plain_pass_hot_lines"],
             r["audit_pass_pass_hot_lines"]))
    if "audit_vs_pass" in r:
        c = r["audit_vs_pass"]
        print("  %s: cacheline-audit's classes against the pass's: %d globals "
              "compared, %d differences"
              % (r["binary"], c["compared"], len(c["differences"])))
    for f in layout_failures(r):
        print("  %s: LAYOUT CHECK FAILED with the pass: %s" % (r["binary"], f))
    if r["audit_hot_not_pass_hot"]:
        print("  %s: write-hot for cacheline-audit, not for the pass: %s"
              % (r["binary"], ", ".join("%s (%s)" % (d["name"], d["pass_class"])
                                       for d in r["audit_hot_not_pass_hot"])))


# ------------------------------------------------------------- benchmarks

def median(xs):
    return statistics.median(xs) if xs else float("nan")


def bench_summary(path):
    """bench file: {"unit", "higher_is_better", "rounds": [{arm: value}]}
    arms: plain, plain2 (A/A) and pass, or inst (the instrumented build of
    stage profile-bench)."""
    b = load(path)
    if not b:
        return None
    rounds = b["rounds"]
    other = "inst" if any("inst" in r for r in rounds) else "pass"
    arms = {a: [r[a] for r in rounds if a in r] for a in ("plain", other, "plain2")}
    med = {a: median(v) for a, v in arms.items()}
    out = {"name": b["name"], "unit": b["unit"], "rounds": len(rounds),
           "arm": other, "median": med,
           "ratio_pass_plain": med[other] / med["plain"],
           "ratio_aa": med["plain2"] / med["plain"] if arms["plain2"] else None}
    paired = [r[other] / r["plain"] for r in rounds if other in r and "plain" in r]
    paired_aa = [r["plain2"] / r["plain"] for r in rounds
                 if "plain2" in r and "plain" in r]
    out["paired_pass"] = (min(paired), median(paired), max(paired)) if paired else None
    out["paired_aa"] = (min(paired_aa), median(paired_aa), max(paired_aa)) \
        if paired_aa else None
    return out


def fmt_bench(s):
    pa, aa, arm = s["paired_pass"], s["paired_aa"], s.get("arm", "pass")
    t = ("%s (%s, %d rounds): medians plain %.4g, %s %.4g, A/A %.4g; "
         "%s/plain %.3f, A/A %.3f"
         % (s["name"], s["unit"], s["rounds"], s["median"]["plain"], arm,
            s["median"][arm], s["median"]["plain2"], arm,
            s["ratio_pass_plain"], s["ratio_aa"] or float("nan")))
    if pa and aa:
        t += ("; per-round ratios %s/plain %.3f..%.3f (median %.3f), A/A "
              "%.3f..%.3f" % (arm, pa[0], pa[2], pa[1], aa[0], aa[2]))
    return t


# ---------------------------------------------------------- write profile

READ_KINDS = ("load", "call that reads")


def reason_pattern(reason):
    """A static reason with the function and flag names taken out, so that
    reasons of one kind count together: 'written while threads run: store
    in F (called repeatedly while threads run) in a loop'."""
    r = re.sub(r"\b(in|flag) (?!a\b|the\b|main\b)[\w.$]+", r"\1 F", reason)
    return re.sub(r"\b(load|store|atomicrmw|cmpxchg|[\w]+\(\)) in F",
                  lambda m: ("lock/sync call" if m.group(1).endswith("()")
                             else m.group(1)) + " in F", r)


def cmd_profile(prog, name, facts, pass_report, inst_report, pdir, outdir):
    """Merge, compare, summarise one binary's write profile."""
    out = {"program": prog, "binary": name, "ok": False, "problems": [],
           "pass_report": pass_report, "profile_dir": pdir}
    problems = out["problems"]
    stamp = os.path.join(pdir, "stamp")
    out["inst_build"] = open(stamp).read().strip() if os.path.exists(stamp) \
        else None
    beh = os.path.join(pdir, "behaviour.txt")
    out["behaviour"] = open(beh).read().splitlines() if os.path.exists(beh) \
        else []
    problems += ["workload: " + l for l in out["behaviour"]
                 if l.startswith("FAILED")]
    profiles = sorted(glob.glob(os.path.join(pdir, "prof.*.json")))
    out["profiles"] = len(profiles)
    exp = os.path.join(pdir, "expected-profiles")
    expected = int(open(exp).read()) if os.path.exists(exp) else 1
    out["profiles_expected"] = expected
    if len(profiles) < expected:
        problems.append("%d profile(s) written, %d expected (one per "
                        "process of the workload)" % (len(profiles), expected))
    merged = os.path.join(outdir, name + ".profile.json")
    cmp_txt = os.path.join(outdir, name + ".profile-compare.txt")
    cmp_json = os.path.join(outdir, name + ".profile-compare.json")
    for f in (merged, cmp_txt, cmp_json):
        if os.path.exists(f):
            os.remove(f)
    comp = prof = None
    if profiles:
        rc, _, err = run([facts, "profile-merge"] + profiles + ["-o", merged])
        if rc != 0:
            problems.append("profile-merge failed: " + err.strip())
        else:
            rc1, txt, err1 = run([facts, "profile-compare", pass_report, merged])
            rc2, js, err2 = run([facts, "profile-compare", "--json",
                                 pass_report, merged])
            if rc1 or rc2:
                problems.append("profile-compare failed: " +
                                (err1 or err2).strip())
            else:
                with open(cmp_txt, "w") as f:
                    f.write(txt)
                with open(cmp_json, "w") as f:
                    f.write(js)
                comp = json.loads(js)
                prof = load(merged)
                if not prof or "globals" not in prof:
                    problems.append("merged profile unreadable: " + merged)
                    comp = prof = None
    # The instrumented link's own report: the same classes as the pass
    # build's (the instrumentation comes after the classification).
    prep, irep = load(pass_report), load(inst_report)
    if not prep:
        problems.append("no pass report " + pass_report)
    if not irep:
        problems.append("no report of the instrumented link " + inst_report)
    if prep and irep:
        pc = {g["name"]: g["class"] for g in prep["globals"]}
        ic = {g["name"]: g["class"] for g in irep["globals"]}
        diff = sorted("%s: %s in the pass build, %s instrumented"
                      % (n, pc[n], ic[n]) for n in pc if n in ic and
                      pc[n] != ic[n])
        out["inst_report_class_differences"] = diff
        out["inst_report_only_pass"] = sorted(set(pc) - set(ic))
        out["inst_report_only_inst"] = sorted(set(ic) - set(pc))
        if diff:
            problems.append("the instrumented link classifies %d global(s) "
                            "differently from the pass build: %s"
                            % (len(diff), "; ".join(diff[:5])))
    if comp and prof and prep:
        out["runs"] = prof.get("runs")
        out["run_time_ms"] = prof.get("run_time_ms")
        out["threads"] = prof.get("threads")
        out["threads_created"] = prof.get("threads_created")
        if not out["threads_created"]:
            problems.append("no run created a thread: every access counts as "
                            "start-up, the comparison says nothing")
        out["globals_compared"] = comp["globals_compared"]
        out["not_in_profile"] = comp.get("not_in_profile")
        out["matrix"] = comp["matrix"]
        out["read_mostly_recall"] = comp["read_mostly_recall"]
        out["write_hot_precision"] = comp["write_hot_precision"]
        out["disagreements"] = len(comp["disagreements"])
        out["harmful"] = [d for d in comp["disagreements"] if d["harmful"]]
        static = {g["name"]: g for g in prep["globals"]}
        pg = {g["name"]: g for g in prof["globals"]}
        # The measured classes as profile-compare (Policy's measuredClass)
        # gave them: the rule lives in the pass only.
        measured = {g["name"]: g["measured_class"] for g in comp["globals"]}

        def counts(g):
            a, b = g.get("after", {}), g.get("before", {})
            return {"reads_before": b.get("reads", 0),
                    "writes_before": b.get("writes", 0),
                    "reads_after": a.get("reads", 0),
                    "writes_after": a.get("writes", 0),
                    "writing_threads": a.get("writing_threads", 0)}

        def top_write_site(g):
            ws = [x for x in g.get("sites", []) if x["kind"] not in READ_KINDS
                  and x.get("after")]
            if not ws:
                return None
            x = max(ws, key=lambda x: x["after"])
            return "%s in %s%s (%d after start-up)" % (
                x["kind"], x["function"],
                " at " + x["location"] if x.get("location") else "", x["after"])
        # Measured write-hot, not write-hot for the pass: the most written.
        missed = []
        for n, g in pg.items():
            if n not in static or measured.get(n) != "write-hot" or \
                    static[n]["class"] == "write-hot":
                continue
            missed.append(dict(counts(g), name=n,
                               static_class=static[n]["class"],
                               static_reason=static[n]["reason"],
                               busiest_write=top_write_site(g)))
        missed.sort(key=lambda d: -d["writes_after"])
        out["measured_hot_not_static_hot"] = len(missed)
        out["measured_hot_not_static_hot_top"] = missed[:10]
        # Static write-hot, measured unseen or neutral: why the pass said so.
        quiet, patterns = [], {}
        for n, g in static.items():
            if g["class"] != "write-hot" or n not in pg:
                continue
            m = measured.get(n)
            if m not in ("unseen", "neutral"):
                continue
            quiet.append(dict(counts(pg[n]), name=n, measured=m,
                              static_reason=g["reason"]))
            patterns.setdefault(reason_pattern(g["reason"]), []).append(n)
        out["static_hot_measured_quiet"] = quiet
        out["static_hot_measured_quiet_reasons"] = sorted(
            ([p, sorted(ns)] for p, ns in patterns.items()),
            key=lambda x: (-len(x[1]), x[0]))
    out["ok"] = not problems
    save(os.path.join(outdir, name + ".profile-summary.json"), out)
    print_profile(out)
    return 0 if out["ok"] else 1


def pct(r):
    return ("%d/%d = %.1f%%" % (r["hits"], r["total"], 100.0 * r["ratio"])
            if r and r.get("total") else "n/a (none)")


def print_profile(r, detail=True):
    b = r["binary"]
    if "matrix" in r:
        m = r["matrix"]
        cols = ("write-hot", "read-mostly", "neutral", "unseen",
                "not measured")
        print("  %s: write profile of %s run(s), %s threads created (most in "
              "one run); %d "
              "globals compared; read-mostly recall %s; write-hot precision "
              "%s; %d disagreements, %d harmful (static read-mostly, measured "
              "write-hot)"
              % (b, r["runs"], r["threads_created"], r["globals_compared"],
                 pct(r["read_mostly_recall"]), pct(r["write_hot_precision"]),
                 r["disagreements"], len(r["harmful"])))
        if detail:
            print("    %-13s" % "static\meas." + "".join("%13s" % c for c in cols))
            for s in ("write-hot", "read-mostly", "neutral", "skipped"):
                print("    %-13s" % s + "".join("%13d" % m[s][c] for c in cols))
        for h in r["harmful"]:
            print("    HARMFUL: %s: static read-mostly (%s), written %d times "
                  "after start-up by %d thread(s)"
                  % (h["name"], h["static_reason"], h["writes_after"],
                     h["writing_threads"]))
        top = r["measured_hot_not_static_hot_top"]
        if not top:
            print("    measured write-hot, not write-hot for the pass: none")
        else:
            print("    measured write-hot, not write-hot for the pass (%d; most "
                  "written): %s" % (r["measured_hot_not_static_hot"], ", ".join(
                      "%s (%s, %d writes, %d threads)"
                      % (d["name"], d["static_class"], d["writes_after"],
                         d["writing_threads"]) for d in top)))
        q = r["static_hot_measured_quiet"]
        if q:
            print("    static write-hot, measured unseen or neutral: %d; "
                  "commonest reasons:" % len(q))
            for pat, names in r["static_hot_measured_quiet_reasons"][:4 if detail else 2]:
                print("      %d x %s (%s%s)" % (len(names), pat,
                      ", ".join(names[:4]), ", ..." if len(names) > 4 else ""))
    for pr in r["problems"]:
        print("  %s: PROFILE FAILED: %s" % (b, pr))


# ---------------------------------------------------------------- summary

def cmd_summary(work, markdown=False):
    res = os.path.join(work, "results")
    progs = sorted(p for p in os.listdir(res)
                   if os.path.isdir(os.path.join(res, p))) \
        if os.path.isdir(res) else []
    rc = 0
    print("\n==== validate-real summary (%s) ====" % work)
    for p in progs:
        d = os.path.join(res, p)
        print("\n%s" % p)
        for suite in sorted(glob.glob(os.path.join(d, "tests-*-plain.json"))):
            sname = os.path.basename(suite)[len("tests-"):-len("-plain.json")]
            a = load(suite, {})
            b = load(os.path.join(d, "tests-%s-pass.json" % sname))
            pa = sum(1 for v in a.values() if v == "pass")
            if b is None:
                print("  tests %-12s passed without the pass %d/%d; with the "
                      "pass: not run" % (sname, pa, len(a)))
                continue
            pb = sum(1 for v in b.values() if v == "pass")
            reg = [t for t, s in a.items() if s == "pass" and b.get(t) != "pass"]
            if reg:
                rc = 1
            print("  tests %-12s passed without the pass %d/%d, with it %d/%d: %s"
                  % (sname, pa, len(a), pb, len(b),
                     "equal" if not reg and pa == pb else
                     ("%d REGRESSIONS" % len(reg) if reg else "no regression")))
            for build, r in (("without the pass", a), ("with the pass", b)):
                failed = failed_tests(r)
                if failed:
                    print("    failed %s: %s" % (build, ", ".join(failed[:10]) +
                          (" and %d more" % (len(failed) - 10)
                           if len(failed) > 10 else "")))
        for suite in sorted(glob.glob(os.path.join(d, "tests-*-pass.json"))):
            sname = os.path.basename(suite)[len("tests-"):-len("-pass.json")]
            if not os.path.exists(os.path.join(d, "tests-%s-plain.json" % sname)):
                b = load(suite, {})
                print("  tests %-12s with the pass: %d/%d passed (no run "
                      "without the pass here)"
                      % (sname, sum(1 for v in b.values() if v == "pass"), len(b)))
        for retried in sorted(glob.glob(os.path.join(d, "retried-*.txt"))):
            with open(retried) as f:
                names = f.read().split()
            if names:
                print("  passed when run a second time (%s build): %s"
                      % (os.path.basename(retried)[len("retried-"):-4],
                         ", ".join(names)))
        for lay in sorted(glob.glob(os.path.join(d, "*.layout.json"))):
            r = load(lay)
            print_layout(r)
            if layout_failures(r):
                rc = 1
        for b in sorted(glob.glob(os.path.join(d, "bench-*.json"))):
            s = bench_summary(b)
            if s:
                print("  bench " + fmt_bench(s))
        for ps in sorted(glob.glob(os.path.join(d, "*.profile-summary.json"))):
            r = load(ps)
            if not r:
                print("  PROFILE FAILED: %s unreadable" % ps)
                rc = 1
                continue
            print_profile(r, detail=False)
            if not r.get("ok"):
                rc = 1
        pgo = os.path.join(d, "pgo.txt")
        if os.path.exists(pgo):
            with open(pgo) as f:
                for line in f:
                    if line.startswith("summary"):
                        print("  profile: " + line.strip())
    return rc


def cmd_pgo_compare(nopgo, pgo):
    """The summaries of two pass reports and the globals whose class
    differs (skipped on both sides left out)."""
    a, b = load(nopgo), load(pgo)
    print("summary without a profile:", a["summary"])
    print("summary with the profile: ", b["summary"])
    before = {g["name"]: g["class"] for g in a["globals"]}
    print("%-28s %-12s %-12s %s" % ("global", "no profile", "profile",
                                    "reason with the profile"))
    for g in b["globals"]:
        old = before.get(g["name"], "-")
        if old != g["class"] and not (old in ("-", "skipped") and
                                      g["class"] == "skipped"):
            print("%-28s %-12s %-12s %s" % (g["name"], old, g["class"],
                                           g["reason"][:110]))
    return 0


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    c = argv[1]
    if c == "tests":
        return cmd_tests(*argv[2:]) or 0
    if c == "compare":
        return cmd_compare(*argv[2:])
    if c == "failing":
        for t in failed_tests(load(argv[2], {}), argv[3]):
            print(t)
        return 0
    if c == "pgo-compare":
        return cmd_pgo_compare(argv[2], argv[3])
    if c == "mark":
        res = load(argv[2], {})
        res[argv[3]] = argv[4]
        save(argv[2], res)
        return 0
    if c == "layout":
        return cmd_layout(*argv[2:])
    if c == "summary":
        return cmd_summary(argv[2], "--markdown" in argv)
    if c == "profile":
        return cmd_profile(*argv[2:])
    if c == "profile-print":
        r = load(argv[2])
        if not r:
            print("  PROFILE FAILED: %s unreadable" % argv[2])
            return 1
        print_profile(r)
        return 0 if r.get("ok") else 1
    if c == "bench-print":
        s = bench_summary(argv[2])
        print("  " + fmt_bench(s))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
