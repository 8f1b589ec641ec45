#!/usr/bin/env python3
"""Builds each program of PROGRAMS with a write profile in both flows and
compares them strictly: the objects (-flto -fpass-plugin, each carrying
its TU's summary), an instrumented link, one run recording the profile,
the full-LTO link guided by it (CACHELINE_LAYOUT_PROFILE) and
`cacheline-facts merge --profile` of the same objects, then
cacheline-compare-classes --strict. One line per program: its name, how
many of the report's decisions the profile made, and the comparison.

  profile_flows.py --clang CC --clangxx CXX --plugin P --facts F
                   --compare C --work DIR 'SRC... | ARGS' ...

ARGS are the run's arguments ("%w": the program's work directory); after
"@term" they are a server's, stopped by SIGTERM after half a second.
"""
import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import time


def run(cmd, env=None, ok=(0,), **kw):
    r = subprocess.run(cmd, env=dict(os.environ, **(env or {})),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, **kw)
    if r.returncode not in ok:
        sys.exit("profile_flows: %s: exit %d: %s"
                 % (" ".join(cmd), r.returncode, r.stderr.strip()))
    return r


def main():
    ap = argparse.ArgumentParser()
    for a in ("clang", "clangxx", "plugin", "facts", "compare", "work"):
        ap.add_argument("--" + a, required=True)
    ap.add_argument("programs", nargs="+")
    args = ap.parse_args()
    for spec in args.programs:
        srcs, _, argv = spec.partition("|")
        srcs = srcs.split()
        name = os.path.basename(srcs[0])
        cc = args.clangxx if any(s.endswith(".cpp") for s in srcs) \
            else args.clang
        w = os.path.join(args.work, name)
        os.makedirs(w, exist_ok=True)
        objs = []
        for s in srcs:
            o = os.path.join(w, os.path.basename(s) + ".o")
            run([cc, "-O2", "-flto", "-fpass-plugin=" + args.plugin, "-c", s,
                 "-o", o])
            objs.append(o)
        link = [cc, "-O2", "-flto", "-fuse-ld=lld",
                "-Wl,--load-pass-plugin=" + args.plugin] + objs + ["-lpthread"]
        inst = os.path.join(w, "inst")
        run(link + ["-o", inst], {"CACHELINE_LAYOUT_MODE": "instrument"})
        profile = os.path.join(w, "profile.json")
        words = shlex.split(argv.replace("%w", w))
        env = dict(os.environ, CACHELINE_LAYOUT_PROFILE_OUT=profile)
        if words[:1] == ["@term"]:
            # A server: stopped by SIGTERM after a while.
            p = subprocess.Popen([inst] + words[1:], env=env, cwd=w)
            time.sleep(0.5)
            p.send_signal(signal.SIGTERM)
            if p.wait() != 0:
                sys.exit("profile_flows: %s: exit %d" % (inst, p.returncode))
        else:
            run([inst] + words, {"CACHELINE_LAYOUT_PROFILE_OUT": profile},
                cwd=w)
        report = os.path.join(w, "full.json")
        run(link + ["-o", os.path.join(w, "guided")],
            {"CACHELINE_LAYOUT_PROFILE": profile,
             "CACHELINE_LAYOUT_REPORT": report})
        layout = os.path.join(w, "layout.json")
        run([args.facts, "merge"] + objs + ["-o", layout, "--profile",
                                            profile])
        with open(report) as f:
            rep = json.load(f)
        measured = sum(1 for e in rep["globals"] + rep["allocations"]
                       if e.get("source") == "profile" or
                       e.get("static_class"))
        r = run([sys.executable, args.compare, "--strict", report, layout],
                ok=(0, 1))
        for line in r.stdout.splitlines()[:-1]:
            print("%s: %s" % (name, line))
        last = r.stdout.splitlines()[-1] if r.stdout else "no output"
        print("%s: %d decided by the profile: %s" % (name, measured, last))
    return 0


if __name__ == "__main__":
    sys.exit(main())
