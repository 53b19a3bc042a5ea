#!/usr/bin/env python3
"""Issue 25: goods bought while a take-over's password is being checked (python3 takeover_window.py <deepwell>).

Alice gets silver by selling conjured scrolls; a second connection sends `connect Alice <password>` and, while the
password is checked, Alice's first connection buys ten lanterns. The script prints what Alice was told, what `score`
says after the take-over, and what the database holds after `quit`.
"""
import os, re, socket, sqlite3, subprocess, sys, tempfile, time

binary = sys.argv[1]
src = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
tmp = tempfile.mkdtemp(prefix="dw-takeover-")
cfg = os.path.join(tmp, "deepwell.toml")
with open(cfg, "w") as f:
    # Real password hashing as shipped: the window is as long as a real check.
    f.write(f'[server]\nmax_commands_per_second = 200\n[storage]\npath = "{tmp}/deepwell.db"\n'
            f'[log]\ndir = "{tmp}/logs"\n[content]\ndir = "{src}/content"\n[web]\nenabled = false\n')
pf = os.path.join(tmp, "port")
proc = subprocess.Popen([binary, "--config", cfg, "--port", "0", "--host", "127.0.0.1", "--port-file", pf],
                        stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "stderr"), "w"))
deadline = time.time() + 30
while time.time() < deadline and not (os.path.exists(pf) and open(pf).read().endswith("\n")):
    time.sleep(0.05)
PORT = int(open(pf).read())


class client:
    def __init__(self):
        self.s = socket.create_connection(("127.0.0.1", PORT))
        self.s.settimeout(0.05)
        self.buf = b""

    def send(self, line):
        self.s.sendall(line.encode() + b"\r\n")

    def pump(self):
        try:
            while True:
                d = self.s.recv(65536)
                if not d:
                    break
                self.buf += d
        except (socket.timeout, OSError):
            pass

    def text(self):
        return re.sub(rb"\xff\xfa.*?\xff\xf0|\xff[\xfb-\xfe].|\xff.", b"", self.buf, flags=re.S).decode("utf8", "replace")

    def wait(self, pattern, limit=15):
        end = time.time() + limit
        while time.time() < end:
            self.pump()
            if re.search(pattern, self.text()):
                return True
        return False


try:
    boss = client()
    boss.wait("quit")
    boss.send("create Boss bosspass12")
    assert boss.wait("administrator"), boss.text()
    alice = client()
    alice.wait("quit")
    alice.send("create Alice alicepass1")
    assert alice.wait("Welcome"), alice.text()
    for i in range(12):
        boss.send("@spawn scroll %d" % (1000 + i))
    boss.wait("conjure")
    time.sleep(0.5)
    alice.send("get all")
    time.sleep(0.5)
    alice.send("sell all.scroll")
    alice.wait(r"You have \d+ silver")
    alice.buf = b""
    alice.send("score")
    alice.wait(r"Silver: \d+")
    print("Alice starts with", re.search(r"Silver: (\d+)", alice.text()).group(1), "silver")
    second = client()
    second.wait("quit")
    alice.buf = b""
    second.send("connect Alice alicepass1")
    for _ in range(10):
        alice.send("buy lantern")
    second.wait("take over")
    time.sleep(0.3)
    alice.pump()
    told = re.findall(r"You have (\d+) silver left", alice.text())
    print("buys answered in the window:", len(told), "; the last told:", told[-1] if told else None)
    second.buf = b""
    second.send("score")
    second.wait(r"Silver: \d+")
    after = re.search(r"Silver: (\d+)", second.text()).group(1)
    second.buf = b""
    second.send("inventory")
    second.wait("Hit points")
    print("after the take-over, score says", after, "silver;", second.text().count("brass lantern"), "lanterns")
    second.send("quit")
    time.sleep(0.5)
    db = sqlite3.connect(f"file:{tmp}/deepwell.db?mode=ro", uri=True)
    row = db.execute("SELECT c.silver FROM characters c JOIN accounts a ON a.id = c.account_id "
                     "WHERE a.name = 'Alice'").fetchone()
    lanterns = db.execute("SELECT count(*) FROM items i JOIN accounts a ON a.id = i.owner_account "
                          "WHERE a.name = 'Alice' AND i.key = 'lantern'").fetchone()
    print("the database holds", row[0], "silver,", lanterns[0], "lanterns")
finally:
    proc.terminate()
    proc.wait()
