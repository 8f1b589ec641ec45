"""Starts PROGRAM READY [handler], waits (at most 60 s) until it has created
READY, sends it signal SIG and prints how it ended: its output, then
"exit status N" or "killed by signal N".

Usage: run-and-signal.py PROGRAM READY SIG default|handler"""
import os
import signal
import subprocess
import sys
import time

program, ready, sig, mode = sys.argv[1:5]
args = [program, ready] + (["handler"] if mode == "handler" else [])


def default_signals():
    # A shell's background job starts with SIGINT ignored; the program
    # must see the dispositions a server started by hand sees.
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, signal.SIG_DFL)


proc = subprocess.Popen(args, stdout=subprocess.PIPE, preexec_fn=default_signals)
deadline = time.monotonic() + 60
while not os.path.exists(ready):
    if proc.poll() is not None or time.monotonic() > deadline:
        proc.kill()
        sys.exit("run-and-signal: %s never became ready" % program)
    time.sleep(0.01)
proc.send_signal(getattr(signal, "SIG" + sig))
out, _ = proc.communicate(timeout=60)
sys.stdout.write(out.decode())
rc = proc.returncode
print("killed by signal %d" % -rc if rc < 0 else "exit status %d" % rc)
