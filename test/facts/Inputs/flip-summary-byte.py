#!/usr/bin/env python3
"""flip-summary-byte.py IN.ll OUT.ll N: writes IN.ll with byte N (modulo
its length) of the carried summary's compact form inverted, for tests of
damaged summaries. Prints the summary's length."""
import re
import sys

src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(src, encoding="latin-1").read()
m = re.search(r'(!"cacheline-summary", !"[^"]*", !"[^"]*", !")((?:[^"\\]|\\[0-9A-F]{2}|\\\\)*)(")', text)
if not m:
    sys.exit("no carried summary in " + src)


def unescape(s):
    out, i = bytearray(), 0
    while i < len(s):
        if s[i] == "\\":
            if s[i + 1] == "\\":
                out.append(0x5C)
                i += 2
            else:
                out.append(int(s[i + 1:i + 3], 16))
                i += 3
        else:
            out.append(ord(s[i]))
            i += 1
    return out


def escape(b):
    return "".join(chr(c) if 0x20 <= c < 0x7F and c not in (0x22, 0x5C)
                   else "\\%02X" % c for c in b)


blob = unescape(m.group(2))
blob[n % len(blob)] ^= 0xFF
open(dst, "w", encoding="latin-1").write(
    text[:m.start(2)] + escape(blob) + text[m.end(2):])
print(len(blob))
