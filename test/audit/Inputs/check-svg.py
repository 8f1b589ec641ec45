#!/usr/bin/env python3
"""Checks a cacheline-audit SVG picture against the JSON report of the same
run: each write-hot symbol is drawn as one red rectangle per cache line it
touches, titled with its name and class, and exactly the hazard lines'
labels are bold red.

  check-svg.py REPORT.json PICTURE.svg
"""
import json
import re
import sys

RED = "#d62728"


def main():
    report = json.load(open(sys.argv[1]))
    svg = open(sys.argv[2]).read()
    if svg.count("<svg ") != 1 or "</svg>" not in svg:
        sys.exit("not one <svg> element")
    line = report["line_size"]
    rects = re.findall(r'<rect [^>]*fill="([^"]+)"[^>]*><title>([^<]*)</title>', svg)
    for s in report["symbols"]:
        a = int(s["address"], 16)
        parts = (a + s["size"] - 1) // line - a // line + 1
        title = "%s (%d bytes): %s: " % (s["name"], s["size"], s["class"])
        drawn = [fill for fill, t in rects if t.startswith(title)]
        if s["class"] == "write-hot":
            if drawn != [RED] * parts:
                sys.exit("%s: %d parts drawn (%s), expected %d red"
                         % (s["name"], len(drawn), drawn, parts))
        elif RED in drawn:
            sys.exit("%s is %s but drawn red" % (s["name"], s["class"]))
    hot_parts = sum((int(s["address"], 16) + s["size"] - 1) // line
                    - int(s["address"], 16) // line + 1
                    for s in report["symbols"] if s["class"] == "write-hot")
    red_rects = sum(1 for fill, _ in rects if fill == RED)
    if red_rects != hot_parts:
        sys.exit("%d red symbol rectangles, %d write-hot parts"
                 % (red_rects, hot_parts))
    bold = set(re.findall(r'<text x="8" y="\d+" fill="%s" font-weight="bold">'
                          r'([^<]*)</text>' % RED, svg))
    hazards = set(h["address"] for h in report["hazards"])
    if bold != hazards:
        sys.exit("bold red labels %s, hazard lines %s"
                 % (sorted(bold), sorted(hazards)))


if __name__ == "__main__":
    main()
