#!/usr/bin/env python3
"""Asserts that a re-laid-out binary has the layout cacheline-relayout
promises, from cacheline-audit's JSON report of it and `llvm-readelf -S`:

  check-relayout.py AUDIT.json --sections SECTIONS.txt
                    [--write-hot A,B] [--read-mostly C,D] [--report-out FILE]

* every --write-hot symbol is write-hot, in .data.write_hot or
  .bss.write_hot, and no other data symbol touches its lines;
* every --read-mostly symbol is read-mostly, in .data.read_mostly or
  .bss.read_mostly, and shares its lines with read-mostly symbols only;
* each of those output sections starts on a line and is aligned to it.
--report-out writes the classes of the symbols named as a report for
cacheline-check-layout.
A NAME matches symbols of that name or split from it (srv_stats.0).
"""
import argparse
import json
import re
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--sections", required=True)
    ap.add_argument("--write-hot", default="")
    ap.add_argument("--read-mostly", default="")
    ap.add_argument("--report-out")
    args = ap.parse_args()
    r = json.load(open(args.report))
    line = r["line_size"]
    syms = r["symbols"]

    def lines_of(s):
        a = int(s["address"], 16)
        return set(range(a // line, (a + max(s["size"], 1) - 1) // line + 1))

    def matches(name):
        found = [s for s in syms
                 if s["name"] == name or s["name"].startswith(name + ".")]
        if not found:
            sys.exit("no symbol %s in the report" % name)
        return found

    groups = set()
    checked = []
    for name in filter(None, args.write_hot.split(",")):
        for s in matches(name):
            checked.append(s)
            if s["class"] != "write-hot":
                sys.exit("%s is %s, not write-hot" % (s["name"], s["class"]))
            if s["section"] not in (".data.write_hot", ".bss.write_hot"):
                sys.exit("%s is in %s" % (s["name"], s["section"]))
            groups.add(s["section"])
            mates = [t["name"] for t in syms
                     if t is not s and lines_of(t) & lines_of(s)]
            if mates:
                sys.exit("write-hot %s shares its lines with %s"
                         % (s["name"], mates))
    for name in filter(None, args.read_mostly.split(",")):
        for s in matches(name):
            checked.append(s)
            if s["class"] != "read-mostly":
                sys.exit("%s is %s, not read-mostly" % (s["name"], s["class"]))
            if s["section"] not in (".data.read_mostly", ".bss.read_mostly"):
                sys.exit("%s is in %s" % (s["name"], s["section"]))
            groups.add(s["section"])
            mates = [t["name"] for t in syms if t["class"] != "read-mostly"
                     and lines_of(t) & lines_of(s)]
            if mates:
                sys.exit("read-mostly %s shares its lines with %s"
                         % (s["name"], mates))
    pat = re.compile(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+"
                     r"\s+([0-9a-f]+)\s+[0-9a-f]+\s+\S*\s+\d+\s+\d+\s+(\d+)")
    seen = {}
    for ln in open(args.sections):
        m = pat.match(ln)
        if m:
            seen[m.group(1)] = (int(m.group(2), 16), int(m.group(3), 16),
                                int(m.group(4)))
    for g in sorted(groups):
        if g not in seen:
            sys.exit("no output section %s" % g)
        addr, size, align = seen[g]
        if addr % line or size % line or align != line:
            sys.exit("%s at 0x%x, size 0x%x, align %d: not whole %d-byte lines"
                     % (g, addr, size, align, line))
    if args.report_out:
        with open(args.report_out, "w") as f:
            json.dump({"line_size": line,
                       "globals": [{"name": s["name"], "class": s["class"]}
                                   for s in checked]}, f)
    print("ok: %d groups" % len(groups))


if __name__ == "__main__":
    main()
