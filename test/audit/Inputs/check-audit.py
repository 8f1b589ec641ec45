#!/usr/bin/env python3
"""Asserts facts about a cacheline-audit JSON report; exits 1 naming the
first one that does not hold.

  check-audit.py REPORT [--class NAME=CLASS,...] [--reason NAME=TEXT]
                 [--hazard-with A,B] [--no-hazards] [--min-symbols N]
                 [--hazard-for NAME] [--observed NAME] [--not-observed NAME]
                 [--kind KIND] [--arch ARCH] [--only-writes NAME=KIND]

--hazard-for NAME recomputes, from the report's addresses and sizes, which
symbols share each cache line of NAME, and asserts that a hazard lists
exactly those (NAME included). In a relocatable object only symbols of one
section share lines.

A NAME matches a symbol of that name or one the compiler split from it
(srv_stats matches srv_stats.0 and srv_stats.1): every match must qualify.
"""
import argparse
import json
import sys


def matches(report, name):
    found = [s for s in report["symbols"]
             if s["name"] == name or s["name"].startswith(name + ".")]
    if not found:
        sys.exit("no symbol %s in the report" % name)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--class", dest="classes", action="append", default=[])
    ap.add_argument("--reason", action="append", default=[])
    ap.add_argument("--hazard-with", action="append", default=[])
    ap.add_argument("--no-hazards", action="store_true")
    ap.add_argument("--min-symbols", type=int, default=0)
    ap.add_argument("--hazard-for", action="append", default=[])
    ap.add_argument("--observed", action="append", default=[])
    ap.add_argument("--not-observed", action="append", default=[])
    ap.add_argument("--only-writes", action="append", default=[])
    ap.add_argument("--kind")
    ap.add_argument("--arch")
    args = ap.parse_args()
    report = json.load(open(args.report))

    for spec in ",".join(args.classes).split(","):
        if not spec:
            continue
        name, cls = spec.split("=")
        for s in matches(report, name):
            if s["class"] != cls:
                sys.exit("%s is %s (%s), expected %s"
                         % (s["name"], s["class"], s["reason"], cls))
    for spec in args.reason:
        name, text = spec.split("=", 1)
        for s in matches(report, name):
            if text not in s["reason"]:
                sys.exit("%s: reason %r lacks %r" % (s["name"], s["reason"], text))
    for spec in args.hazard_with:
        wanted = spec.split(",")
        ok = False
        for h in report["hazards"]:
            names = h["write_hot"] + h["others"]
            if all(any(n == w or n.startswith(w + ".") for n in names)
                   for w in wanted):
                ok = True
        if not ok:
            sys.exit("no hazard line holds all of %s; hazards: %s"
                     % (wanted, [h["write_hot"] + h["others"]
                                 for h in report["hazards"]]))
    if args.no_hazards and report["hazards"]:
        sys.exit("expected no hazards, found %s"
                 % [h["write_hot"] + h["others"] for h in report["hazards"]])
    if len(report["symbols"]) < args.min_symbols:
        sys.exit("%d symbols, expected at least %d"
                 % (len(report["symbols"]), args.min_symbols))
    if args.kind and report["kind"] != args.kind:
        sys.exit("kind is %r, expected %r" % (report["kind"], args.kind))
    if args.arch and report["arch"] != args.arch:
        sys.exit("arch is %r, expected %r" % (report["arch"], args.arch))
    for name in args.observed:
        for s in matches(report, name):
            if s.get("observed") is not True:
                sys.exit("%s is not marked observed (%s)" % (s["name"], s["reason"]))
    for name in args.not_observed:
        for s in matches(report, name):
            if "observed" in s:
                sys.exit("%s is marked observed (%s)" % (s["name"], s["reason"]))
    for spec in args.only_writes:
        name, kind = spec.split("=", 1)
        for s in matches(report, name):
            kinds = sorted(set(w["kind"] for w in s["writes"]))
            if kinds != [kind]:
                sys.exit("%s: writes are %s, expected only %s"
                         % (s["name"], kinds, kind))
    line = report["line_size"]
    relocatable = report["kind"] == "relocatable object"

    def lines_of(s):
        a = int(s["address"], 16)
        return {((s["section"] if relocatable else None), l)
                for l in range(a // line, (a + s["size"] - 1) // line + 1)}

    hazard_sets = [sorted(h["write_hot"] + h["others"]) for h in report["hazards"]]
    for name in args.hazard_for:
        for s in matches(report, name):
            if s["class"] != "write-hot":
                sys.exit("%s is %s, not write-hot" % (s["name"], s["class"]))
            for l in lines_of(s):
                mates = sorted(t["name"] for t in report["symbols"]
                               if l in lines_of(t))
                if len(mates) > 1 and mates not in hazard_sets:
                    sys.exit("no hazard lists exactly %s (the line of %s); "
                             "hazards: %s" % (mates, s["name"], hazard_sets))
    # The summary agrees with the list.
    for cls in ("write-hot", "read-mostly", "neutral", "unknown"):
        n = sum(1 for s in report["symbols"] if s["class"] == cls)
        if report["summary"][cls] != n:
            sys.exit("summary says %d %s, list has %d"
                     % (report["summary"][cls], cls, n))


if __name__ == "__main__":
    main()
