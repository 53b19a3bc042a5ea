#!/usr/bin/env python3
"""Online backups (issue 30): how long a backup of a world of N rooms takes on the real server, and what a
player's `look` round trip does meanwhile.

The world is made once by bench_persisted (the real orchestrator and store) and kept in --dir. The server
(./build/server/deepwell) is started on it with its backups in --dir/backups; one administrator logs in
over telnet and sends `look` back to back: first for --quiet seconds with no backup, then through
--backups backups taken with @backup, each until its "[Backup] Saved" news arrives. Prints the round trips
(median, p99, max) without and during the backups, and what each backup said (size, time).

Usage: bench/store/backup_rtt.py [--rooms 50000] [--backups 5] (after building deepwell and bench_persisted)
Standard library only."""
import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "support"))
from mud_text import telnet_text  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def summary(label, rtts):
    ms = [r * 1000 for r in rtts]
    print("%-16s %6d looks  median %6.2f ms  p99 %6.2f ms  max %6.2f ms" %
          (label, len(ms), statistics.median(ms), percentile(ms, 0.99), max(ms)))


def look(c):
    start = time.perf_counter()
    c.sock.sendall(b"look\r\n")
    seen = c.until(r"\] > $")
    return time.perf_counter() - start, seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rooms", type=int, default=50000)
    ap.add_argument("--backups", type=int, default=5)
    ap.add_argument("--quiet", type=float, default=5.0)
    ap.add_argument("--dir", default="/tmp/dw-backup-bench")
    ap.add_argument("--make-world", default=os.path.join(ROOT, "build/bench/game/bench_persisted"))
    args = ap.parse_args()

    os.makedirs(args.dir, exist_ok=True)
    world = os.path.join(args.dir, "world-%d.db" % args.rooms)
    if not os.path.exists(world):
        print("making a world of %d rooms at %s ..." % (args.rooms, world), file=sys.stderr)
        subprocess.run([args.make_world, "--keep-db", world, str(args.rooms)], check=True,
                       stdout=subprocess.DEVNULL)
    db = os.path.join(args.dir, "deepwell.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    subprocess.run(["cp", world, db], check=True)
    rooms = subprocess.run(["sqlite3", db, "select count(*) from rooms"], capture_output=True, text=True).stdout
    print("world: %s rooms, %.1f MB" % (rooms.strip(), os.path.getsize(db) / 1e6))
    config = os.path.join(args.dir, "bench.toml")
    with open(config, "w") as f:
        f.write('[storage]\npath = "deepwell.db"\n[log]\ndir = "logs"\n[content]\ndir = "%s/content"\n'
                '[web]\nenabled = false\n[backup]\nfolder = "backups"\ninterval_seconds = 0\nkeep = 3\n'
                '[server]\nmax_commands_per_second = 10000\n' % ROOT)
    port_file = os.path.join(args.dir, "port")
    if os.path.exists(port_file):
        os.remove(port_file)
    server = subprocess.Popen([os.path.join(ROOT, "build/server/deepwell"), "--config", config, "--port", "0",
                               "--port-file", port_file], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while not (os.path.exists(port_file) and open(port_file).read().strip()):
            if server.poll() is not None or time.time() > deadline:
                sys.exit("the server did not start; see %s/logs" % args.dir)
            time.sleep(0.01)
        c = telnet_text(int(open(port_file).read()), 60)
        c.until("quit")
        name = "Bench" + "".join(chr(ord("a") + int(d)) for d in str(int(time.time()) % 100000))
        c.sock.sendall(("create %s benchpassword\r\n" % name).encode())
        c.until(r"\] > ")
        quiet = []
        end = time.time() + args.quiet
        while time.time() < end:
            quiet.append(look(c)[0])
        during = []
        news = []
        for _ in range(args.backups):
            c.sock.sendall(b"@backup\r\n")
            c.until("Backup begun")
            while True:
                rtt, seen = look(c)
                during.append(rtt)
                m = re.search(r"\[Backup\] (Saved|FAILED)[\s\S]*?(\)\.|goes on\.)", seen)
                if m:
                    news.append(m.group(0).replace("\n", " "))
                    break
        summary("no backup", quiet)
        summary("during backups", during)
        for line in news:
            print(line)
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
