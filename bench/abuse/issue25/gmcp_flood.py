#!/usr/bin/env python3
"""Issue 25: a burst of 20,000 GMCP Char.Items.Inv from one client (python3 gmcp_flood.py <deepwell>)."""
import os, socket, subprocess, sys, tempfile, time
binary = sys.argv[1]; src = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
tmp = tempfile.mkdtemp(prefix="dw-m3-"); cfg = os.path.join(tmp, "c.toml")
open(cfg, "w").write(f'[storage]\npath = "{tmp}/db"\n[log]\ndir = "{tmp}/logs"\n[content]\ndir = "{src}/content"\n[web]\nroot = "{src}/web"\n[accounts]\nhash_memory_kib = 8192\nhash_ops_limit = 1\n')
pf = os.path.join(tmp, "p")
proc = subprocess.Popen([binary, "--config", cfg, "--port", "0", "--host", "127.0.0.1", "--port-file", pf, "--web-port", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while not (os.path.exists(pf) and open(pf).read().endswith("\n")): time.sleep(0.05)
IAC, SB, SE, DO = b"\xff", b"\xfa", b"\xf0", b"\xfd"
def gmcp(m): return IAC + SB + b"\xc9" + m + IAC + SE
try:
    s = socket.create_connection(("127.0.0.1", int(open(pf).read())))
    s.sendall(IAC + DO + b"\xc9")
    s.sendall(gmcp(b'Core.Supports.Set ["Char 1", "Char.Items 1"]'))
    s.sendall(b"create Gmcpflood gmcpfloodpw\r\n")
    buf = b""; s.settimeout(0.5)
    while b"hp] >" not in buf:
        buf += s.recv(65536)
    time.sleep(0.5)
    try:
        while True: s.recv(65536)
    except socket.timeout: pass
    s.sendall(gmcp(b"Char.Items.Inv") * 20000)
    buf = b""; end = time.time() + 10
    while time.time() < end:
        try:
            b = s.recv(1 << 20)
            if not b: break
            buf += b
        except socket.timeout:
            if buf: break
    print(f"20,000 Char.Items.Inv in one burst: {buf.count(b'Char.Items.List')} answered;"
          f" warned: {b'faster than the game can follow' in buf}")
finally:
    proc.terminate(); proc.wait()
