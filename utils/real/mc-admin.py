#!/usr/bin/env python3
"""Sends each of memcached's admin commands once over the text protocol
and records the answers.

  utils/real/mc-admin.py HOST PORT OUT.json

One connection; one command at a time, each answer read in full before
the next command (a multi-line answer up to its END line, a one-line
answer up to its line). `watch` comes last: the server answers OK and
turns the connection into a log stream, and the client disconnects.
Used by utils/validate-real (stage profile) to exercise the code that
writes memcached's rarely written globals (settings, mem_limit, the
crawler and rebalancer state) in an instrumented build.

Exit status 0 when the server answered every command (an ERROR answer is
an answer: OUT.json and the printed line say which commands were
refused), 1 when it did not answer (connection refused or closed, a
timeout), 2 on bad usage.
"""
import json
import socket
import sys
import time

# (command, multi-line answer ending in END)
COMMANDS = [
    ("version", False),
    ("stats", True),
    ("stats settings", True),
    ("stats items", True),
    ("stats slabs", True),
    ("stats sizes", True),
    ("stats conns", True),
    ("stats cachedump 1 10", True),
    ("stats detail on", False),
    ("stats detail dump", True),
    ("stats detail off", False),
    ("stats reset", False),
    ("verbosity 1", False),
    ("cache_memlimit 128", False),
    ("lru tune 10 25 0.1 2.0", False),
    ("lru mode segmented", False),
    ("lru temp_ttl 0", False),
    ("slabs automove 1", False),
    ("slabs reassign 1 2", False),
    ("lru_crawler sleep 100", False),
    ("lru_crawler tocrawl 100", False),
    ("lru_crawler metadump all", True),
    ("lru_crawler crawl all", False),
    ("lru_crawler disable", False),
    ("lru_crawler enable", False),
    ("flush_all", False),
]

# A multi-line answer may also be a one-line refusal.
ONE_LINE_REFUSALS = ("ERROR", "CLIENT_ERROR", "SERVER_ERROR", "BUSY",
                     "BADCLASS", "NOTSTARTED")


class Conn:
    def __init__(self, host, port, timeout):
        self.s = socket.create_connection((host, port), timeout=timeout)
        self.buf = b""

    def line(self):
        # Lines end in \r\n, but metadump's item lines in \n alone.
        while b"\n" not in self.buf:
            data = self.s.recv(65536)
            if not data:
                raise ConnectionError("connection closed by the server")
            self.buf += data
        ln, self.buf = self.buf.split(b"\n", 1)
        return ln.rstrip(b"\r").decode("latin-1")

    def send(self, text):
        self.s.sendall(text.encode() + b"\r\n")


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    host, port, out = argv[1], int(argv[2]), argv[3]
    answers, failure = [], None
    try:
        c = Conn(host, port, 60)
        for cmd, multi in COMMANDS:
            t0 = time.time()
            c.send(cmd)
            lines = [c.line()]
            if multi and not lines[0].startswith(ONE_LINE_REFUSALS):
                while lines[-1] != "END":
                    lines.append(c.line())
            answers.append({"command": cmd, "first": lines[0],
                            "last": lines[-1], "lines": len(lines),
                            "seconds": round(time.time() - t0, 3)})
        c.send("watch")
        first = c.line()
        answers.append({"command": "watch", "first": first, "last": first,
                        "lines": 1, "seconds": 0})
        c.s.close()   # the watcher goes away with its connection
    except (OSError, ConnectionError) as e:
        failure = "%s: %s" % (answers and "after '%s'" % answers[-1]["command"]
                              or "before the first answer", e)
    refused = [a["command"] for a in answers
               if a["first"].startswith(ONE_LINE_REFUSALS)]
    with open(out, "w") as f:
        json.dump({"answers": answers, "refused": refused,
                   "failure": failure}, f, indent=1)
    print("  memcached admin commands: %d of %d answered%s%s"
          % (len(answers), len(COMMANDS) + 1,
             "; refused: " + ", ".join(refused) if refused else "",
             "; NO ANSWER " + failure if failure else ""))
    return 1 if failure else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
