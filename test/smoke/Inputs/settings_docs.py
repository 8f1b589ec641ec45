"""Compares the pass's settings (`cacheline-facts settings`, from
Settings.def) with the table of docs/reference.md: the same options with
the same environment variables. Prints "same: N settings" or each
difference; exit status 1 on a difference."""
import re
import sys

table, docs = sys.argv[1], sys.argv[2]
declared = {}
for line in open(table):
    option, env = line.split("\t")[:2]
    declared[option] = env
documented = {}
for line in open(docs):
    m = re.match(r"\| `(-cacheline-[a-z-]+)[=`].*?\| `(CACHELINE_[A-Z_]+)[=`]",
                 line)
    if m:
        documented[m.group(1)] = m.group(2)
bad = 0
for option in sorted(set(declared) | set(documented)):
    if option not in documented:
        print("not in docs/reference.md: %s (%s)" % (option, declared[option]))
        bad += 1
    elif option not in declared:
        print("not a setting: %s (docs/reference.md)" % option)
        bad += 1
    elif declared[option] != documented[option]:
        print("%s: variable %s, docs/reference.md says %s"
              % (option, declared[option], documented[option]))
        bad += 1
if bad:
    sys.exit(1)
print("same: %d settings" % len(declared))
