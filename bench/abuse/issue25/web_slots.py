#!/usr/bin/env python3
"""Issue 25's web-port figures, from the outside: 33 addresses x 16 idle connections to the web port,
then a telnet login from another address; and a request header trickled one byte at a time."""
import os, socket, subprocess, sys, tempfile, time

binary = sys.argv[1]
src = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
tmp = tempfile.mkdtemp(prefix="dw-measure-")
cfg = os.path.join(tmp, "deepwell.toml")
with open(cfg, "w") as f:
    f.write(f'[storage]\npath = "{tmp}/db.sqlite"\n[log]\ndir = "{tmp}/logs"\nlevel = "warn"\n'
            f'[content]\ndir = "{src}/content"\n[web]\nroot = "{src}/web"\n'
            f'[accounts]\nhash_memory_kib = 8192\nhash_ops_limit = 1\n')
pf, wpf = os.path.join(tmp, "port"), os.path.join(tmp, "webport")
proc = subprocess.Popen([binary, "--config", cfg, "--port", "0", "--host", "127.0.0.1", "--port-file", pf,
                         "--web-port", "0", "--web-port-file", wpf], stdout=subprocess.DEVNULL,
                        stderr=open(os.path.join(tmp, "stderr"), "w"))
deadline = time.time() + 30
while time.time() < deadline and not (os.path.exists(wpf) and open(wpf).read().endswith("\n")):
    time.sleep(0.05)
port, web = int(open(pf).read()), int(open(wpf).read())

def read_until(s, needles, limit):
    s.settimeout(0.2)
    got, end = b"", time.time() + limit
    while time.time() < end:
        try:
            b = s.recv(4096)
            if not b:
                return got, "closed"
            got += b
            for n in needles:
                if n in got:
                    return got, n
        except socket.timeout:
            pass
    return got, None

def still_open(s):
    s.setblocking(False)
    try:
        return s.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False

try:
    idle = []
    refused_at_connect = 0
    t0 = time.time()
    for a in range(2, 35):
        for _ in range(16):
            s = socket.socket()
            s.bind((f"127.0.0.{a}", 0))
            try:
                s.connect(("127.0.0.1", web))
                idle.append(s)
            except OSError:
                refused_at_connect += 1
    time.sleep(1.0)
    open_now = sum(still_open(s) for s in idle)
    print(f"idle web connections: {len(idle)} made from 33 addresses, {open_now} still open 1 s later")
    t = socket.create_connection(("127.0.0.1", port))
    start = time.time()
    got, what = read_until(t, [b"full right now", b"quit"], 10)
    print(f"telnet from 127.0.0.1 after {time.time() - start:.2f} s: "
          f"{'greeted' if what == b'quit' else 'FULL' if what == b'full right now' else what}")
    if what == b"quit":
        t.sendall(b"create Mira mirapassword\r\n")
        got, what = read_until(t, [b"Welcome to Deepwell, Mira"], 20)
        print(f"  login: {'logged in' if what else 'no'} ({time.time() - start:.2f} s)")
    t.close()
    # How long the idle ones are held.
    end = time.time() + 40
    while time.time() < end and any(still_open(s) for s in idle):
        time.sleep(0.25)
    left = sum(still_open(s) for s in idle)
    print(f"idle web connections all closed after {time.time() - t0:.1f} s from opening ({left} left open)")
    for s in idle:
        s.close()

    # A request header trickled one byte every 0.5 s.
    s = socket.create_connection(("127.0.0.1", web))
    header = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200 + b"\r\n\r\n"
    start, sent, closed_after = time.time(), 0, None
    for byte in header:
        try:
            s.sendall(bytes([byte]))
            sent += 1
        except OSError:
            closed_after = time.time() - start
            break
        s.settimeout(0.5)
        try:
            if s.recv(4096) == b"":
                closed_after = time.time() - start
                break
        except socket.timeout:
            pass
        except OSError:
            closed_after = time.time() - start
            break
        if time.time() - start > 45:
            break
    print(f"header trickle (1 byte / 0.5 s): {'closed after %.1f s' % closed_after if closed_after else 'still open'}"
          f", {sent} bytes sent")
finally:
    proc.terminate()
    proc.wait()
