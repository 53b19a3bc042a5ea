#!/usr/bin/env python3
"""Issue 25: WebSocket messages up to, at and over web.max_message_bytes (python3 web_messages.py <deepwell>)."""
import os, subprocess, sys, tempfile, time, zlib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wsclient import *
binary = sys.argv[1]; src = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
tmp = tempfile.mkdtemp(prefix="dw-m2-"); cfg = os.path.join(tmp, "c.toml")
open(cfg, "w").write(f'[storage]\npath = "{tmp}/db"\n[log]\ndir = "{tmp}/logs"\n[content]\ndir = "{src}/content"\n[web]\nroot = "{src}/web"\n')
pf, wpf = os.path.join(tmp, "p"), os.path.join(tmp, "w")
proc = subprocess.Popen([binary, "--config", cfg, "--port", "0", "--host", "127.0.0.1", "--port-file", pf, "--web-port", "0", "--web-port-file", wpf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while not (os.path.exists(wpf) and open(wpf).read().endswith("\n")): time.sleep(0.05)
web = int(open(wpf).read())
try:
    s, st, _ = connect(web, origin=f"http://evil.com:{web}", host=f"evil.com:{web}"); s.close()
    print(f"forged Origin+Host: HTTP {st}")
    for size in (17000, 20000, 65536, 65537):
        s, st, rest = connect(web)
        got = b""
        for op, p in frames(s, rest, 5):
            got += p
            if b"quit" in got: break
        send(s, b"a" * size)
        res = "nothing"
        for op, p in frames(s, b"", 5):
            if op == 8: res = f"closed {int.from_bytes(p[:2], 'big')}"; break
            if op is None: res = "dropped"; break
            if b"too long" in p: res = "too-long answer, stays open"; break
        print(f"{size}-byte binary message: {res}")
finally:
    proc.terminate(); proc.wait()
