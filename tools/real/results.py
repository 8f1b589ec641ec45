#!/usr/bin/env python3
"""Helpers of tools/validate-real: parse test logs, compare runs, audit
and check binaries, run and summarise the benchmarks.

  results.py tests KIND LOG OUT.json       KIND: memcached, sqlite, threadtest3, zstd
  results.py compare PLAIN.json PASS.json  exit 1 when a test passing in PLAIN fails in PASS
  results.py failing OUT.json PREFIX       the failed tests whose names start with PREFIX
  results.py mark OUT.json TEST STATUS     set one test's status (after a rerun)
  results.py pgo-compare NOPGO.json PGO.json  classes that a profile changes
  results.py layout PROG NAME PLAIN PASS REPORT OUTDIR AUDIT CHECK
  results.py summary WORKDIR [--markdown]

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
           "zstd": parse_zstd}[kind](text)
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
    missing = [l for l in out.splitlines() if "is not in the binary" in l]
    return {"write_hot_lines": len(hot), "read_mostly_lines": len(rm),
            "missing": len(missing), "violations": hot + rm + missing}


def audit(tool, binary, out):
    rc, _, err = run([tool, "--json=" + out, "--jobs=2", binary])
    if rc != 0:
        raise SystemExit("cacheline-audit failed on %s: %s"
                         % (binary, err.strip()))
    return load(out)


def cmd_layout(prog, name, plain, passed, report, outdir, audit_tool, check):
    rep = load(report)
    cls = {g["name"]: g for g in rep["globals"]}
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
    print("  %s: cacheline-audit hazard lines (its own classes): %d without "
          "the pass, %d with it; of those holding a global the pass calls "
          "write-hot: %d, %d"
          % (r["binary"], r["audit_plain"]["hazards"],
             r["audit_pass"]["hazards"], r["audit_plain_pass_hot_lines"],
             r["audit_pass_pass_hot_lines"]))
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
    arms: plain, pass, plain2 (A/A)."""
    b = load(path)
    if not b:
        return None
    rounds = b["rounds"]
    arms = {a: [r[a] for r in rounds if a in r] for a in ("plain", "pass", "plain2")}
    med = {a: median(v) for a, v in arms.items()}
    out = {"name": b["name"], "unit": b["unit"], "rounds": len(rounds),
           "median": med,
           "ratio_pass_plain": med["pass"] / med["plain"],
           "ratio_aa": med["plain2"] / med["plain"] if arms["plain2"] else None}
    paired = [r["pass"] / r["plain"] for r in rounds if "pass" in r and "plain" in r]
    paired_aa = [r["plain2"] / r["plain"] for r in rounds
                 if "plain2" in r and "plain" in r]
    out["paired_pass"] = (min(paired), median(paired), max(paired)) if paired else None
    out["paired_aa"] = (min(paired_aa), median(paired_aa), max(paired_aa)) \
        if paired_aa else None
    return out


def fmt_bench(s):
    pa, aa = s["paired_pass"], s["paired_aa"]
    t = ("%s (%s, %d rounds): medians plain %.4g, pass %.4g, A/A %.4g; "
         "pass/plain %.3f, A/A %.3f"
         % (s["name"], s["unit"], s["rounds"], s["median"]["plain"],
            s["median"]["pass"], s["median"]["plain2"],
            s["ratio_pass_plain"], s["ratio_aa"] or float("nan")))
    if pa and aa:
        t += ("; per-round ratios pass/plain %.3f..%.3f, A/A %.3f..%.3f"
              % (pa[0], pa[2], aa[0], aa[2]))
    return t


# ---------------------------------------------------------------- summary

def cmd_summary(work, markdown=False):
    res = os.path.join(work, "results")
    progs = [p for p in ("memcached", "sqlite", "zstd")
             if os.path.isdir(os.path.join(res, p))]
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
    if c == "bench-print":
        s = bench_summary(argv[2])
        print("  " + fmt_bench(s))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
