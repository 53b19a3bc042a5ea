"""What the Python benchmarks share: a plain telnet client that reads a Deepwell server's text, and the
patterns of a dungeon room's header and exits. Standard library only."""
import re
import socket
import sys
import time

IAC, SB, SE = 255, 250, 240
HEADER = re.compile(r"^(.*)  \[(.*?), (-?\d+),(-?\d+), depth (\d+)\]$", re.M)
EXITS = re.compile(r"^Exits: ([^.]*)\.", re.M | re.S)
BACK = {"north": "south", "south": "north", "east": "west", "west": "east"}


def unexplored_ways(room):
    """The directions of the room's unexplored exits, from its "Exits:" line."""
    exits = EXITS.search(room)
    ways = " ".join(exits.group(1).split()).split(", ") if exits else []
    return [w.split(" ")[0] for w in ways if "unexplored" in w]


class telnet_text:
    """Lines from the server with telnet commands removed; answers nothing (a plain client)."""

    def __init__(self, port, timeout):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.settimeout(timeout)
        self.buf = b""
        self.timeout = timeout

    @staticmethod
    def text(data):
        out = bytearray()
        i = 0
        while i < len(data):
            if data[i] == IAC and i + 1 < len(data):
                if data[i + 1] == SB:
                    end = data.find(bytes([IAC, SE]), i)
                    i = end + 2 if end >= 0 else len(data)
                else:
                    i += 3 if 251 <= data[i + 1] <= 254 else 2
                continue
            out.append(data[i])
            i += 1
        return out.decode("utf-8", "replace").replace("\r", "")

    def until(self, pattern, timeout=None):
        deadline = time.time() + (timeout or self.timeout)
        while True:
            seen = self.text(self.buf)
            if re.search(pattern, seen):
                self.buf = b""
                return seen
            if time.time() > deadline:
                sys.exit("timed out waiting for %r; last text: %r" % (pattern, seen[-300:]))
            self.sock.settimeout(max(0.01, deadline - time.time()))
            try:
                self.buf += self.sock.recv(65536)
            except socket.timeout:
                pass

    def collect(self, seconds):
        """Everything that arrives within `seconds`."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.time()))
            try:
                self.buf += self.sock.recv(65536)
            except socket.timeout:
                pass
        seen = self.text(self.buf)
        self.buf = b""
        return seen

    def send(self, line):
        time.sleep(0.06)  # (under the server's per-connection command rate)
        self.sock.sendall(line.encode() + b"\r\n")

    def command(self, line, pattern=r"\] > "):
        self.send(line)
        return self.until(pattern)


def player_arguments(doc):
    """An argument parser for a walker that plays one character: --port, --name, --password, --seed; the
    caller adds its own options."""
    import argparse

    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--port", type=int, default=4000)
    ap.add_argument("--name", required=True)
    ap.add_argument("--password", required=True)
    ap.add_argument("--seed", type=int, default=1)
    return ap


def logged_in(args):
    """A telnet_text connected to args.port with args.name logged in, at the prompt."""
    c = telnet_text(args.port, 60)
    c.until("quit")
    c.command("connect %s %s" % (args.name, args.password))
    return c
