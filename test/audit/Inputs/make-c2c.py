#!/usr/bin/env python3
"""Writes a `perf c2c report --stdio` fixture from c2c-template.txt for one
binary: its cache line holds STORED (which the report shows with stores and
HITM) and LOADED (HITM on loads only), both accessed from FUNC.

  make-c2c.py TEMPLATE NM-OUTPUT STORED LOADED FUNC [--base 0xADDR]
              [--foreign]

--foreign: FUNC is not the binary's but a shared library's (libc's
__lll_lock_wait, say), mapped at 0x7ffff7e00000: its code addresses say
nothing about where the binary was loaded.

NM-OUTPUT is `llvm-nm -S` output of the binary. Addresses in the report are
run-time addresses: link-time ones plus --base (a PIE's load address).
perf c2c's lines are 64 bytes.
"""
import argparse
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("template")
    ap.add_argument("nm")
    ap.add_argument("stored")
    ap.add_argument("loaded")
    ap.add_argument("func")
    ap.add_argument("--base", default="0")
    ap.add_argument("--foreign", action="store_true")
    args = ap.parse_args()
    base = int(args.base, 0)
    addrs = {}
    for row in open(args.nm):
        f = row.split()
        if len(f) >= 3:
            addrs.setdefault(f[-1], int(f[0], 16))
    if args.foreign:
        addrs[args.func] = 0x7ffff7e0a100
        base_code = 0
    else:
        base_code = base
    for n in (args.stored, args.loaded, args.func):
        if n not in addrs:
            sys.exit("no symbol %s in %s" % (n, args.nm))
    stored = addrs[args.stored] + base
    loaded = addrs[args.loaded] + base
    line = stored & ~63
    if loaded & ~63 != line:
        sys.exit("%s and %s are not on one 64-byte line" % (args.stored, args.loaded))
    code = addrs[args.func] + base_code
    text = open(args.template).read()
    for key, value in (("@LINE@", "0x%x" % line),
                       ("@STORE_OFFSET@", "0x%x" % (stored - line)),
                       ("@LOAD_OFFSET@", "0x%x" % (loaded - line)),
                       ("@CODE1@", "0x%x" % (code + 4)),
                       ("@CODE2@", "0x%x" % (code + 8)),
                       ("@FUNC@", args.func)):
        text = text.replace(key, value)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
